//! The playing engine's part of the node search: values in evaluation units
//! ([`crate::eval::evaluation::SCALE`] per disc; a finished game scores its final
//! disc difference times the scale, so a proven result outranks any
//! estimate), `depth` in plies, the evaluation at the horizon, the last two
//! plies without the table, ProbCut after the table probe, and moves
//! ordered by hash move, then a shallow search, the compact evaluation or
//! mobility of each child.

use crate::bound::raise;
use crate::eval::evaluation::{stage, Evaluator, Weights, SCALE};
use crate::play::probcut::{shallow_depth, ProbCutStats, MARGINS, MIN_DEPTH};
use crate::rules::geometry::neighbours;
use crate::rules::movegen::{MoveGen, Squares};
use crate::rules::position::Scoring;
use crate::search::node::{select_next, Candidate, Policy, Searcher};
use crate::search::stop::Halt;
use crate::search::tt::TranspositionTable;
use crate::bound::INF;
use crate::rules::shape_tables::ShapeTables;

/// Larger than any value in evaluation units.
pub const MID_INF: i32 = INF * SCALE;

/// Below this depth moves are ordered by the opponent's mobility alone; from
/// it on, by the evaluation of each child. From 5, not 3: in play, the
/// evaluations at depths 3 and 4 cost more nodes and time than they saved
/// (engine/MEASUREMENTS.md, "Moves ordered by the evaluation from depth 5").
const EVAL_SORT_DEPTH: u32 = 5;
/// From this depth on, by a shallow search of each child.
const SEARCH_SORT_DEPTH: u32 = 7;
/// From this depth on, a parallel search splits a node's younger brothers
/// over the pool once the eldest is searched.
pub const SPLIT_DEPTH: u32 = 7;

/// The playing search's policy.
#[derive(Clone)]
pub struct Mid<'w, G> {
    /// The evaluation at the leaves.
    pub eval: Evaluator<'w, G>,
    /// The evaluation that orders moves from `EVAL_SORT_DEPTH` on: where the
    /// leaves read 8×8 patterns, the compact ones, which cost less and order
    /// as well (engine/MEASUREMENTS.md, "Round 6"); elsewhere the leaves' own.
    order: Evaluator<'w, G>,
    probcut: &'w ProbCutStats,
    /// Selectivity level (index into [`MARGINS`]); 0 = no pruning.
    selectivity: u8,
    /// The scoring rule matters only at the end of a game: a run-time value
    /// here, so one copy of the search per board is enough.
    scoring: Scoring,
}

/// One thread's midgame search.
pub type MidSearcher<'a, 'w, G> = Searcher<'a, Mid<'w, G>>;

impl<'w, G: MoveGen> Mid<'w, G> {
    /// The playing policy: `scoring` at the end, `eval` at the leaves, ProbCut by `probcut` at `selectivity`.
    pub fn new(scoring: Scoring, eval: Evaluator<'w, G>, probcut: &'w ProbCutStats, selectivity: u8) -> Self {
        let order = if eval.reads_patterns() { Evaluator::new(Weights::compact()) } else { eval.clone() };
        Mid { eval, order, probcut, selectivity: selectivity.min(MARGINS.len() as u8 - 1), scoring }
    }

    /// A horizon node: a full board scores its final result, anything else
    /// its evaluation (a game that ended early by two passes is rare enough
    /// not to pay two move generations at every leaf).
    #[inline(always)]
    fn leaf(&self, p: u64, o: u64) -> i32 {
        self.leaf_near(p, o, i32::MIN, i32::MAX)
    }

    /// [`Self::leaf`] where only the window (`lo`, `hi`) matters: a
    /// network over the tables is read only near it (`Evaluator::eval_near`).
    #[inline(always)]
    fn leaf_near(&self, p: u64, o: u64, lo: i32, hi: i32) -> i32 {
        if (p | o) == G::FULL {
            self.final_value(p, o)
        } else {
            self.eval.eval_near(p, o, lo, hi)
        }
    }
}

impl<'w, G: MoveGen> Policy for Mid<'w, G> {
    type G = G;
    type Context = u64;
    const INF: i32 = MID_INF;
    const SPLIT_DEPTH: u32 = SPLIT_DEPTH;
    const ETC_DEPTH: u32 = u32::MAX;
    /// The last two plies search without the table (`shallow`).
    const TABLE_DEPTH: u32 = 3;

    fn seed(&self) -> u64 {
        // Midgame values are estimates in other units: keep them apart from
        // the exact solver's entries in the same table.
        ((G::ROWS as u64) << 8 | G::COLS as u64 | (self.scoring as u64) << 16).wrapping_mul(0x6D69_6467_616D_6521)
    }

    #[inline(always)]
    fn selectivity(&self) -> u8 {
        self.selectivity
    }

    #[inline(never)]
    fn final_value(&self, p: u64, o: u64) -> i32 {
        self.scoring.final_score(p.count_ones(), o.count_ones(), G::SQUARES as u32) * SCALE
    }

