//! Playing and labelling a self-play game of a recipe, and labelling a
//! tournament game's moves.


use crate::parallel::Mode;
use crate::eval::evaluation::Weights;
use crate::play::level::Level;
use crate::play::search::{search, SearchOptions};
use crate::rules::game::Move;
use crate::rules::position::{Position, Scoring, Status};
use crate::rules::square::Square;
use crate::search::tt::TranspositionTable;
use crate::solver::solve::{solve, SolveOptions};
use crate::{BoardSize, Start};
use super::shard::*;

/// Plays and labels game `g` of a self-play `recipe`.
pub fn play_game(recipe: &Recipe, weights: &'static Weights, g: u32) -> Game {
    play(recipe, weights, g, 0).0
}

/// The recipe's labeller: the exact solver from its empties, its search
/// before; one table for a whole game.
pub(super) struct Labeller {
    exact: u32,
    tt: TranspositionTable,
    search: SearchOptions,
    solve: SolveOptions,
}

impl Labeller {
    pub(super) fn new(recipe: &Recipe, weights: &'static Weights) -> Labeller {
        let level = Level { selectivity: recipe.selectivity, ..Level::depth(recipe.depth as u32) };
        Labeller {
            exact: recipe.exact as u32,
            tt: TranspositionTable::with_mib(16),
            search: SearchOptions { weights, mode: Mode::Serial, ..SearchOptions::new(level, Scoring::World) },
            solve: SolveOptions { scoring: Scoring::World, mode: Mode::Serial, ..Default::default() },
        }
    }

    /// The best move of `pos` (which has one) and its label.
    pub(super) fn label(&self, pos: &Position) -> (Option<Move>, i8) {
        let (best, score) = if pos.empties().count_ones() <= self.exact {
            let sol = solve(pos, &self.tt, self.solve, None);
            (sol.best, sol.score as f64)
        } else {
            let r = search(pos, &self.tt, &self.search, None, &mut |_| {});
            (r.best, r.score)
        };
        (best, score.round().clamp(-64.0, 64.0) as i8)
    }
}

/// A tournament game's `moves` (square indices from the standard start,
/// passes implied, legal to the end) labelled by `recipe`'s engine.
pub fn label_game(recipe: &Recipe, weights: &'static Weights, moves: &[u8]) -> Game {
    let labeller = Labeller::new(recipe, weights);
    let mut pos = Position::start(BoardSize::OTHELLO, Start::Othello);
    let mut labels = Vec::with_capacity(moves.len());
    for &sq in moves {
        if pos.status() == Status::Pass {
            pos = pos.passed();
        }
        labels.push(labeller.label(&pos).1);
        pos = pos.play(Square::of_bit(sq as u32)).expect("a legal game");
    }
    Game { moves: moves.to_vec(), labels }
}

/// Game `g` of a self-play `recipe` played until `empties` squares are left
/// (the whole game at 0): its moves and labels so far, and the position it
/// stands at.
pub fn play(recipe: &Recipe, weights: &'static Weights, g: u32, empties: u32) -> (Game, Position) {
    let mut rng = recipe.rng(g);
    let mut departures = recipe.departures(&mut rng);
    let labeller = Labeller::new(recipe, weights);
    let mut pos = Position::start(BoardSize::OTHELLO, Start::Othello);
    let (mut moves, mut labels) = (Vec::new(), Vec::new());
    loop {
        match pos.status() {
            Status::Over => break,
            Status::Pass => pos = pos.passed(),
            Status::Move => {}
        }
        if pos.empties().count_ones() <= empties {
            break;
        }
        let left = pos.empties().count_ones();
        let (best, label) = labeller.label(&pos);
        let random = departures.random(moves.len(), left);
        let sq = match best {
            _ if random => rng.pick(pos.legal_moves()),
            Some(Move::Play(sq)) => sq.index(),
            _ => unreachable!("a position with a move has a best move"),
        };
        moves.push(sq as u8);
        labels.push(label);
        pos = pos.play(Square::of_bit(sq)).expect("legal");
    }
    (Game { moves, labels }, pos)
}
