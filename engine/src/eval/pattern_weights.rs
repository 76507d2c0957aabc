//! The pattern evaluation's numbers: a table per family and game stage and
//! the count terms' weights ([`PatternWeights`]), the value of a position
//! they give, and their file format (`YOMIPAT1`, or `YOMIPAT2` and `YOMIPAT3`
//! with a [`PatternNet`] of 32 or 64 units after the tables; written by
//! `yomi fit --patterns`).

use crate::error::Error;
use crate::eval::pattern_net::PatternNet;
use crate::eval::pattern::{
    features, for_indices, for_move_indices, indices, stage, FamilySet, DISC_ENTRIES, DISC_FAMILIES, DISC_FAMILY_SET, ENTRIES, FAMILIES, FAMILY_WINDOWS,
    FEATURES, NFAMILIES, NFEATURES, OFFSETS, ROUND4_ENTRIES, STAGES, UNIT, WINDOWS, WINDOW_OFFSETS,
};

/// The layouts a file may have, as table entries per stage: round 4's
/// eleven families, round 6's nineteen, or all of them (a shorter layout's
/// families come first, and the later ones read as zero).
const LAYOUTS: [usize; 3] = [ROUND4_ENTRIES, DISC_ENTRIES, ENTRIES];

/// The fitted tables and count weights of every stage, and the families
/// whose tables are not all zero: only those are read (a file of round 4's
/// families then costs what it did before the others existed).
#[derive(Clone, PartialEq)]
pub struct PatternWeights {
    /// `STAGES` × `ENTRIES` values in `TABLE_STEP`/`UNIT` disc: one byte an
    /// entry halves the table a search reads at random, and the fitted
    /// values lie within ±8 discs (engine/MEASUREMENTS.md, "Byte tables").
    tables: Vec<i8>,
    /// `STAGES` × `NFEATURES` weights in 1/`UNIT` disc per unit.
    features: Vec<i16>,
    used: FamilySet,
    /// A network over the same windows, added to the tables' value.
    net: Option<Box<Net>>,
}

/// A network of one of the widths the evaluation is built for.
#[derive(Clone, Debug, PartialEq)]
pub enum Net {
    /// 32 units: the browser's network (and native rounds 8-11).
    Narrow(PatternNet<32>),
    /// 64 units: the native build's network from round 12.
    Wide(PatternNet<64>),
}

impl From<PatternNet<32>> for Net {
    fn from(net: PatternNet<32>) -> Net {
        Net::Narrow(net)
    }
}

impl From<PatternNet<64>> for Net {
    fn from(net: PatternNet<64>) -> Net {
        Net::Wide(net)
    }
}

impl Net {
    /// What the network adds to the tables' value at stage `st`, reading
    /// entries `ids`, held within ±[`NET_REACH`].
    #[inline(always)]
    fn correction(&self, st: usize, ids: &[u32], feats: &[i32; NFEATURES]) -> i32 {
        match self {
            Net::Narrow(net) => net.value_of(st, ids, feats),
            Net::Wide(net) => net.value_of(st, ids, feats),
        }
        .clamp(-NET_REACH, NET_REACH)
    }
}

const MAGIC: &[u8; 8] = b"YOMIPAT1";

/// The magic of a file whose tables carry a network of 32 units.
const MAGIC_NET: &[u8; 8] = b"YOMIPAT2";

/// The magic of a file whose tables carry a network of 64 units.
const MAGIC_WIDE: &[u8; 8] = b"YOMIPAT3";

/// The tables' step in 1/`UNIT` disc: a sixteenth of a disc.
pub const TABLE_STEP: i32 = 4;

/// The network's correction is held within ± this (1/`UNIT` disc): 8 discs,
/// chosen over 4 at equal time (engine/MEASUREMENTS.md, "The network's reach").
/// The search's leaves read the network only within this reach of their
/// window, and a bound this wide keeps the search exact.
pub const NET_REACH: i32 = 8 * UNIT;

