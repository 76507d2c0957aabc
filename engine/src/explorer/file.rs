//! The explorer on disk (`.yex`): the header `YOMIEXPL1`, then the games it
//! was built from, its threshold and its position count (u32 each,
//! little-endian); then its positions in the order of their keys' hashes,
//! each: the hash (u64, little-endian), its statistics, the number of moves
//! (u8), and each move's square in the key's frame (u8) and statistics.
//! Statistics are games, Black's wins, draws, the zigzag of the sum of
//! Black's disc differences, the first year and the years to the last, as
//! LEB128 varints: about 14 bytes a position and 8 a move.

use super::{Entry, Explorer, Stats};
use crate::error::Error;

const MAGIC: &[u8; 9] = b"YOMIEXPL1";

fn put(out: &mut Vec<u8>, mut x: u64) {
    while x >= 0x80 {
        out.push(x as u8 | 0x80);
        x >>= 7;
    }
    out.push(x as u8);
}

fn put_stats(out: &mut Vec<u8>, s: &Stats) {
    put(out, s.games as u64);
    put(out, s.black_wins as u64);
    put(out, s.draws as u64);
    put(out, ((s.margin_sum << 1) ^ (s.margin_sum >> 63)) as u64);
    put(out, s.first_year as u64);
    put(out, (s.last_year - s.first_year) as u64);
}

/// A reader over the file's bytes that names what it found wrong.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn bad(&self, what: &str) -> Error {
        Error::damaged("the explorer file", format!("not a Yomi explorer file: {what} at byte {}", self.at))
    }

    fn take(&mut self, n: usize) -> Result<&[u8], Error> {
        let end = self.at.checked_add(n).filter(|&e| e <= self.bytes.len()).ok_or_else(|| self.bad("it ends early"))?;
        let out = &self.bytes[self.at..end];
        self.at = end;
        Ok(out)
    }

    fn u32(&mut self) -> Result<u32, Error> {
        Ok(u32::from_le_bytes(self.take(4)?.try_into().expect("four bytes")))
    }

    fn varint(&mut self) -> Result<u64, Error> {
        let mut x = 0u64;
        for shift in (0..64).step_by(7) {
            let b = self.take(1)?[0];
            x |= ((b & 0x7F) as u64) << shift;
            if b < 0x80 {
                return Ok(x);
            }
        }
        Err(self.bad("a number runs on"))
    }

    fn small(&mut self) -> Result<u32, Error> {
        u32::try_from(self.varint()?).map_err(|_| self.bad("a count is too large"))
    }

    fn stats(&mut self) -> Result<Stats, Error> {
        let (games, black_wins, draws) = (self.small()?, self.small()?, self.small()?);
        let z = self.varint()?;
        let margin_sum = (z >> 1) as i64 ^ -((z & 1) as i64);
        let first_year = u16::try_from(self.small()?).map_err(|_| self.bad("a year is out of range"))?;
        let last_year = u16::try_from(self.small()?).ok().and_then(|d| first_year.checked_add(d)).ok_or_else(|| self.bad("a year is out of range"))?;
        if black_wins.checked_add(draws).is_none_or(|n| n > games) || margin_sum.unsigned_abs() > 64 * games as u64 {
            return Err(self.bad("results that do not add up"));
        }
        Ok(Stats { games, black_wins, draws, margin_sum, first_year, last_year })
    }
}

