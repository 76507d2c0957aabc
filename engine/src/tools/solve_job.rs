//! A whole board's solve as a job that lives in a folder (`yomi solve
//! --job DIR`): too big for one sitting, it survives any interruption and
//! goes on where it stopped.
//!
//! The job is an alpha-beta search over the top `frontier` plies of the
//! tree, in an order that depends only on the position (the solver's own
//! ordering on a fresh table), whose leaves at the frontier are solved by
//! the exact solver with the window the search hands them. Each leaf's
//! fail-soft value is appended to `proofs.tsv` as soon as it is known, so
//! the file holds everything proven; a run replays the search, takes every
//! leaf already in the file at once, and solves the first that is not.
//! An interruption loses only the leaf in flight. The root is decided as
//! paper 001 does: win/draw/loss first, then the exact score in what that
//! leaves; then the perfect line, each step a null-window test of the
//! moves in order, over the same leaves. `progress` replays the search
//! without solving and says how far it has come. With several workers
//! (`solve_job_workers`, MPI ranks) a replay lists the leaves it lacks
//! ([`Job::wanted`]), guessing each missing value as the minimal tree
//! would, so that the first leaf is needed for sure and the rest likely.
//!
//! Files: `job.tsv` (the board, start position, scoring and frontier; made
//! once), `proofs.tsv` (one line a leaf: position, window, value, nodes,
//! seconds) and, when done, `result.json`.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;

use crate::bound::INF;
use crate::error::Error;
use crate::parallel::Mode;
use crate::rules::game::Move;
use crate::rules::notation::{format_position_with_board, parse_position};
use crate::rules::position::{Position, Scoring, Status};
use crate::rules::square::Square;
use crate::rules::symmetry;
use crate::search::tt::TranspositionTable;
use crate::tools::line_log::LineLog;
use crate::solver::solve::{move_order, solve, solve_window, SolveOptions};
use crate::with_geometry;

/// What the job solves, fixed when it is made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Spec {
    /// The position to solve (the side to move's value is the result).
    pub root: Position,
    /// How finished games score.
    pub scoring: Scoring,
    /// Plies of the job's own search above the solver's leaves.
    pub frontier: u32,
}

/// One leaf's solve, as `proofs.tsv` keeps it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Proof {
    /// The leaf, in its canonical orientation.
    pub position: Position,
    /// The window it was solved with: (`alpha`, `beta`).
    pub alpha: i32,
    /// See `alpha`.
    pub beta: i32,
    /// Fail-soft: at most `alpha` is an upper bound, at least `beta` a lower one.
    pub value: i32,
    /// The solve's nodes.
    pub nodes: u64,
    /// The solve's seconds.
    pub seconds: f64,
}

/// What is known of a leaf: lower ≤ value ≤ upper.
#[derive(Clone, Copy, Debug)]
struct Known {
    lower: i32,
    upper: i32,
}

/// Where a search that could not go on stands: the share of the tree (in
/// the job's order) before the leaf it needs.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Pending {
    /// Between 0 and 1.
    pub share_done: f64,
    /// False if the leaf was stopped; true if it was only looked up.
    pub looked_up: bool,
}

/// The job's state: its spec, the leaves proven, and the file they go to.
pub struct Job {
    dir: PathBuf,
    /// What the job solves.
    pub spec: Spec,
    known: HashMap<(u64, u64), Known>,
    /// Every proof in `proofs.tsv`, in its order.
    proofs: Vec<Proof>,
    /// Leaves in `proofs.tsv`.
    pub leaves: usize,
    /// Nodes and seconds of every leaf in `proofs.tsv`.
    pub nodes: u64,
    /// Solver seconds of those leaves (on this many threads: see `threads`).
    pub seconds: f64,
    log: LineLog,
    /// The order of each node's moves, kept: a replay visits them all again.
    orders: HashMap<(u64, u64), Vec<Square>>,
}

/// A leaf a replay lacks, with the window it would be solved with.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Wanted {
    /// The leaf as the replay met it.
    pub position: Position,
    /// (`alpha`, `beta`).
    pub window: (i32, i32),
    /// The share of the job's search before it, in the job's order.
    pub share_done: f64,
}