/// A fitted value in 1/`UNIT` disc as a table entry: the nearest step,
/// within the range a byte holds.
fn entry(v: i16) -> i8 {
    ((v as i32 + (TABLE_STEP / 2) * (v as i32).signum()) / TABLE_STEP).clamp(-128, 127) as i8
}

/// A summary: the tables hold millions of entries.
impl std::fmt::Debug for PatternWeights {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let names: Vec<&str> = (0..NFAMILIES).filter(|&k| self.used >> k & 1 != 0).map(|k| FAMILIES[k].name).collect();
        f.debug_struct("PatternWeights").field("families", &names).finish_non_exhaustive()
    }
}

impl PatternWeights {
    /// The shipped weights, fitted by `yomi fit --patterns` (parsed once):
    /// natively every family, in the browser [`Self::compact`].
    pub fn shipped() -> &'static PatternWeights {
        #[cfg(not(target_arch = "wasm32"))]
        {
            static W: std::sync::OnceLock<PatternWeights> = std::sync::OnceLock::new();
            W.get_or_init(|| {
                PatternWeights::from_bytes(include_bytes!("../../weights/patterns.ywp")).expect("the embedded pattern file is valid")
            })
        }
        #[cfg(target_arch = "wasm32")]
        {
            Self::compact()
        }
    }

    /// Round 4's eleven families and the three over the legal moves (56
    /// windows) fitted the same way: the browser's evaluation, where wasm
    /// has no bit-extract instruction and the larger layouts cost more time
    /// than they win, and every solver's move ordering, which round 6's
    /// nineteen families did not improve (engine/MEASUREMENTS.md, "Round 6",
    /// "The compact evaluation reads the legal moves").
    pub fn compact() -> &'static PatternWeights {
        static W: std::sync::OnceLock<PatternWeights> = std::sync::OnceLock::new();
        W.get_or_init(|| {
            PatternWeights::from_bytes(include_bytes!("../../weights/patterns-compact.ywp")).expect("the embedded pattern file is valid")
        })
    }

    /// Weights that are all zero: the start of a fit.
    pub fn zero() -> PatternWeights {
        PatternWeights::new(vec![0; STAGES * ENTRIES], vec![0; STAGES * NFEATURES])
    }

    /// Weights of these tables (`STAGES` × `ENTRIES`, in 1/`UNIT` disc, kept
    /// to the nearest `TABLE_STEP`) and count weights (`STAGES` × `NFEATURES`).
    ///
    /// # Panics
    /// If the lengths are not those.
    pub fn new(tables: Vec<i16>, features: Vec<i16>) -> PatternWeights {
        assert_eq!((tables.len(), features.len()), (STAGES * ENTRIES, STAGES * NFEATURES), "pattern weights' layout");
        let tables: Vec<i8> = tables.into_iter().map(entry).collect();
        let used = (0..NFAMILIES)
            .filter(|&f| {
                let range = OFFSETS[f]..OFFSETS[f] + FAMILIES[f].size();
                (0..STAGES).any(|st| tables[st * ENTRIES + range.start..st * ENTRIES + range.end].iter().any(|&v| v != 0))
            })
            .fold(0, |a, f| a | 1 << f);
        PatternWeights { tables, features, used, net: None }
    }

    /// These tables with `net` over them.
    pub fn with_net(self, net: impl Into<Net>) -> PatternWeights {
        PatternWeights { net: Some(Box::new(net.into())), ..self }
    }

    /// These tables without their network (what a network is fitted over).
    pub fn without_net(&self) -> PatternWeights {
        PatternWeights { net: None, ..self.clone() }
    }

    /// The network over the tables, if they carry one.
    pub fn net(&self) -> Option<&Net> {
        self.net.as_deref()
    }

    /// The tables: `STAGES` × `ENTRIES` values in 1/`UNIT` disc.
    pub fn tables(&self) -> Vec<i16> {
        self.tables.iter().map(|&v| (v as i32 * TABLE_STEP) as i16).collect()
    }

    /// The count weights: `STAGES` × `NFEATURES` in 1/`UNIT` disc per unit.
    pub fn features(&self) -> &[i16] {
        &self.features
    }

    /// The families whose tables are read: those not all zero.
    pub fn families(&self) -> FamilySet {
        self.used
    }

    /// The value of (`p`, `o`) for the side owning `p`, in 1/`UNIT` disc,
    /// given the legal moves of that side (`mp`) and of the other (`mo`).
    #[inline]
    pub fn value(&self, p: u64, o: u64, mp: u64, mo: u64) -> i32 {
        self.value_near(p, o, mp, mo, i32::MIN / 2, i32::MAX / 2)
    }

    /// [`Self::value`] where only whether it lies inside (`lo`, `hi`)
    /// matters: the network, whose correction is held within
    /// ±[`NET_REACH`], is read only if the tables' value is within that
    /// reach of the window. Beyond it the tables' value moved by the reach
    /// towards the window is returned, a bound on the value on the same
    /// side of the window, so a search over it is exact (engine/MEASUREMENTS.md,
    /// "The network read near the window"). Without a network, the value.
    #[inline]
    pub fn value_near(&self, p: u64, o: u64, mp: u64, mo: u64, lo: i32, hi: i32) -> i32 {
        let st = stage((p | o).count_ones());
        let table = self.stage_table(st);
        let feats = features(p, o, mp.count_ones(), mo.count_ones());
        // The tables summed alone first: the entries are gathered again only
        // where the network is read, at 11-16 % of the leaves in play, which
        // beat keeping them at every leaf (engine/MEASUREMENTS.md, "The
        // entries gathered again where the network is read").
        let mut v = 0i32;
        for_indices(p, o, mp, mo, self.used, |i| v += table[i as usize] as i32);
        let tables = v * TABLE_STEP + self.weighted(st, &feats);
        let Some(net) = self.net.as_deref() else {
            return tables;
        };
        if tables + NET_REACH <= lo {
            return tables + NET_REACH;
        }
        if tables - NET_REACH >= hi {
            return tables - NET_REACH;
        }
        // The rows summed in a loop of their own: with the row adds inside
        // the windows' gather the value took 4-5 times as long
        // (engine/MEASUREMENTS.md, "The network at the leaves").
        let (ids, n) = self.entries(p, o, mp, mo);
        tables + net.correction(st, &ids[..n], &feats)
    }

    /// Stage `st`'s table: `ENTRIES` values, each in `TABLE_STEP`/`UNIT` disc.
    #[inline(always)]
    fn stage_table(&self, st: usize) -> &[i8] {
        &self.tables[st * ENTRIES..(st + 1) * ENTRIES]
    }

    /// The table entries (within a stage) of the read families' windows,
    /// and how many: what the network sums its rows over.
    #[inline(always)]
    fn entries(&self, p: u64, o: u64, mp: u64, mo: u64) -> ([u32; WINDOWS], usize) {
        let (mut ids, mut n) = ([0u32; WINDOWS], 0);
        for_indices(p, o, mp, mo, self.used, |i| {
            ids[n] = i;
            n += 1;
        });
        (ids, n)
    }

    /// [`Self::value`] with the disc windows' configurations of (`p`, `o`)
    /// known (`Indices::mine`); the move windows are read afresh.
    #[inline]
    pub fn value_at<const N: usize>(&self, idx: &[u16; N], p: u64, o: u64, mp: u64, mo: u64) -> i32 {
        if self.net.is_some() {
            return self.value(p, o, mp, mo);
        }
        let st = stage((p | o).count_ones());
        let table = self.stage_table(st);
        let mut v = 0i32;
        // The windows kept are whole families, these weights' disc families among them.
        debug_assert!(
            FAMILY_WINDOWS.iter().take_while(|&&w| w <= N).count()
                > (u32::BITS - (self.used & DISC_FAMILY_SET).leading_zeros()) as usize
        );
        for f in 0..DISC_FAMILIES {
            if FAMILY_WINDOWS[f + 1] > N {
                break;
            }
            if self.used >> f & 1 != 0 {
                let windows = FAMILY_WINDOWS[f]..FAMILY_WINDOWS[f + 1];
                for (&i, &at) in idx[windows.clone()].iter().zip(&WINDOW_OFFSETS[windows]) {
                    v += table[at as usize + i as usize] as i32;
                }
            }
        }
        for_move_indices(mp, mo, self.used, |i| v += table[i as usize] as i32);
        v * TABLE_STEP + self.counts(st, p, o, mp.count_ones(), mo.count_ones())
    }

    /// The count terms' part of the value at stage `st`.
    #[inline(always)]
    fn counts(&self, st: usize, p: u64, o: u64, own_moves: u32, their_moves: u32) -> i32 {
        self.weighted(st, &features(p, o, own_moves, their_moves))
    }

    /// The count terms `feats` weighted at stage `st`.
    #[inline(always)]
    fn weighted(&self, st: usize, feats: &[i32; NFEATURES]) -> i32 {
        let w = &self.features[st * NFEATURES..(st + 1) * NFEATURES];
        let mut v = 0;
        for (x, w) in feats.iter().zip(w) {
            v += x * *w as i32;
        }
        v
    }

    /// The value's parts: each read family's windows summed, then each count
    /// term, then the network's value if there is one, in 1/`UNIT` disc
    /// (they add up to [`Self::value`]).
    pub fn terms(&self, p: u64, o: u64, mp: u64, mo: u64) -> Vec<(&'static str, i32)> {
        let st = stage((p | o).count_ones());
        let table = self.stage_table(st);
        let feats = features(p, o, mp.count_ones(), mo.count_ones());
        let idx = indices(p, o, mp, mo);
        let mut out = Vec::new();
        let mut k = 0;
        for (f, fam) in FAMILIES.iter().enumerate() {
            let n = fam.images.len();
            if self.used >> f & 1 != 0 {
                out.push((fam.name, idx[k..k + n].iter().map(|&i| table[i as usize] as i32 * TABLE_STEP).sum()));
            }
            k += n;
        }
        let w = &self.features[st * NFEATURES..(st + 1) * NFEATURES];
        for ((name, x), w) in FEATURES.iter().zip(feats).zip(w) {
            out.push((name, x * *w as i32));
        }
        if let Some(net) = self.net.as_deref() {
            let (ids, n) = self.entries(p, o, mp, mo);
            out.push(("network", net.correction(st, &ids[..n], &feats)));
        }
        out
    }

    /// Whether `b` starts as a pattern weights file does (it may still be
    /// torn or of other tables: [`Self::from_bytes`] tells).
    pub fn is_pattern_file(b: &[u8]) -> bool {
        [MAGIC, MAGIC_NET, MAGIC_WIDE].iter().any(|m| b.starts_with(*m))
    }

    /// Reads a weights file: magic, u16 stages, u32 entries, u16 features,
    /// then every value (tables, then count weights) as varint tokens: 0
    /// and a varint n for n + 1 zeros, or the zigzag code of a non-zero
    /// value; a `YOMIPAT2` file then has u32 rows and its network's
    /// numbers ([`PatternNet::numbers`]) as tokens.
    pub fn from_bytes(b: &[u8]) -> Result<PatternWeights, Error> {
        let bad = |why: String| Error::BadWeights(why);
        if b.len() < 16 || !Self::is_pattern_file(b) {
            return Err(bad("not a Yomi pattern weights file (wrong magic)".into()));
        }
        let stages = u16::from_le_bytes([b[8], b[9]]) as usize;
        let entries = u32::from_le_bytes([b[10], b[11], b[12], b[13]]) as usize;
        let nf = u16::from_le_bytes([b[14], b[15]]) as usize;
        if (stages, nf) != (STAGES, NFEATURES) || !LAYOUTS.contains(&entries) {
            return Err(bad(format!(
                "layout {stages} stages × {entries} entries × {nf} features, expected {STAGES} × {ENTRIES} (or {ROUND4_ENTRIES}, {DISC_ENTRIES}) × {NFEATURES}"
            )));
        }
        let mut at = 16;
        let mut values: Vec<i16> = read_tokens(b, &mut at, STAGES * (entries + NFEATURES), u16::MAX as u64)?.into_iter().map(|v| v as i16).collect();
        let net = if &b[..8] == MAGIC {
            None
        } else {
            let rows = b.get(at..at + 4).ok_or_else(|| bad("truncated".into()))?;
            let rows = u32::from_le_bytes([rows[0], rows[1], rows[2], rows[3]]) as usize;
            at += 4;
            if rows > ENTRIES {
                return Err(bad(format!("a network of {rows} rows, more than the {ENTRIES} entries")));
            }
            Some(if &b[..8] == MAGIC_NET { read_net::<32>(b, &mut at, rows)? } else { read_net::<64>(b, &mut at, rows)? })
        };
        if at != b.len() {
            return Err(bad(format!("{} bytes after the last value", b.len() - at)));
        }
        let features = values.split_off(STAGES * entries);
        let tables = if entries == ENTRIES {
            values
        } else {
            let mut tables = vec![0; STAGES * ENTRIES];
            for (st, old) in values.chunks_exact(entries).enumerate() {
                tables[st * ENTRIES..st * ENTRIES + entries].copy_from_slice(old);
            }
            tables
        };
        let w = PatternWeights::new(tables, features);
        Ok(match net {
            Some(net) => w.with_net(net),
            None => w,
        })
    }

    /// The weights in their file format, which `from_bytes` reads back.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut b = match self.net.as_deref() {
            None => MAGIC,
            Some(Net::Narrow(_)) => MAGIC_NET,
            Some(Net::Wide(_)) => MAGIC_WIDE,
        }
        .to_vec();
        b.extend_from_slice(&(STAGES as u16).to_le_bytes());
        b.extend_from_slice(&(ENTRIES as u32).to_le_bytes());
        b.extend_from_slice(&(NFEATURES as u16).to_le_bytes());
        let all: Vec<i32> = self.tables().into_iter().chain(self.features.iter().copied()).map(|v| v as i32).collect();
        write_tokens(&mut b, &all);
        match self.net.as_deref() {
            None => {}
            Some(Net::Narrow(net)) => write_net(&mut b, net),
            Some(Net::Wide(net)) => write_net(&mut b, net),
        }
        b
    }
}

