//! `yomi solve --job DIR --check N`: a job's proofs checked by solving a
//! random sample of its leaves again, apart from how the job solved them:
//! each leaf in another orientation of the board (so another move order
//! and other hash keys), on a table cleared for it, in the mode asked for.
//! A check agrees when both values say the same of the leaf against the
//! job's window: at most alpha, at least beta, or one exact value inside.
//!
//! Each check is appended to `leaf-checks.tsv` as soon as it is made
//! (position, window, the job's value, the check's value, the symmetry,
//! nodes, seconds), so a stopped run resumes with the rest of the sample.

use std::collections::HashSet;
use std::sync::atomic::AtomicBool;

use crate::error::Error;
use crate::parallel::Mode;
use crate::rng::Rng;
use crate::rules::notation::{format_position_with_board, parse_position};
use crate::rules::position::Position;
use crate::rules::game::Game;
use crate::rules::symmetry::Symmetry;
use crate::search::tt::TranspositionTable;
use crate::solver::solve::solve_window;
use crate::tools::line_log::LineLog;
use crate::tools::solve_job::{Job, Proof, Verdict};

const CHECKS_FILE: &str = "leaf-checks.tsv";

/// One leaf of the job solved again.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Checked {
    /// The leaf, as the job keeps it.
    pub position: Position,
    /// The window the job solved it with.
    pub window: (i32, i32),
    /// The job's fail-soft value.
    pub job_value: i32,
    /// The orientation the leaf was solved in again.
    pub symmetry: Symmetry,
    /// The check's fail-soft value, with the proof's window.
    pub value: i32,
    /// The check's nodes.
    pub nodes: u64,
    /// The check's seconds.
    pub seconds: f64,
}

impl Checked {
    /// Whether the check says of the leaf what the job's proof says.
    pub fn agrees(&self) -> bool {
        Verdict::of(self.value, self.window) == Verdict::of(self.job_value, self.window)
    }

    fn line(&self) -> String {
        format!(
            "{}\t{}\t{}\t{}\t{}\t{}\t{}\t{:.3}\n",
            format_position_with_board(&self.position),
            self.window.0,
            self.window.1,
            self.job_value,
            self.value,
            self.symmetry.name(),
            self.nodes,
            self.seconds
        )
    }

    fn parse(line: &str, size: crate::BoardSize) -> Option<Checked> {
        let f: Vec<&str> = line.split('\t').collect();
        let [pos, alpha, beta, job_value, value, symmetry, nodes, seconds] = f[..] else { return None };
        Some(Checked {
            position: parse_position(pos, Some(size)).ok()?,
            window: (alpha.parse().ok()?, beta.parse().ok()?),
            job_value: job_value.parse().ok()?,
            symmetry: symmetry.parse().ok()?,
            value: value.parse().ok()?,
            nodes: nodes.parse().ok()?,
            seconds: seconds.parse().ok()?,
        })
    }
}

/// What a run of checks leaves: every check in the job's file, and
/// whether the sample asked for is all among them.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// Every check in the file, earlier runs' too.
    pub checked: Vec<Checked>,
    /// False if a stop came first.
    pub finished: bool,
}

/// `n` of the job's proofs, drawn without repeats by `seed`: the same job,
/// `n` and seed give the same sample, in the same order.
pub fn sample(job: &Job, n: usize, seed: u64) -> Result<Vec<Proof>, Error> {
    let proofs = job.proofs();
    if n == 0 || n > proofs.len() {
        return Err(Error::BadArgument(format!("--check must be 1 to {}: the job has {} proven leaves", proofs.len(), proofs.len())));
    }
    let mut order: Vec<usize> = (0..proofs.len()).collect();
    let mut rng = Rng::new(seed);
    for i in 0..n {
        let j = i + rng.below((order.len() - i) as u64) as usize;
        order.swap(i, j);
    }
    Ok(order[..n].iter().map(|&i| proofs[i]).collect())
}

/// The image of `pos` under `sym` (a symmetry of its board).
fn image(pos: &Position, sym: Symmetry) -> Position {
    *Game::new(*pos).transformed(sym).expect("a symmetry of the board").start()
}

/// The first symmetry of the board that moves `pos` elsewhere (the
/// identity for a position every symmetry keeps).
fn other_orientation(pos: &Position) -> Symmetry {
    Symmetry::group(pos.size())[1..].iter().copied().find(|&s| image(pos, s) != *pos).unwrap_or(Symmetry::Identity)
}

