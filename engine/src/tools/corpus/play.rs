//! Playing and labelling a self-play game of a recipe, and labelling a
//! tournament game's moves, by the generators' one game loop and labeller
//! (`tools::selfplay`).

use crate::eval::evaluation::Weights;
use crate::play::level::Level;
use crate::rules::game::Move;
use crate::rules::position::{Position, Status};
use crate::rules::square::Square;
use crate::search::tt::TranspositionTable;
use crate::tools::selfplay::{play_out, Labeller};
use crate::{BoardSize, Start};
use super::shard::*;

/// Plays and labels game `g` of a self-play `recipe`; a recipe of
/// [`Source::Branch`] takes its opening from `fitting` (the tournament games
/// outside the measuring years, as square indices).
pub fn play_game(recipe: &Recipe, weights: &'static Weights, fitting: &[Vec<u8>], g: u32) -> Game {
    play(recipe, weights, fitting, g, 0).0
}

/// The tournament game that opens game `g` of a [`Source::Branch`] recipe,
/// drawn from `rng` after the departures: the first of `fitting` drawn
/// that goes on past the opening's `plies`.
///
/// The caller checks once that some game of `fitting` is longer than the
/// recipe's longest opening (else this would never return).
fn branch_opening<'f>(fitting: &'f [Vec<u8>], plies: u32, rng: &mut crate::rng::Rng) -> &'f [u8] {
    debug_assert!(fitting.iter().any(|m| m.len() > plies as usize), "a tournament game longer than {plies} plies");
    loop {
        let moves = &fitting[rng.below(fitting.len() as u64) as usize];
        if moves.len() > plies as usize {
            return &moves[..plies as usize];
        }
    }
}

/// The recipe's labeller: the exact solver from its empties, its search
/// before, on `tt` (one table for a whole game).
fn labeller<'t>(recipe: &Recipe, weights: &'static Weights, tt: &'t TranspositionTable) -> Labeller<'t> {
    let level = Level { selectivity: recipe.selectivity, ..Level::depth(recipe.depth as u32) };
    Labeller::new(weights, level, recipe.exact as u32, tt)
}

/// A score as a shard keeps it: whole discs within the board's.
fn stored(score: f64) -> i8 {
    score.round().clamp(-64.0, 64.0) as i8
}

/// A tournament game's `moves` (square indices from the standard start,
/// passes implied, legal to the end) labelled by `recipe`'s engine.
pub fn label_game(recipe: &Recipe, weights: &'static Weights, moves: &[u8]) -> Game {
    label_moves(recipe, weights, moves, |_, _| None)
}

/// Game `game` of a tournament shard of recipe `from`, its positions of
/// `from.exact + 1 ..= to.exact` empties solved as `to`'s labeller solves
/// them, every other label kept.
pub fn relabel_game(from: &Recipe, to: &Recipe, game: &Game) -> Game {
    debug_assert!(matches!(from.source, Source::Tournament { .. }) && from.source == to.source && from.exact <= to.exact);
    let kept = |i: usize, empties: u32| (empties <= from.exact as u32 || empties > to.exact as u32).then(|| game.labels[i]);
    label_moves(to, Weights::shipped(), &game.moves, kept)
}

/// `moves` labelled by `recipe`'s engine (one table for the game) where
/// `kept(index, empties)` gives no label already.
fn label_moves(recipe: &Recipe, weights: &'static Weights, moves: &[u8], kept: impl Fn(usize, u32) -> Option<i8>) -> Game {
    let tt = TranspositionTable::with_mib(16);
    let labeller = labeller(recipe, weights, &tt);
    let mut pos = Position::start(BoardSize::OTHELLO, Start::Othello);
    let mut labels = Vec::with_capacity(moves.len());
    for (i, &sq) in moves.iter().enumerate() {
        if pos.status() == Status::Pass {
            pos = pos.passed();
        }
        labels.push(kept(i, pos.empties().count_ones()).unwrap_or_else(|| stored(labeller.label(&pos).score)));
        pos = pos.play(Square::of_bit(sq as u32)).expect("a legal game");
    }
    Game { moves: moves.to_vec(), labels }
}

/// Game `g` of a self-play `recipe` played until `empties` squares are left
/// (the whole game at 0): its moves and labels so far, and the position it
/// stands at. Each move is the labeller's best, except where the recipe's
/// departures call for a random one, or for the tournament opening's move
/// (from `fitting`, see [`play_game`]).
pub fn play(recipe: &Recipe, weights: &'static Weights, fitting: &[Vec<u8>], g: u32, empties: u32) -> (Game, Position) {
    let mut rng = recipe.rng(g);
    let mut departures = recipe.departures(&mut rng);
    let opening = match recipe.source {
        Source::Branch => branch_opening(fitting, departures.opening, &mut rng),
        _ => &[],
    };
    let tt = TranspositionTable::with_mib(16);
    let labeller = labeller(recipe, weights, &tt);
    let mut labels = Vec::new();
    let choose = |pos: &Position, ply: usize| {
        let label = labeller.label(pos);
        labels.push(stored(label.score));
        if departures.random(ply, pos.empties().count_ones()) {
            return match opening.get(ply) {
                Some(&sq) => Square::of_bit(sq as u32),
                None => rng.pick_square(pos.legal_moves()),
            };
        }
        match label.best {
            Some(Move::Play(sq)) => sq,
            _ => unreachable!("a position with a move has a best move"),
        }
    };
    let (played, end) = play_out(Position::start(BoardSize::OTHELLO, Start::Othello), |pos, _| pos.empties().count_ones() <= empties, choose);
    let moves = played.iter().map(|(_, sq)| sq.index() as u8).collect();
    (Game { moves, labels }, end)
}
