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

use crate::bound::{raise, INF};
use crate::rules::geometry::{neighbours, Geometry};
use crate::rules::movegen::{MoveGen, Squares};
use crate::rules::position::Scoring;
use crate::rules::shape_tables::ShapeTables;
use crate::rules::stability::stable_discs;
use crate::eval::pattern::{Indices, ROUND4_WINDOWS};
use crate::eval::pattern_weights::PatternWeights;
use crate::search::node::{select_next, Candidate, Policy, Searcher};
use crate::search::stop::Halt;
use crate::search::tt::TranspositionTable;

/// The windows the probes keep: those of the compact evaluation they end in.
const KEPT: usize = ROUND4_WINDOWS;

/// What a probe carries down its line besides the discs: on 8×8 the
/// pattern windows' indices ([`Indices`]), elsewhere nothing. Chosen at
/// compile time by the board.
trait ProbeLine: Copy {
    fn play(&self, sq: u32, flips: u64) -> Self;
    fn pass(&self) -> Self;
    /// The windows for the side to move, if this line keeps them.
    fn windows(&self) -> Option<&[u16; KEPT]>;
    /// The windows for the side to move after `sq` is played, turning
    /// `flips`, if this line keeps them (for a leaf: no line beyond).
    fn after(&self, sq: u32, flips: u64) -> Option<[u16; KEPT]>;
}

impl ProbeLine for () {
    #[inline(always)]
    fn play(&self, _sq: u32, _flips: u64) -> Self {}
    #[inline(always)]
    fn pass(&self) -> Self {}
    #[inline(always)]
    fn windows(&self) -> Option<&[u16; KEPT]> {
        None
    }
    #[inline(always)]
    fn after(&self, _sq: u32, _flips: u64) -> Option<[u16; KEPT]> {
        None
    }
}

impl ProbeLine for Indices<KEPT> {
    #[inline(always)]
    fn play(&self, sq: u32, flips: u64) -> Self {
        Indices::play(self, sq, flips)
    }
    #[inline(always)]
    fn pass(&self) -> Self {
        Indices::pass(self)
    }
    #[inline(always)]
    fn windows(&self) -> Option<&[u16; KEPT]> {
        Some(&self.mine)
    }
    #[inline(always)]
    fn after(&self, sq: u32, flips: u64) -> Option<[u16; KEPT]> {
        Some(Indices::after(self, sq, flips))
    }
}

/// A scoring rule as a type, so the final-score code is chosen at compile time.
pub trait Rule: Copy + Send + Sync + 'static {
    /// The scoring rule the solver counts the end by.
    const SCORING: Scoring;
}

/// World scoring: empty squares go to the winner.
#[derive(Clone, Copy, Debug)]
pub struct World;
/// Paper 001's scoring: the disc difference alone.
#[derive(Clone, Copy, Debug)]
pub struct Paper;

impl Rule for World {
    const SCORING: Scoring = Scoring::World;
}
impl Rule for Paper {
    const SCORING: Scoring = Scoring::Paper;
}


