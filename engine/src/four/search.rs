//! Score Four's search: the shared node search ([`crate::search::node`])
//! with Score Four's policy, and a root that deepens over the shared root
//! moves in any parallel mode.
//!
//! The policy: a line made by the opponent ends the node (a win sooner is
//! worth more: `WIN − stones`); a side that can complete a line now wins,
//! one facing two lines it cannot both block loses, both proven without a
//! search; the evaluation at the horizon; paper 003's statistical pruning
//! after the table; children ordered by blocks first, then by the
//! opponent's static value (the paper's order), moves that lift a peg to an
//! opponent's threat last. Positions with few stones are searched in their
//! canonical orientation, so the table sees the eight symmetric images as
//! one.

use std::sync::atomic::AtomicBool;

use serde::Serialize;

use crate::bound::Wld;
use crate::clock::Clock;
use crate::error::Error;
use crate::four::board::{canonical, has_four, inverse, legal, threats, transform, Board, Gravity, Outcome};
use crate::four::eval::{EvalKind, Evaluate, ForcedEval, PaperEval, ThreatEval, EVAL_MAX};
use crate::four::pruning::{Cut, Decision, PruningStats};
use crate::parallel::{Mode, Split};
use crate::rules::movegen::Squares;
use crate::rules::position::Color;
use crate::search::node::{Policy, Searcher};
use crate::search::deepen::{deepen, Ended, Next, Plan};
use crate::search::root::RootMoves;
use crate::search::stop::{Halt, Limits};
use crate::search::tt::TranspositionTable;

/// The value of a won game before any stone: a win with `s` stones on the
/// board is worth `WIN − s` to the winner.
pub const WIN: i32 = 30000;
/// Larger than any value.
pub const INF: i32 = 32000;
/// Values at least this large are proven wins.
pub const PROVEN: i32 = WIN - 64;
/// Positions with at most this many stones are searched in canonical
/// orientation: that is where symmetric transpositions are common.
const SYM_STONES: u32 = 14;
/// From this depth on a splitting searcher hands younger brothers to the
/// pool.
const SPLIT_DEPTH: u32 = 4;

/// The selectivity a pruning margin is stored with in the table (wider
/// margins prune less; 0 is no pruning).
fn selectivity(cut: Cut) -> u8 {
    match cut {
        Cut::None => 0,
        Cut::Margin(m) if m >= 3.0 => 1,
        Cut::Margin(m) if m >= 2.0 => 2,
        Cut::Margin(m) if m >= 1.5 => 3,
        Cut::Margin(m) if m >= 1.0 => 4,
        Cut::Margin(m) if m >= 0.5 => 5,
        Cut::Margin(_) => 6,
    }
}

/// Score Four's part of the node search.
#[derive(Clone)]
pub struct FourPolicy<'s, E> {
    /// The evaluation at the leaves.
    pub eval: E,
    stats: &'s PruningStats,
    /// Paper 003's cut.
    margin: Cut,
    selectivity: u8,
}

impl<'s, E: Evaluate> FourPolicy<'s, E> {
    /// A policy with `eval`, pruning by `stats` as `margin` says.
    pub fn new(eval: E, stats: &'s PruningStats, margin: Cut) -> Self {
        FourPolicy { eval, stats, margin, selectivity: selectivity(margin) }
    }

    /// A horizon: the static value, or a draw on a full board.
    #[inline(always)]
    fn leaf(&self, p: u64, o: u64) -> i32 {
        if p | o == u64::MAX {
            0
        } else {
            self.eval.eval(p, o)
        }
    }

}

/// One thread's Score Four search.
pub type FourSearcher<'a, 's, E> = Searcher<'a, FourPolicy<'s, E>>;

/// Paper 003's cut ([`PruningStats::decide`]): the static value, or
/// ProbCut's probe, predicts the k-ply value; a prediction `margin` σ
/// outside the window cuts at its edge.
#[inline]
fn prune<E: Evaluate>(s: &mut FourSearcher<'_, '_, E>, p: u64, o: u64, k: u32, alpha: i32, beta: i32) -> Option<i32> {
    match s.policy.stats.decide(&s.policy.eval, s.policy.margin, p, o, k, alpha, beta) {
        Decision::Search => None,
        Decision::Cut(v) => Some(v),
        Decision::Probe(probe) => probe.run(alpha, beta, |d, a, b| s.node(p, o, d, a, b)),
    }
}

impl<'s, E: Evaluate> Policy for FourPolicy<'s, E> {
    type G = Gravity;
    /// The opponent's threats the side to move can (and must) block now.
    type Context = u64;
    const INF: i32 = INF;
    const SPLIT_DEPTH: u32 = SPLIT_DEPTH;
    const ETC_DEPTH: u32 = u32::MAX;

