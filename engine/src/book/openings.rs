//! The names of the standard Othello openings (`engine/book/openings.txt`):
//! a game is named by the longest listed line whose position it reached,
//! up to symmetry, at that line's ply, so transposed and mirrored move
//! orders get the same name.

use std::collections::HashMap;
use std::sync::OnceLock;

use crate::book::store::Key;
use crate::rules::game::Game;
use crate::rules::geometry::BoardSize;
use crate::rules::position::{Position, Start};

/// Each listed line's last position and its name.
fn table() -> &'static HashMap<Key, &'static str> {
    static T: OnceLock<HashMap<Key, &'static str>> = OnceLock::new();
    T.get_or_init(|| {
        let start = Position::start(BoardSize::OTHELLO, Start::Othello);
        let mut t = HashMap::new();
        for line in include_str!("../../book/openings.txt").lines().filter(|l| !l.starts_with('#') && !l.is_empty()) {
            let (moves, name) = line.split_once(' ').expect("a line is moves, a space and a name");
            let game = Game::from_record(start, moves).expect("the listed lines are legal");
            let pos = game.current();
            t.entry(Key::of(pos.player(), pos.opponent()).0).or_insert(name);
        }
        t
    })
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
    fn every_listed_line_is_named_by_itself_or_a_transposition() {
        for line in include_str!("../../book/openings.txt").lines().filter(|l| !l.starts_with('#')) {
            let (moves, _) = line.split_once(' ').unwrap();
            assert!(name(moves).is_some(), "{line}");
        }
    }
}
