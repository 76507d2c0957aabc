//! How a search uses the threads of the current rayon pool, and the abort
//! flags that end the parallel parts of a tree early.
//!
//! Every mode runs on rayon, so the same code uses native threads and, in the
//! browser, web workers. The number of threads is the current pool's
//! (`rayon::current_num_threads()`); with one thread every mode but
//! [`Mode::Msai`] is the plain sequential search.

use std::sync::atomic::{AtomicBool, AtomicI32, AtomicUsize, Ordering::Relaxed};

use rayon::prelude::*;

use serde::Serialize;

/// A way of spreading one search over threads.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    /// Young Brothers Wait: at a node deep enough to be worth it, the first
    /// move is searched alone, then the others in parallel against its value;
    /// a cutoff in any of them aborts the rest. Shared table. The default:
    /// it was the faster on FFO #20–#39 and on the midgame bench (README).
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
    pub const ALL: [Mode; 5] = [Mode::Ybw, Mode::Lazy, Mode::Msai, Mode::Predict, Mode::Serial];

    pub fn name(self) -> &'static str {
        match self {
            Mode::Ybw => "ybw",
            Mode::Lazy => "lazy",
            Mode::Msai => "msai",
            Mode::Predict => "predict",
            Mode::Serial => "serial",
        }
    }

    pub fn parse(s: &str) -> Option<Mode> {
        Mode::ALL.into_iter().find(|m| m.name() == s.trim().to_ascii_lowercase())
    }

    /// The threads this mode may use in the current pool.
    pub fn threads(self) -> usize {
        match self {
            Mode::Serial => 1,
            _ => rayon::current_num_threads(),
        }
    }
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
    pub fn new(parent: Option<&'a Abort<'a>>) -> Self {
        Abort { flag: AtomicBool::new(false), parent }
    }

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

/// Young Brothers Wait's split point: the eldest move was searched and did
/// not cut, so the `items` younger ones are searched at once, in order, by as
/// many tasks as the pool has threads. Each task makes its searcher with
/// `make` (working under `abort`); `search(w, i, lo, hi)` gives item `i`'s
/// value from this node's side within (`lo`, `hi`), fail-soft, or `None` if
/// it was cut short. Each move gets a null window at the best value so far
/// (shared by the tasks), a second one if a sibling raised that value
/// meanwhile, and a full re-search only if it may be better; a cutoff aborts
/// the rest. Returns the best value and item among the moves that finished
/// (`i32::MIN` if none did) and the searchers, whose statistics the caller
/// adds up.
pub fn split<W: Send>(
    items: usize,
    alpha: i32,
    beta: i32,
    abort: &Abort,
    make: impl Fn() -> W + Sync,
    search: impl Fn(&mut W, usize, i32, i32) -> Option<i32> + Sync,
) -> (i32, Option<usize>, Vec<W>) {
    let shared = AtomicI32::new(alpha);
    let tasks = in_order(
        items,
        || (make(), i32::MIN, None),
        |(w, best, best_i), i| {
            let a = shared.load(Relaxed);
            if a >= beta || abort.is_set() {
                return false;
            }
            let Some(mut v) = search(w, i, a, a + 1) else { return false };
            let a2 = shared.load(Relaxed);
            if v > a && v <= a2 && a2 < beta {
                let Some(x) = search(w, i, a2, a2 + 1) else { return false };
                v = x;
            }
            if v > a.max(a2) && v < beta {
                let Some(x) = search(w, i, v, beta) else { return false };
                v = x;
            }
            if v > *best {
                (*best, *best_i) = (v, Some(i));
            }
            shared.fetch_max(v, Relaxed);
            if v >= beta {
                abort.set();
                return false;
            }
            true
        },
    );
    let (mut best, mut best_i) = (i32::MIN, None);
    let mut workers = Vec::with_capacity(tasks.len());
    for (w, v, i) in tasks {
        if v > best {
            (best, best_i) = (v, i);
        }
        workers.push(w);
    }
    (best, best_i, workers)
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
