//! The real binary under `mpirun --oversubscribe -n 3` (built with the `mpi`
//! feature; tests/run.sh installs OpenMPI and runs this): exact scores over
//! three ranks equal the FFO files' and the single-process solver's, and
//! paper 001's 4x8 (and, as a slow test, 6x6) under paper scoring; the
//! search answers once, from rank 0; a results file survives a killed job
//! and a killed rank, and the rerun finishes the rest; a bad line is
//! reported, not hung on; `--time` stops a distributed solve; a solve
//! job hands its leaves to the ranks, stops and resumes.

use std::path::PathBuf;
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

const BIN: &str = env!("CARGO_BIN_EXE_yomi");

fn data(file: &str) -> String {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("data/ffo").join(file).to_str().unwrap().to_string()
}

fn mpirun(ranks: usize, args: &[&str]) -> Command {
    let mut c = Command::new("mpirun");
    c.args(["--oversubscribe", "-n", &ranks.to_string(), BIN]).args(args);
    // Test machines run as root, which OpenMPI refuses unless told.
    c.env("OMPI_ALLOW_RUN_AS_ROOT", "1").env("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1");
    c
}

fn run(mut c: Command) -> Output {
    c.output().expect("mpirun runs")
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

fn json_lines(out: &Output) -> Vec<Value> {
    text(&out.stdout).lines().map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}"))).collect()
}

fn temp(name: &str) -> String {
    let dir = std::env::temp_dir().join(format!("yomi-mpi-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(name);
    let _ = std::fs::remove_file(&p);
    p.to_str().unwrap().to_string()
}

#[test]
fn ffo_20_to_39_over_three_ranks_match_the_file() {
    let out = run(mpirun(3, &["solve", "--distributed", "--obf", &data("fforum-20-39.obf"), "--hash", "64", "--json"]));
    assert!(out.status.success(), "{}", text(&out.stderr));
    let rows = json_lines(&out);
    assert_eq!(rows.len(), 20, "one line per position, printed once");
    assert!(rows.iter().all(|r| r["check"] == "ok"), "{rows:?}");
    let ranks: std::collections::BTreeSet<String> = rows.iter().map(|r| r["by"].as_str().unwrap().to_string()).collect();
    assert_eq!(ranks.into_iter().collect::<Vec<_>>(), ["rank 0", "rank 1", "rank 2"], "every rank solved some");
    assert!(text(&out.stderr).contains("20 of 20 positions match"), "{}", text(&out.stderr));
}

#[test]
fn paper_002s_tree_over_ranks_gives_the_single_process_answer() {
    let lines: Vec<String> = std::fs::read_to_string(data("fforum-20-39.obf")).unwrap().lines().map(|l| l.split(';').next().unwrap().trim().to_string()).collect();
    for i in [1, 5, 9] {
        let pos = &lines[i];
        let alone = Command::new(BIN).args(["solve", "--json", pos]).output().unwrap();
        let spread = run(mpirun(3, &["solve", "--distributed", "--json", "--hash", "32", pos]));
        assert!(spread.status.success(), "{}", text(&spread.stderr));
        let (a, s): (Value, Value) = (serde_json::from_slice(&alone.stdout).unwrap(), serde_json::from_slice(&spread.stdout).unwrap());
        assert_eq!(text(&spread.stdout).lines().count(), 1, "rank 0 alone prints");
        for k in ["score", "result", "black", "white", "stopped"] {
            assert_eq!(a[k], s[k], "FFO #{} {k}", i + 20);
        }
        assert_eq!(s["pv"].as_array().unwrap().first(), Some(&s["best"]));
    }
    // Win/draw/loss too, and the text output.
    let out = run(mpirun(3, &["solve", "--distributed", "--wld", &lines[3]]));
    let t = text(&out.stdout);
    assert!(t.contains("Score: loss for Black") || t.contains("Score: win for") || t.contains("Score: draw for"), "{t}");
    assert!(t.contains("Perfect line:") && t.contains("Final discs:"), "{t}");
}

#[test]
fn paper_001_4x8_under_paper_scoring_over_ranks() {
    for start in ["othello", "reversi"] {
        let out = run(mpirun(3, &["solve", "--distributed", "--board", "4x8", "--start", start, "--scoring", "paper", "--json", "--hash", "64"]));
        assert!(out.status.success(), "{}", text(&out.stderr));
        let v: Value = serde_json::from_slice(&out.stdout).unwrap();
        // A wipeout: the empties go to Black, so lines to +32 may end with
        // different disc counts (paper 001: 28-0).
        assert_eq!((v["score"].as_i64(), v["white"].as_u64()), (Some(32), Some(0)), "{start}: paper 001");
    }
}

/// Paper 001: 6x6 Othello is −4 under its rule. Minutes on two cores.
#[test]
#[ignore]
fn paper_001_6x6_under_paper_scoring_over_ranks() {
    let out = run(mpirun(3, &["solve", "--distributed", "--board", "6x6", "--scoring", "paper", "--json", "--hash", "512"]));
    assert!(out.status.success(), "{}", text(&out.stderr));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!((v["score"].as_i64(), v["black"].as_u64(), v["white"].as_u64()), (Some(-4), Some(16), Some(20)));
}

#[test]
fn the_search_over_ranks_answers_once_and_exactly_at_the_end() {
    // FFO #1 (14 empties) searched to the end: exact, the file's +18.
    let ffo1 = std::fs::read_to_string(data("fforum-1-19.obf")).unwrap().lines().next().unwrap().split(';').next().unwrap().trim().to_string();
    let out = run(mpirun(3, &["search", "--distributed", "--depth", "30", "--perfect", "30", "--json", &ffo1]));
    assert!(out.status.success(), "{}", text(&out.stderr));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!((v["kind"].as_str(), v["score"].as_f64(), v["best"].as_str()), (Some("exact"), Some(18.0), Some("g8")));
    // A midgame search prints the master's reports, then one answer.
    let out = run(mpirun(3, &["search", "--distributed", "--depth", "8", "--moves", "f5d6c3"]));
    let t = text(&out.stdout);
    assert!(out.status.success() && t.contains("master: best") && t.contains("(rank "), "{t}");
    assert_eq!(t.matches("Best move:").count(), 1, "{t}");
}

fn results_lines(path: &str) -> Vec<Value> {
    std::fs::read_to_string(path).unwrap_or_default().lines().map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("a broken line {l:?}: {e}"))).collect()
}