/// A network of `H` units and `rows` rows from `b` at `at`.
fn read_net<const H: usize>(b: &[u8], at: &mut usize, rows: usize) -> Result<Net, Error>
where
    Net: From<PatternNet<H>>,
{
    let numbers = read_tokens(b, at, PatternNet::<H>::len_for(rows), u32::MAX as u64)?;
    Ok(PatternNet::<H>::from_numbers(rows, &numbers).map_err(Error::BadWeights)?.into())
}

/// `net`'s rows, then its numbers as tokens.
fn write_net<const H: usize>(b: &mut Vec<u8>, net: &PatternNet<H>) {
    b.extend_from_slice(&(net.rows() as u32).to_le_bytes());
    write_tokens(b, &net.numbers().collect::<Vec<_>>());
}

/// Writes `values` as varint tokens: 0 and a varint n for n + 1 zeros, or
/// the zigzag code of a non-zero value.
fn write_tokens(b: &mut Vec<u8>, values: &[i32]) {
    let varint = |b: &mut Vec<u8>, mut v: u64| {
        while v >= 0x80 {
            b.push((v as u8) | 0x80);
            v >>= 7;
        }
        b.push(v as u8);
    };
    let mut i = 0;
    while i < values.len() {
        if values[i] == 0 {
            let run = values[i..].iter().take_while(|&&v| v == 0).count();
            varint(b, 0);
            varint(b, run as u64 - 1);
            i += run;
        } else {
            let v = values[i];
            varint(b, ((v << 1) ^ (v >> 31)) as u32 as u64);
            i += 1;
        }
    }
}