    fn seed(&self) -> u64 {
        let name = E::NAME.bytes().fold(0u64, |h, b| h.wrapping_mul(31).wrapping_add(b as u64));
        (name ^ 0x5C04_F0E4_0000_0000).wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }

    #[inline(always)]
    fn selectivity(&self) -> u8 {
        self.selectivity
    }

    /// Only a full board has no move for either side: a draw.
    fn final_value(&self, _p: u64, _o: u64) -> i32 {
        0
    }

    #[inline(always)]
    fn before(s: &mut FourSearcher<'_, 's, E>, p: u64, o: u64, depth: u32, alpha: i32, beta: i32) -> Option<i32> {
        if (p | o).count_ones() <= SYM_STONES {
            let (cp, co, sym) = canonical(p, o);
            if sym != 0 && (cp, co) != (p, o) {
                return Some(s.node(cp, co, depth, alpha, beta));
            }
        }
        None
    }

    #[inline(always)]
    fn horizon(s: &mut FourSearcher<'_, 's, E>, p: u64, o: u64, depth: u32) -> Option<i32> {
        if has_four(o) {
            return Some(-(WIN - (p | o).count_ones() as i32));
        }
        (depth == 0).then(|| s.policy.leaf(p, o))
    }

    #[inline(always)]
    fn shallow(s: &mut FourSearcher<'_, 's, E>, p: u64, o: u64, moves: u64, depth: u32, alpha: i32, beta: i32) -> Option<i32> {
        let stones = (p | o).count_ones() as i32;
        if threats(p, o) & moves != 0 {
            return Some(WIN - stones - 1);
        }
        if (threats(o, p) & moves).count_ones() >= 2 {
            return Some(-(WIN - stones - 2));
        }
        if depth > 1 {
            return None;
        }
        if let Some(v) = prune(s, p, o, 1, alpha, beta) {
            return Some(v);
        }
        // The last ply: every child's static value, no table.
        let mut best = -INF;
        for c in Squares(moves) {
            s.stats.nodes += 1;
            let v = -s.policy.leaf(o, p | 1u64 << c);
            if v > best {
                best = v;
                if v >= beta {
                    break;
                }
            }
        }
        Some(best)
    }

    #[inline(always)]
    fn cut_after_table(s: &mut FourSearcher<'_, 's, E>, p: u64, o: u64, depth: u32, alpha: i32, beta: i32) -> Option<i32> {
        prune(s, p, o, depth, alpha, beta)
    }

    #[inline(always)]
    fn context(&self, p: u64, o: u64, _depth: u32, _alpha: i32) -> u64 {
        threats(o, p) & legal(p | o)
    }

    #[inline(always)]
    fn order_key(s: &mut FourSearcher<'_, 's, E>, np: u64, no: u64, sq: u32, _flips: u64, _depth: u32, blocks: u64) -> i32 {
        let bit = 1u64 << sq;
        if blocks & bit != 0 {
            return i32::MIN + 1;
        }
        if (bit << 16) & threats(np, no) != 0 {
            // The opponent plays on top of this stone and wins.
            return i32::MAX - 1;
        }
        s.policy.eval.eval(np, no)
    }
}

/// How to search.
#[derive(Clone, Copy, Debug)]
pub struct FourOptions {
    /// Plies of the deepest iteration (at most the empty cells).
    pub depth: u32,
    /// Time and nodes after which the search ends with its last finished
    /// iteration.
    pub limits: Limits,
    /// The evaluation at the leaves.
    pub eval: EvalKind,
    /// Paper 003's cut.
    pub margin: Cut,
    /// How the search spreads over the pool.
    pub mode: FourMode,
    /// Give every root move its value (a full window each).
    pub all_moves: bool,
}

/// How a Score Four search spreads over the pool: the schedulers of
/// [`crate::parallel`]. Paper 002's master tree is the Othello engines'
/// alone, so this type cannot name it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum FourMode {
    /// Young Brothers Wait: split once the first move is searched.
    #[default]
    Ybw,
    /// Lazy SMP: helpers search the same tree, sharing the table.
    Lazy,
    /// MSAI: the root's moves shared out among the threads.
    Msai,
    /// One thread.
    Serial,
}

impl FourMode {
    /// Every mode.
    pub const ALL: [FourMode; 4] = [FourMode::Ybw, FourMode::Lazy, FourMode::Msai, FourMode::Serial];