fn wait_for_lines(path: &str, n: usize, child: &mut Child) {
    let t = Instant::now();
    while results_lines(path).len() < n {
        assert!(child.try_wait().unwrap().is_none(), "the job ended early");
        assert!(t.elapsed() < Duration::from_secs(120), "no results");
        std::thread::sleep(Duration::from_millis(20));
    }
}

fn wait(child: &mut Child, limit: Duration) -> std::process::ExitStatus {
    let t = Instant::now();
    loop {
        if let Some(s) = child.try_wait().unwrap() {
            return s;
        }
        assert!(t.elapsed() < limit, "the job did not end");
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// The yomi processes whose command line names `marker`, with their ranks.
fn ranks_of(marker: &str) -> Vec<(u32, String)> {
    let mut out = Vec::new();
    for e in std::fs::read_dir("/proc").unwrap().flatten() {
        let Ok(pid) = e.file_name().to_string_lossy().parse::<u32>() else { continue };
        let cmd = std::fs::read(e.path().join("cmdline")).unwrap_or_default();
        if !text(&cmd).contains(marker) || !text(&cmd).starts_with(BIN) {
            continue;
        }
        let env = text(&std::fs::read(e.path().join("environ")).unwrap_or_default());
        if let Some(r) = env.split('\0').find_map(|v| v.strip_prefix("OMPI_COMM_WORLD_RANK=")) {
            out.push((pid, r.to_string()));
        }
    }
    out
}

fn resume_and_finish(results: &str, obf: &str) {
    let before = results_lines(results).len();
    let out = run(mpirun(3, &["solve", "--distributed", "--obf", obf, "--results", results, "--hash", "64"]));
    assert!(out.status.success(), "{}", text(&out.stderr));
    let t = text(&out.stdout);
    assert!(t.contains("20 of 20 positions match"), "{t}");
    assert!(t.contains(&format!("{before} from the results file")), "{t}");
    let lines = results_lines(results);
    assert_eq!(lines.len(), 20, "each position once");
}

#[test]
fn a_killed_job_resumes_from_its_results_file() {
    let results = temp("killed-job.jsonl");
    let obf = data("fforum-20-39.obf");
    let mut child = mpirun(3, &["solve", "--distributed", "--obf", &obf, "--results", &results, "--hash", "64", "--threads", "1"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    wait_for_lines(&results, 3, &mut child);
    // mpirun passes the signal to every rank.
    Command::new("kill").args(["-TERM", &child.id().to_string()]).status().unwrap();
    wait(&mut child, Duration::from_secs(30));
    let kept = results_lines(&results).len();
    assert!((3..20).contains(&kept), "{kept} results kept");
    resume_and_finish(&results, &obf);
}

#[test]
fn a_dead_rank_ends_the_job_and_leaves_the_results_file_valid() {
    let results = temp("dead-rank.jsonl");
    let obf = data("fforum-20-39.obf");
    let mut child = mpirun(3, &["solve", "--distributed", "--obf", &obf, "--results", &results, "--hash", "64"])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    wait_for_lines(&results, 2, &mut child);
    let ranks = ranks_of(&results);
    let (pid, _) = ranks.iter().find(|(_, r)| r == "1").expect("rank 1 is running");
    Command::new("kill").args(["-KILL", &pid.to_string()]).status().unwrap();
    let status = wait(&mut child, Duration::from_secs(60));
    let mut err = String::new();
    std::io::Read::read_to_string(child.stderr.as_mut().unwrap(), &mut err).unwrap();
    assert!(!status.success(), "the job must fail: {err}");
    assert!(err.contains("rank 1") || err.contains("signal 9"), "mpirun names the dead rank: {err}");
    // Every line still whole, and the rerun finishes the rest.
    resume_and_finish(&results, &obf);
    assert!(ranks_of(&results).is_empty(), "no rank left behind");
}

#[test]
fn a_bad_line_is_reported_and_the_rest_solved() {
    let obf = temp("bad.obf");
    let ffo: Vec<String> = std::fs::read_to_string(data("fforum-1-19.obf")).unwrap().lines().take(2).map(str::to_string).collect();
    std::fs::write(&obf, format!("{}\n--XQ bad line X\n{}\n", ffo[0], ffo[1])).unwrap();
    let out = run(mpirun(3, &["solve", "--distributed", "--obf", &obf, "--hash", "16"]));
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    let err = text(&out.stderr);
    assert!(err.contains("line 2: rejected") && err.contains("'Q'"), "{err}");
    assert!(text(&out.stdout).contains("2 of 2 positions match"), "{}", text(&out.stdout));
}

#[test]
fn time_stops_a_distributed_solve() {
    // FFO #50 (26 empties): far more than a second.
    let ffo50 = std::fs::read_to_string(data("fforum-40-59.obf")).unwrap().lines().nth(10).unwrap().split(';').next().unwrap().trim().to_string();
    let t = Instant::now();
    let out = run(mpirun(3, &["solve", "--distributed", "--time", "1", "--json", "--hash", "32", &ffo50]));
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(t.elapsed() < Duration::from_secs(10), "took {:?}", t.elapsed());
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!((v["stopped"].as_bool(), v["score"].is_null()), (Some(true), true), "{v}");
}

/// Issue 60: a whole board's job with its leaves handed to the ranks,
/// stopped by --minutes and resumed by the same command, ends at paper 001's
/// value (4x10: +40) and the one-process job's line; a rerun finds it done.
#[test]
fn a_solve_job_over_ranks_stops_resumes_and_ends_at_the_papers_value() {
    let dir = std::env::temp_dir().join(format!("yomi-mpi-job-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let d = dir.to_str().unwrap();
    let start = ["solve", "--job", d, "--board", "4x10", "--scoring", "paper", "--frontier", "6", "--distributed", "--threads", "1", "--hash", "16"];
    let out = run(mpirun(3, &[&start[..], &["--minutes", "0.004"]].concat()));
    assert!(out.status.success(), "{}", text(&out.stderr));
    let t = text(&out.stdout);
    assert!(t.contains("3 workers take the leaves") && t.contains("stopped:"), "{t}");
    let kept = std::fs::read_to_string(dir.join("proofs.tsv")).unwrap_or_default().lines().count();
    // Resumed: no board, scoring or frontier needed.
    let out = run(mpirun(3, &["solve", "--job", d, "--distributed", "--threads", "1", "--hash", "16"]));
    assert!(out.status.success(), "{}", text(&out.stderr));
    let t = text(&out.stdout);
    assert!(t.contains("solved: +40 for the side to move"), "{t}");
    let proofs = std::fs::read_to_string(dir.join("proofs.tsv")).unwrap().lines().count();
    assert!(proofs > kept, "{kept} proofs before the resume, {proofs} after");
    let result: Value = serde_json::from_str(&std::fs::read_to_string(dir.join("result.json")).unwrap()).unwrap();
    assert_eq!((result["value"].as_i64(), result["final"]["white"].as_u64()), (Some(40), Some(0)), "{result}");
    // The one-process job over the same board and frontier takes the same
    // first moves (the job's own search; the last stretch is one plain
    // solve, whose line may differ among equals).
    let alone = std::env::temp_dir().join(format!("yomi-mpi-job-alone-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&alone);
    let out = Command::new(BIN).args(["solve", "--job", alone.to_str().unwrap(), "--board", "4x10", "--scoring", "paper", "--frontier", "6", "--threads", "1"]).output().unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    let one: Value = serde_json::from_str(&std::fs::read_to_string(alone.join("result.json")).unwrap()).unwrap();
    let first = |v: &Value| v["line"].as_array().unwrap()[..6].to_vec();
    assert_eq!(first(&one), first(&result));
    // Done: a rerun solves nothing more.
    let out = run(mpirun(3, &["solve", "--job", d, "--distributed", "--hash", "16"]));
    assert!(text(&out.stdout).contains("solved: +40"), "{}", text(&out.stdout));
    assert_eq!(std::fs::read_to_string(dir.join("proofs.tsv")).unwrap().lines().count(), proofs);
    // --progress is a question for one process.
    let out = run(mpirun(1, &["solve", "--job", d, "--distributed", "--progress"]));
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("--distributed solves a job's leaves"), "{}", text(&out.stderr));
    std::fs::remove_dir_all(&dir).unwrap();
    std::fs::remove_dir_all(&alone).unwrap();
}
