//! The exact endgame search: a ladder of functions by empties left, as in
//! Edax. From the top: hashed null-window/PVS search with full move ordering
//! (hash move, enhanced transposition cutoff, fastest-first, parity, square
//! priority); then shallow search without the table; then the last few
//! empties by parity order, down to a dedicated last-empty function.
//!
//! Values are final scores for the side to move under the scoring rule `R`,
//! fail-soft: a result `v <= alpha` means the score is at most `v`, a
//! result `v >= beta` that it is at least `v`.

use std::marker::PhantomData;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};

use crate::geometry::{neighbours, Geometry};
use crate::movegen::{MoveGen, Squares};
use crate::parallel::{split, Abort};
use crate::position::Scoring;
use crate::stability::stable_discs;
use crate::tt::{hash, proven_bounds, Entry, TranspositionTable, NO_MOVE};

/// A scoring rule as a type, so the final-score code is chosen at compile time.
pub trait Rule: Copy + Send + Sync + 'static {
    const SCORING: Scoring;
}

#[derive(Clone, Copy, Debug)]
pub struct World;
#[derive(Clone, Copy, Debug)]
pub struct Paper;

impl Rule for World {
    const SCORING: Scoring = Scoring::World;
}
impl Rule for Paper {
    const SCORING: Scoring = Scoring::Paper;
}

/// Larger than any score on any board.
pub const INF: i32 = 127;

/// At or below this many empties the search uses no table.
const SHALLOW_EMPTIES: u32 = 7;
/// At or below this many empties moves are taken in parity order alone;
/// above it, fastest-first pays for its extra move generation.
const PARITY_EMPTIES: u32 = 4;
/// From this many empties on, children are probed for a cutoff (ETC)
/// before any is searched.
const ETC_EMPTIES: u32 = 12;
/// From this many empties on, moves are ordered by a shallow search with a
/// mobility evaluation rather than by the opponent's mobility alone.
const SORT_SEARCH_EMPTIES: u32 = 12;
/// From this many empties on, a parallel search splits a node's younger
/// brothers over the pool once the eldest is searched (smaller subtrees cost
/// less than the task that would carry them).
pub const SPLIT_EMPTIES: u32 = 12;

/// The final score for the side owning `p`.
#[inline(always)]
pub fn final_score<G: Geometry, R: Rule>(p: u64, o: u64) -> i32 {
    R::SCORING.final_score(p.count_ones(), o.count_ones(), G::SQUARES as u32)
}

/// Compile-time tables for the endgame search of one board.
pub trait EndgameTables: Geometry {
    /// The four quadrants; the parity of each one's empties orders moves.
    const QUADRANTS: [u64; 4] = quadrants(Self::ROWS, Self::COLS);
    /// Move priority by square, paper 001 Fig. 3-5 generalised: 1 for corners
    /// (searched first) … 5 for X-squares (last).
    const PRIORITY: [u8; 64] = priorities(Self::ROWS, Self::COLS);
    const CORNERS: u64 = corners(Self::ROWS, Self::COLS);
}

impl<G: Geometry> EndgameTables for G {}

const fn quadrants(rows: usize, cols: usize) -> [u64; 4] {
    let mut q = [0u64; 4];
    let mut r = 0;
    while r < rows {
        let mut c = 0;
        while c < cols {
            let i = (r >= rows / 2) as usize * 2 + (c >= cols / 2) as usize;
            q[i] |= 1u64 << (r * cols + c);
            c += 1;
        }
        r += 1;
    }
    q
}

const fn corners(rows: usize, cols: usize) -> u64 {
    1u64 | 1u64 << (cols - 1) | 1u64 << ((rows - 1) * cols) | 1u64 << (rows * cols - 1)
}

const fn priorities(rows: usize, cols: usize) -> [u8; 64] {
    let mut p = [3u8; 64];
    let mut r = 0;
    while r < rows {
        let mut c = 0;
        while c < cols {
            let edge_r = r == 0 || r == rows - 1;
            let edge_c = c == 0 || c == cols - 1;
            let near_r = r <= 1 || r >= rows - 2;
            let near_c = c <= 1 || c >= cols - 2;
            p[r * cols + c] = if edge_r && edge_c {
                1
            } else if near_r && near_c && !edge_r && !edge_c {
                5 // X-square
            } else if near_r && near_c {
                4 // C-square
            } else if edge_r || edge_c {
                2
            } else {
                3
            };
            c += 1;
        }
        r += 1;
    }
    p
}

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