impl Wanted {
    /// Whether `other` is the same leaf (up to symmetry) with the same window.
    pub fn same(&self, other: &Wanted) -> bool {
        self.window == other.window && key(&self.position) == key(&other.position)
    }
}

/// What a job needs next.
#[derive(Clone, Debug, PartialEq)]
pub enum Plan {
    /// Every leaf the root's value and its perfect line need is proven
    /// ([`Job::run`] then only solves the line's last stretch).
    Proven,
    /// These leaves, in the job's order; the first is needed whatever the
    /// others turn out to be.
    Wanted(Vec<Wanted>),
}

/// What a node of the job's search is expected to be (the minimal tree's
/// types), for guessing what a missing leaf will return.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Expect {
    /// Its value lies inside its window.
    Pv,
    /// A move refutes it: its value is at least beta.
    Cut,
    /// No move reaches alpha.
    All,
}

impl Expect {
    /// The type of the `i`-th child searched.
    fn child(self, i: usize) -> Expect {
        match (self, i) {
            (Expect::Pv, 0) => Expect::Pv,
            (Expect::Pv | Expect::All, _) => Expect::Cut,
            (Expect::Cut, _) => Expect::All,
        }
    }

    /// The type after a pass (the same node, seen from the other side).
    fn passed(self) -> Expect {
        match self {
            Expect::Pv => Expect::Pv,
            Expect::Cut => Expect::All,
            Expect::All => Expect::Cut,
        }
    }

    /// The fail-soft value a leaf of this type is guessed to return.
    fn guess(self, alpha: i32, beta: i32) -> i32 {
        match self {
            Expect::Pv if beta - alpha >= 2 => alpha + 1,
            Expect::Pv | Expect::Cut => beta,
            Expect::All => alpha,
        }
    }
}

/// The job's finished result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The root's value for the side to move.
    pub value: i32,
    /// A perfect line from the root to the end, passes included.
    pub line: Vec<Move>,
}

const SPEC_FILE: &str = "job.tsv";
const PROOFS_FILE: &str = "proofs.tsv";
/// From this many empties the perfect line is finished by one plain solve.
const LINE_SOLVE_EMPTIES: u32 = 30;

pub(crate) fn io(path: &Path, e: std::io::Error) -> Error {
    Error::io(path, e)
}

impl Spec {
    fn text(&self) -> String {
        let scoring = match self.scoring {
            Scoring::World => "world",
            Scoring::Paper => "paper",
        };
        format!("position\t{}\nscoring\t{scoring}\nfrontier\t{}\n", format_position_with_board(&self.root), self.frontier)
    }

    fn parse(text: &str, path: &Path) -> Result<Spec, Error> {
        let bad = |why: &str| Error::damaged(path.display(), why);
        let field = |name: &str| {
            text.lines().find_map(|l| l.strip_prefix(name).and_then(|r| r.strip_prefix('\t'))).ok_or_else(|| bad(&format!("no {name} line")))
        };
        let root = parse_position(field("position")?, None).map_err(|e| bad(&e.to_string()))?;
        let scoring = field("scoring")?.parse().map_err(|e: Error| bad(&e.to_string()))?;
        let frontier = field("frontier")?.parse().map_err(|_| bad("the frontier is not a number of plies"))?;
        Ok(Spec { root, scoring, frontier })
    }
}

/// The canonical orientation of `pos` (the least of its symmetric images,
/// as `rules::symmetry::canonical` gives it).
fn canonical(pos: &Position) -> Position {
    let size = pos.size();
    let (p, o, _) = with_geometry!(size, G => symmetry::canonical::<G>(pos.player(), pos.opponent()));
    let (black, white) = if pos.to_move() == crate::Color::Black { (p, o) } else { (o, p) };
    Position::new(size, black, white, pos.to_move()).expect("a symmetric image is a position")
}

fn key(pos: &Position) -> (u64, u64) {
    let c = canonical(pos);
    (c.player(), c.opponent())
}