    /// The mode's name, as the Othello engines call it.
    pub fn name(self) -> &'static str {
        Mode::from(self).name()
    }

    /// A mode by name, if Score Four has it.
    pub fn parse(s: &str) -> Option<FourMode> {
        FourMode::ALL.into_iter().find(|m| m.name() == s.trim().to_ascii_lowercase())
    }

    /// What the mode means for a search: threads, split nodes, helpers.
    pub fn split(self) -> Split {
        Mode::from(self).split()
    }
}

impl From<FourMode> for Mode {
    fn from(m: FourMode) -> Mode {
        match m {
            FourMode::Ybw => Mode::Ybw,
            FourMode::Lazy => Mode::Lazy,
            FourMode::Msai => Mode::Msai,
            FourMode::Serial => Mode::Serial,
        }
    }
}

impl std::fmt::Display for FourMode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl Default for FourOptions {
    fn default() -> Self {
        FourOptions { depth: 8, limits: Limits::NONE, eval: EvalKind::Threat, margin: Cut::None, mode: FourMode::default(), all_moves: false }
    }
}

/// A search's answer (also sent as progress after each iteration).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct FourResult {
    /// The peg to play (0..16), `None` if the game is over.
    pub best: Option<u32>,
    /// For the side to move, in points; beyond ±[`PROVEN`] a win or loss.
    pub score: i32,
    /// Plies of the last finished iteration.
    pub depth: u32,
    /// The expected line, pegs from the position.
    pub pv: Vec<u32>,
    /// With `all_moves`: every legal peg with its value, best first.
    pub moves: Vec<(u32, i32)>,
    /// Nodes searched.
    pub nodes: u64,
    /// Seconds the search took.
    pub seconds: f64,
    /// A stop or a limit cut the search short.
    pub stopped: bool,
    /// The value is the game's (no pruning, and a proven result or the
    /// whole tree searched).
    pub proven: bool,
}

impl FourResult {
    /// The result for the side to move where the value is proven.
    pub fn result(&self) -> Option<Wld> {
        let wld = match self.score {
            v if v >= PROVEN => Wld::Win,
            v if v <= -PROVEN => Wld::Loss,
            _ => Wld::Draw,
        };
        self.proven.then_some(wld)
    }

    /// Plies until the end, for a proven win or loss: the winner's last
    /// stone included.
    pub fn plies_to_end(&self, board: &Board) -> Option<u32> {
        (self.proven && self.score.abs() >= PROVEN).then(|| (WIN - self.score.abs()) as u32 - board.stones())
    }

    /// Nodes per second of the search.
    pub fn nodes_per_second(&self) -> f64 {
        crate::clock::rate(self.nodes, self.seconds)
    }
}

/// Chooses a peg for the side to move on `board` over the threads of the
/// current rayon pool. `stop` ends it early, as do `opts.limits`
/// (which never write `stop`); a stopped search answers with its
/// last finished iteration, or the static order if none finished.
pub fn search(
    board: &Board,
    tt: &TranspositionTable,
    opts: &FourOptions,
    stop: Option<&AtomicBool>,
    progress: &mut dyn FnMut(&FourResult),
) -> Result<FourResult, Error> {
    if opts.depth == 0 || opts.depth > 64 {
        return Err(Error::BadDepth { depth: opts.depth, max: 64 });
    }
    Ok(match opts.eval {
        EvalKind::Paper => {
            let stats = PruningStats::shipped(EvalKind::Paper);
            search_with(board, tt, opts, stop, progress, PaperEval { mean: stats.mean_by_move }, stats)
        }
        EvalKind::Threat => search_with(board, tt, opts, stop, progress, ThreatEval, PruningStats::shipped(EvalKind::Threat)),
        EvalKind::Forced => {
            let stats = PruningStats::shipped(EvalKind::Forced);
            search_with(board, tt, opts, stop, progress, ForcedEval { mean: stats.mean_by_move }, stats)
        }
    })
}

