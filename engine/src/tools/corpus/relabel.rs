//! Raising a tournament shard's exact labels (`yomi corpus relabel`): the
//! positions between its solver's old reach and a new one solved, every
//! other label kept. An exact score does not depend on the engine that
//! finds it and a tournament game's moves are the players', so the result is
//! the shard `corpus grow --real --exact E` would have made at the shard's
//! own commit: its manifest row keeps that commit, and the work resumes at
//! any commit; each game is relabelled by [`relabel_game`](super::relabel_game).
//! (Self-play shards cannot be raised: their moves from the
//! solver's reach on are the solver's.)

use super::{manifest::Entry, shard::*};

/// The work file of the shard being relabelled.
pub const RELABEL: &str = "relabel.part";

/// The first tournament shard whose exact labels start below `exact`
/// empties, by its index in the manifest.
pub fn relabel_target(entries: &[Entry], exact: u8) -> Option<usize> {
    entries.iter().position(|e| matches!(e.recipe.source, Source::Tournament { .. }) && e.recipe.exact < exact)
}