/// At or below this many empties the search uses no table: a probe there
/// costs more than the nodes it saves once moves are cheap
/// (engine/MEASUREMENTS.md, "The constants' figures").
const SHALLOW_EMPTIES: u32 = 8;
/// At or below this many empties moves go in parity order alone: fastest-first
/// no longer pays for its move generation (engine/MEASUREMENTS.md, "The constants' figures").
const PARITY_EMPTIES: u32 = 6;
/// From this many empties on, the table-free search tries the stability cutoff
/// too, on 8×8 only while alpha ≥ 2·empties − 2, where a cut is likely
/// (engine/MEASUREMENTS.md, "The constants' figures").
const STABILITY_EMPTIES: u32 = 4;
/// From this many empties on, children are probed for a cutoff (ETC) before
/// any is searched (engine/MEASUREMENTS.md, "The constants' figures").
const ETC_EMPTIES: u32 = 14;
/// From this many empties on, moves are ordered by a shallow search with a
/// mobility evaluation rather than by the opponent's mobility alone.
const SORT_SEARCH_EMPTIES: u32 = 14;
/// On 8×8, from this many empties on, the ordering probes search two plies,
/// not one: a 2-ply probe costs about six times a 1-ply one, and below this it
/// orders too little better to pay (engine/MEASUREMENTS.md, "The constants' figures").
const TWO_PLY_SORT_EMPTIES: u32 = 18;
/// On 8×8 the probes' pattern values are divided by this: a disc of evaluation
/// weighs half a reply in the fastest-first key (engine/MEASUREMENTS.md, "The constants' figures").
const GUESS_DIV: i32 = 32;
/// On 8×8, from this many empties on, the ordering probes search one ply
/// deeper: near the root of the biggest solves a subtree is worth a dearer
/// order (engine/MEASUREMENTS.md, "The constants' figures").
const DEEPER_SORT_EMPTIES: u32 = 24;
/// From this many empties on, a selective solve cuts nodes whose shallow
/// probe lies beyond the window by its margin.
const SELECTIVE_EMPTIES: u32 = 12;
/// Plies of that probe.
const SELECTIVE_PROBE: u32 = 2;
/// On 8×8 the ordering probes' window ends this many discs below alpha; other
/// boards' guesses are not in discs (engine/MEASUREMENTS.md, "The constants' figures").
const SORT_BELOW_ALPHA: i32 = 8;
/// From this many empties on, a parallel search splits a node's younger
/// brothers over the pool once the eldest is searched (smaller subtrees cost
/// less than the task that would carry them).
pub const SPLIT_EMPTIES: u32 = 12;

/// The final score for the side owning `p`.
#[inline(always)]
pub fn final_score<G: Geometry, R: Rule>(p: u64, o: u64) -> i32 {
    R::SCORING.final_score(p.count_ones(), o.count_ones(), G::SQUARES as u32)
}

/// The exact solver's part of the node search: values are final scores
/// under the rule `R`, `depth` is the number of empties, the last
/// `SHALLOW_EMPTIES` are solved by the ladder below without the table,
/// a stability cutoff comes before the table probe, and moves are ordered
/// by shallow probes, fastest-first, parity and square priority.
///
/// With a non-zero `margin` (8×8 only) the search is selective instead: a
/// node of `SELECTIVE_EMPTIES` or more whose shallow probe lies `margin`
/// discs beyond the window is cut there. Its values are not proven and are
/// stored as such; an exact solve over the same table takes only their
/// best moves, which is what a selective pass before it is for.
pub struct Exact<G, R> {
    /// The margin the probe tests against beta.
    pub margin: i32,
    _rules: PhantomData<(G, R)>,
}

impl<G, R> Clone for Exact<G, R> {
    fn clone(&self) -> Self {
        Exact { margin: self.margin, _rules: PhantomData }
    }
}

impl<G, R> Default for Exact<G, R> {
    fn default() -> Self {
        Exact { margin: 0, _rules: PhantomData }
    }
}

/// What a node's moves are ordered by besides themselves, set once per
/// node: its odd quadrants, the plies of each child's ordering probe (0:
/// fastest-first alone) and the top of the window it searches (in probe
/// units, from the child's side).
#[derive(Clone, Copy, Debug)]
pub struct Order {
    /// Regions with an odd number of empties.
    pub odd: u64,
    /// The depth of the pattern-guided probe.
    pub probe_depth: u32,
    /// The window the probe tests.
    pub probe_beta: i32,
}

impl Order {
    /// Every move valued in full, with probes of `probe_depth` plies: the
    /// root's order.
    pub fn full(odd: u64, probe_depth: u32) -> Order {
        Order { odd, probe_depth, probe_beta: INF * 64 }
    }
}

/// One thread's exact search over a shared table.
pub type Solver<'a, G, R> = Searcher<'a, Exact<G, R>>;

impl<G: MoveGen, R: Rule> Policy for Exact<G, R> {
    type G = G;
    type Context = Order;
    const INF: i32 = INF;
    const SPLIT_DEPTH: u32 = SPLIT_EMPTIES;
    const ETC_DEPTH: u32 = ETC_EMPTIES;
    const TABLE_DEPTH: u32 = SHALLOW_EMPTIES + 1;

    fn seed(&self) -> u64 {
        table_seed::<G, R>()
    }