impl Job {
    /// Opens the job in `dir`, making it with `spec` if the folder holds
    /// none; a job already there must have the same spec if one is given.
    pub fn open(dir: &Path, spec: Option<Spec>) -> Result<Job, Error> {
        let spec_path = dir.join(SPEC_FILE);
        let spec = match (std::fs::read_to_string(&spec_path), spec) {
            (Ok(text), given) => {
                let found = Spec::parse(&text, &spec_path)?;
                if given.is_some_and(|g| g != found) {
                    return Err(Error::BadArgument(format!(
                        "{} is a job of its own ({}); give no board, position, scoring or frontier to resume it",
                        dir.display(),
                        text.lines().collect::<Vec<_>>().join(", ")
                    )));
                }
                found
            }
            (Err(e), Some(given)) if e.kind() == std::io::ErrorKind::NotFound => {
                if given.root.status() == Status::Over {
                    return Err(Error::BadArgument("the position is already over: nothing to solve".into()));
                }
                std::fs::create_dir_all(dir).map_err(|e| io(dir, e))?;
                std::fs::write(&spec_path, given.text()).map_err(|e| io(&spec_path, e))?;
                given
            }
            (Err(e), None) if e.kind() == std::io::ErrorKind::NotFound => {
                return Err(Error::BadArgument(format!("{} holds no job: give a position (or board) and --frontier to start one", dir.display())))
            }
            (Err(e), _) => return Err(io(&spec_path, e)),
        };
        let size = spec.root.size();
        let (log, proofs) = LineLog::open(&dir.join(PROOFS_FILE), "a proof", |l| Proof::parse(l, size))?;
        let mut job = Job { dir: dir.to_path_buf(), spec, known: HashMap::new(), proofs: Vec::new(), leaves: 0, nodes: 0, seconds: 0.0, log, orders: HashMap::new() };
        for proof in &proofs {
            job.add(proof);
        }
        Ok(job)
    }

    fn add(&mut self, p: &Proof) {
        let k = (p.position.player(), p.position.opponent());
        let known = self.known.entry(k).or_insert(Known { lower: -INF, upper: INF });
        match p.verdict() {
            Verdict::AtMostAlpha => known.upper = known.upper.min(p.value),
            Verdict::AtLeastBeta => known.lower = known.lower.max(p.value),
            Verdict::Exact(v) => (known.lower, known.upper) = (v, v),
        }
        self.proofs.push(*p);
        self.leaves += 1;
        self.nodes += p.nodes;
        self.seconds += p.seconds;
    }

    /// The job's folder.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Every leaf proven so far, in the order they were proven.
    pub fn proofs(&self) -> &[Proof] {
        &self.proofs
    }

    /// A value of `pos` within (`alpha`, `beta`) that the proofs already give.
    fn lookup(&self, pos: &Position, alpha: i32, beta: i32) -> Option<i32> {
        let k = self.known.get(&key(pos))?;
        if k.lower == k.upper {
            Some(k.lower)
        } else if k.upper <= alpha {
            Some(k.upper)
        } else if k.lower >= beta {
            Some(k.lower)
        } else {
            None
        }
    }

    fn record(&mut self, proof: Proof) -> Result<(), Error> {
        self.log.append(&proof.line())?;
        self.add(&proof);
        Ok(())
    }

    /// Keeps a leaf solved elsewhere: `value` is its fail-soft value within
    /// the window it was wanted with.
    pub fn prove(&mut self, leaf: &Wanted, value: i32, nodes: u64, seconds: f64) -> Result<(), Error> {
        let (alpha, beta) = leaf.window;
        self.record(Proof { position: canonical(&leaf.position), alpha, beta, value, nodes, seconds })
    }

    /// The moves of `pos` in the job's order (the same on every replay).
    fn order(&mut self, pos: &Position) -> Vec<Square> {
        self.orders.entry((pos.player(), pos.opponent())).or_insert_with(|| move_order(pos)).clone()
    }

