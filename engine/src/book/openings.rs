//! The names of the standard Othello openings (`engine/book/openings.txt`):
//! a game is named by the longest listed line whose position it reached,
//! up to symmetry, at that line's ply, so transposed and mirrored move
//! orders get the same name.

use std::collections::HashMap;
use std::sync::OnceLock;

use crate::book::store::Key;
use crate::rules::game::Game;
use crate::rules::geometry::{BoardSize, Dims};
use crate::rules::position::{Position, Start};
use crate::rules::square::Square;
use crate::rules::symmetry::{transform, Symmetry};

/// Each listed line's last position and its name.
fn table() -> &'static HashMap<Key, &'static str> {
    static T: OnceLock<HashMap<Key, &'static str>> = OnceLock::new();
    T.get_or_init(|| {
        let start = Position::start(BoardSize::OTHELLO, Start::Othello);
        let mut t = HashMap::new();
        for (moves, name) in listed() {
            let game = Game::from_record(start, moves).expect("the listed lines are legal");
            let pos = game.current();
            t.entry(Key::of(pos.player(), pos.opponent()).0).or_insert(name);
        }
        t
    })
}

/// A named opening: its name and its line from the start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opening {
    /// The name (alternatives separated by a slash).
    pub name: &'static str,
    /// The moves from the Othello start, begun with f5 as the app and the
    /// tournament games begin (the list's c4 lines turned half way round).
    pub line: Vec<Square>,
}

/// Every listed opening, in the list's order (a line before the lines
/// that go on from it).
pub fn openings() -> Vec<Opening> {
    let size = BoardSize::OTHELLO;
    listed()
        .map(|(moves, name)| {
            let line = moves
                .as_bytes()
                .chunks(2)
                .map(|m| {
                    let sq = Square::parse(std::str::from_utf8(m).expect("ASCII"), size).expect("the listed lines are squares");
                    let turned = transform::<Dims<8, 8>>(Symmetry::Rotate180, 1u64 << sq.index()).trailing_zeros();
                    Square::of_bit(turned)
                })
                .collect();
            Opening { name, line }
        })
        .collect()
}

/// The list's lines: moves (c4 first) and name.
fn listed() -> impl Iterator<Item = (&'static str, &'static str)> {
    include_str!("../../book/openings.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .map(|line| line.split_once(' ').expect("a line is moves, a space and a name"))
}

/// The name of the opening `game` plays, if it starts from the 8×8 Othello
/// start and reached a named line.
pub fn opening_name(game: &Game) -> Option<&'static str> {
    if *game.start() != Position::start(BoardSize::OTHELLO, Start::Othello) {
        return None;
    }
    game.positions().iter().rev().find_map(|pos| table().get(&Key::of(pos.player(), pos.opponent()).0).copied())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn name(record: &str) -> Option<&'static str> {
        opening_name(&Game::from_record(Position::start(BoardSize::OTHELLO, Start::Othello), record).unwrap())
    }

    #[test]
    fn names_lines_in_any_of_the_four_directions() {
        assert_eq!(name("c4e3f6e6f5"), Some("Tiger"));
        // The same line begun at f5 (a half turn of c4): f5d6c3d3c4.
        assert_eq!(name("f5d6c3d3c4"), Some("Tiger"));
        assert_eq!(name("f5d6c3d3c4f4"), Some("Tiger"));
        // Rose, c4e3f4c5d6f3e6c3d3e2 turned half way round, then Flat (b5, here g4).
        assert_eq!(name("f5d6c5f4e3c6d3f6e6d7"), Some("Rose"));
        assert_eq!(name("f5d6c5f4e3c6d3f6e6d7g4"), Some("Flat"));
        assert_eq!(name("c4c3"), Some("Diagonal Opening"));
        assert_eq!(name("c4c5"), Some("Parallel Opening"));
        assert_eq!(name("f5f4"), Some("Parallel Opening"));
        assert_eq!(name("d3e3"), Some("Parallel Opening"));
        assert_eq!(name(""), None);
        assert_eq!(name("c4"), None);
    }

    #[test]
    fn openings_begin_with_f5_and_keep_their_names() {
        let all = openings();
        assert_eq!(all.len(), listed().count());
        let size = BoardSize::OTHELLO;
        for o in &all {
            let record: String = o.line.iter().map(|s| s.name(size)).collect();
            assert!(record.starts_with("f5"), "{}: {record}", o.name);
            assert_eq!(name(&record), Some(o.name), "{record}");
        }
        let tiger = all.iter().find(|o| o.name == "Tiger").unwrap();
        assert_eq!(tiger.line.iter().map(|s| s.name(size)).collect::<String>(), "f5d6c3d3c4");
    }

    #[test]
    fn every_listed_line_is_named_by_itself_or_a_transposition() {
        for line in include_str!("../../book/openings.txt").lines().filter(|l| !l.starts_with('#')) {
            let (moves, _) = line.split_once(' ').unwrap();
            assert!(name(moves).is_some(), "{line}");
        }
    }
}
