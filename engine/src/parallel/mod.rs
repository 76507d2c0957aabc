//! How a search uses the threads of the current rayon pool: the modes, each
//! in a file of its own ([`ybw`], [`lazy`], [`msai`], [`serial`]; paper
//! 002's master tree, which must know positions, is [`crate::predict`]), the abort flags that end the parallel parts of a tree early,
//! and [`in_order`], which hands work out to the pool.
//!
//! This layer schedules; it knows nothing of what is searched. Each mode is
//! written once, generic over the search it runs, and the playing search
//! and the exact solver use it the same way. Every mode runs on rayon, so
//! the same code uses native threads and, in the browser, web workers. The
//! number of threads is the current pool's (`rayon::current_num_threads()`);
//! with one thread every mode but [`Mode::Msai`] is the plain sequential
//! search.

pub mod lazy;
pub mod msai;
pub mod serial;
pub mod ybw;

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering::Relaxed};

use rayon::prelude::*;

use serde::Serialize;

/// A way of spreading one search over threads.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    /// Young Brothers Wait: at a node deep enough to be worth it, the first
    /// move is searched alone, then the others in parallel against its value;
    /// a cutoff in any of them aborts the rest. Shared table. The default:
    /// it was the faster on FFO #20–#39 and on the midgame bench (engine/MEASUREMENTS.md).
    #[default]
    Ybw,
    /// Lazy SMP: every thread searches the whole tree over the shared table,
    /// helpers with a perturbed move order (and, in the midgame, one ply
    /// deeper every other thread); the main thread's answer is taken.
    Lazy,
    /// Paper 000's MSAI, as a baseline: each root move is its own task with a
    /// full window, and nothing learnt in one bounds another.
    Msai,
    /// Paper 002: a master tree grown by predicted best moves until each
    /// worker owns one leaf; workers search with their own tables and the
    /// master keeps the minimax value of its tree current.
    Predict,
    /// One thread, whatever the pool.
    Serial,
}

impl Mode {
    /// Every mode.
    pub const ALL: [Mode; 5] = [Mode::Ybw, Mode::Lazy, Mode::Msai, Mode::Predict, Mode::Serial];

    /// The mode's name on the command line and in the API.
    pub fn name(self) -> &'static str {
        match self {
            Mode::Ybw => "ybw",
            Mode::Lazy => "lazy",
            Mode::Msai => "msai",
            Mode::Predict => "predict",
            Mode::Serial => "serial",
        }
    }

    /// A mode by name.
    pub fn parse(s: &str) -> Option<Mode> {
        Mode::ALL.into_iter().find(|m| m.name() == s.trim().to_ascii_lowercase())
    }

    /// The mode for one search inside a larger one (a leaf of paper 002's
    /// tree, one position of a batch, one move of an analysis): paper 002's
    /// tree needs several searches to split, so there it is ybw.
    pub fn within_one_search(self) -> Mode {
        if self == Mode::Predict {
            Mode::Ybw
        } else {
            self
        }
    }

    /// The threads this mode may use in the current pool.
    pub fn threads(self) -> usize {
        match self {
            Mode::Serial => 1,
            _ => rayon::current_num_threads(),
        }
    }

    /// What this mode means for one search in the current pool: the one
    /// place a mode is decoded.
    pub fn split(self) -> Split {
        let threads = self.threads();
        Split {
            threads,
            nodes: matches!(self, Mode::Ybw | Mode::Predict) && threads > 1,
            searchers: if self == Mode::Lazy { threads } else { 1 },
            root_tasks: self == Mode::Msai,
            master_tree: self == Mode::Predict && threads > 1,
        }
    }
}

/// How one search spreads over the pool, as its [`Mode`] says: the engines
/// ask this, so that none matches on the mode itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Split {
    /// Threads the search may use.
    pub threads: usize,
    /// A node deep enough splits its younger brothers over the pool once
    /// the eldest is searched (ybw, and the leaves of paper 002's tree).
    pub nodes: bool,
    /// Searches of the whole tree over the shared table, the main one
    /// included (Lazy SMP's helpers; 1 without).
    pub searchers: usize,
    /// Every root move is its own task with a full window, none bounding
    /// another (paper 000's MSAI): no aspiration, and no task splits.
    pub root_tasks: bool,
    /// Paper 002's master tree spreads the root's first plies over the
    /// workers, where the position allows ([`crate::predict`]).
    pub master_tree: bool,
}

impl std::fmt::Display for Mode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// An abort flag for one parallel part of a search (a split point's
/// siblings, or Lazy SMP's helpers), chained to the flags of the parts it is
/// nested in: aborting a split aborts everything below it.
pub struct Abort<'a> {
    flag: AtomicBool,
    parent: Option<&'a Abort<'a>>,
}

impl<'a> Abort<'a> {
    /// A flag under `parent`: set when this one or any above it is.
    pub fn new(parent: Option<&'a Abort<'a>>) -> Self {
        Abort { flag: AtomicBool::new(false), parent }
    }

    /// Sets the flag: the work under it ends.
    pub fn set(&self) {
        self.flag.store(true, Relaxed);
    }

    /// True if this part or any part it belongs to was aborted.
    #[inline]
    pub fn is_set(&self) -> bool {
        let mut a = Some(self);
        while let Some(x) = a {
            if x.flag.load(Relaxed) {
                return true;
            }
            a = x.parent;
        }
        false
    }
}

/// Hands the items `0..items` out in order to as many rayon tasks as the
/// pool has threads (no more than the items). Each task makes its state with
/// `init` and takes the next item until there is none or `body` says to stop;
/// the states come back. In order matters: the earlier moves of a split node
/// are the likelier to cut, and a plain parallel iterator would give a
/// second thread the last, worst-ordered half first.
pub fn in_order<S: Send>(items: usize, init: impl Fn() -> S + Sync, body: impl Fn(&mut S, usize) -> bool + Sync) -> Vec<S> {
    let next = AtomicUsize::new(0);
    let tasks = rayon::current_num_threads().min(items).max(1);
    (0..tasks)
        .into_par_iter()
        .with_max_len(1)
        .map(|_| {
            let mut state = init();
            loop {
                let i = next.fetch_add(1, Relaxed);
                if i >= items || !body(&mut state, i) {
                    break;
                }
            }
            state
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for m in Mode::ALL {
            assert_eq!(Mode::parse(m.name()), Some(m));
        }
        assert_eq!(Mode::parse("YBW "), Some(Mode::Ybw));
        assert_eq!(Mode::parse("smp"), None);
    }

    #[test]
    fn in_order_visits_every_item_once() {
        let pool = rayon::ThreadPoolBuilder::new().num_threads(3).build().unwrap();
        let states = pool.install(|| in_order(50, Vec::new, |seen: &mut Vec<usize>, i| {
            seen.push(i);
            true
        }));
        let mut all: Vec<usize> = states.into_iter().flatten().collect();
        all.sort();
        assert_eq!(all, (0..50).collect::<Vec<_>>());
    }

    #[test]
    fn abort_reaches_nested_parts() {
        let root = Abort::new(None);
        let inner = Abort::new(Some(&root));
        let leaf = Abort::new(Some(&inner));
        assert!(!leaf.is_set());
        root.set();
        assert!(leaf.is_set() && inner.is_set());
    }
}