    /// Narrower margins cut more: a pass's stored bounds serve it and any
    /// narrower pass, never a wider one or the exact solve. Each margin has
    /// its own level, so that a pass at a wider margin after a narrower one
    /// searches afresh (taking only the narrower one's best moves).
    #[inline(always)]
    fn selectivity(&self) -> u8 {
        match self.margin {
            0 => 0,
            m => (65 - m.clamp(1, 64)) as u8,
        }
    }

    #[inline(always)]
    fn final_value(&self, p: u64, o: u64) -> i32 {
        final_score::<G, R>(p, o)
    }

    #[inline(always)]
    fn before(s: &mut Solver<'_, G, R>, p: u64, o: u64, n: u32, alpha: i32, beta: i32) -> Option<i32> {
        (n <= SHALLOW_EMPTIES).then(|| s.shallow(p, o, alpha, beta, n, odd_quadrants::<G>(!(p | o) & G::FULL)))
    }

    #[inline(always)]
    fn cut_before_table(s: &mut Solver<'_, G, R>, p: u64, o: u64, n: u32, alpha: i32) -> Option<i32> {
        s.stability_cutoff(p, o, n, alpha)
    }

    #[inline(always)]
    fn cut_after_table(s: &mut Solver<'_, G, R>, p: u64, o: u64, n: u32, alpha: i32, beta: i32) -> Option<i32> {
        if s.policy.margin == 0 || n < SELECTIVE_EMPTIES || !Solver::<G, R>::PATTERNS {
            return None;
        }
        s.selective_cut(p, o, alpha, beta)
    }

    #[inline(always)]
    fn context(&self, p: u64, o: u64, n: u32, alpha: i32) -> Order {
        let order = Order::full(odd_quadrants::<G>(!(p | o) & G::FULL), Solver::<G, R>::probe_depth(n));
        if alpha <= -INF || !Solver::<G, R>::PATTERNS {
            return order;
        }
        // Only whether a move may reach alpha matters much: the probes'
        // window ends a few discs below it, so a move clearly worse is
        // refuted by its first good reply, not valued exactly.
        Order { probe_beta: -(alpha - SORT_BELOW_ALPHA) * 64 / GUESS_DIV, ..order }
    }

    #[inline(always)]
    fn order_key(s: &mut Solver<'_, G, R>, np: u64, no: u64, sq: u32, _flips: u64, _n: u32, order: Order) -> i32 {
        s.move_key(np, no, sq, order)
    }
}

impl<'a, G: MoveGen, R: Rule> Searcher<'a, Exact<G, R>> {
    /// A solver over `tt`, ending as `halt` says.
    pub fn solver(tt: &'a TranspositionTable, halt: &'a Halt<'a>) -> Self {
        Searcher::new(tt, halt, Exact::default())
    }

    /// The score of (`p`, `o`) within the window (`alpha`, `beta`), fail-soft.
    pub fn solve(&mut self, p: u64, o: u64, alpha: i32, beta: i32) -> i32 {
        let n = (!(p | o) & G::FULL).count_ones();
        self.node(p, o, n, alpha, beta)
    }

    /// Whether the board is 8×8, where the pattern evaluation values the
    /// probes (a constant: other boards compile without the patterns).
    const PATTERNS: bool = G::ROWS == 8 && G::COLS == 8;

    /// On 8×8, a guess at the exact score of (`p`, `o`) in discs (rounded
    /// to even, as most final scores are): a `depth`-ply search over the
    /// pattern evaluation. `None` on other boards, whose ordering guess is
    /// not in discs.
    pub fn guess_score(&mut self, p: u64, o: u64, depth: u32) -> Option<i32> {
        if !Self::PATTERNS {
            return None;
        }
        let v = self.probe::<1>(p, o, depth, -INF * 64, INF * 64) as f32 / crate::eval::pattern::UNIT as f32;
        Some(2 * (v / 2.0).round() as i32)
    }

    /// The selective pass's cut (see [`Exact`]): `beta` if the shallow
    /// probe is at least `margin` discs above it, `alpha` if at least that
    /// far below.
    fn selective_cut(&mut self, p: u64, o: u64, alpha: i32, beta: i32) -> Option<i32> {
        let v = self.probe::<1>(p, o, SELECTIVE_PROBE, -INF * 64, INF * 64);
        let m = self.policy.margin;
        if v >= (beta + m) * crate::eval::pattern::UNIT {
            Some(beta)
        } else if v <= (alpha - m) * crate::eval::pattern::UNIT {
            Some(alpha)
        } else {
            None
        }
    }

