//! Why a search ends early. A caller's stop flag, its own limits (time and
//! nodes), and the generation counter that lets a stop posted before a
//! search starts still reach it.
//!
//! A limit never writes the caller's flag: the caller may share that flag
//! with other searches (paper 002's predictions, the app's next request),
//! which a limit of this one must not end. Limits set [`Halt`]'s own flag,
//! which every thread of this search reads.

use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering::{Relaxed, SeqCst}};

use crate::clock::Clock;

/// Nodes a thread searches between looks at the clock, the node limit and
/// the other threads' limit flag.
pub const CHECK_EVERY: u64 = 1024;

/// What a caller allows one search, whichever engine runs it: wall-clock
/// seconds and nodes (all threads together). A limit is a promise: every
/// engine keeps it, also where one hands the position to another.
///
/// # Example
///
/// A search of 40 plies from the start cannot finish; its limits end it
/// with the best move of its last finished iteration (here the node limit:
/// a time limit alone may instead end it by the time rule between
/// iterations, on a slow or busy machine, which is not a cut):
///
/// ```
/// use yomi::{search, BoardSize, Level, Limits, Position, Scoring, SearchOptions, Start, TranspositionTable};
/// let start = Position::start(BoardSize::new(8, 8).unwrap(), Start::Othello);
/// let tt = TranspositionTable::with_mib(16);
/// let limits = Limits { time: Some(30.0), nodes: Some(200_000) };
/// let opts = SearchOptions { limits, ..SearchOptions::new(Level::depth(40), Scoring::World) };
/// let r = search(&start, &tt, &opts, None, &mut |_| {});
/// assert!(r.stopped && r.best.is_some());
/// assert!(r.nodes < 400_000);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Limits {
    /// Wall-clock seconds from the search's start.
    pub time: Option<f64>,
    /// Nodes of all threads together.
    pub nodes: Option<u64>,
}

impl Limits {
    /// No limits.
    pub const NONE: Limits = Limits { time: None, nodes: None };

    /// What is left once `seconds` and `nodes` are spent (never quite
    /// nothing, so that a search handed the rest still starts and stops).
    pub fn left(&self, seconds: f64, nodes: u64) -> Limits {
        Limits { time: self.time.map(|t| (t - seconds).max(1e-3)), nodes: self.nodes.map(|n| n.saturating_sub(nodes).max(1)) }
    }

    /// The time left after `seconds`, with no node limit: what a leaf of
    /// paper 002's tree gets, since a node limit is not shared out among
    /// leaves that run side by side.
    pub fn time_left(&self, seconds: f64) -> Limits {
        Limits { nodes: None, ..self.left(seconds, 0) }
    }

    /// This share of the time and of the nodes.
    pub fn share(&self, fraction: f64) -> Limits {
        Limits { time: self.time.map(|t| t * fraction), nodes: self.nodes.map(|n| ((n as f64 * fraction) as u64).max(1)) }
    }
}

/// Everything that ends one search early, shared by all its threads.
pub struct Halt<'a> {
    /// The caller's stop request (read only).
    stop: Option<&'a AtomicBool>,
    /// Set when a limit of this search is reached.
    limit: AtomicBool,
    clock: Clock,
    /// Seconds after `clock` at which the search ends.
    deadline: Option<f64>,
    /// Nodes (all threads) after which the search ends.
    nodes: Option<u64>,
    /// Nodes counted so far by every thread, in steps of [`CHECK_EVERY`].
    spent: AtomicU64,
}

impl<'a> Halt<'a> {
    /// `limits` count from `clock`'s start.
    pub fn new(stop: Option<&'a AtomicBool>, clock: Clock, limits: Limits) -> Halt<'a> {
        Halt { stop, limit: AtomicBool::new(false), clock, deadline: limits.time, nodes: limits.nodes, spent: AtomicU64::new(0) }
    }

    /// No stop flag and no limits.
    pub fn none() -> Halt<'static> {
        Halt::new(None, Clock::start(), Limits::NONE)
    }

