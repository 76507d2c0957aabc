//! The depth-limited search of the playing engine: principal variation
//! search over the shared transposition table, with moves ordered by hash
//! move and the evaluation of each child, and statistical forward pruning
//! (ProbCut) at the chosen selectivity. Values are in evaluation units
//! ([`crate::eval::SCALE`] per disc); a finished game scores its final disc
//! difference times the scale, so a proven result outranks any estimate.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};

use crate::clock::Clock;
use crate::position::Scoring;
use crate::endgame::{raise, EndgameTables, INF};
use crate::eval::{stage, Evaluator, SCALE};
use crate::geometry::neighbours;
use crate::movegen::{MoveGen, Squares};
use crate::parallel::{split, Abort};
use crate::probcut::{shallow_depth, ProbCutStats, MARGINS, MIN_DEPTH};
use crate::tt::{hash, proven_bounds, Entry, TranspositionTable, NO_MOVE};

/// Larger than any value in evaluation units.
pub const MID_INF: i32 = INF * SCALE;

/// Below this depth moves are ordered by the opponent's mobility alone; from
/// it on, by the evaluation of each child.
const EVAL_SORT_DEPTH: u32 = 3;
/// From this depth on, by a shallow search of each child.
const SEARCH_SORT_DEPTH: u32 = 7;
/// Nodes between looks at the clock and the node limit.
const CHECK_EVERY: u64 = 1024;
/// From this depth on, a parallel search splits a node's younger brothers
/// over the pool once the eldest is searched.
pub const SPLIT_DEPTH: u32 = 7;

/// Why a search may end early, shared by every thread of one search.
pub struct Limits<'a> {
    /// Set by the user (or another thread) to stop.
    pub stop: Option<&'a AtomicBool>,
    /// The search ends when this clock passes `seconds`.
    pub deadline: Option<(Clock, f64)>,
    /// The search ends after about this many nodes.
    pub nodes: Option<u64>,
    /// Nodes counted so far by every thread, in steps of [`CHECK_EVERY`].
    pub spent: AtomicU64,
}

impl Limits<'_> {
    pub fn none() -> Limits<'static> {
        Limits { stop: None, deadline: None, nodes: None, spent: AtomicU64::new(0) }
    }
}

#[derive(Clone, Copy, Debug, Default)]
struct Candidate {
    sq: u32,
    flips: u64,
    key: i32,
}

/// One thread's midgame search.
pub struct Searcher<'a, G> {
    tt: &'a TranspositionTable,
    seed: u64,
    pub eval: Evaluator<'a, G>,
    probcut: &'a ProbCutStats,
    /// Selectivity level (index into [`MARGINS`]); 0 = no pruning.
    selectivity: u8,
    limits: &'a Limits<'a>,
    /// The parallel part of the tree this searcher works in, if any.
    abort: Option<&'a Abort<'a>>,
    /// Split nodes over the rayon pool (Young Brothers Wait).
    split: bool,
    stopped: bool,
    pub nodes: u64,
    /// Nodes already added to the limits' shared count.
    counted: u64,
    lists: Vec<Vec<Candidate>>,
    scoring: Scoring,
}

impl<'a, G: MoveGen> Searcher<'a, G> {
    pub fn new(
        tt: &'a TranspositionTable,
        scoring: Scoring,
        eval: Evaluator<'a, G>,
        probcut: &'a ProbCutStats,
        selectivity: u8,
        limits: &'a Limits<'a>,
    ) -> Self {
        Searcher {
            tt,
            // Midgame values are estimates in other units: keep them apart
            // from the exact solver's entries in the same table.
            seed: ((G::ROWS as u64) << 8 | G::COLS as u64 | (scoring as u64) << 16).wrapping_mul(0x6D69_6467_616D_6521),
            eval,
            probcut,
            selectivity: selectivity.min(MARGINS.len() as u8 - 1),
            limits,
            abort: None,
            split: false,
            stopped: false,
            nodes: 0,
            counted: 0,
            lists: (0..=64).map(|_| Vec::new()).collect(),
            scoring,
        }
    }

