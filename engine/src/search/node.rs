//! The node search every Yomi search runs: hashed principal variation search
//! over the shared table, fail-soft, with Young Brothers Wait split points.
//! What differs between the playing search and the exact solver (what a
//! leaf is worth, the shallow ladder below the table, cutoffs before and
//! after the table probe, move ordering, units, selectivity) is a
//! [`Policy`], chosen at compile time: each search is its own monomorphised
//! copy of this one function, with no run-time dispatch per node.

use crate::bound::Scored;
use crate::parallel::{ybw, Abort};
use crate::rules::movegen::{MoveRules, Squares};
use crate::search::stop::{Halt, CHECK_EVERY};
use crate::search::tt::{hash, Entry, TranspositionTable, NO_MOVE};
use crate::bound::proven_bounds;

/// Statistics of a search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Positions visited.
    pub nodes: u64,
    /// Finished games reached (final positions scored).
    pub leaves: u64,
}

impl std::ops::AddAssign for Stats {
    fn add_assign(&mut self, other: Stats) {
        self.nodes += other.nodes;
        self.leaves += other.leaves;
    }
}

/// A move of a node's list with its ordering key (lower first).
#[derive(Clone, Copy, Debug, Default)]
pub struct Candidate {
    /// The square, as a bit index.
    pub sq: u32,
    /// The discs it turns.
    pub flips: u64,
    /// Its ordering key: lower is searched first.
    pub key: i32,
}

/// Selection sort's step for the short lists of shallow nodes, where
/// sorting the whole list would waste work on moves a cutoff never reaches:
/// moves the lowest-keyed move of `list[i..]` to `i` and returns it.
#[inline(always)]
pub fn select_next(list: &mut [Candidate], i: usize) -> Candidate {
    let mut m = i;
    for j in i + 1..list.len() {
        if list[j].key < list[m].key {
            m = j;
        }
    }
    list.swap(i, m);
    list[i]
}

/// What one kind of search adds to the shared node search. `depth` is
/// whatever the policy counts down (plies, or empties for the solver).
/// Hooks return `Some(value)` to end the node there.
pub trait Policy: Clone + Send + Sync + Sized {
    /// The board the policy searches.
    type G: MoveRules;
    /// Computed once per node, handed to every move's ordering key.
    type Context: Copy;
    /// Larger than any value.
    const INF: i32;
    /// From this depth on, a splitting searcher hands the younger brothers
    /// to the pool.
    const SPLIT_DEPTH: u32;
    /// From this depth on, children are probed for a cutoff (enhanced
    /// transposition cutoff) before any is searched.
    const ETC_DEPTH: u32;
    /// The smallest depth whose nodes probe the table (below it the policy's
    /// `before` or `shallow` ends the search first). Below `ETC_DEPTH`, a
    /// node's children from this depth on have their buckets asked for
    /// while the node orders its moves, so their probes do not wait on
    /// memory. `u32::MAX`: never.
    const TABLE_DEPTH: u32 = u32::MAX;

    /// Separates this search's table entries from any other's.
    fn seed(&self) -> u64;
    /// Forward pruning level of the stored bounds (0: proven).
    fn selectivity(&self) -> u8;
    /// The value of a finished game.
    fn final_value(&self, p: u64, o: u64) -> i32;
    /// Before the node is counted: the policy's own ladder below the table.
    #[inline(always)]
    fn before(_s: &mut Searcher<'_, Self>, _p: u64, _o: u64, _depth: u32, _alpha: i32, _beta: i32) -> Option<i32> {
        None
    }
    /// After the stop check: the horizon.
    #[inline(always)]
    fn horizon(_s: &mut Searcher<'_, Self>, _p: u64, _o: u64, _depth: u32) -> Option<i32> {
        None
    }
    /// Once the moves are known (and there are some): shallow nodes.
    #[inline(always)]
    fn shallow(_s: &mut Searcher<'_, Self>, _p: u64, _o: u64, _moves: u64, _depth: u32, _alpha: i32, _beta: i32) -> Option<i32> {
        None
    }
    /// Before the table probe: cheap proofs (the solver's stability cutoff).
    #[inline(always)]
    fn cut_before_table(_s: &mut Searcher<'_, Self>, _p: u64, _o: u64, _depth: u32, _alpha: i32) -> Option<i32> {
        None
    }
    /// After the table narrowed the window: forward pruning (ProbCut).
    #[inline(always)]
    fn cut_after_table(_s: &mut Searcher<'_, Self>, _p: u64, _o: u64, _depth: u32, _alpha: i32, _beta: i32) -> Option<i32> {
        None
    }
    /// `alpha` is the window's bottom when the moves are ordered.
    fn context(&self, p: u64, o: u64, depth: u32, alpha: i32) -> Self::Context;
    /// The ordering key of the move to `sq` (flipping `flips`) that leads to
    /// (`np`, `no`); lower keys are searched first.
    fn order_key(s: &mut Searcher<'_, Self>, np: u64, no: u64, sq: u32, flips: u64, depth: u32, ctx: Self::Context) -> i32;
}

/// One thread's search over a shared table.
pub struct Searcher<'a, P: Policy> {
    pub(crate) tt: &'a TranspositionTable,
    seed: u64,
    pub(crate) halt: &'a Halt<'a>,
    /// The parallel part of the tree this searcher works in, if any.
    abort: Option<&'a Abort<'a>>,
    /// Split nodes over the rayon pool (Young Brothers Wait).
    split: bool,
    /// Non-zero for a Lazy SMP helper: perturbs its move order.
    jitter: u64,
    stopped: bool,
    /// Nodes and other counts of this search.
    pub stats: Stats,
    /// Nodes already added to the halt's shared count.
    counted: u64,
    /// Move-list buffers, one per depth, reused across nodes.
    lists: Vec<Vec<Candidate>>,
    /// The engine's part: leaves, ordering, pruning.
    pub policy: P,
}

