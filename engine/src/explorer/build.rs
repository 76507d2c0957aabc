//! Building the explorer from games: two passes over them, the first
//! counting every position's games, the second keeping the statistics of
//! the positions enough games reach (one pass keeping all would hold every
//! position of every game, most of them reached once).

use std::collections::HashMap;

use super::{Entry, Explorer, Key, Stats};
use crate::rules::game::{Game, Move};
use crate::rules::symmetry::transform;

/// One game for the explorer: its moves, its year and Black's final discs.
pub struct Source<'a> {
    /// The game, replayed from the standard start.
    pub game: &'a Game,
    /// The year it was played.
    pub year: u16,
    /// Black's discs at the end, as the base records them (also for a game
    /// that stops before the end: the players' agreed result).
    pub black_discs: u8,
}

/// Calls `f(position's key, the move's square in the key's frame, the key
/// of the position it leads to)` for every move of `game`, passes aside,
/// and `f(last key, None, None)` where it stops.
fn walk(game: &Game, f: &mut dyn FnMut(Key, Option<(u8, Key)>)) {
    let positions = game.positions();
    for (i, m) in game.moves().iter().enumerate() {
        if let Move::Play(sq) = m {
            let (key, sym) = Key::of(&positions[i]);
            let here = transform::<super::G>(sym, sq.bit()).trailing_zeros() as u8;
            f(key, Some((here, Key::of(&positions[i + 1]).0)));
        }
    }
    f(Key::of(game.current()).0, None);
}

/// The explorer of `games`, keeping the positions at least `min_games` of
/// them reach.
pub fn build(games: &[Source], min_games: u32) -> Explorer {
    let mut counts: HashMap<Key, u32> = HashMap::new();
    for g in games {
        // Every position once: a pass changes the side to move, so the key.
        walk(g.game, &mut |key, _| *counts.entry(key).or_default() += 1);
    }
    counts.retain(|_, n| *n >= min_games.max(1));
    // A kept position's games, and its moves: the position each leads to,
    // the square in the key's frame, and the games that played it.
    type Moves = Vec<(Key, u8, Stats)>;
    let mut kept: HashMap<Key, (Stats, Moves)> = HashMap::new();
    for g in games {
        walk(g.game, &mut |key, step| {
            if !counts.contains_key(&key) {
                return;
            }
            let (stats, moves) = kept.entry(key).or_default();
            stats.add(g.year, g.black_discs);
            if let Some((sq, child)) = step {
                let i = match moves.iter().position(|m| m.0 == child) {
                    Some(i) => i,
                    None => {
                        moves.push((child, sq, Stats::default()));
                        moves.len() - 1
                    }
                };
                moves[i].2.add(g.year, g.black_discs);
            }
        });
    }
    let entries = kept
        .into_iter()
        .map(|(key, (stats, moves))| (key.hash(), Entry { stats, moves: moves.into_iter().map(|(_, sq, s)| (sq, s)).collect() }))
        .collect();
    Explorer { entries, games: games.len() as u32, min_games }
}