    /// The leaves the job lacks next, at most `max` (at least one): a replay
    /// over the proofs that notes each missing leaf and goes on with a
    /// guess of its value instead of solving it.
    pub fn wanted(&mut self, max: usize) -> Result<Plan, Error> {
        let tt = TranspositionTable::with_mib(1);
        let listing = Replay::List { max: max.max(1), leaves: Vec::new() };
        let mut search = Search { job: self, tt: &tt, mode: Mode::Serial, stop: None, replay: listing, report: &mut |_, _| {} };
        // Where the replay ended matters not: the leaves it lacked do.
        let _ = search.outcome()?;
        let Replay::List { leaves, .. } = search.replay else { unreachable!("a listing replay stays one") };
        // Nothing missing means nothing was guessed: the replay was the job's.
        Ok(if leaves.is_empty() { Plan::Proven } else { Plan::Wanted(leaves) })
    }

    /// The whole job: the root's value, then its perfect line. Solves the
    /// leaves not yet proven on `tt` with the current rayon pool (`mode`);
    /// `Err(Pending)` if `stop` ended it, everything proven kept.
    pub fn run(
        &mut self,
        tt: &TranspositionTable,
        mode: Mode,
        stop: Option<&AtomicBool>,
        report: &mut dyn FnMut(&Job, &Solved),
    ) -> Result<Result<Outcome, Pending>, Error> {
        let mut search = Search { job: self, tt, mode, stop, replay: Replay::Solve, report };
        search.outcome()
    }

    /// How far the job has come, replayed from the proofs (nothing
    /// solved): `Ok` with the root's value once it is proven (the perfect
    /// line may still be going; `result.json` is written when it is done),
    /// else the share of the search done.
    pub fn progress(&mut self) -> Result<Result<i32, Pending>, Error> {
        let tt = TranspositionTable::with_mib(1);
        let mut search = Search { job: self, tt: &tt, mode: Mode::Serial, stop: None, replay: Replay::LookUp, report: &mut |_, _| {} };
        search.root_value()
    }

    /// Writes `result.json` for the finished `outcome`.
    pub fn write_result(&self, outcome: &Outcome, threads: usize) -> Result<PathBuf, Error> {
        let path = self.dir.join("result.json");
        let size = self.spec.root.size();
        let line: Vec<String> = outcome.line.iter().map(|m| m.name(size)).collect();
        let mut end = self.spec.root;
        for m in &outcome.line {
            end = match m {
                Move::Pass => end.passed(),
                Move::Play(sq) => end.play(*sq).expect("the perfect line is legal"),
            };
        }
        let json = serde_json::json!({
            "board": format!("{}x{}", size.rows(), size.cols()),
            "final": { "black": end.count(crate::Color::Black), "white": end.count(crate::Color::White) },
            "position": format_position_with_board(&self.spec.root),
            "scoring": match self.spec.scoring { Scoring::World => "world", Scoring::Paper => "paper" },
            "value": outcome.value,
            "line": line,
            "leaves": self.leaves,
            "nodes": self.nodes,
            "seconds": (self.seconds * 10.0).round() / 10.0,
            "threads": threads,
        });
        std::fs::write(&path, serde_json::to_string_pretty(&json).expect("json") + "\n").map_err(|e| io(&path, e))?;
        Ok(path)
    }
}

impl Proof {
    /// What the proof says of the leaf's value.
    pub fn verdict(&self) -> Verdict {
        Verdict::of(self.value, (self.alpha, self.beta))
    }

    fn line(&self) -> String {
        format!("{}\t{}\t{}\t{}\t{}\t{:.3}\n", format_position_with_board(&self.position), self.alpha, self.beta, self.value, self.nodes, self.seconds)
    }

    fn parse(line: &str, size: crate::BoardSize) -> Option<Proof> {
        let f: Vec<&str> = line.split('\t').collect();
        let [pos, alpha, beta, value, nodes, seconds] = f[..] else { return None };
        let position = parse_position(pos, Some(size)).ok()?;
        Some(Proof {
            position,
            alpha: alpha.parse().ok()?,
            beta: beta.parse().ok()?,
            value: value.parse().ok()?,
            nodes: nodes.parse().ok()?,
            seconds: seconds.parse().ok()?,
        })
    }
}

