//! Raising a tournament shard's exact labels (`yomi corpus relabel`): the
//! positions between its solver's old reach and a new one solved, every
//! other label kept. An exact score does not depend on the engine that
//! finds it and a tournament game's moves are the players', so the result is
//! the shard `corpus grow --real --exact E` would have made at the shard's
//! own commit: its manifest row keeps that commit, and the work resumes at
//! any commit. (Self-play shards cannot be raised: their moves from the
//! solver's reach on are the solver's.)

use crate::eval::evaluation::Weights;
use crate::play::level::Level;
use crate::rules::position::{Position, Status};
use crate::rules::square::Square;
use crate::search::tt::TranspositionTable;
use crate::tools::selfplay::Labeller;
use crate::{BoardSize, Start};
use super::{manifest::Entry, shard::*};

/// The work file of the shard being relabelled.
pub const RELABEL: &str = "relabel.part";

/// The first tournament shard whose exact labels start below `exact`
/// empties, by its index in the manifest.
pub fn relabel_target(entries: &[Entry], exact: u8) -> Option<usize> {
    entries.iter().position(|e| matches!(e.recipe.source, Source::Tournament { .. }) && e.recipe.exact < exact)
}

/// Game `game` of a tournament shard of recipe `from`, its positions of
/// `from.exact + 1 ..= to.exact` empties solved as `to`'s labeller solves
/// them (one table for the game, the most empties first).
pub fn relabel_game(from: &Recipe, to: &Recipe, game: &Game) -> Game {
    debug_assert!(matches!(from.source, Source::Tournament { .. }) && from.source == to.source && from.exact <= to.exact);
    let tt = TranspositionTable::with_mib(16);
    let labeller = Labeller::new(Weights::shipped(), Level::depth(to.depth as u32), to.exact as u32, &tt);
    let mut pos = Position::start(BoardSize::OTHELLO, Start::Othello);
    let mut labels = game.labels.clone();
    for (label, &sq) in labels.iter_mut().zip(&game.moves) {
        if pos.status() == Status::Pass {
            pos = pos.passed();
        }
        let empties = pos.empties().count_ones();
        if empties > from.exact as u32 && empties <= to.exact as u32 {
            let l = labeller.label(&pos);
            debug_assert!(l.exact);
            *label = l.score as i8;
        }
        pos = pos.play(Square::of_bit(sq as u32)).expect("a shard's game is legal");
    }
    Game { moves: game.moves.clone(), labels }
}