impl Explorer {
    /// The binary form; the same explorer always gives the same bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = MAGIC.to_vec();
        for n in [self.games, self.min_games, self.entries.len() as u32] {
            out.extend_from_slice(&n.to_le_bytes());
        }
        let mut keys: Vec<&u64> = self.entries.keys().collect();
        keys.sort();
        for &hash in keys {
            let e = &self.entries[&hash];
            out.extend_from_slice(&hash.to_le_bytes());
            put_stats(&mut out, &e.stats);
            out.push(e.moves.len() as u8);
            for (sq, s) in &e.moves {
                out.push(*sq);
                put_stats(&mut out, s);
            }
        }
        out
    }

    /// Reads [`Self::to_bytes`]'s form; a damaged file is an error.
    pub fn from_bytes(bytes: &[u8]) -> Result<Explorer, Error> {
        let mut r = Reader { bytes, at: 0 };
        if r.take(MAGIC.len()).ok() != Some(&MAGIC[..]) {
            return Err(Error::damaged("the explorer file", "not a Yomi explorer file: no YOMIEXPL1 header"));
        }
        let (games, min_games, count) = (r.u32()?, r.u32()?, r.u32()?);
        let mut entries = std::collections::HashMap::with_capacity(count.min(1 << 22) as usize);
        for _ in 0..count {
            let hash = u64::from_le_bytes(r.take(8)?.try_into().expect("eight bytes"));
            let stats = r.stats()?;
            let n = r.take(1)?[0];
            let mut moves = Vec::with_capacity(n as usize);
            for _ in 0..n {
                let sq = r.take(1)?[0];
                if sq >= 64 {
                    return Err(r.bad("a square off the board"));
                }
                moves.push((sq, r.stats()?));
            }
            if entries.insert(hash, Entry { stats, moves }).is_some() {
                return Err(r.bad("a position twice"));
            }
        }
        if r.at != bytes.len() {
            return Err(r.bad("bytes after the last position"));
        }
        Ok(Explorer { entries, games, min_games })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::explorer::build::{build, Source};
    use crate::rules::game::Game;
    use crate::rules::position::{Position, Start};
    use crate::BoardSize;

    fn small() -> Explorer {
        let start = Position::start(BoardSize::OTHELLO, Start::Othello);
        let records = [("f5d6c3d3c4", 1990, 40), ("f5d6c3d3c4f4", 2001, 20), ("f5f6e6f4", 1985, 32), ("f5d6c5", 2020, 64)];
        let games: Vec<Game> = records.iter().map(|r| Game::from_record(start, r.0).unwrap()).collect();
        let sources: Vec<Source> = records.iter().zip(&games).map(|(r, game)| Source { game, year: r.1, black_discs: r.2 }).collect();
        build(&sources, 2)
    }

    #[test]
    fn it_reads_back_what_it_writes_and_counts_shared_lines() {
        let e = small();
        let bytes = e.to_bytes();
        let back = Explorer::from_bytes(&bytes).unwrap();
        assert_eq!(back.to_bytes(), bytes);
        assert_eq!((back.games, back.min_games, back.len()), (4, 2, e.len()));
        let start = Position::start(BoardSize::OTHELLO, Start::Othello);
        let at = |record: &str| *Game::from_record(start, record).unwrap().current();
        // Every game passes the start and f5; three of them f5 d6; one of
        // them each then c3 and c5 (so f5 d6 c3 is kept with two games).
        assert_eq!(back.explore(&start).unwrap().stats.games, 4);
        let d6 = back.explore(&at("f5d6")).unwrap();
        assert_eq!(d6.stats.games, 3);
        let names: Vec<(String, u32)> = d6.moves.iter().map(|m| (m.square.name(BoardSize::OTHELLO), m.stats.games)).collect();
        assert_eq!(names, [("c3".to_string(), 2), ("c5".to_string(), 1)]);
        // The same position turned: d3 c5 is f5 d6 mirrored on a diagonal.
        assert_eq!(back.explore(&at("d3c5")).unwrap().stats, d6.stats);
        assert!(back.explore(&at("f5f6")).is_none(), "one game only");
    }

    #[test]
    fn a_damaged_file_is_an_error() {
        let bytes = small().to_bytes();
        for cut in 0..bytes.len() {
            assert!(Explorer::from_bytes(&bytes[..cut]).is_err(), "cut at {cut}");
        }
        let mut longer = bytes.clone();
        longer.push(0);
        assert!(Explorer::from_bytes(&longer).is_err());
        let mut off = bytes;
        let first_move = 9 + 12 + 8 + 6 + 1;
        off[first_move] = 64;
        assert!(Explorer::from_bytes(&off).is_err());
    }
}