/// What a fail-soft value solved with a window says of the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// At most `alpha`.
    AtMostAlpha,
    /// At least `beta`.
    AtLeastBeta,
    /// This value exactly.
    Exact(i32),
}

impl Verdict {
    /// The verdict of `value` solved with `window`.
    pub fn of(value: i32, (alpha, beta): (i32, i32)) -> Verdict {
        if value <= alpha {
            Verdict::AtMostAlpha
        } else if value >= beta {
            Verdict::AtLeastBeta
        } else {
            Verdict::Exact(value)
        }
    }
}

/// A leaf just solved, for a running job's report.
#[derive(Clone, Copy, Debug)]
pub struct Solved {
    /// Its value within (alpha, beta), fail-soft.
    pub value: i32,
    /// The window it was solved with.
    pub window: (i32, i32),
    /// Its empties.
    pub empties: u32,
    /// Its nodes and seconds.
    pub nodes: u64,
    /// Seconds it took.
    pub seconds: f64,
    /// The share of the job's search before it, in the job's order.
    pub share_done: f64,
}

/// One replay of the job's search.
struct Search<'a> {
    job: &'a mut Job,
    tt: &'a TranspositionTable,
    mode: Mode,
    stop: Option<&'a AtomicBool>,
    replay: Replay,
    report: &'a mut dyn FnMut(&Job, &Solved),
}

/// What a replay does with a leaf the proofs lack.
enum Replay {
    /// Solves it (a run).
    Solve,
    /// Stops there (progress).
    LookUp,
    /// Lists it, up to `max` leaves, and goes on with a guess ([`Job::wanted`]).
    List { max: usize, leaves: Vec<Wanted> },
}

type Step<T> = Result<Result<T, Pending>, Error>;

