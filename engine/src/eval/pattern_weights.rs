//! The pattern evaluation's numbers: a table per family and game stage and
//! the count terms' weights ([`PatternWeights`]), the value of a position
//! they give, and their file format (`YOMIPAT1`, written by
//! `yomi fit --patterns`).

use crate::error::Error;
use crate::eval::pattern::{features, indices, stage, ENTRIES, FAMILIES, FEATURES, NFEATURES, STAGES, WINDOWS, WINDOW_OFFSETS};

/// The fitted tables and count weights of every stage.
#[derive(Clone, Debug, PartialEq)]
pub struct PatternWeights {
    /// `STAGES` × `ENTRIES` values in 1/`UNIT` disc.
    pub tables: Vec<i16>,
    /// `STAGES` × `NFEATURES` weights in 1/`UNIT` disc per unit.
    pub features: Vec<i16>,
}

const MAGIC: &[u8; 8] = b"YOMIPAT1";

impl PatternWeights {
    /// The shipped weights, fitted by `yomi fit --patterns` (parsed once).
    pub fn shipped() -> &'static PatternWeights {
        static W: std::sync::OnceLock<PatternWeights> = std::sync::OnceLock::new();
        W.get_or_init(|| {
            PatternWeights::from_bytes(include_bytes!("../../weights/patterns.ywp")).expect("the embedded pattern file is valid")
        })
    }

    /// Weights that are all zero: the start of a fit.
    pub fn zero() -> PatternWeights {
        PatternWeights { tables: vec![0; STAGES * ENTRIES], features: vec![0; STAGES * NFEATURES] }
    }

    /// The value of (`p`, `o`) for the side owning `p`, in 1/`UNIT` disc.
    #[inline]
    pub fn value(&self, p: u64, o: u64, own_moves: u32, their_moves: u32) -> i32 {
        let st = stage((p | o).count_ones());
        let table = &self.tables[st * ENTRIES..(st + 1) * ENTRIES];
        let mut v = 0i32;
        for i in indices(p, o) {
            v += table[i as usize] as i32;
        }
        v + self.counts(st, p, o, own_moves, their_moves)
    }

    /// [`Self::value`] with the windows' configurations of (`p`, `o`)
    /// known (`Indices::mine`).
    #[inline]
    pub fn value_at(&self, idx: &[u16; WINDOWS], p: u64, o: u64, own_moves: u32, their_moves: u32) -> i32 {
        let st = stage((p | o).count_ones());
        let table = &self.tables[st * ENTRIES..(st + 1) * ENTRIES];
        let mut v = 0i32;
        for (&i, &at) in idx.iter().zip(&WINDOW_OFFSETS) {
            v += table[at as usize + i as usize] as i32;
        }
        v + self.counts(st, p, o, own_moves, their_moves)
    }

    /// The count terms' part of the value at stage `st`.
    #[inline(always)]
    fn counts(&self, st: usize, p: u64, o: u64, own_moves: u32, their_moves: u32) -> i32 {
        let w = &self.features[st * NFEATURES..(st + 1) * NFEATURES];
        let mut v = 0;
        for (x, w) in features(p, o, own_moves, their_moves).iter().zip(w) {
            v += x * *w as i32;
        }
        v
    }

    /// The value's parts: each family's windows summed, then each count
    /// term, in 1/`UNIT` disc (they add up to [`Self::value`]).
    pub fn terms(&self, p: u64, o: u64, own_moves: u32, their_moves: u32) -> Vec<(&'static str, i32)> {
        let st = stage((p | o).count_ones());
        let idx = indices(p, o);
        let mut out = Vec::new();
        let mut k = 0;
        for fam in &FAMILIES {
            let n = fam.images.len();
            out.push((fam.name, idx[k..k + n].iter().map(|&i| self.tables[st * ENTRIES + i as usize] as i32).sum()));
            k += n;
        }
        let w = &self.features[st * NFEATURES..(st + 1) * NFEATURES];
        for ((name, x), w) in FEATURES.iter().zip(features(p, o, own_moves, their_moves)).zip(w) {
            out.push((name, x * *w as i32));
        }
        out
    }

    /// Whether `b` starts as a pattern weights file does (it may still be
    /// torn or of other tables: [`Self::from_bytes`] tells).
    pub fn is_pattern_file(b: &[u8]) -> bool {
        b.starts_with(MAGIC)
    }

    /// Reads a weights file: magic, u16 stages, u32 entries, u16 features,
    /// then every value (tables, then count weights) as a varint token: 0
    /// and a varint n for n + 1 zeros, or the zigzag code of a non-zero value.
    pub fn from_bytes(b: &[u8]) -> Result<PatternWeights, Error> {
        let bad = |why: String| Error::BadWeights(why);
        if b.len() < 16 || &b[..8] != MAGIC {
            return Err(bad("not a Yomi pattern weights file (wrong magic)".into()));
        }
        let stages = u16::from_le_bytes([b[8], b[9]]) as usize;
        let entries = u32::from_le_bytes([b[10], b[11], b[12], b[13]]) as usize;
        let nf = u16::from_le_bytes([b[14], b[15]]) as usize;
        if (stages, entries, nf) != (STAGES, ENTRIES, NFEATURES) {
            return Err(bad(format!(
                "layout {stages} stages × {entries} entries × {nf} features, expected {STAGES} × {ENTRIES} × {NFEATURES}"
            )));
        }
        let total = STAGES * (ENTRIES + NFEATURES);
        let mut values = Vec::with_capacity(total);
        let mut at = 16;
        let varint = |at: &mut usize| -> Result<u64, Error> {
            let mut v = 0u64;
            for shift in (0..64).step_by(7) {
                let byte = *b.get(*at).ok_or_else(|| bad("truncated".into()))?;
                *at += 1;
                v |= ((byte & 0x7F) as u64) << shift;
                if byte & 0x80 == 0 {
                    return Ok(v);
                }
            }
            Err(bad("a number runs too long".into()))
        };
        while values.len() < total {
            match varint(&mut at)? {
                0 => {
                    let run = varint(&mut at)? as usize + 1;
                    if values.len() + run > total {
                        return Err(bad("a run of zeros goes past the end".into()));
                    }
                    values.resize(values.len() + run, 0);
                }
                z if z <= u16::MAX as u64 => values.push(((z >> 1) as i16) ^ -((z & 1) as i16)),
                _ => return Err(bad("a value out of range".into())),
            }
        }
        if at != b.len() {
            return Err(bad(format!("{} bytes after the last value", b.len() - at)));
        }
        let features = values.split_off(STAGES * ENTRIES);
        Ok(PatternWeights { tables: values, features })
    }

    /// The weights in their file format, which `from_bytes` reads back.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut b = MAGIC.to_vec();
        b.extend_from_slice(&(STAGES as u16).to_le_bytes());
        b.extend_from_slice(&(ENTRIES as u32).to_le_bytes());
        b.extend_from_slice(&(NFEATURES as u16).to_le_bytes());
        let varint = |b: &mut Vec<u8>, mut v: u64| {
            while v >= 0x80 {
                b.push((v as u8) | 0x80);
                v >>= 7;
            }
            b.push(v as u8);
        };
        let all: Vec<i16> = self.tables.iter().chain(&self.features).copied().collect();
        let mut i = 0;
        while i < all.len() {
            if all[i] == 0 {
                let run = all[i..].iter().take_while(|&&v| v == 0).count();
                varint(&mut b, 0);
                varint(&mut b, run as u64 - 1);
                i += run;
            } else {
                let v = all[i];
                varint(&mut b, (((v << 1) ^ (v >> 15)) as u16) as u64);
                i += 1;
            }
        }
        b
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::pattern::tests::{image_naive, random_board};
    use crate::eval::pattern::{mirrored, OFFSETS};
    use crate::rng::Rng;

    #[test]
    fn value_is_the_same_on_all_eight_images_when_tables_are_symmetric() {
        // With tied entries equal, the sum over windows is symmetric: fill the
        // tables with a function of the configuration's canonical form.
        let mut w = PatternWeights::zero();
        let mut rng = Rng::new(3);
        for (f, fam) in FAMILIES.iter().enumerate() {
            for idx in 0..fam.size() {
                let canon = fam.mirror.map_or(idx, |m| idx.min(mirrored(idx, m)));
                let v = ((canon as u64).wrapping_mul(0x9E37_79B9) >> 7) as i16 % 50;
                for st in 0..STAGES {
                    w.tables[st * ENTRIES + OFFSETS[f] + idx] = v;
                }
            }
        }
        for _ in 0..300 {
            let (p, o) = random_board(&mut rng);
            let v = w.value(p, o, 0, 0);
            for k in 1..8 {
                assert_eq!(w.value(image_naive(p, k), image_naive(o, k), 0, 0), v);
            }
        }
    }

    #[test]
    fn terms_add_up_to_the_value() {
        let mut rng = Rng::new(5);
        let mut w = PatternWeights::zero();
        for v in w.tables.iter_mut().chain(w.features.iter_mut()) {
            *v = (rng.next() as i16) >> 8;
        }
        for _ in 0..100 {
            let (p, o) = random_board(&mut rng);
            let terms = w.terms(p, o, 7, 3);
            assert_eq!(terms.len(), FAMILIES.len() + NFEATURES);
            assert_eq!(terms.iter().map(|t| t.1).sum::<i32>(), w.value(p, o, 7, 3));
        }
    }

    #[test]
    fn files_round_trip_and_bad_ones_are_refused() {
        let mut w = PatternWeights::zero();
        let mut rng = Rng::new(4);
        for v in w.tables.iter_mut().step_by(7) {
            *v = (rng.next() as i16) >> (rng.below(12) as u32);
        }
        w.features[3] = i16::MIN;
        w.features[5] = i16::MAX;
        let b = w.to_bytes();
        assert_eq!(PatternWeights::from_bytes(&b).unwrap(), w);
        assert!(PatternWeights::from_bytes(&b[..b.len() - 1]).is_err());
        assert!(PatternWeights::from_bytes(b"YOMIWTS1xxxxxxxx").is_err());
        let mut extra = b.clone();
        extra.push(1);
        assert!(PatternWeights::from_bytes(&extra).is_err());
    }
}
