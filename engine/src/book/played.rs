//! The positions people play: those that at least a number of games reach
//! within their first plies, counted as positions (up to the board's eight
//! symmetries, so transpositions meet), with a line from the start to each
//! through positions of the set, so that a book can hold them all.

use std::collections::{BTreeMap, HashMap, HashSet};

use crate::book::store::{next, Book, Key, Next, G};
use crate::rules::movegen::MoveGen;

/// The positions a set of games makes popular.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played {
    /// Every position of the set, nearest the start first (then by key):
    /// each after the first has a move into it from an earlier one.
    pub keys: Vec<Key>,
    /// Of them, those at least the asked number of games reach; the rest
    /// join them as the most played way into one whose other ways in are
    /// all less played.
    pub popular: usize,
}

/// The canonical positions of one game from the start to ply `plies`
/// (passes aside), one a ply; a move that is not legal ends the walk.
fn walk(squares: &[u8], plies: u32) -> Vec<Key> {
    let (mut p, mut o) = Book::root();
    let mut keys = vec![Key::of(p, o).0];
    for &sq in squares.iter().take(plies as usize) {
        if (p | o) & (1 << sq) != 0 || G::flips(p, o, sq as u32) == 0 {
            break;
        }
        match next(p, o, sq as u32) {
            Next::Child { p: cp, o: co, .. } => (p, o) = (cp, co),
            Next::Over(_) => break,
        }
        keys.push(Key::of(p, o).0);
    }
    keys
}

/// The positions at least `min_games` of `games` (each its squares from
/// the standard start, passes left out) reach within `plies` plies, and a
/// line from the start to each.
pub fn played(games: &[Vec<u8>], min_games: u32, plies: u32) -> Played {
    let walks: Vec<Vec<Key>> = games.iter().map(|g| walk(g, plies)).collect();
    let mut counts: HashMap<Key, u32> = HashMap::new();
    for w in &walks {
        for &k in w {
            *counts.entry(k).or_default() += 1;
        }
    }
    let mut set: HashSet<Key> = counts.iter().filter(|(_, &n)| n >= min_games.max(1)).map(|(k, _)| *k).collect();
    let popular = set.len();
    // A position whose ways in are all outside the set gets its most played
    // way in; looked at again until every position has one.
    loop {
        let mut ways_in: HashMap<Key, BTreeMap<Key, u32>> = HashMap::new();
        for w in &walks {
            for pair in w.windows(2) {
                if set.contains(&pair[1]) {
                    *ways_in.entry(pair[1]).or_default().entry(pair[0]).or_default() += 1;
                }
            }
        }
        let mut added = Vec::new();
        for ways in ways_in.values() {
            if !ways.keys().any(|k| set.contains(k)) {
                let (&best, _) = ways.iter().max_by_key(|(k, n)| (**n, std::cmp::Reverse(**k))).expect("a way in");
                added.push(best);
            }
        }
        if added.is_empty() {
            break;
        }
        set.extend(added);
    }
    let mut keys: Vec<Key> = set.into_iter().collect();
    keys.sort_by_key(|k| (k.ply(), *k));
    Played { keys, popular }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::game::{Game, Move};
    use crate::rules::position::{Position, Start};
    use crate::BoardSize;

    fn squares(record: &str) -> Vec<u8> {
        let g = Game::from_record(Position::start(BoardSize::OTHELLO, Start::Othello), record).unwrap();
        g.moves().iter().filter_map(|m| if let Move::Play(s) = m { Some(s.index() as u8) } else { None }).collect()
    }

    #[test]
    fn transpositions_and_mirrors_meet() {
        // f5 d6 c3 d3 c4 and its mirror d3 c5 f6 f5 e6 reach one position;
        // the first three moves too, in their own frames.
        let games = vec![squares("f5d6c3d3c4"), squares("d3c5f6f5e6"), squares("f5f6")];
        let p = played(&games, 2, 60);
        assert_eq!(p.popular, 6, "{:?}", p.keys);
        assert_eq!(p.keys.len(), 6);
        assert_eq!(p.keys[0], Key::of(Book::root().0, Book::root().1).0);
        assert!(p.keys.windows(2).all(|w| w[0].ply() <= w[1].ply()));
        // One game is enough for every position of the three.
        assert_eq!(played(&games, 1, 60).keys.len(), 1 + 1 + 1 + 1 + 1 + 1 + 1);
        // The ply cap.
        assert_eq!(played(&games, 2, 2).keys.len(), 3);
    }

    #[test]
    fn a_position_whose_ways_in_are_each_rare_gets_one() {
        // Two orders of the same moves meet at ply 5, reached twice,
        // though each way in is played once.
        let (a, b) = (squares("f5f6f7c5c4"), squares("f5f6c4c5f7"));
        assert_eq!(walk(&a, 60)[5], walk(&b, 60)[5], "a transposition");
        assert_ne!(walk(&a, 60)[4], walk(&b, 60)[4]);
        let p = played(&[a, b], 2, 60);
        // The start, f5, f5 f6 and the meeting are popular; one of the two
        // ways in at ply 4, and its way in at ply 3, join them.
        assert_eq!(p.popular, 4);
        assert_eq!(p.keys.len(), 6, "{:?}", p.keys);
        // Each position after the start has a move into it from the set.
        for k in &p.keys[1..] {
            assert!(p.keys.iter().any(|q| enters(*q, *k)), "{k:?}");
        }
    }

    fn enters(from: Key, to: Key) -> bool {
        crate::rules::movegen::Squares(G::moves(from.p, from.o))
            .any(|sq| matches!(next(from.p, from.o, sq), Next::Child { p, o, .. } if Key::of(p, o).0 == to))
    }
}