    /// The caller's flag, to hand to a search that keeps its own limits.
    pub fn stop_flag(&self) -> Option<&'a AtomicBool> {
        self.stop
    }

    /// A stop request: cheap enough for every node.
    #[inline(always)]
    pub fn stop_requested(&self) -> bool {
        self.stop.is_some_and(|s| s.load(Relaxed))
    }

    /// A stop request or a reached limit.
    #[inline]
    pub fn halted(&self) -> bool {
        self.stop_requested() || self.limit.load(Relaxed)
    }

    /// Whether a limit (not a stop) ended the search.
    pub fn limit_reached(&self) -> bool {
        self.limit.load(Relaxed)
    }

    /// Adds `new` nodes to every thread's count and looks at the limits;
    /// true if the search must end.
    pub fn account(&self, new: u64) -> bool {
        let total = self.spent.fetch_add(new, Relaxed) + new;
        if self.nodes.is_some_and(|n| total >= n) || self.deadline.is_some_and(|s| self.clock.seconds() >= s) {
            self.limit.store(true, Relaxed);
        }
        self.halted()
    }
}

/// A stop flag for a stream of numbered requests (the browser's engine
/// worker): a stop names the newest request it is meant for, so one posted
/// after a request was sent but before its search started still ends it,
/// and one meant for an earlier request does not end a later one.
pub struct StopSignal {
    flag: AtomicBool,
    /// The newest request a stop was posted for.
    upto: AtomicU32,
}

impl StopSignal {
    /// A signal not yet raised.
    pub const fn new() -> StopSignal {
        StopSignal { flag: AtomicBool::new(false), upto: AtomicU32::new(0) }
    }

    /// Starts request `id` (ids increase from 1) and returns the flag its
    /// search polls. Clearing first and then reading `upto` (both
    /// sequentially consistent, as is the poster's write of `upto` before
    /// the flag) means a concurrent stop is either seen here or lands after
    /// the clear: never lost.
    pub fn begin(&self, id: u32) -> &AtomicBool {
        self.flag.store(false, SeqCst);
        if self.upto.load(SeqCst) >= id {
            self.flag.store(true, SeqCst);
        }
        &self.flag
    }

    /// Stops every request up to `id`, running or not yet started.
    pub fn stop(&self, id: u32) {
        self.upto.fetch_max(id, SeqCst);
        self.flag.store(true, SeqCst);
    }

    /// Where the flag and the counter live, for a page that writes them
    /// itself through shared memory (the flag byte, then a `u32`).
    pub fn flag_ptr(&self) -> *const AtomicBool {
        &self.flag
    }

    /// Where the highest stopped request id lives, for the page to write to.
    pub fn upto_ptr(&self) -> *const AtomicU32 {
        &self.upto
    }
}

impl Default for StopSignal {
    fn default() -> Self {
        StopSignal::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stop_posted_before_the_search_starts_is_kept() {
        // The worker cleared the flag at the start of every search, so a
        // stop posted while the request was still queued was lost.
        let s = StopSignal::new();
        s.stop(1);
        assert!(s.begin(1).load(Relaxed), "request 1 was stopped before it began");
        assert!(!s.begin(2).load(Relaxed), "request 2 came after the stop");
        s.stop(3);
        assert!(s.begin(3).load(Relaxed));
        assert!(!s.begin(4).load(Relaxed));
    }

    #[test]
    fn limits_use_their_own_flag() {
        let caller = AtomicBool::new(false);
        let h = Halt::new(Some(&caller), Clock::start(), Limits { time: None, nodes: Some(2000) });
        assert!(!h.account(1024));
        assert!(h.account(1024), "the node limit is reached");
        assert!(h.limit_reached() && h.halted());
        assert!(!caller.load(Relaxed), "the caller's flag is the caller's");
        let h = Halt::new(Some(&caller), Clock::start(), Limits { time: Some(0.0), nodes: None });
        assert!(h.account(1));
        assert!(!caller.load(Relaxed));
    }
}