    #[inline(always)]
    fn horizon(s: &mut MidSearcher<'_, 'w, G>, p: u64, o: u64, depth: u32) -> Option<i32> {
        (depth == 0).then(|| s.policy.leaf(p, o))
    }

    #[inline(always)]
    fn shallow(s: &mut MidSearcher<'_, 'w, G>, p: u64, o: u64, moves: u64, depth: u32, alpha: i32, beta: i32) -> Option<i32> {
        (depth <= 2).then(|| shallow(s, p, o, moves, depth, alpha, beta))
    }

    #[inline(always)]
    fn cut_after_table(s: &mut MidSearcher<'_, 'w, G>, p: u64, o: u64, depth: u32, alpha: i32, beta: i32) -> Option<i32> {
        probcut(s, p, o, depth, alpha, beta)
    }

    #[inline(always)]
    fn context(&self, p: u64, o: u64, _depth: u32, _alpha: i32) -> u64 {
        !(p | o) & G::FULL
    }

    #[inline(always)]
    fn order_key(s: &mut MidSearcher<'_, 'w, G>, np: u64, no: u64, _sq: u32, flips: u64, depth: u32, empties: u64) -> i32 {
        if depth >= SEARCH_SORT_DEPTH {
            // A shallow search of the reply, opponent's view: lower first.
            let d = if depth >= 11 { 2 } else { 1 };
            s.node(np, no, d, -MID_INF, MID_INF) * 4 + openness::<G>(flips, empties)
        } else if depth >= EVAL_SORT_DEPTH {
            s.policy.order.eval(np, no) * 4 + openness::<G>(flips, empties)
        } else {
            mobility_key::<G>(np, no, flips, empties)
        }
    }
}

impl<'a, 'w, G: MoveGen> Searcher<'a, Mid<'w, G>> {
    /// A midgame searcher over `tt`, ending as `halt` says.
    pub fn midgame(tt: &'a TranspositionTable, halt: &'a Halt<'a>, policy: Mid<'w, G>) -> Self {
        Searcher::new(tt, halt, policy)
    }

    /// The value of (`p`, `o`) searched `depth` plies deep (passes do not
    /// count) within (`alpha`, `beta`), fail-soft.
    pub fn search(&mut self, p: u64, o: u64, depth: u32, alpha: i32, beta: i32) -> i32 {
        self.node(p, o, depth, alpha, beta)
    }

    /// The static value of (`p`, `o`) for the side to move, in the search's units.
    pub fn eval(&self, p: u64, o: u64) -> i32 {
        self.policy.eval.eval(p, o)
    }
}

/// ProbCut: a shallow null-window search predicts this node's value; if
/// the prediction is t·σ beyond a bound, the node is cut at that bound.
#[inline]
fn probcut<G: MoveGen>(s: &mut MidSearcher<'_, '_, G>, p: u64, o: u64, depth: u32, alpha: i32, beta: i32) -> Option<i32> {
    if s.policy.selectivity == 0 || depth < MIN_DEPTH {
        return None;
    }
    let st = stage((p | o).count_ones(), G::SQUARES as u32);
    let (mean, sigma) = s.policy.probcut.get(st, depth)?;
    let t = MARGINS[s.policy.selectivity as usize];
    let margin = (t * sigma).round() as i32;
    let mean = mean.round() as i32;
    let d = shallow_depth(depth);
    let limit = G::SQUARES as i32 * SCALE;
    // deep ≈ shallow + mean; cut high if shallow + mean − margin ≥ beta.
    let high = beta - mean + margin;
    if high < limit {
        let v = s.node(p, o, d, high - 1, high);
        if s.stopped() {
            return Some(0);
        }
        if v >= high {
            return Some(beta);
        }
    }
    let low = alpha - mean - margin;
    if low > -limit {
        let v = s.node(p, o, d, low, low + 1);
        if s.stopped() {
            return Some(0);
        }
        if v <= low {
            return Some(alpha);
        }
    }
    None
}

/// The last two plies: no table, fastest-first by selection.
fn shallow<G: MoveGen>(s: &mut MidSearcher<'_, '_, G>, p: u64, o: u64, moves: u64, depth: u32, mut alpha: i32, beta: i32) -> i32 {
    let mut best = -MID_INF;
    if depth == 1 {
        // Corners first, X-squares last, by class with no sort: a cutoff
        // comes after fewer leaves (engine/MEASUREMENTS.md, "The last ply
        // corners first").
        for sq in G::by_priority(moves) {
            let f = G::flips(p, o, sq);
            s.stats.nodes += 1;
            let v = -s.policy.leaf_near(o ^ f, p ^ f ^ (1u64 << sq), -beta, -alpha);
            if raise(&mut best, &mut alpha, v, beta) {
                return best;
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
        let c = select_next(&mut list[..len], i);
        let v = -s.node(o ^ c.flips, p ^ c.flips ^ (1u64 << c.sq), depth - 1, -beta, -alpha);
        if raise(&mut best, &mut alpha, v, beta) {
            break;
        }
    }
    best
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