impl Search<'_> {
    fn outcome(&mut self) -> Step<Outcome> {
        let value = match self.root_value()? {
            Ok(v) => v,
            Err(p) => return Ok(Err(p)),
        };
        match { let root = self.job.spec.root; self.line(&root, value) }? {
            Ok(line) => Ok(Ok(Outcome { value, line })),
            Err(p) => Ok(Err(p)),
        }
    }

    fn root_value(&mut self) -> Step<i32> {
        let root = self.job.spec.root;
        // Paper 001's order: win, draw or loss first, then the exact score.
        let wld = match self.value(&root, -1, 1, 0, (0.0, 0.5), Expect::Pv)? {
            Ok(v) => v,
            Err(p) => return Ok(Err(p)),
        };
        let window = match wld {
            v if v >= 1 => (v - 1, INF),
            v if v <= -1 => (-INF, v + 1),
            _ => (-1, 1),
        };
        let value = match self.value(&root, window.0, window.1, 0, (0.5, 0.4), Expect::Pv)? {
            Ok(v) => v,
            Err(p) => return Ok(Err(p)),
        };
        // A guess may leave the second pass short of exact.
        if matches!(self.replay, Replay::List { .. }) && !(window.0 < value && value < window.1) {
            return Ok(Err(self.gathered()));
        }
        debug_assert!(window.0 < value && value < window.1, "the second pass is exact");
        Ok(Ok(value))
    }

    /// The perfect line from `pos` whose value is `value`: the first move in
    /// the job's order whose child is worth exactly that.
    fn line(&mut self, start: &Position, value: i32) -> Step<Vec<Move>> {
        let (mut pos, mut v, mut line, mut ply) = (*start, value, Vec::new(), 0);
        loop {
            match pos.status() {
                Status::Over => return Ok(Ok(line)),
                Status::Pass => {
                    line.push(Move::Pass);
                    (pos, v) = (pos.passed(), -v);
                    continue;
                }
                Status::Move => {}
            }
            if pos.empties().count_ones() <= LINE_SOLVE_EMPTIES {
                if !matches!(self.replay, Replay::Solve) {
                    return Ok(Ok(line));
                }
                let opts = SolveOptions { scoring: self.job.spec.scoring, mode: self.mode, ..Default::default() };
                let sol = solve(&pos, self.tt, opts, self.stop);
                if sol.stopped {
                    return Ok(Err(Pending { share_done: 0.99, looked_up: false }));
                }
                if sol.exact() != Some(v) {
                    return Err(Error::damaged(self.job.dir.join(PROOFS_FILE).display(), format!("the proofs give {v} at {} and the solver {:?}: the proofs are wrong", format_position_with_board(&pos), sol.exact())));
                }
                line.extend(sol.pv);
                return Ok(Ok(line));
            }
            let mut next = None;
            for sq in self.job.order(&pos) {
                let child = pos.play(sq).expect("an ordered move is legal");
                let c = match self.value(&child, -v - 1, -v + 1, ply + 1, (0.9, 0.09), Expect::Pv)? {
                    Ok(c) => c,
                    Err(p) => return Ok(Err(p)),
                };
                if -c == v {
                    next = Some((sq, child));
                    break;
                }
            }
            let Some((sq, child)) = next else {
                if matches!(self.replay, Replay::List { .. }) {
                    // Guesses, not proofs, left no move at the value.
                    return Ok(Err(self.gathered()));
                }
                return Err(Error::damaged(self.job.dir.join(PROOFS_FILE).display(), format!("no move of {} is worth {v}: the proofs are wrong", format_position_with_board(&pos))));
            };
            line.push(Move::Play(sq));
            (pos, v, ply) = (child, -v, ply + 1);
        }
    }

    /// The fail-soft value of `pos` within (`alpha`, `beta`) at `ply` below
    /// the root; `share` is (where this subtree starts, its width) in the
    /// job's order, for progress.
    fn value(&mut self, pos: &Position, alpha: i32, beta: i32, ply: u32, share: (f64, f64), expect: Expect) -> Step<i32> {
        match pos.status() {
            Status::Over => {
                let black = pos.final_score(self.job.spec.scoring);
                return Ok(Ok(if pos.to_move() == crate::Color::Black { black } else { -black }));
            }
            Status::Pass => return Ok(self.value(&pos.passed(), -beta, -alpha, ply, share, expect.passed())?.map(|v| -v)),
            Status::Move => {}
        }
        if ply >= self.job.spec.frontier {
            return self.leaf(pos, alpha, beta, share, expect);
        }
        // Symmetric children have one value: one of each.
        let mut seen = Vec::new();
        let children: Vec<Position> = self
            .job
            .order(pos)
            .into_iter()
            .map(|sq| pos.play(sq).expect("an ordered move is legal"))
            .filter(|c| {
                let k = key(c);
                let new = !seen.contains(&k);
                seen.push(k);
                new
            })
            .collect();
        let (mut best, mut a) = (-INF, alpha);
        let width = share.1 / children.len() as f64;
        for (i, child) in children.iter().enumerate() {
            let v = match self.value(child, -beta, -a, ply + 1, (share.0 + i as f64 * width, width), expect.child(i))? {
                Ok(v) => -v,
                Err(p) => return Ok(Err(p)),
            };
            best = best.max(v);
            a = a.max(best);
            if best >= beta {
                break;
            }
        }
        Ok(Ok(best))
    }

    /// Where a listing replay stops: at its first missing leaf.
    fn gathered(&self) -> Pending {
        let first = match &self.replay {
            Replay::List { leaves, .. } => leaves.first(),
            _ => None,
        };
        Pending { share_done: first.map_or(1.0, |l| l.share_done), looked_up: true }
    }

    fn leaf(&mut self, pos: &Position, alpha: i32, beta: i32, share: (f64, f64), expect: Expect) -> Step<i32> {
        if let Some(v) = self.job.lookup(pos, alpha, beta) {
            return Ok(Ok(v));
        }
        match &mut self.replay {
            Replay::Solve => {}
            Replay::LookUp => return Ok(Err(Pending { share_done: share.0, looked_up: true })),
            Replay::List { max, leaves } => {
                let leaf = Wanted { position: *pos, window: (alpha, beta), share_done: share.0 };
                if !leaves.iter().any(|l| l.same(&leaf)) {
                    leaves.push(leaf);
                }
                if leaves.len() >= *max {
                    return Ok(Err(self.gathered()));
                }
                return Ok(Ok(expect.guess(alpha, beta)));
            }
        }
        let t = crate::clock::Clock::start();
        let Some((value, stats)) = solve_window(pos, self.tt, self.job.spec.scoring, self.mode, (alpha, beta), self.stop) else {
            return Ok(Err(Pending { share_done: share.0, looked_up: false }));
        };
        let proof = Proof { position: canonical(pos), alpha, beta, value, nodes: stats.nodes, seconds: t.seconds() };
        self.job.record(proof)?;
        let solved = Solved { value, window: (alpha, beta), empties: pos.empties().count_ones(), nodes: stats.nodes, seconds: proof.seconds, share_done: share.0 };
        (self.report)(self.job, &solved);
        Ok(Ok(value))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{BoardSize, Start};

    fn dir(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("yomi-job-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        d
    }

    #[test]
    fn a_job_stopped_and_resumed_solves_4x8_as_the_solver_does() {
        let size = BoardSize::new(4, 8).unwrap();
        let root = Position::start(size, Start::Othello);
        let spec = Spec { root, scoring: Scoring::Paper, frontier: 4 };
        let tt = TranspositionTable::with_mib(16);
        let d = dir("4x8");
        // Stopped at once: nothing proven, the share done is 0.
        let stop = AtomicBool::new(true);
        let mut job = Job::open(&d, Some(spec)).unwrap();
        assert!(matches!(job.run(&tt, Mode::Serial, Some(&stop), &mut |_, _| {}).unwrap(), Err(Pending { looked_up: false, .. })));
        // A few leaves, then a kill that tears the last line.
        let stop = AtomicBool::new(false);
        let mut job = Job::open(&d, None).unwrap();
        let whole = {
            let mut search = Search { job: &mut job, tt: &tt, mode: Mode::Serial, stop: Some(&stop), replay: Replay::Solve, report: &mut |_, _| {} };
            search.value(&root, -1, 1, 0, (0.0, 1.0), Expect::Pv).unwrap().unwrap()
        };
        assert!(job.leaves >= 2, "{} leaves", job.leaves);
        let proofs = d.join(PROOFS_FILE);
        let text = std::fs::read_to_string(&proofs).unwrap();
        std::fs::write(&proofs, &text[..text.len() - 7]).unwrap();
        let mut job = Job::open(&d, None).unwrap();
        let Err(p) = job.progress().unwrap() else { panic!("a torn job is not finished") };
        assert!(p.looked_up && p.share_done > 0.0 && p.share_done < 1.0, "{p:?}");
        // Resumed to the end: the plain solver's value and a line that plays to it.
        let mut heard = 0;
        let out = job.run(&tt, Mode::Serial, None, &mut |_, _| heard += 1).unwrap().unwrap();
        assert!(heard > 0);
        let plain = solve(&root, &TranspositionTable::with_mib(16), SolveOptions { scoring: Scoring::Paper, ..Default::default() }, None);
        assert_eq!(Some(out.value), plain.exact());
        assert_eq!(whole.signum(), out.value.signum());
        let mut end = root;
        for m in &out.line {
            end = match m {
                Move::Pass => end.passed(),
                Move::Play(sq) => end.play(*sq).unwrap(),
            };
        }
        assert_eq!(end.status(), Status::Over);
        assert_eq!(end.final_score(Scoring::Paper), out.value);
        // The finished job replays from its proofs alone.
        let mut again = Job::open(&d, None).unwrap();
        assert_eq!(again.progress().unwrap(), Ok(out.value));
        // Another spec for the same folder is refused.
        let other = Spec { frontier: 5, ..spec };
        assert!(Job::open(&d, Some(other)).err().unwrap().to_string().contains("a job of its own"));
        std::fs::remove_dir_all(&d).unwrap();
    }
}