/// [`search`] with an evaluation and statistics of the caller's (the
/// calibration and the experiment measure their own).
pub fn search_with<E: Evaluate>(
    board: &Board,
    tt: &TranspositionTable,
    opts: &FourOptions,
    stop: Option<&AtomicBool>,
    progress: &mut dyn FnMut(&FourResult),
    eval: E,
    stats: &PruningStats,
) -> FourResult {
    let clock = Clock::start();
    let (p, o) = (board.player(), board.opponent());
    let stones = board.stones() as i32;
    let mut result = FourResult {
        best: None,
        score: 0,
        depth: 0,
        pv: Vec::new(),
        moves: Vec::new(),
        nodes: 0,
        seconds: 0.0,
        stopped: false,
        proven: false,
    };
    match board.outcome() {
        Outcome::Playing => {}
        Outcome::Draw => {
            result.proven = true;
            return result;
        }
        Outcome::Won(c, _) => {
            result.proven = true;
            result.score = if c == board.to_move() { WIN - stones } else { -(WIN - stones) };
            return result;
        }
    }
    let policy = FourPolicy::new(eval, stats, opts.margin);
    let moves = legal(p | o);
    let empties = 64 - stones as u32;

    // Iteration 0, which no stop interrupts: a winning move, else the
    // static order, so that a search stopped at once still answers.
    let mut root = RootMoves::new::<Gravity>(p, o, moves, INF);
    for m in root.moves.iter_mut() {
        m.value = if has_four(m.o) { WIN - stones - 1 } else { -policy.leaf(m.p, m.o) };
    }
    root.sort_by_key(|m| -m.value);
    result.best = Some(root.best().sq % 16);
    result.score = root.best().value;
    result.pv = vec![root.best().sq % 16];
    if root.best().value >= PROVEN {
        result.proven = true;
        result.depth = 1;
        if opts.all_moves {
            result.moves = root.moves.iter().map(|m| (m.sq % 16, m.value)).collect();
        }
        return result;
    }

    tt.new_search();
    let halt = Halt::new(stop, clock, opts.limits);
    let mut s = Searcher::new(tt, &halt, policy).splitting(opts.mode.split().nodes);
    let plan = Plan {
        max_depth: opts.depth.clamp(1, empties),
        empties,
        split: opts.mode.split(),
        all_moves: opts.all_moves,
        aspiration: None,
        inf: INF,
        time: opts.limits.time,
        helper_jitter: true,
    };
    let ended = deepen(&mut s, &mut root, (p, o), &plan, &clock, &mut |s, root, depth, v| {
        result.depth = depth;
        result.best = Some(root.best().sq % 16);
        result.score = v;
        result.pv = principal_variation(s, p, o, root.best().sq, depth);
        if opts.all_moves {
            result.moves = root.moves.iter().map(|m| (m.sq % 16, m.value)).collect();
        }
        result.nodes = s.stats.nodes;
        result.seconds = clock.seconds();
        let exact = s.policy.margin == Cut::None;
        result.proven = exact && (v.abs() >= PROVEN || depth == empties);
        progress(&result);
        if result.proven {
            Next::Done
        } else {
            Next::Deeper
        }
    });
    result.stopped = ended != Ended::Finished;
    result.nodes = s.stats.nodes;
    result.seconds = clock.seconds();
    result.stopped |= s.stopped();
    result
}

/// The best move the table holds for (`p`, `o`), in this orientation.
fn table_move<E: Evaluate>(s: &FourSearcher<'_, '_, E>, p: u64, o: u64) -> Option<u32> {
    if (p | o).count_ones() <= SYM_STONES {
        let (cp, co, sym) = canonical(p, o);
        let c = s.hash_move(cp, co)?;
        Some(transform(1u64 << c, inverse(sym)).trailing_zeros())
    } else {
        s.hash_move(p, o)
    }
}

/// The best move, then the table's moves as far as they go (pegs).
fn principal_variation<E: Evaluate>(s: &FourSearcher<'_, '_, E>, mut p: u64, mut o: u64, first: u32, depth: u32) -> Vec<u32> {
    let mut pv = Vec::new();
    let mut next = Some(first);
    while pv.len() < depth as usize && !has_four(o) {
        let moves = legal(p | o);
        let Some(c) = next.take().or_else(|| table_move(s, p, o)).filter(|&c| c < 64 && moves >> c & 1 == 1) else { break };
        pv.push(c % 16);
        (p, o) = (o, p | 1u64 << c);
    }
    pv
}

/// The side that wins with `score` from `board`'s side to move, if proven.
pub fn winner(board: &Board, r: &FourResult) -> Option<Color> {
    match r.result()? {
        Wld::Win => Some(board.to_move()),
        Wld::Loss => Some(board.to_move().opposite()),
        Wld::Draw => None,
    }
}

/// Solves `board`: deepens without pruning until the value is proven (a
/// forced win or loss, or the whole tree). `seconds` limits it.
pub fn solve(
    board: &Board,
    tt: &TranspositionTable,
    mode: FourMode,
    seconds: Option<f64>,
    stop: Option<&AtomicBool>,
    progress: &mut dyn FnMut(&FourResult),
) -> Result<FourResult, Error> {
    let opts = FourOptions { depth: 64 - board.stones().min(63), limits: Limits { time: seconds, nodes: None }, mode, ..FourOptions::default() };
    search(board, tt, &opts, stop, progress)
}

/// Keeps [`EVAL_MAX`] below proven values.
const _: () = assert!(EVAL_MAX < PROVEN);