impl<'a, P: Policy> Searcher<'a, P> {
    /// A search over the shared table `tt`, ending when `halt` says, with `policy`.
    pub fn new(tt: &'a TranspositionTable, halt: &'a Halt<'a>, policy: P) -> Self {
        Searcher {
            tt,
            seed: policy.seed(),
            halt,
            abort: None,
            split: false,
            jitter: 0,
            stopped: false,
            stats: Stats::default(),
            counted: 0,
            // Grown on first use: helpers on small subtrees stay cheap.
            lists: (0..=65).map(|_| Vec::new()).collect(),
            policy,
        }
    }

    /// Split nodes over the current rayon pool (Young Brothers Wait).
    pub fn splitting(mut self, on: bool) -> Self {
        self.split = on && rayon::current_num_threads() > 1;
        self
    }

    /// A searcher like this one for a parallel part of the tree under
    /// `abort` (a split point's younger brothers, a Lazy SMP helper, a root
    /// task), with its own statistics; `jitter` non-zero perturbs its order.
    pub fn worker<'b>(&self, abort: Option<&'b Abort<'b>>, split: bool, jitter: u64) -> Searcher<'b, P>
    where
        'a: 'b,
    {
        Searcher {
            tt: self.tt,
            seed: self.seed,
            halt: self.halt,
            abort,
            split: split && rayon::current_num_threads() > 1,
            jitter,
            stopped: false,
            stats: Stats::default(),
            counted: 0,
            lists: (0..=65).map(|_| Vec::new()).collect(),
            policy: self.policy.clone(),
        }
    }

    /// Whether this search splits nodes among threads.
    pub fn splits(&self) -> bool {
        self.split
    }

    /// True once a stop, a limit or an abort of this part has been seen;
    /// values since are meaningless.
    pub fn stopped(&self) -> bool {
        self.stopped
    }

    /// Adds the statistics of a helper that searched for this one (to the
    /// halt's shared count too, the part it had not added itself).
    pub fn absorb<Q: Policy>(&mut self, helper: &Searcher<'_, Q>) {
        self.halt.account(helper.stats.nodes - helper.counted);
        self.stats += helper.stats;
        self.counted += helper.stats.nodes;
    }

    /// After a parallel part: was it cut short by a stop, a limit or an outer
    /// abort (not just a sibling's cutoff)? Then so is this searcher.
    pub fn absorb_stop(&mut self) {
        if self.halt.halted() || self.abort.is_some_and(|a| a.is_set()) {
            self.stopped = true;
        }
    }

    /// The table key of (`p`, `o`) for this search.
    #[inline(always)]
    pub fn key(&self, p: u64, o: u64) -> u64 {
        hash(p, o, self.seed)
    }

    /// The best move the table holds for (`p`, `o`) from this search, if any.
    pub fn hash_move(&self, p: u64, o: u64) -> Option<u32> {
        self.tt.probe(self.key(p, o)).map(|e| e.best).filter(|&b| b != NO_MOVE).map(u32::from)
    }

