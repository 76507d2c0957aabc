//! The evaluation installed while the program runs: the browser's page
//! fetches a larger one than the wasm module embeds after its first paint
//! (the compact tables with a network over them, as the book comes), and
//! every search set up from then on uses it with its own ProbCut statistics.
//! Until then, and wherever nothing is installed, the shipped pair.

use std::sync::OnceLock;

use crate::error::Error;
use crate::eval::evaluation::Weights;
use crate::eval::pattern_weights::PatternWeights;
use crate::play::probcut::ProbCutStats;

static INSTALLED: OnceLock<(Weights, ProbCutStats)> = OnceLock::new();

/// The weights and statistics a search uses by default: the installed pair
/// if there is one, else [`Weights::shipped`] and [`ProbCutStats::shipped`].
pub fn current() -> (&'static Weights, &'static ProbCutStats) {
    match INSTALLED.get() {
        Some((w, s)) => (w, s),
        None => (Weights::shipped(), ProbCutStats::shipped()),
    }
}

/// Installs 8×8 pattern weights with the ProbCut statistics measured on
/// them. Once only: searches under way hold the pair they began with, and
/// a second install is refused rather than mixing two evaluations.
pub fn install(patterns: PatternWeights, probcut: ProbCutStats) -> Result<(), Error> {
    INSTALLED.set((Weights::with_patterns(patterns), probcut)).map_err(|_| Error::BadArgument("an evaluation is already installed; a new engine is needed to change it".into()))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The shipped pair installed again: every other test of this process
    /// sees the same values, from the installed copy.
    #[test]
    fn an_installed_evaluation_is_the_current_one_and_installs_once() {
        let patterns = || Weights::shipped().patterns.as_deref().expect("8x8 patterns").clone();
        install(patterns(), ProbCutStats::shipped().clone()).expect("nothing installed before");
        let (w, s) = current();
        assert!(!std::ptr::eq(w, Weights::shipped()), "the installed copy is read");
        assert_eq!((w, s), (Weights::shipped(), ProbCutStats::shipped()));
        let again = install(patterns(), ProbCutStats::shipped().clone()).unwrap_err();
        assert_eq!(again.to_string(), "an evaluation is already installed; a new engine is needed to change it");
        assert!(std::ptr::eq(current().0, w), "a refused install changes nothing");
    }
}