    /// Bitboard of the quadrants holding an odd number of empties.
    #[inline(always)]
    pub fn odd_quadrants(&self, empties: u64) -> u64 {
        odd_quadrants::<G>(empties)
    }

    /// Plies of the ordering probes at a node with `n` empties; 0 where
    /// fastest-first alone orders its moves.
    pub fn probe_depth(n: u32) -> u32 {
        if n < SORT_SEARCH_EMPTIES {
            return 0;
        }
        // Deeper nodes are rarer and their order matters more: one more
        // ply of probe every few empties. On 8×8, whose probes end in the
        // pattern evaluation, from `TWO_PLY_SORT_EMPTIES` on every five,
        // and one more from `DEEPER_SORT_EMPTIES`; elsewhere, whose guess
        // is rougher, from 16 on every two (engine/MEASUREMENTS.md, "The
        // constants' figures").
        let (from, step) = if Self::PATTERNS { (TWO_PLY_SORT_EMPTIES, 5) } else { (16, 2) };
        let deeper = u32::from(Self::PATTERNS && n >= DEEPER_SORT_EMPTIES);
        if n >= from { 2 + (n - from) / step + deeper } else { 1 }
    }

    /// The ordering key of the move to `sq` that leads to (`np`, `no`),
    /// ordered as `order` says; lower keys are searched first.
    pub fn move_key(&mut self, np: u64, no: u64, sq: u32, order: Order) -> i32 {
        if order.probe_depth > 0 {
            self.probe::<GUESS_DIV>(np, no, order.probe_depth, -INF * 64, order.probe_beta) * 4 + self.fastest_first_key(np, no, sq, order.odd)
        } else {
            self.fastest_first_key(np, no, sq, order.odd)
        }
    }

    /// The opponent's stable discs cap our score at `SQUARES − 2·stable`
    /// under either rule; if that cap is at most `alpha` the node fails low.
    #[inline(always)]
    fn stability_cutoff(&self, p: u64, o: u64, n: u32, alpha: i32) -> Option<i32> {
        let squares = G::SQUARES as i32;
        // Cheap tests first: a window too low to be cut with this many
        // empties left, or too low even if every opponent disc were stable.
        if (Self::PATTERNS && alpha < 2 * n as i32 - 2) || squares - 2 * (o.count_ones() as i32) > alpha {
            return None;
        }
        let cap = squares - 2 * stable_discs::<G>(o, p).count_ones() as i32;
        (cap <= alpha).then_some(cap)
    }

    /// Lower keys are searched first: few replies for the opponent (corners
    /// counted twice), then odd regions, then square priority.
    #[inline(always)]
    fn fastest_first_key(&self, np: u64, no: u64, sq: u32, odd: u64) -> i32 {
        let replies = G::moves(np, no);
        let mobility = (replies.count_ones() + (replies & G::CORNERS).count_ones()) as i32;
        let parity = ((odd >> sq) & 1) as i32;
        mobility * 16 - parity * 4 + G::PRIORITY[sq as usize] as i32
    }

    /// A cheap guess at the value of (`p`, `o`) for move ordering: on 8×8,
    /// whose probe lines keep the pattern `windows`, the compact pattern
    /// evaluation (the full one orders no better, at more cost); elsewhere mobility, corners, and potential mobility (empties next to
    /// the other side's discs).
    #[inline(always)]
    fn guess<const DIV: i32>(p: u64, o: u64, windows: Option<&[u16; KEPT]>) -> i32 {
        let (mp, mo) = (G::moves(p, o), G::moves(o, p));
        if let Some(idx) = windows {
            return PatternWeights::compact().value_at(idx, p, o, mp, mo) / DIV;
        }
        let mobility = mp.count_ones() as i32 - mo.count_ones() as i32;
        let corners = (p & G::CORNERS).count_ones() as i32 - (o & G::CORNERS).count_ones() as i32;
        let e = !(p | o) & G::FULL;
        let potential = (neighbours::<G>(o) & e).count_ones() as i32 - (neighbours::<G>(p) & e).count_ones() as i32;
        mobility * 8 + corners * 24 + potential * 4
    }