/// Reads `n` values of [`write_tokens`] from `b` at `at`, each zigzag code
/// at most `limit`.
fn read_tokens(b: &[u8], at: &mut usize, n: usize, limit: u64) -> Result<Vec<i32>, Error> {
    let bad = |why: &str| Error::BadWeights(why.into());
    let varint = |at: &mut usize| -> Result<u64, Error> {
        let mut v = 0u64;
        for shift in (0..64).step_by(7) {
            let byte = *b.get(*at).ok_or_else(|| bad("truncated"))?;
            *at += 1;
            v |= ((byte & 0x7F) as u64) << shift;
            if byte & 0x80 == 0 {
                return Ok(v);
            }
        }
        Err(bad("a number runs too long"))
    };
    let mut values = Vec::with_capacity(n);
    while values.len() < n {
        match varint(at)? {
            0 => {
                let run = varint(at)? as usize + 1;
                if values.len() + run > n {
                    return Err(bad("a run of zeros goes past the end"));
                }
                values.resize(values.len() + run, 0);
            }
            z if z <= limit => values.push(((z >> 1) as u32 as i32) ^ -((z & 1) as i32)),
            _ => return Err(bad("a value out of range")),
        }
    }
    Ok(values)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::pattern::tests::{image_naive, random_board};
    use crate::eval::pattern::{moves_of, OFFSETS};
    use crate::rng::Rng;

    /// [`PatternWeights::value`] with the moves read off the board.
    fn value_of(w: &PatternWeights, p: u64, o: u64) -> i32 {
        let (mp, mo) = moves_of(p, o);
        w.value(p, o, mp, mo)
    }

    /// A fitted value becomes the nearest step (halves away from zero),
    /// and the byte's range bounds it.
    #[test]
    fn entries_are_the_nearest_step() {
        let naive = |v: i16| ((v as f64 / TABLE_STEP as f64).abs() + 0.5).floor().copysign(v as f64).clamp(-128.0, 127.0) as i8;
        for v in i16::MIN..=i16::MAX {
            assert_eq!(entry(v), naive(v), "{v}");
        }
        assert_eq!((entry(-3), entry(-2), entry(-1), entry(1), entry(2), entry(6)), (-1, -1, 0, 0, 1, 2));
        assert_eq!((entry(508), entry(600), entry(-600)), (127, 127, -128));
    }

    #[test]
    fn value_is_the_same_on_all_eight_images_when_tables_are_symmetric() {
        // With tied entries equal, the sum over windows is symmetric: fill the
        // tables with a function of the configuration's canonical form.
        let mut table = vec![0; ENTRIES];
        let mut rng = Rng::new(3);
        for (f, fam) in FAMILIES.iter().enumerate() {
            for idx in 0..fam.size() {
                let canon = fam.tied(idx);
                table[OFFSETS[f] + idx] = ((canon as u64).wrapping_mul(0x9E37_79B9) >> 7) as i16 % 50;
            }
        }
        let w = PatternWeights::new(table.repeat(STAGES), vec![0; STAGES * NFEATURES]);
        for _ in 0..300 {
            let (p, o) = random_board(&mut rng);
            let v = value_of(&w, p, o);
            for k in 1..8 {
                assert_eq!(value_of(&w, image_naive(p, k), image_naive(o, k)), v);
            }
        }
    }

    #[test]
    fn terms_add_up_to_the_value() {
        let mut rng = Rng::new(5);
        let mut random = |n: usize| -> Vec<i16> { (0..n).map(|_| (rng.next() as i16) >> 8).collect() };
        let w = PatternWeights::new(random(STAGES * ENTRIES), random(STAGES * NFEATURES));
        let mut rng = Rng::new(6);
        for _ in 0..100 {
            let (p, o) = random_board(&mut rng);
            let (mp, mo) = moves_of(p, o);
            let terms = w.terms(p, o, mp, mo);
            assert_eq!(terms.len(), FAMILIES.len() + NFEATURES);
            assert_eq!(terms.iter().map(|t| t.1).sum::<i32>(), w.value(p, o, mp, mo));
        }
    }

    #[test]
    fn files_round_trip_and_bad_ones_are_refused() {
        let mut rng = Rng::new(4);
        let mut tables = vec![0; STAGES * ENTRIES];
        for v in tables.iter_mut().step_by(7) {
            *v = (rng.next() as i16) >> (rng.below(12) as u32);
        }
        let mut features = vec![0; STAGES * NFEATURES];
        features[3] = i16::MIN;
        features[5] = i16::MAX;
        let w = PatternWeights::new(tables, features);
        let b = w.to_bytes();
        assert_eq!(PatternWeights::from_bytes(&b).unwrap(), w);
        assert!(PatternWeights::from_bytes(&b[..b.len() - 1]).is_err());
        assert!(PatternWeights::from_bytes(b"YOMIWTS1xxxxxxxx").is_err());
        let mut extra = b.clone();
        extra.push(1);
        assert!(PatternWeights::from_bytes(&extra).is_err());
    }

    /// Tables and count weights drawn from `rng`, small enough not to clamp.
    fn small_random(rng: &mut Rng) -> PatternWeights {
        let tables: Vec<i16> = (0..STAGES * ENTRIES).map(|_| (rng.next() as i16) >> 9).collect();
        let counts: Vec<i16> = (0..STAGES * NFEATURES).map(|_| (rng.next() as i16) >> 9).collect();
        PatternWeights::new(tables, counts)
    }

    /// Tables with a network: the file round-trips as `YOMIPAT2`, a torn
    /// or overlong one is refused, the value is the tables' plus the
    /// network's, the terms still add up, and `value_at` agrees.
    #[test]
    fn a_network_rides_on_the_tables() {
        let mut rng = Rng::new(8);
        let plain = small_random(&mut rng);
        // Rows for round 4's entries only: the later families read nothing.
        let wide = plain.clone().with_net(crate::eval::pattern_net::tests::random::<64>(ROUND4_ENTRIES, 10));
        let b = wide.to_bytes();
        assert!(b.starts_with(b"YOMIPAT3") && PatternWeights::is_pattern_file(&b));
        assert_eq!(PatternWeights::from_bytes(&b).unwrap(), wide);
        let w = plain.clone().with_net(crate::eval::pattern_net::tests::random::<32>(ROUND4_ENTRIES, 9));
        let b = w.to_bytes();
        assert!(b.starts_with(b"YOMIPAT2") && PatternWeights::is_pattern_file(&b));
        assert_eq!(PatternWeights::from_bytes(&b).unwrap(), w);
        assert_eq!(w.without_net(), plain);
        assert!(PatternWeights::from_bytes(&b[..b.len() - 1]).is_err());
        let mut extra = b.clone();
        extra.push(0);
        assert!(PatternWeights::from_bytes(&extra).is_err());
        let Some(Net::Narrow(net)) = w.net() else { panic!("a narrow network") };
        let mut differ = 0;
        for _ in 0..200 {
            let (p, o) = random_board(&mut rng);
            let (mp, mo) = moves_of(p, o);
            let st = stage((p | o).count_ones());
            let mut sums = [0i16; 32];
            indices(p, o, mp, mo).iter().for_each(|&i| net.add(&mut sums, i));
            let own = net.value(st, &sums, &features(p, o, mp.count_ones(), mo.count_ones()));
            assert_eq!(w.value(p, o, mp, mo), plain.value(p, o, mp, mo) + own.clamp(-NET_REACH, NET_REACH));
            differ += (own != 0) as usize;
            assert_eq!(w.terms(p, o, mp, mo).iter().map(|t| t.1).sum::<i32>(), w.value(p, o, mp, mo));
            let ix = crate::eval::pattern::Indices::<{ crate::eval::pattern::DISC_WINDOWS }>::new(p, o);
            assert_eq!(w.value_at(&ix.mine, p, o, mp, mo), w.value(p, o, mp, mo));
        }
        assert!(differ > 100, "the network reads: {differ}");
    }

    /// Near the window the network is read, its correction held within the
    /// reach; beyond the reach a bound on the same side of the window comes
    /// back; without a network it is always the value.
    #[test]
    fn the_network_is_read_only_near_the_window() {
        let mut rng = Rng::new(11);
        let plain = small_random(&mut rng);
        let w = plain.clone().with_net(crate::eval::pattern_net::tests::random::<64>(ENTRIES, 12));
        let m = NET_REACH;
        let mut clamped = 0;
        for _ in 0..300 {
            let (p, o) = random_board(&mut rng);
            let (mp, mo) = moves_of(p, o);
            let (full, base) = (w.value(p, o, mp, mo), plain.value(p, o, mp, mo));
            assert!((full - base).abs() <= m);
            clamped += ((full - base).abs() == m) as usize;
            // A correction of the reach could still bring the value to the window's edge.
            for (lo, hi) in [(base - 1, base + 1), (base + m - 1, base + m), (base - m, base - m + 1)] {
                assert_eq!(w.value_near(p, o, mp, mo, lo, hi), full, "within the reach");
                assert_eq!(plain.value_near(p, o, mp, mo, lo, hi), base);
            }
            // Beyond it: a bound, on the window's side the value is on.
            let (lo, hi) = (base + m, base + m + 1);
            let v = w.value_near(p, o, mp, mo, lo, hi);
            assert!(v <= lo && full <= v, "{v} bounds {full} from above");
            let (lo, hi) = (base - m - 1, base - m);
            let v = w.value_near(p, o, mp, mo, lo, hi);
            assert!(v >= hi && full >= v, "{v} bounds {full} from below");
        }
        assert!(clamped > 0, "some corrections reach the clamp");
    }

    /// A file of round 4's layout (its eleven families' tables per stage)
    /// or of round 6's (the nineteen disc families) reads as the same
    /// weights with the later families' tables zero.
    #[test]
    fn older_layouts_read_with_the_later_families_zero() {
        let mut rng = Rng::new(6);
        for (layout, families) in [(ROUND4_ENTRIES, 11), (DISC_ENTRIES, DISC_FAMILIES)] {
            let mut tables = vec![0; STAGES * ENTRIES];
            for st in 0..STAGES {
                for v in &mut tables[st * ENTRIES..st * ENTRIES + layout] {
                    *v = (rng.next() as i16) >> 9;
                }
            }
            let features: Vec<i16> = (0..STAGES * NFEATURES).map(|_| (rng.next() as i16) >> 9).collect();
            let w = PatternWeights::new(tables, features);
            assert_eq!(w.families(), (1 << families) - 1);
            // The same file cut to the old layout: its header, then each stage's first tables.
            let old = PatternWeights {
                tables: (0..STAGES).flat_map(|st| w.tables[st * ENTRIES..st * ENTRIES + layout].to_vec()).collect(),
                features: w.features.clone(),
                used: 0,
                net: None,
            };
            let mut b = old.to_bytes();
            b[10..14].copy_from_slice(&(layout as u32).to_le_bytes());
            assert_eq!(PatternWeights::from_bytes(&b).unwrap(), w);
            // Reading only the families in use gives the value every window gives.
            for _ in 0..200 {
                let (p, o) = random_board(&mut rng);
                let (mp, mo) = moves_of(p, o);
                let st = stage((p | o).count_ones());
                let every: i32 = indices(p, o, mp, mo).iter().map(|&i| w.tables[st * ENTRIES + i as usize] as i32 * TABLE_STEP).sum();
                assert_eq!(w.value(p, o, mp, mo), every + w.counts(st, p, o, mp.count_ones(), mo.count_ones()));
            }
            b[10..14].copy_from_slice(&(layout as u32 + 1).to_le_bytes());
            assert!(PatternWeights::from_bytes(&b).is_err());
        }
    }
}