/// One thread's exact search over a shared table.
pub struct Solver<'a, G, R> {
    tt: &'a TranspositionTable,
    seed: u64,
    stop: Option<&'a AtomicBool>,
    /// The parallel part of the tree this solver works in, if any.
    abort: Option<&'a Abort<'a>>,
    /// Split nodes over the rayon pool (Young Brothers Wait).
    split: bool,
    /// Non-zero for a Lazy SMP helper: perturbs its move order.
    jitter: u64,
    stopped: bool,
    pub stats: Stats,
    /// Move-list buffers, one per number of empties, reused across nodes.
    lists: Vec<Vec<Candidate>>,
    _shape: PhantomData<(G, R)>,
}

#[derive(Clone, Copy, Debug, Default)]
struct Candidate {
    sq: u32,
    flips: u64,
    key: i32,
}

impl<'a, G: MoveGen, R: Rule> Solver<'a, G, R> {
    pub fn new(tt: &'a TranspositionTable, stop: Option<&'a AtomicBool>) -> Self {
        Solver {
            tt,
            seed: table_seed::<G, R>(),
            stop,
            abort: None,
            split: false,
            jitter: 0,
            stopped: false,
            stats: Stats::default(),
            // Grown on first use: helpers on small subtrees stay cheap.
            lists: (0..=G::SQUARES).map(|_| Vec::new()).collect(),
            _shape: PhantomData,
        }
    }

    /// A solver for one parallel part of the tree: it ends when `abort` (or
    /// any part it is nested in) is set, and splits nodes itself if `split`.
    pub fn worker(
        tt: &'a TranspositionTable,
        stop: Option<&'a AtomicBool>,
        abort: Option<&'a Abort<'a>>,
        split: bool,
        jitter: u64,
    ) -> Self {
        Solver { abort, split, jitter, ..Solver::new(tt, stop) }
    }

    /// Split nodes over the current rayon pool (Young Brothers Wait).
    pub fn splitting(mut self, on: bool) -> Self {
        self.split = on && rayon::current_num_threads() > 1;
        self
    }

    /// Adds the statistics of helpers that searched for this solver.
    pub fn absorb(&mut self, stats: Stats, stopped: bool) {
        self.stats += stats;
        self.stopped |= stopped;
    }