    /// A depth-limited negamax over [`Self::guess`] (on 8×8 the evaluation
    /// in 1/(64·`DIV`) disc, finished games in 1/64 disc), to order moves
    /// and to guess a score.
    fn probe<const DIV: i32>(&mut self, p: u64, o: u64, depth: u32, alpha: i32, beta: i32) -> i32 {
        // On 8×8 the windows are read once here and then follow the moves:
        // a depth-1 probe's replies each cost a few additions per flipped
        // disc instead of a full read of the 46 disc windows.
        if Self::PATTERNS {
            self.probe_line::<DIV, Indices<KEPT>>(p, o, &Indices::new(p, o), depth, alpha, beta)
        } else {
            self.probe_line::<DIV, ()>(p, o, &(), depth, alpha, beta)
        }
    }

    fn probe_line<const DIV: i32, L: ProbeLine>(&mut self, p: u64, o: u64, line: &L, depth: u32, mut alpha: i32, beta: i32) -> i32 {
        if depth == 0 {
            return self.probe_leaf::<DIV>(p, o, line.windows());
        }
        self.stats.nodes += 1;
        // Deep probes at 30 and more empties take seconds: they must see a
        // stop like every other loop (a 44-empty solve once ran on for
        // 45 s after Stop).
        if self.halted() {
            return 0;
        }
        let moves = G::moves(p, o);
        if moves == 0 {
            if G::moves(o, p) == 0 {
                return final_score::<G, R>(p, o) * 64;
            }
            return -self.probe_line::<DIV, L>(o, p, &line.pass(), depth, -beta, -alpha);
        }
        let mut best = -INF * 64;
        // Corners first, X-squares last: the value does not depend on the
        // order, the probe's cost does.
        for sq in G::by_priority(moves) {
            let f = G::flips(p, o, sq);
            let (np, no) = (o ^ f, p ^ f ^ (1u64 << sq));
            let v = if depth == 1 {
                -self.probe_leaf::<DIV>(np, no, line.after(sq, f).as_ref())
            } else {
                -self.probe_line::<DIV, L>(np, no, &line.play(sq, f), depth - 1, -beta, -alpha)
            };
            if raise(&mut best, &mut alpha, v, beta) {
                return best;
            }
        }
        best
    }

    /// A probe's leaf: counted and stopped like its other nodes (a
    /// depth-1 probe calls it with the windows after each move, read for
    /// the next side alone).
    #[inline(always)]
    fn probe_leaf<const DIV: i32>(&mut self, p: u64, o: u64, windows: Option<&[u16; KEPT]>) -> i32 {
        self.stats.nodes += 1;
        if self.halted() {
            return 0;
        }
        Self::guess::<DIV>(p, o, windows)
    }

    /// Search without the table, for few empties; `odd` is the mask of the
    /// quadrants with an odd number of empties, kept by the caller.
    fn shallow(&mut self, p: u64, o: u64, mut alpha: i32, beta: i32, n: u32, odd: u64) -> i32 {
        let empties = !(p | o) & G::FULL;
        if n <= PARITY_EMPTIES {
            return match n {
                0 => {
                    self.stats.nodes += 1;
                    self.stats.leaves += 1;
                    final_score::<G, R>(p, o)
                }
                1 => self.last1(p, o, empties.trailing_zeros()),
                2 => self.last2(p, o, alpha, beta, empties),
                _ => self.last_few(p, o, alpha, beta, n, empties, odd),
            };
        }
        self.stats.nodes += 1;
        if n >= STABILITY_EMPTIES {
            if let Some(v) = self.stability_cutoff(p, o, n, alpha) {
                return v;
            }
        }
        let moves = G::moves(p, o);
        if moves == 0 {
            if G::moves(o, p) == 0 {
                self.stats.leaves += 1;
                return final_score::<G, R>(p, o);
            }
            return -self.shallow(o, p, -beta, -alpha, n, odd);
        }
        let mut best = -INF;
        // Fastest first, by selection over a small fixed list.
        let mut list = [Candidate::default(); 32];
        let mut len = 0;
        for sq in Squares(moves) {
            let flips = G::flips(p, o, sq);
            let (np, no) = (o ^ flips, p ^ flips ^ (1u64 << sq));
            if len < list.len() {
                list[len] = Candidate { sq, flips, key: self.fastest_first_key(np, no, sq, odd) };
                len += 1;
            }
        }
        for i in 0..len {
            let c = select_next(&mut list[..len], i);
            let (np, no) = (o ^ c.flips, p ^ c.flips ^ (1u64 << c.sq));
            let v = -self.shallow(np, no, -beta, -alpha, n - 1, odd ^ G::QUADRANT_OF[c.sq as usize]);
            if raise(&mut best, &mut alpha, v, beta) {
                break;
            }
        }
        best
    }