/// Solves again the leaves of `sample(job, n, seed)` not yet in the job's
/// checks file, one at a time on `tt` with the current rayon pool, and
/// appends each to the file; `report` hears of each (with how many of the
/// sample are done). A `stop` ends the run between or within leaves.
pub fn run(
    job: &Job,
    n: usize,
    seed: u64,
    tt: &TranspositionTable,
    mode: Mode,
    stop: Option<&AtomicBool>,
    report: &mut dyn FnMut(&Checked, usize),
) -> Result<Outcome, Error> {
    let picked = sample(job, n, seed)?;
    let size = job.spec.root.size();
    let (mut log, mut checked) = LineLog::open(&job.dir().join(CHECKS_FILE), "a check", |l| Checked::parse(l, size))?;
    let key = |p: &Proof| (p.position, (p.alpha, p.beta));
    let done: HashSet<_> = checked.iter().map(|c| (c.position, c.window)).collect();
    let mut have = picked.iter().filter(|p| done.contains(&key(p))).count();
    for proof in picked.iter().filter(|p| !done.contains(&key(p))) {
        let symmetry = other_orientation(&proof.position);
        tt.clear();
        let t = crate::clock::Clock::start();
        let Some((value, stats)) = solve_window(&image(&proof.position, symmetry), tt, job.spec.scoring, mode, (proof.alpha, proof.beta), stop) else {
            return Ok(Outcome { checked, finished: false });
        };
        let c = Checked {
            position: proof.position,
            window: (proof.alpha, proof.beta),
            job_value: proof.value,
            symmetry,
            value,
            nodes: stats.nodes,
            seconds: t.seconds(),
        };
        log.append(&c.line())?;
        have += 1;
        report(&c, have);
        checked.push(c);
    }
    Ok(Outcome { checked, finished: true })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::solve::{solve, SolveOptions};
    use crate::tools::solve_job::Spec;
    use crate::{BoardSize, Scoring, Start};

    #[test]
    fn a_4x8_job_checked_leaf_by_leaf_agrees_and_a_wrong_proof_is_caught() {
        let dir = std::env::temp_dir().join(format!("yomi-solve-check-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let root = Position::start(BoardSize::new(4, 8).unwrap(), Start::Othello);
        let spec = Spec { root, scoring: Scoring::Paper, frontier: 6 };
        let tt = TranspositionTable::with_mib(8);
        let mut job = Job::open(&dir, Some(spec)).unwrap();
        let outcome = job.run(&tt, Mode::Serial, None, &mut |_, _| {}).unwrap().unwrap();
        // The job's value is the solver's (4x8, paper scoring: known from the plain solve).
        let plain = solve(&root, &TranspositionTable::with_mib(8), SolveOptions { scoring: Scoring::Paper, ..Default::default() }, None);
        assert_eq!(Some(outcome.value), plain.exact());
        let n = job.proofs().len().min(12);
        assert!(n >= 4, "a 4x8 job of 6 plies has leaves to check");

        let mut heard = 0;
        let first = run(&job, n, 7, &tt, Mode::Serial, None, &mut |_, done| heard = done).unwrap();
        assert!(first.finished);
        assert_eq!((first.checked.len(), heard), (n, n));
        assert!(first.checked.iter().all(Checked::agrees));
        assert!(first.checked.iter().any(|c| c.symmetry != Symmetry::Identity));
        // The same sample again finds everything done; the file is what was said.
        let again = run(&job, n, 7, &tt, Mode::Serial, None, &mut |_, _| panic!("nothing left to check")).unwrap();
        // A kill that tore the last line: that leaf is checked again, the rest kept.
        let path = dir.join(CHECKS_FILE);
        let text = std::fs::read_to_string(&path).unwrap();
        std::fs::write(&path, &text[..text.len() - 5]).unwrap();
        let mut redone = 0;
        run(&job, n, 7, &tt, Mode::Serial, None, &mut |_, _| redone += 1).unwrap();
        assert_eq!(redone, 1);
        let now = std::fs::read_to_string(&path).unwrap();
        let kept = text.trim_end().rfind('\n').unwrap() + 1;
        assert_eq!((&now[..kept], now.lines().count()), (&text[..kept], n));
        let said = |o: &Outcome| o.checked.iter().map(|c| (c.position, c.window, c.job_value, c.value, c.symmetry, c.nodes)).collect::<Vec<_>>();
        assert_eq!(said(&again), said(&first));

        // Each check is the leaf's value by a plain solve of the leaf itself.
        for c in &first.checked {
            let exact = solve(&c.position, &tt, SolveOptions { scoring: Scoring::Paper, ..Default::default() }, None).exact().unwrap();
            assert_eq!(Verdict::of(exact, c.window), Verdict::of(c.job_value, c.window));
        }
        // A proof that claims the wrong side of its window does not agree.
        let mut wrong = first.checked[0];
        wrong.job_value = match Verdict::of(wrong.job_value, wrong.window) {
            Verdict::AtMostAlpha => wrong.window.1,
            _ => wrong.window.0,
        };
        assert!(!wrong.agrees());
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_sample_is_fixed_by_its_seed_and_never_repeats_a_leaf() {
        let dir = std::env::temp_dir().join(format!("yomi-solve-sample-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let root = Position::start(BoardSize::new(4, 6).unwrap(), Start::Othello);
        let tt = TranspositionTable::with_mib(4);
        let mut job = Job::open(&dir, Some(Spec { root, scoring: Scoring::Paper, frontier: 4 })).unwrap();
        job.run(&tt, Mode::Serial, None, &mut |_, _| {}).unwrap().unwrap();
        let all = job.proofs().len();
        let a = sample(&job, all, 3).unwrap();
        let b = sample(&job, all, 3).unwrap();
        assert_eq!(a, b);
        let distinct: HashSet<_> = a.iter().map(|p| (p.position, p.alpha, p.beta, p.value)).collect();
        assert_eq!(distinct.len(), all);
        assert!(sample(&job, all + 1, 3).is_err());
        assert!(sample(&job, 0, 3).is_err());
        let _ = std::fs::remove_dir_all(&dir);
    }
}