    /// Split nodes over the current rayon pool (Young Brothers Wait).
    pub fn splitting(mut self, on: bool) -> Self {
        self.split = on && rayon::current_num_threads() > 1;
        self
    }

    /// A searcher like this one for a parallel part of the tree under `abort`.
    pub fn worker<'b>(&self, abort: Option<&'b Abort<'b>>, split: bool) -> Searcher<'b, G>
    where
        'a: 'b,
    {
        Searcher {
            tt: self.tt,
            seed: self.seed,
            eval: self.eval.clone(),
            probcut: self.probcut,
            selectivity: self.selectivity,
            limits: self.limits,
            abort,
            split,
            stopped: false,
            nodes: 0,
            counted: 0,
            lists: (0..=64).map(|_| Vec::new()).collect(),
            scoring: self.scoring,
        }
    }

    pub fn stopped(&self) -> bool {
        self.stopped
    }

    /// After a split point: cut short by a stop, a limit or an outer abort
    /// (not just a sibling's cutoff)?
    pub fn absorb_stop(&mut self) {
        if self.limits.stop.is_some_and(|s| s.load(Relaxed)) || self.abort.is_some_and(|a| a.is_set()) {
            self.stopped = true;
        }
    }

    /// Whether this searcher splits nodes over the pool.
    pub fn splits(&self) -> bool {
        self.split
    }

    /// Adds the nodes of a helper that searched for this one (to the limits'
    /// shared count too, the part it had not added itself), and with
    /// `its_stop` its stop (a helper of a split point may have stopped for
    /// a sibling's cutoff only, which does not stop this searcher).
    pub fn absorb(&mut self, helper: &Searcher<G>, its_stop: bool) {
        self.limits.spent.fetch_add(helper.nodes - helper.counted, Relaxed);
        self.nodes += helper.nodes;
        self.counted += helper.nodes;
        self.stopped |= its_stop && helper.stopped;
    }

    pub fn selectivity(&self) -> u8 {
        self.selectivity
    }

    /// The best move the table holds for (`p`, `o`) from this search kind.
    pub fn hash_move(&self, p: u64, o: u64) -> Option<u32> {
        self.tt.probe(hash(p, o, self.seed)).map(|e| e.best).filter(|&b| b != NO_MOVE).map(u32::from)
    }

    #[inline(always)]
    fn check(&mut self) -> bool {
        if self.stopped {
            return true;
        }
        if self.limits.stop.is_some_and(|s| s.load(Relaxed)) || self.abort.is_some_and(|a| a.is_set()) {
            self.stopped = true;
            return true;
        }
        if self.nodes - self.counted >= CHECK_EVERY {
            let late = self.limits.deadline.is_some_and(|(clock, s)| clock.seconds() >= s);
            // Every thread's nodes count against the limit.
            let new = self.nodes - self.counted;
            self.counted = self.nodes;
            let total = self.limits.spent.fetch_add(new, Relaxed) + new;
            let spent = self.limits.nodes.is_some_and(|n| total >= n);
            if late || spent {
                self.stopped = true;
                if let Some(stop) = self.limits.stop {
                    // Tell the other threads of this search.
                    stop.store(true, Relaxed);
                }
            }
        }
        self.stopped
    }