    /// The last few empties (3 or more): no move generation, just a flip
    /// attempt on each empty square, odd quadrants first.
    #[allow(clippy::too_many_arguments)]
    fn last_few(&mut self, p: u64, o: u64, mut alpha: i32, beta: i32, n: u32, empties: u64, odd: u64) -> i32 {
        self.stats.nodes += 1;
        if n >= STABILITY_EMPTIES {
            if let Some(v) = self.stability_cutoff(p, o, n, alpha) {
                return v;
            }
        }
        let mut best = -INF;
        for set in [empties & odd, empties & !odd] {
            for sq in Squares(set) {
                if G::AROUND[sq as usize] & o == 0 {
                    continue;
                }
                let f = G::flips(p, o, sq);
                if f == 0 {
                    continue;
                }
                let x = 1u64 << sq;
                let (np, no, e) = (o ^ f, p ^ f ^ x, empties ^ x);
                let v = if n == 3 {
                    -self.last2(np, no, -beta, -alpha, e)
                } else {
                    -self.last_few(np, no, -beta, -alpha, n - 1, e, odd ^ G::QUADRANT_OF[sq as usize])
                };
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
            return -self.last_few(o, p, -beta, -alpha, n, empties, odd);
        }
        best
    }

    /// Two empties: the side to move's moves, else the opponent's, else the
    /// game is over.
    fn last2(&mut self, p: u64, o: u64, alpha: i32, beta: i32, empties: u64) -> i32 {
        // Two moves at most, each ending the game: no window to narrow.
        self.stats.nodes += 1;
        let a = empties.trailing_zeros();
        let b = (empties & (empties - 1)).trailing_zeros();
        if let Some(v) = self.last2_side(p, o, beta, a, b) {
            return v;
        }
        match self.last2_side(o, p, -alpha, a, b) {
            Some(v) => -v,
            None => {
                self.stats.leaves += 1;
                final_score::<G, R>(p, o)
            }
        }
    }

    /// The best of the side to move's moves on `a` and `b` (each followed by
    /// the last empty), stopping at `beta`, or None if it has neither.
    #[inline(always)]
    fn last2_side(&mut self, p: u64, o: u64, beta: i32, a: u32, b: u32) -> Option<i32> {
        let mut best = -INF;
        for (sq, other) in [(a, b), (b, a)] {
            if G::AROUND[sq as usize] & o == 0 {
                continue;
            }
            let f = G::flips(p, o, sq);
            if f == 0 {
                continue;
            }
            let v = -self.last1(o ^ f, p ^ f ^ (1u64 << sq), other);
            if v > best {
                best = v;
                if v >= beta {
                    break;
                }
            }
        }
        (best > -INF).then_some(best)
    }

    /// The score with one empty square `sq` left. The board is then full
    /// but for `sq`, so the flips are counted from the mover's discs alone
    /// ([`MoveGen::last_flip_count`]), not made.
    #[inline(always)]
    fn last1(&mut self, p: u64, o: u64, sq: u32) -> i32 {
        self.stats.nodes += 1;
        self.stats.leaves += 1;
        let squares = G::SQUARES as u32;
        let (mine, theirs) = (p.count_ones(), squares - 1 - p.count_ones());
        let n = G::last_flip_count(p, sq);
        if n != 0 {
            return R::SCORING.final_score(mine + n + 1, theirs - n, squares);
        }
        let n = G::last_flip_count(o, sq);
        if n != 0 {
            return R::SCORING.final_score(mine - n, theirs + n + 1, squares);
        }
        R::SCORING.final_score(mine, theirs, squares)
    }
}

/// Bitboard of the quadrants holding an odd number of empties.
#[inline(always)]
pub fn odd_quadrants<G: Geometry>(empties: u64) -> u64 {
    let mut odd = 0;
    for quadrant in G::QUADRANTS {
        if (empties & quadrant).count_ones() & 1 == 1 {
            odd |= quadrant;
        }
    }
    odd
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
    use crate::clock::Clock;
    use crate::rng::Rng;
    use crate::rules::geometry::Dims;
    use crate::rules::movegen::Squares;
    use crate::search::stop::{Halt, Limits};

    /// Plain negamax to the end, passes included: the reference.
    fn naive<G: MoveGen, R: Rule>(p: u64, o: u64) -> i32 {
        let moves = G::moves(p, o);
        if moves == 0 {
            return if G::moves(o, p) == 0 { final_score::<G, R>(p, o) } else { -naive::<G, R>(o, p) };
        }
        Squares(moves).map(|sq| {
            let f = G::flips(p, o, sq);
            -naive::<G, R>(o ^ f, p ^ f ^ (1 << sq))
        }).max().expect("a move")
    }

    /// A position `plies` random moves from the Othello start of `G`.
    fn random_position<G: MoveGen>(rng: &mut Rng, plies: usize) -> (u64, u64) {
        let start = crate::Position::start(crate::BoardSize::new(G::ROWS, G::COLS).unwrap(), crate::Start::Othello);
        let (mut p, mut o) = (start.player(), start.opponent());
        for _ in 0..plies {
            let moves = G::moves(p, o);
            if moves == 0 {
                if G::moves(o, p) == 0 {
                    break;
                }
                (p, o) = (o, p);
                continue;
            }
            let sq = rng.pick(moves);
            let f = G::flips(p, o, sq);
            (p, o) = (o ^ f, p ^ f ^ (1 << sq));
        }
        (p, o)
    }

    /// The exact solver's values, full window and null windows both ways,
    /// against negamax on random positions of `G`.
    fn matches_negamax<G: MoveGen, R: Rule>(plies: std::ops::Range<usize>, seeds: u64) {
        let tt = TranspositionTable::with_mib(1);
        let halt = Halt::new(None, Clock::start(), Limits::NONE);
        let mut rng = Rng::new(5);
        for seed in 0..seeds {
            let (p, o) = random_position::<G>(&mut rng, plies.start + (seed as usize) % plies.len());
            let want = naive::<G, R>(p, o);
            tt.clear();
            let mut s = Searcher::<Exact<G, R>>::solver(&tt, &halt);
            assert_eq!(s.solve(p, o, -INF, INF), want, "{p:#x} {o:#x}");
            // Fail-soft: a null window says on which side the value lies.
            assert!(s.solve(p, o, want - 1, want) >= want);
            assert!(s.solve(p, o, want, want + 1) <= want);
        }
    }

    /// Every margin has its own level, wider margins lower ones, the exact
    /// solve 0: a wider pass never takes a narrower pass's bounds (12 and 16
    /// once shared a level, so a pass at 16 after one at 12 searched nothing).
    #[test]
    fn each_margin_has_its_own_selectivity_level() {
        let level = |margin| Exact::<Dims<8, 8>, World> { margin, _rules: PhantomData }.selectivity();
        assert_eq!(level(0), 0);
        for m in 1..64 {
            assert!(level(m + 1) < level(m), "margin {m}");
            assert!(level(m + 1) > 0);
        }
    }

    #[test]
    fn exact_values_equal_negamax_on_4x4_under_both_rules() {
        matches_negamax::<Dims<4, 4>, World>(0..10, 60);
        matches_negamax::<Dims<4, 4>, Paper>(0..10, 60);
    }

    #[test]
    fn exact_values_equal_negamax_on_6x4_and_8x8_endgames() {
        matches_negamax::<Dims<4, 6>, World>(9..14, 30);
        matches_negamax::<Dims<8, 8>, World>(50..53, 12);
    }
}
