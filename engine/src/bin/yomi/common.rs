//! What several commands share: checked numeric options, the thread pool,
//! weights files, move names, and the commit a data folder was made at.

use std::path::Path;

use yomi::{Error, Mode, Move, Position, Weights};

/// A thread count in range (for work that starts its own threads).
pub fn check_thread_count(threads: usize) -> Result<usize, Error> {
    if threads == 0 || threads > 1024 {
        return Err(Error::BadArgument(format!("--threads {threads} is out of range; expected 1 to 1024")));
    }
    Ok(threads)
}

/// A rayon pool of `threads` threads, the count checked.
pub fn check_threads(threads: usize) -> Result<rayon::ThreadPool, Error> {
    check_thread_count(threads)?;
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| Error::BadArgument(format!("cannot start {threads} threads: {e}")))
}

pub fn check_hash(mib: usize) -> Result<(), Error> {
    if mib == 0 || mib > 65536 {
        return Err(Error::BadArgument(format!("--hash {mib} is out of range; expected 1 to 65536 MiB")));
    }
    Ok(())
}

/// Weights by name: `shipped` (the embedded fitted weights), `hand` (the
/// hand-set starting point of the fit), or a file's path: a weights file
/// (`yomi fit`, paper 000's features; 8×8 then uses them too) or a pattern
/// weights file (`yomi fit --patterns`, the 8×8 evaluation; the other
/// boards keep the shipped features), so a new fit can be matched and
/// calibrated before it is shipped. Loaded weights live as long as the
/// program.
pub fn load_weights(name: &str) -> Result<&'static Weights, Error> {
    match name {
        "shipped" | "fitted" => Ok(Weights::shipped()),
        "hand" => Ok(Box::leak(Box::new(yomi::tools::train::hand_set()))),
        path => {
            let bytes = std::fs::read(path).map_err(|e| Error::BadArgument(format!("cannot read weights {path}: {e}")))?;
            let w = if yomi::eval::pattern_weights::PatternWeights::is_pattern_file(&bytes) {
                with_patterns(&bytes)
            } else {
                Weights::from_bytes(&bytes)
            };
            Ok(Box::leak(Box::new(w.map_err(|e| Error::BadWeights(format!("{path}: {e}")))?)))
        }
    }
}

/// ProbCut statistics by name: `shipped` (the embedded ones, calibrated on
/// the shipped evaluation) or a file written by `yomi probcut --calibrate`.
pub fn load_probcut(name: &str) -> Result<&'static yomi::ProbCutStats, Error> {
    if name == "shipped" {
        return Ok(yomi::ProbCutStats::shipped());
    }
    let text = std::fs::read_to_string(name).map_err(|e| Error::BadArgument(format!("cannot read ProbCut statistics {name}: {e}")))?;
    let stats = yomi::ProbCutStats::parse(&text).map_err(|e| Error::BadArgument(format!("{name}: {e}")))?;
    Ok(Box::leak(Box::new(stats)))
}

/// The shipped weights with the 8×8 pattern evaluation of a pattern
/// weights file's bytes.
pub fn with_patterns(bytes: &[u8]) -> Result<Weights, Error> {
    let patterns = yomi::eval::pattern_weights::PatternWeights::from_bytes(bytes)?;
    Ok(Weights { patterns: Some(Box::new(patterns)), ..Weights::shipped().clone() })
}

pub fn move_name(m: &Move, pos: &Position) -> String {
    match m {
        Move::Pass => "pass".to_string(),
        Move::Play(sq) => sq.name(pos.size()),
    }
}

/// Names of a line of moves starting at `pos`.
pub fn line_names(pos: &Position, line: &[Move]) -> Vec<String> {
    line.iter().map(|m| move_name(m, pos)).collect()
}

/// `--mode`: how a search spreads over the threads.
pub fn parse_mode(s: &str) -> Result<Mode, String> {
    Mode::parse(s).ok_or_else(|| {
        let names: Vec<&str> = Mode::ALL.iter().map(|m| m.name()).collect();
        format!("unknown mode {s:?}; expected one of {}", names.join(", "))
    })
}

/// The commit a data folder (corpus, book) is checked out at, with "+dirty" if the engine's
/// sources differ from it ("unknown" outside a git checkout).
pub fn commit(dir: &Path) -> String {
    let git = |args: &[&str]| {
        std::process::Command::new("git").current_dir(dir).args(args).output().ok().filter(|o| o.status.success())
    };
    let Some(head) = git(&["rev-parse", "--short=12", "HEAD"]) else { return "unknown".into() };
    let head = String::from_utf8_lossy(&head.stdout).trim().to_string();
    let dirty = git(&["status", "--porcelain", "--untracked-files=no", "--", ":/engine/src", ":/engine/weights"])
        .is_some_and(|o| !o.stdout.is_empty());
    if dirty {
        format!("{head}+dirty")
    } else {
        head
    }
}