    /// The value of (`p`, `o`) searched `depth` plies deep (passes do not
    /// count) within (`alpha`, `beta`), fail-soft.
    pub fn search(&mut self, p: u64, o: u64, depth: u32, mut alpha: i32, mut beta: i32) -> i32 {
        self.nodes += 1;
        if self.check() {
            return 0;
        }
        if depth == 0 {
            return self.leaf(p, o);
        }
        let moves = G::moves(p, o);
        if moves == 0 {
            if G::moves(o, p) == 0 {
                return self.final_value(p, o);
            }
            return -self.search(o, p, depth, -beta, -alpha);
        }
        if depth <= 2 {
            return self.shallow(p, o, moves, depth, alpha, beta);
        }

        let key = hash(p, o, self.seed);
        let (mut lower, mut upper) = (-MID_INF, MID_INF);
        let mut hash_move = NO_MOVE as u32;
        if let Some(e) = self.tt.probe(key) {
            if e.depth as u32 >= depth && e.selectivity <= self.selectivity {
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

        if let Some(v) = self.probcut(p, o, depth, alpha, beta) {
            return v;
        }

        let mut list = std::mem::take(&mut self.lists[depth as usize]);
        list.clear();
        let empties = !(p | o) & G::FULL;
        for sq in Squares(moves) {
            let flips = G::flips(p, o, sq);
            let (np, no) = (o ^ flips, p ^ flips ^ (1u64 << sq));
            let key = if sq == hash_move {
                i32::MIN
            } else if depth >= SEARCH_SORT_DEPTH {
                // A shallow search of the reply, opponent's view: lower first.
                let d = if depth >= 11 { 2 } else { 1 };
                self.search(np, no, d, -MID_INF, MID_INF) * 4 + openness::<G>(flips, empties)
            } else if depth >= EVAL_SORT_DEPTH {
                self.eval.eval(np, no) * 4 + openness::<G>(flips, empties)
            } else {
                mobility_key::<G>(np, no, flips, empties)
            };
            list.push(Candidate { sq, flips, key });
        }
        list.sort_unstable_by_key(|c| c.key);

        let alpha0 = alpha;
        let mut best = -MID_INF;
        let mut best_move = NO_MOVE as u32;
        for (i, c) in list.iter().enumerate() {
            if i == 1 && self.split && depth >= SPLIT_DEPTH && list.len() > 2 {
                // Young Brothers Wait: the eldest did not cut.
                let (v, sq) = self.split(p, o, &list[1..], depth, alpha, beta);
                if v > best {
                    best = v;
                    best_move = sq;
                }
                break;
            }
            let (np, no) = (o ^ c.flips, p ^ c.flips ^ (1u64 << c.sq));
            let v = if i == 0 {
                -self.search(np, no, depth - 1, -beta, -alpha)
            } else {
                let mut v = -self.search(np, no, depth - 1, -alpha - 1, -alpha);
                if v > alpha && v < beta {
                    v = -self.search(np, no, depth - 1, -beta, -v);
                }
                v
            };
            if self.stopped {
                break;
            }
            if v > best {
                best = v;
                best_move = c.sq;
                if v > alpha {
                    alpha = v;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        self.lists[depth as usize] = list;
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
                selectivity: self.selectivity,
            },
        );
        best
    }

    /// Searches the moves `rest` of (`p`, `o`) in parallel (see
    /// [`crate::parallel::split`]); returns the best value and its move
    /// among those that finished.
    fn split(&mut self, p: u64, o: u64, rest: &[Candidate], depth: u32, alpha: i32, beta: i32) -> (i32, u32) {
        let abort = Abort::new(self.abort);
        let this = &*self;
        let (best, at, workers) = split(
            rest.len(),
            alpha,
            beta,
            &abort,
            || this.worker(Some(&abort), true),
            |s, i, lo, hi| {
                let c = rest[i];
                let v = -s.search(o ^ c.flips, p ^ c.flips ^ (1u64 << c.sq), depth - 1, -hi, -lo);
                (!s.stopped).then_some(v)
            },
        );
        for w in &workers {
            self.absorb(w, false);
        }
        self.absorb_stop();
        match at {
            Some(i) => (best, rest[i].sq),
            None => (-MID_INF, NO_MOVE as u32),
        }
    }

    /// The value of a finished game: the scoring rule is a run-time value
    /// here, since it only matters at the end of a game, and one copy of the
    /// search per board is enough.
    #[inline(never)]
    fn final_value(&self, p: u64, o: u64) -> i32 {
        self.scoring.final_score(p.count_ones(), o.count_ones(), G::SQUARES as u32) * SCALE
    }

    /// A horizon node: a full board scores its final result, anything else
    /// its evaluation (a game that ended early by two passes is rare enough
    /// not to pay two move generations at every leaf).
    #[inline(always)]
    fn leaf(&self, p: u64, o: u64) -> i32 {
        if (p | o) == G::FULL {
            self.final_value(p, o)
        } else {
            self.eval.eval(p, o)
        }
    }

    /// ProbCut: a shallow null-window search predicts this node's value; if
    /// the prediction is t·σ beyond a bound, the node is cut at that bound.
    #[inline]
    fn probcut(&mut self, p: u64, o: u64, depth: u32, alpha: i32, beta: i32) -> Option<i32> {
        if self.selectivity == 0 || depth < MIN_DEPTH {
            return None;
        }
        let st = stage((p | o).count_ones(), G::SQUARES as u32);
        let (mean, sigma) = self.probcut.get(st, depth)?;
        let t = MARGINS[self.selectivity as usize];
        let margin = (t * sigma).round() as i32;
        let mean = mean.round() as i32;
        let d = shallow_depth(depth);
        let limit = G::SQUARES as i32 * SCALE;
        // deep ≈ shallow + mean; cut high if shallow + mean − margin ≥ beta.
        let high = beta - mean + margin;
        if high < limit {
            let v = self.search(p, o, d, high - 1, high);
            if self.stopped {
                return Some(0);
            }
            if v >= high {
                return Some(beta);
            }
        }
        let low = alpha - mean - margin;
        if low > -limit {
            let v = self.search(p, o, d, low, low + 1);
            if self.stopped {
                return Some(0);
            }
            if v <= low {
                return Some(alpha);
            }
        }
        None
    }

    /// The last two plies: no table, fastest-first by selection.
    fn shallow(&mut self, p: u64, o: u64, moves: u64, depth: u32, mut alpha: i32, beta: i32) -> i32 {
        let mut best = -MID_INF;
        if depth == 1 {
            for sq in Squares(moves) {
                let f = G::flips(p, o, sq);
                self.nodes += 1;
                let v = -self.leaf(o ^ f, p ^ f ^ (1u64 << sq));
                if raise(&mut best, &mut alpha, v, beta) {
                    break;
                }
            }
            return best;
        }
        let empties = !(p | o) & G::FULL;
        let mut list = [Candidate::default(); 40];
        let mut len = 0;
        for sq in Squares(moves) {
            let flips = G::flips(p, o, sq);
            if len < list.len() {
                let (np, no) = (o ^ flips, p ^ flips ^ (1u64 << sq));
                list[len] = Candidate { sq, flips, key: mobility_key::<G>(np, no, flips, empties) };
                len += 1;
            }
        }
        for i in 0..len {
            let mut m = i;
            for j in i + 1..len {
                if list[j].key < list[m].key {
                    m = j;
                }
            }
            list.swap(i, m);
            let c = list[i];
            let v = -self.search(o ^ c.flips, p ^ c.flips ^ (1u64 << c.sq), depth - 1, -beta, -alpha);
            if raise(&mut best, &mut alpha, v, beta) {
                break;
            }
        }
        best
    }
}

/// Paper 000's openness: empty squares next to the discs a move flips. A
/// quiet move (few) gives the opponent little to work with.
#[inline(always)]
fn openness<G: MoveGen>(flips: u64, empties: u64) -> i32 {
    (neighbours::<G>(flips) & empties).count_ones() as i32
}

/// Order for shallow nodes: the opponent's replies (corners twice), then
/// openness.
#[inline(always)]
fn mobility_key<G: MoveGen>(np: u64, no: u64, flips: u64, empties: u64) -> i32 {
    let replies = G::moves(np, no);
    ((replies.count_ones() + (replies & G::CORNERS).count_ones()) * 16) as i32 + openness::<G>(flips, empties)
}