    /// True once the search must end: a stop request or an abort, looked at
    /// every node; limits and the other threads' limits every
    /// [`CHECK_EVERY`] nodes.
    #[inline(always)]
    pub fn halted(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        if self.halt.stop_requested() || self.abort.is_some_and(|a| a.is_set()) {
            self.stopped = true;
        } else if self.stats.nodes - self.counted >= CHECK_EVERY {
            let new = self.stats.nodes - self.counted;
            self.counted = self.stats.nodes;
            self.stopped = self.halt.account(new);
        }
        self.stopped
    }

    /// The value of (`p`, `o`) searched to `depth` within (`alpha`,
    /// `beta`), fail-soft. After a stop the value is meaningless (0) and
    /// nothing is stored.
    pub fn node(&mut self, p: u64, o: u64, depth: u32, mut alpha: i32, mut beta: i32) -> i32 {
        if let Some(v) = P::before(self, p, o, depth, alpha, beta) {
            return v;
        }
        self.stats.nodes += 1;
        if self.halted() {
            return 0;
        }
        if let Some(v) = P::horizon(self, p, o, depth) {
            return v;
        }
        let moves = <P::G>::legal(p, o);
        if moves == 0 {
            if <P::G>::legal(o, p) == 0 {
                self.stats.leaves += 1;
                return self.policy.final_value(p, o);
            }
            return -self.node(o, p, depth, -beta, -alpha);
        }
        if let Some(v) = P::shallow(self, p, o, moves, depth, alpha, beta) {
            return v;
        }
        // The table's bucket is asked for before the stability test, which
        // then runs while it arrives.
        let key = self.key(p, o);
        self.tt.prefetch(key);
        if let Some(v) = P::cut_before_table(self, p, o, depth, alpha) {
            return v;
        }

        let selectivity = self.policy.selectivity();
        let (mut lower, mut upper) = (-P::INF, P::INF);
        let mut hash_move = NO_MOVE as u32;
        if let Some(e) = self.tt.probe(key) {
            if e.depth as u32 >= depth && e.selectivity <= selectivity {
                let (lo, hi) = (e.lower as i32, e.upper as i32);
                if lo >= beta || lo == hi {
                    return lo;
                }
                if hi <= alpha {
                    return hi;
                }
                (lower, upper) = (lo, hi);
                alpha = alpha.max(lo);
                beta = beta.min(hi);
            }
            hash_move = e.best as u32;
        }

        if let Some(v) = P::cut_after_table(self, p, o, depth, alpha, beta) {
            return v;
        }

        let mut list = std::mem::take(&mut self.lists[depth.min(65) as usize]);
        list.clear();
        for sq in Squares(moves) {
            list.push(Candidate { sq, flips: <P::G>::flipped(p, o, sq), key: 0 });
        }
        if depth >= P::ETC_DEPTH {
            // Enhanced transposition cutoff: a child already known to
            // refute this node ends it before any search. Every child's
            // bucket is asked for first: their cache misses, most of the
            // cost here, then overlap.
            let mut keys = [0u64; 64];
            for (c, k) in list.iter().zip(keys.iter_mut()) {
                *k = self.key(o ^ c.flips, p ^ c.flips ^ (1u64 << c.sq));
                self.tt.prefetch(*k);
            }
            for &k in &keys[..list.len().min(64)] {
                if let Some(e) = self.tt.probe(k) {
                    if e.depth as u32 + 1 >= depth && e.selectivity <= selectivity && -(e.upper as i32) >= beta {
                        self.lists[depth.min(65) as usize] = list;
                        return -(e.upper as i32);
                    }
                }
            }
        }

        let alpha0 = alpha;
        let mut best = -P::INF;
        let mut best_move = NO_MOVE as u32;
        // The hash move first, before any ordering work: when it cuts, as
        // it mostly does where the table knows the node, the other moves'
        // keys (deep probes in the solver) are never needed.
        let mut ordered_from = 0;
        if let Some(at) = list.iter().position(|c| c.sq == hash_move) {
            list.swap(0, at);
            ordered_from = 1;
        }
        for i in 0..list.len() {
            if self.stopped || alpha >= beta {
                break;
            }
            if i == ordered_from {
                let ctx = self.policy.context(p, o, depth, alpha);
                // From `ETC_DEPTH` the cutoff probes have asked for every
                // child's bucket already. FFO #40-#49 at 1 thread, four pairs
                // of runs alternating: 34.6-38.4 s -> 34.0-36.4 s, every pair
                // faster, same nodes; the midgame search on FFO #60-#79 at
                // depth 11, five pairs: 3.60-3.89 s -> 3.46-3.75 s.
                let prefetch = depth > P::TABLE_DEPTH && depth < P::ETC_DEPTH;
                for c in &mut list[i..] {
                    let (np, no) = (o ^ c.flips, p ^ c.flips ^ (1u64 << c.sq));
                    if prefetch {
                        self.tt.prefetch(self.key(np, no));
                    }
                    c.key = P::order_key(self, np, no, c.sq, c.flips, depth, ctx);
                }
                list[i..].sort_unstable_by_key(|c| c.key);
                if self.jitter != 0 && list.len() > 2 && (key ^ self.jitter).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 62 == 0 {
                    // A Lazy SMP helper takes the second and third moves the
                    // other way round at a quarter of its nodes, so that the
                    // threads part.
                    list.swap(1, 2);
                }
            }
            if i == 1 && self.split && depth >= P::SPLIT_DEPTH && list.len() > 2 {
                // Young Brothers Wait: the eldest did not cut, so the rest
                // are worth searching at once.
                let (v, sq) = self.split(p, o, &list[1..], depth, alpha, beta);
                if v > best {
                    best = v;
                }
                if let Some(sq) = sq {
                    best_move = sq;
                }
                break;
            }
            let c = list[i];
            let (np, no) = (o ^ c.flips, p ^ c.flips ^ (1u64 << c.sq));
            let v = if i == 0 {
                -self.node(np, no, depth - 1, -beta, -alpha)
            } else {
                let mut v = -self.node(np, no, depth - 1, -alpha - 1, -alpha);
                if v > alpha && v < beta {
                    v = -self.node(np, no, depth - 1, -beta, -v);
                }
                v
            };
            if self.stopped {
                break;
            }
            if v > best {
                best = v;
                best_move = c.sq;
                alpha = alpha.max(v);
            }
        }
        self.lists[depth.min(65) as usize] = list;
        if self.stopped {
            return 0;
        }

        let (lower, upper) = proven_bounds(best, alpha0, beta, lower, upper);
        self.tt.store(
            key,
            Entry {
                lower: lower as i16,
                upper: upper as i16,
                best: best_move as u8,
                depth: depth.min(255) as u8,
                selectivity,
            },
        );
        best
    }

