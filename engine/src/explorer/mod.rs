//! The opening explorer: what tournament players played from a position,
//! and how it went.
//!
//! Built from the WTHOR games ([`build`]) and kept as a file ([`file`](mod@file)):
//! every 8×8 position that at least a threshold of games reach, counted as
//! a position (up to the board's eight symmetries, so transpositions and
//! mirrored lines meet), with the games that reached it and, for every move
//! played from it, the games that played it: Black's wins, draws and
//! losses, Black's mean final disc difference and the years it was played.

pub mod build;
pub mod file;
pub mod report;

pub use report::{report, MoveReport, Report};

use std::collections::HashMap;

use crate::rules::geometry::{BoardSize, Dims};
use crate::rules::position::{Color, Position};
use crate::rules::square::Square;
use crate::rules::symmetry::{canonical, transform, Symmetry};

type G = Dims<8, 8>;

/// The games that reached a position, or played a move from it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Games.
    pub games: u32,
    /// Of them, won by Black.
    pub black_wins: u32,
    /// Of them, drawn.
    pub draws: u32,
    /// The sum over the games of Black's final disc difference (Black's
    /// discs less White's, as the base records the result).
    pub margin_sum: i64,
    /// The first year it was played.
    pub first_year: u16,
    /// The last year it was played.
    pub last_year: u16,
}

impl Stats {
    /// Of the games, won by White.
    pub fn white_wins(&self) -> u32 {
        self.games - self.black_wins - self.draws
    }

    /// Black's mean final disc difference.
    pub fn mean_margin(&self) -> f64 {
        if self.games == 0 { 0.0 } else { self.margin_sum as f64 / self.games as f64 }
    }

    /// Adds one game, of `year`, that Black ended with `black_discs` discs.
    pub fn add(&mut self, year: u16, black_discs: u8) {
        let margin = 2 * black_discs as i64 - 64;
        if self.games == 0 {
            (self.first_year, self.last_year) = (year, year);
        }
        self.games += 1;
        self.black_wins += (margin > 0) as u32;
        self.draws += (margin == 0) as u32;
        self.margin_sum += margin;
        self.first_year = self.first_year.min(year);
        self.last_year = self.last_year.max(year);
    }
}

/// A position as the explorer knows it: Black's and White's discs in the
/// least of their symmetric images, and the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Key {
    black: u64,
    white: u64,
    to_move: Color,
}

impl Key {
    /// The key of an 8×8 position, and the symmetry that takes it there.
    pub fn of(pos: &Position) -> (Key, Symmetry) {
        let (black, white, sym) = canonical::<G>(pos.black(), pos.white());
        (Key { black, white, to_move: pos.to_move() }, sym)
    }

    /// The 64 bits the file keeps of the key: two positions in a file of a
    /// million would share them about once in 10^7 files.
    pub fn hash(&self) -> u64 {
        let mix = |mut x: u64| {
            x ^= x >> 31;
            x = x.wrapping_mul(0x7fb5_d329_728e_a185);
            x ^= x >> 27;
            x = x.wrapping_mul(0x81da_def4_bc2d_d44d);
            x ^ (x >> 33)
        };
        mix(self.black ^ mix(self.white.rotate_left(17) ^ (self.to_move as u64 + 1)))
    }
}

/// What the explorer knows of one position: its games, and the moves
/// played from it, each in the key's frame.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Entry {
    /// The games that reached the position.
    pub stats: Stats,
    /// The moves played from it (a square in the key's frame), one for
    /// each distinct position they lead to.
    pub moves: Vec<(u8, Stats)>,
}

/// A move played from a position, in that position's frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Played {
    /// The move.
    pub square: Square,
    /// The games that played it.
    pub stats: Stats,
}

/// What was played from a position, most played first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Explored {
    /// The games that reached the position.
    pub stats: Stats,
    /// The moves, most played first.
    pub moves: Vec<Played>,
}

/// The explorer's positions, by the hash of their keys.
#[derive(Clone, Debug, Default)]
pub struct Explorer {
    entries: HashMap<u64, Entry>,
    /// The games it was built from.
    pub games: u32,
    /// The fewest games a position it keeps was reached by.
    pub min_games: u32,
}

impl Explorer {
    /// Positions kept.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// True if it keeps no position.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Moves kept, over all positions.
    pub fn moves(&self) -> usize {
        self.entries.values().map(|e| e.moves.len()).sum()
    }

    /// The explorer in the repository (`engine/explorer/explorer.yex`),
    /// built into the native binary; the browser fetches the same file
    /// after its first paint.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn shipped() -> &'static Explorer {
        static E: std::sync::OnceLock<Explorer> = std::sync::OnceLock::new();
        E.get_or_init(|| Explorer::from_bytes(include_bytes!("../../explorer/explorer.yex")).expect("the embedded explorer is valid"))
    }

    /// What was played from `pos` (`None` if it is not an 8×8 position
    /// enough games reached). A move that leads to the same position as
    /// another, up to symmetry, is shown once: as f5 at the start, where
    /// the base writes every game's first move so.
    pub fn explore(&self, pos: &Position) -> Option<Explored> {
        if pos.size() != BoardSize::OTHELLO {
            return None;
        }
        let (key, sym) = Key::of(pos);
        let entry = self.entries.get(&key.hash())?;
        // The legal moves by the key of the position each leads to.
        let mut by_child: HashMap<Key, Square> = HashMap::new();
        let f5 = Square::of_bit(37);
        for square in pos.legal_squares() {
            let child = pos.play(square).expect("a legal move");
            let shown = by_child.entry(Key::of(&child).0).or_insert(square);
            if square == f5 {
                *shown = square;
            }
        }
        let mut moves: Vec<Played> = entry
            .moves
            .iter()
            .filter_map(|&(sq, stats)| {
                let here = transform::<G>(sym.inverse(), 1u64 << sq).trailing_zeros();
                let square = Square::from_index(BoardSize::OTHELLO, here)?;
                let child = pos.play(square)?;
                Some(Played { square: by_child[&Key::of(&child).0], stats })
            })
            .collect();
        moves.sort_by_key(|m| (std::cmp::Reverse(m.stats.games), m.square.index()));
        Some(Explored { stats: entry.stats, moves })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stats_count_results_and_years() {
        let mut s = Stats::default();
        s.add(1990, 40);
        s.add(1985, 32);
        s.add(2001, 10);
        assert_eq!((s.games, s.black_wins, s.draws, s.white_wins()), (3, 1, 1, 1));
        // Margins +16, 0 and -44.
        assert_eq!(s.margin_sum, -28);
        assert_eq!((s.first_year, s.last_year), (1985, 2001));
    }

    #[test]
    fn keys_meet_across_symmetries_and_keep_the_side_to_move() {
        let start = Position::start(BoardSize::OTHELLO, crate::rules::position::Start::Othello);
        let after = |name: &str| start.play(Square::parse(name, BoardSize::OTHELLO).unwrap()).unwrap();
        let k = Key::of(&after("f5")).0;
        for m in ["d3", "c4", "e6"] {
            assert_eq!(Key::of(&after(m)).0, k, "{m}");
        }
        assert_ne!(Key::of(&after("f5").passed()).0, k);
        assert_ne!(Key::of(&after("f5").passed()).0.hash(), k.hash());
    }
}