    pub fn table(&self) -> &'a TranspositionTable {
        self.tt
    }

    pub fn stop_flag(&self) -> Option<&'a AtomicBool> {
        self.stop
    }

    /// True once a stop request has been seen; values since are meaningless.
    pub fn stopped(&self) -> bool {
        self.stopped
    }

    /// The table key of (`p`, `o`) for this board and rule.
    pub fn key(&self, p: u64, o: u64) -> u64 {
        hash(p, o, self.seed)
    }

    /// The best move the table holds for (`p`, `o`), if any.
    pub fn hash_move(&self, p: u64, o: u64) -> Option<u32> {
        self.tt.probe(self.key(p, o)).map(|e| e.best).filter(|&b| b != NO_MOVE).map(u32::from)
    }

    /// The score of (`p`, `o`) within the window (`alpha`, `beta`), fail-soft.
    pub fn search(&mut self, p: u64, o: u64, alpha: i32, beta: i32) -> i32 {
        let n = (!(p | o) & G::FULL).count_ones();
        self.hashed(p, o, alpha, beta, n)
    }

    fn hashed(&mut self, p: u64, o: u64, mut alpha: i32, mut beta: i32, n: u32) -> i32 {
        if n <= SHALLOW_EMPTIES {
            return self.shallow(p, o, alpha, beta, n);
        }
        self.stats.nodes += 1;
        if self.halted() {
            return 0;
        }
        let moves = G::moves(p, o);
        if moves == 0 {
            if G::moves(o, p) == 0 {
                self.stats.leaves += 1;
                return final_score::<G, R>(p, o);
            }
            return -self.hashed(o, p, -beta, -alpha, n);
        }

        if let Some(v) = self.stability_cutoff(p, o, alpha) {
            return v;
        }

        let key = self.key(p, o);
        let (mut lower, mut upper) = (-INF, INF);
        let mut hash_move = NO_MOVE as u32;
        if let Some(e) = self.tt.probe(key) {
            if e.depth as u32 >= n && e.selectivity == 0 {
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

        let mut list = std::mem::take(&mut self.lists[n as usize]);
        list.clear();
        let empties = !(p | o) & G::FULL;
        let parity = self.odd_quadrants(empties);
        for sq in Squares(moves) {
            let flips = G::flips(p, o, sq);
            let (np, no) = (o ^ flips, p ^ flips ^ (1u64 << sq));
            if n >= ETC_EMPTIES {
                // Enhanced transposition cutoff: a child already known to
                // refute this node ends it before any search.
                if let Some(e) = self.tt.probe(self.key(np, no)) {
                    if e.depth as u32 >= n - 1 && e.selectivity == 0 && -(e.upper as i32) >= beta {
                        self.lists[n as usize] = list;
                        return -(e.upper as i32);
                    }
                }
            }
            let key = if sq == hash_move { i32::MIN } else { self.move_key(np, no, sq, parity, n) };
            list.push(Candidate { sq, flips, key });
        }
        list.sort_unstable_by_key(|c| c.key);
        if self.jitter != 0 && list.len() > 2 && (key ^ self.jitter).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 62 == 0 {
            // A Lazy SMP helper takes the second and third moves the other
            // way round at a quarter of its nodes, so that the threads part.
            list.swap(1, 2);
        }

        let alpha0 = alpha;
        let mut best = -INF;
        let mut best_move = NO_MOVE as u32;
        for (i, c) in list.iter().enumerate() {
            if i == 1 && self.split && n >= SPLIT_EMPTIES && list.len() > 2 {
                // Young Brothers Wait: the eldest did not cut, so the rest
                // are worth searching at once.
                let (v, sq) = self.split(p, o, &list[i..], alpha, beta, n);
                if v > best {
                    best = v;
                    best_move = sq;
                }
                break;
            }
            let (np, no) = (o ^ c.flips, p ^ c.flips ^ (1u64 << c.sq));
            let v = if i == 0 {
                -self.hashed(np, no, -beta, -alpha, n - 1)
            } else {
                let mut v = -self.hashed(np, no, -alpha - 1, -alpha, n - 1);
                if v > alpha && v < beta {
                    v = -self.hashed(np, no, -beta, -v, n - 1);
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
        self.lists[n as usize] = list;
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
                depth: n as u8,
                selectivity: 0,
            },
        );
        best
    }

    /// True once a stop request or an abort of this part has been seen.
    #[inline(always)]
    fn halted(&mut self) -> bool {
        if !self.stopped
            && (self.stop.is_some_and(|s| s.load(Relaxed)) || self.abort.is_some_and(|a| a.is_set()))
        {
            self.stopped = true;
        }
        self.stopped
    }

    /// Searches the moves `rest` of (`p`, `o`) in parallel, each as its own
    /// task with its own solver: a null window at the best value so far
    /// (shared between the tasks), a re-search if it fails high, and an abort
    /// of the others on a cutoff. Returns the best value and its move among
    /// the tasks that finished.
    fn split(&mut self, p: u64, o: u64, rest: &[Candidate], alpha: i32, beta: i32, n: u32) -> (i32, u32) {
        let abort = Abort::new(self.abort);
        let (tt, stop, jitter) = (self.tt, self.stop, self.jitter);
        let (best, at, workers) = split(
            rest.len(),
            alpha,
            beta,
            &abort,
            || Solver::<G, R>::worker(tt, stop, Some(&abort), true, jitter),
            |s, i, lo, hi| {
                let c = rest[i];
                let v = -s.hashed(o ^ c.flips, p ^ c.flips ^ (1u64 << c.sq), -hi, -lo, n - 1);
                (!s.stopped).then_some(v)
            },
        );
        for w in workers {
            self.stats += w.stats;
        }
        // A task cut short by a sibling's cutoff is covered by that cutoff;
        // one cut short by a stop or an outer abort is not.
        self.halted();
        match at {
            Some(i) => (best, rest[i].sq),
            None => (-INF, NO_MOVE as u32),
        }
    }

    /// The ordering key of the move to `sq` that leads to (`np`, `no`) at a
    /// node with `n` empties; lower keys are searched first.
    pub fn move_key(&mut self, np: u64, no: u64, sq: u32, odd: u64, n: u32) -> i32 {
        if n >= SORT_SEARCH_EMPTIES {
            // Deeper nodes are rarer and their order matters more: one more
            // ply of probe every two empties from 16 on.
            let depth = if n >= 16 { 2 + (n - 16) / 2 } else { 1 };
            self.probe(np, no, depth, -INF * 64, INF * 64) * 4 + self.order_key(np, no, sq, odd)
        } else {
            self.order_key(np, no, sq, odd)
        }
    }

    /// The opponent's stable discs cap our score at `SQUARES − 2·stable`
    /// under either rule; if that cap is at most `alpha` the node fails low.
    #[inline(always)]
    fn stability_cutoff(&self, p: u64, o: u64, alpha: i32) -> Option<i32> {
        let squares = G::SQUARES as i32;
        // Cheap test first: even if every opponent disc were stable.
        if squares - 2 * (o.count_ones() as i32) > alpha {
            return None;
        }
        let cap = squares - 2 * stable_discs::<G>(o, p).count_ones() as i32;
        (cap <= alpha).then_some(cap)
    }

    /// Bitboard of the quadrants holding an odd number of empties.
    #[inline(always)]
    pub fn odd_quadrants(&self, empties: u64) -> u64 {
        let q = G::QUADRANTS;
        let mut odd = 0;
        for quadrant in q {
            if (empties & quadrant).count_ones() & 1 == 1 {
                odd |= quadrant;
            }
        }
        odd
    }

    /// Lower keys are searched first: few replies for the opponent (corners
    /// counted twice), then odd regions, then square priority.
    #[inline(always)]
    fn order_key(&self, np: u64, no: u64, sq: u32, odd: u64) -> i32 {
        let replies = G::moves(np, no);
        let mobility = (replies.count_ones() + (replies & G::CORNERS).count_ones()) as i32;
        let parity = ((odd >> sq) & 1) as i32;
        mobility * 16 - parity * 4 + G::PRIORITY[sq as usize] as i32
    }

    /// A cheap guess at the value of (`p`, `o`) for move ordering: mobility,
    /// corners, and potential mobility (empties next to the other side's discs).
    #[inline(always)]
    fn guess(p: u64, o: u64) -> i32 {
        let (mp, mo) = (G::moves(p, o), G::moves(o, p));
        let mobility = mp.count_ones() as i32 - mo.count_ones() as i32;
        let corners = (p & G::CORNERS).count_ones() as i32 - (o & G::CORNERS).count_ones() as i32;
        let e = !(p | o) & G::FULL;
        let potential = (neighbours::<G>(o) & e).count_ones() as i32 - (neighbours::<G>(p) & e).count_ones() as i32;
        mobility * 8 + corners * 24 + potential * 4
    }

    /// A depth-limited negamax over [`Self::guess`], to order moves.
    fn probe(&mut self, p: u64, o: u64, depth: u32, mut alpha: i32, beta: i32) -> i32 {
        self.stats.nodes += 1;
        if depth == 0 {
            return Self::guess(p, o);
        }
        let moves = G::moves(p, o);
        if moves == 0 {
            if G::moves(o, p) == 0 {
                return final_score::<G, R>(p, o) * 64;
            }
            return -self.probe(o, p, depth, -beta, -alpha);
        }
        let mut best = -INF * 64;
        for sq in Squares(moves) {
            let f = G::flips(p, o, sq);
            let v = -self.probe(o ^ f, p ^ f ^ (1u64 << sq), depth - 1, -beta, -alpha);
            if raise(&mut best, &mut alpha, v, beta) {
                break;
            }
        }
        best
    }

    /// Search without the table, for few empties.
    fn shallow(&mut self, p: u64, o: u64, mut alpha: i32, beta: i32, n: u32) -> i32 {
        let empties = !(p | o) & G::FULL;
        if n <= 1 {
            if n == 0 {
                self.stats.nodes += 1;
                self.stats.leaves += 1;
                return final_score::<G, R>(p, o);
            }
            return self.last1(p, o, empties.trailing_zeros());
        }
        if n <= PARITY_EMPTIES {
            return self.last_few(p, o, alpha, beta, n, empties);
        }
        self.stats.nodes += 1;
        let moves = G::moves(p, o);
        if moves == 0 {
            if G::moves(o, p) == 0 {
                self.stats.leaves += 1;
                return final_score::<G, R>(p, o);
            }
            return -self.shallow(o, p, -beta, -alpha, n);
        }
        let mut best = -INF;
        // Fastest first, by selection over a small fixed list.
        let odd = self.odd_quadrants(empties);
        let mut list = [Candidate::default(); 32];
        let mut len = 0;
        for sq in Squares(moves) {
            let flips = G::flips(p, o, sq);
            let (np, no) = (o ^ flips, p ^ flips ^ (1u64 << sq));
            if len < list.len() {
                list[len] = Candidate { sq, flips, key: self.order_key(np, no, sq, odd) };
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
            let v = -self.shallow(o ^ c.flips, p ^ c.flips ^ (1u64 << c.sq), -beta, -alpha, n - 1);
            if raise(&mut best, &mut alpha, v, beta) {
                break;
            }
        }
        best
    }

    /// The last few empties: no move generation, just a flip attempt on each
    /// empty square, odd regions first.
    fn last_few(&mut self, p: u64, o: u64, mut alpha: i32, beta: i32, n: u32, empties: u64) -> i32 {
        if n == 1 {
            return self.last1(p, o, empties.trailing_zeros());
        }
        self.stats.nodes += 1;
        let odd = self.odd_quadrants(empties);
        let mut best = -INF;
        for set in [empties & odd, empties & !odd] {
            for sq in Squares(set) {
                let f = G::flips(p, o, sq);
                if f == 0 {
                    continue;
                }
                let x = 1u64 << sq;
                let v = -self.last_few(o ^ f, p ^ f ^ x, -beta, -alpha, n - 1, empties ^ x);
                if raise(&mut best, &mut alpha, v, beta) {
                    return best;
                }
            }
        }
        if best == -INF {
            // No move: pass if the opponent has one, else the game is over.
            if G::moves(o, p) == 0 {
                self.stats.leaves += 1;
                return final_score::<G, R>(p, o);
            }
            return -self.last_few(o, p, -beta, -alpha, n, empties);
        }
        best
    }

    /// The score with one empty square `sq` left.
    #[inline(always)]
    fn last1(&mut self, p: u64, o: u64, sq: u32) -> i32 {
        self.stats.nodes += 1;
        self.stats.leaves += 1;
        let x = 1u64 << sq;
        let f = G::flips(p, o, sq);
        if f != 0 {
            return final_score::<G, R>(p ^ f ^ x, o ^ f);
        }
        let f = G::flips(o, p, sq);
        if f != 0 {
            return final_score::<G, R>(p ^ f, o ^ f ^ x);
        }
        final_score::<G, R>(p, o)
    }
}

/// The fail-soft step after a move's value `v`: keeps the best value, raises
/// `alpha`, and says whether the window closed (a cutoff).
#[inline(always)]
pub(crate) fn raise(best: &mut i32, alpha: &mut i32, v: i32, beta: i32) -> bool {
    if v > *best {
        *best = v;
        if v > *alpha {
            *alpha = v;
            return *alpha >= beta;
        }
    }
    false
}

/// Distinguishes boards and rules in the shared table.
pub(crate) fn table_seed<G: Geometry, R: Rule>() -> u64 {
    let rule = match R::SCORING {
        Scoring::World => 0,
        Scoring::Paper => 1,
    };
    ((G::ROWS as u64) << 8 | G::COLS as u64 | rule << 16).wrapping_mul(0xA24B_AED4_963E_E407)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Dims;

    #[test]
    fn priorities_follow_paper_001_on_6x6() {
        let p = <Dims<6, 6> as EndgameTables>::PRIORITY;
        let expected = [
            1, 4, 2, 2, 4, 1, //
            4, 5, 3, 3, 5, 4, //
            2, 3, 3, 3, 3, 2, //
            2, 3, 3, 3, 3, 2, //
            4, 5, 3, 3, 5, 4, //
            1, 4, 2, 2, 4, 1,
        ];
        assert_eq!(&p[..36], &expected);
    }

    #[test]
    fn quadrants_cover_the_board() {
        let q = <Dims<4, 10> as EndgameTables>::QUADRANTS;
        assert_eq!(q.iter().fold(0, |a, b| a | b), <Dims<4, 10>>::FULL);
        assert!(q.iter().all(|m| m.count_ones() == 10));
    }
}