    /// Searches the moves `rest` of (`p`, `o`) at a split point (see
    /// [`ybw::split`]). Returns the best value among the moves that
    /// finished, and the move to keep as best: one whose value is exact or
    /// a cutoff, never a fail-low bound, `None` if every move failed low
    /// (the eldest, searched before, then stays the best move).
    fn split(&mut self, p: u64, o: u64, rest: &[Candidate], depth: u32, alpha: i32, beta: i32) -> (i32, Option<u32>) {
        let abort = Abort::new(self.abort);
        let this = &*self;
        let jitter = self.jitter;
        let result = ybw::split(
            rest.len(),
            alpha,
            beta,
            &abort,
            || this.worker(Some(&abort), true, jitter),
            |s, i, lo, hi| {
                let c = rest[i];
                let v = -s.node(o ^ c.flips, p ^ c.flips ^ (1u64 << c.sq), depth - 1, -hi, -lo);
                (!s.stopped).then_some(v)
            },
        );
        for w in &result.workers {
            self.absorb(w);
        }
        // A task cut short by a sibling's cutoff is covered by that cutoff;
        // one cut short by a stop, a limit or an outer abort is not.
        self.absorb_stop();
        (result.value, result.best.map(|(i, _): (usize, Scored)| rest[i].sq))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;

    #[test]
    fn select_next_takes_the_lowest_key_so_its_steps_sort_the_list() {
        let mut rng = Rng::new(7);
        for len in 0..14u32 {
            let mut list: Vec<Candidate> = (0..len).map(|sq| Candidate { sq, flips: 0, key: rng.below(21) as i32 - 10 }).collect();
            let mut want: Vec<i32> = list.iter().map(|c| c.key).collect();
            want.sort();
            let got: Vec<i32> = (0..len as usize).map(|i| select_next(&mut list, i).key).collect();
            assert_eq!(got, want);
            // A permutation: every move is still there once.
            let mut squares: Vec<u32> = list.iter().map(|c| c.sq).collect();
            squares.sort();
            assert_eq!(squares, (0..len).collect::<Vec<_>>());
        }
    }
}
