//! The cluster's master and workers, with the workers as threads of this
//! process (the MPI ranks run the same code: tests/mpi.rs): paper 002's
//! tree over three workers gives the FFO files' exact scores; many
//! positions are solved once per symmetric twin, written to a results file
//! that a rerun reads instead of solving again, and a line cut short by a
//! kill is dropped; a worker rejects a bad position with the parser's
//! message; a stop ends a batch promptly.

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use yomi::cluster::batch::{self, Event, ResultsFile};
use yomi::cluster::wire::Msg;
use yomi::format_position_with_board;
use yomi::cluster::{tree, Links, Task, Threads, Worker};
use yomi::solver::solve::SolveJob;
use yomi::{parse_obf_line, Move, ObfLine, Position, SolveOptions, Square};

fn ffo(file: &str) -> Vec<ObfLine> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("data/ffo").join(file);
    let text = std::fs::read_to_string(&path).expect("FFO file");
    text.lines().filter(|l| !l.trim().is_empty()).map(|l| parse_obf_line(l, None).expect("valid line")).collect()
}

fn workers(n: usize, opts: SolveOptions) -> Threads {
    let w = Worker { task: Task::Solve(opts), threads: 1, table_bytes: 16 << 20 };
    Threads::spawn(&vec![w; n])
}

fn best_given(line: &ObfLine) -> i32 {
    line.scores.iter().map(|s| s.1).max().unwrap()
}

#[test]
fn paper_002s_tree_over_three_workers_solves_ffo_exactly() {
    let lines = ffo("fforum-20-39.obf");
    for wld in [false, true] {
        let opts = SolveOptions { wld, ..Default::default() };
        let mut links = workers(3, opts);
        for i in [1, 2, 3, 4, 7, 9] {
            let line = &lines[i];
            let job = SolveJob::new(opts);
            let mut reports = 0;
            let outcome = tree::run(&mut links, &job, &line.position, None, None, &mut |_, _| reports += 1).unwrap();
            let sol = job.solution(&line.position, &outcome);
            let want = if wld { best_given(line).signum() } else { best_given(line) };
            assert_eq!(sol.score, want, "FFO #{} wld {wld}", i + 20);
            assert!(!sol.stopped && reports >= 3, "every leaf reports");
            let Some(Move::Play(sq)) = sol.best else { panic!("no move") };
            let v = line.scores.iter().find(|s| s.0 == sq).map(|s| s.1);
            assert_eq!(v.map(|v| if wld { v.signum() } else { v }), Some(want), "FFO #{}: the move keeps the value", i + 20);
            // The line is legal to the end and ends with the claimed score.
            let mut end = line.position;
            for m in &sol.pv {
                end = match m {
                    Move::Pass => end.passed(),
                    Move::Play(sq) => end.play(*sq).expect("a legal line"),
                };
            }
            assert_eq!(end.status(), yomi::Status::Over);
            if !wld {
                let side = line.position.to_move();
                let mine = end.count(side) as i32 - end.count(side.opposite()) as i32;
                let empties = end.empties().count_ones() as i32;
                let final_score = if mine > 0 { mine + empties } else if mine < 0 { mine - empties } else { 0 };
                assert_eq!(final_score, want, "FFO #{}", i + 20);
            }
        }
    }
}

/// The eight symmetric copies of a position, colours swapped too.
fn twins(pos: &Position) -> Vec<Position> {
    let size = pos.size();
    let mut out = Vec::new();
    for sym in yomi::Symmetry::group(size) {
        let map = |bits: u64| {
            let mut y = 0u64;
            for i in 0..64 {
                if bits >> i & 1 == 1 {
                    let sq = Square::from_index(size, i).unwrap();
                    let (r, c) = sym.map_coords(size, sq.row(size), sq.col(size));
                    y |= Square::at(size, r, c).unwrap().bit();
                }
            }
            y
        };
        let (b, w) = (map(pos.black()), map(pos.white()));
        out.push(Position::new(size, b, w, pos.to_move()).unwrap());
        out.push(Position::new(size, w, b, pos.to_move().opposite()).unwrap());
    }
    out
}

fn run_batch(positions: &[Position], results: &mut ResultsFile, n: usize) -> Vec<Event> {
    let opts = SolveOptions::default();
    let mut links = workers(n, opts);
    let mut events = Vec::new();
    batch::run(&mut links, positions, &opts, Some(results), None, &mut |e| events.push(e)).unwrap();
    events
}

#[test]
fn many_positions_twins_once_results_file_and_resume() {
    let lines = ffo("fforum-20-39.obf");
    let dir = std::env::temp_dir().join(format!("yomi-batch-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("results.jsonl");
    let _ = std::fs::remove_file(&path);
    let path = path.to_str().unwrap();

    // FFO #21-#24 and every twin of #21: 4 + 15 positions, 4 solves.
    let mut positions: Vec<Position> = lines[1..5].iter().map(|l| l.position).collect();
    positions.extend(twins(&lines[1].position).into_iter().skip(1));
    let mut results = ResultsFile::open(path).unwrap();
    let events = run_batch(&positions, &mut results, 3);
    assert_eq!(events.len(), positions.len());
    let mut solved_by_worker = 0;
    for e in &events {
        let Event::Solved { item, result, by, twin_of } = e else { panic!("{e:?}") };
        let line = &lines[if *item < 4 { item + 1 } else { 1 }];
        assert_eq!(result.score, best_given(line), "position {item}");
        assert!(twin_of.is_some() || by.starts_with("worker"));
        solved_by_worker += twin_of.is_none() as usize;
        // The best move, mapped to the twin, is legal there and keeps the value.
        let pos = &positions[*item];
        let sq = Square::parse(result.best.as_deref().unwrap(), pos.size()).unwrap();
        assert!(pos.is_legal(sq), "position {item}: {:?}", result.best);
    }
    assert_eq!(solved_by_worker, 4, "twins are solved once");
    let text = std::fs::read_to_string(path).unwrap();
    assert_eq!(text.lines().count(), 4);

    // A kill cut the last line short: it goes, the rest is read, and the
    // rerun solves nothing it already has.
    let cut = &text[..text.len() - 20];
    std::fs::write(path, cut).unwrap();
    let mut results = ResultsFile::open(path).unwrap();
    assert_eq!(results.len(), 3);
    let events = run_batch(&positions, &mut results, 2);
    let from_workers = events.iter().filter(|e| matches!(e, Event::Solved { by, twin_of: None, .. } if by.starts_with("worker"))).count();
    let from_file = events.iter().filter(|e| matches!(e, Event::Solved { by, twin_of: None, .. } if by == "results file")).count();
    assert_eq!((from_workers, from_file), (1, 3));
    let text = std::fs::read_to_string(path).unwrap();
    assert_eq!(text.lines().count(), 4);
    for l in text.lines() {
        let v: serde_json::Value = serde_json::from_str(l).expect("every line whole");
        let pos = yomi::parse_position(v["position"].as_str().unwrap(), None).unwrap();
        let line = lines.iter().find(|x| x.position == pos).expect("an FFO position");
        assert_eq!(v["score"].as_i64().unwrap() as i32, best_given(line));
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_worker_rejects_a_bad_position_and_serves_on() {
    let mut links = workers(1, SolveOptions::default());
    let good = ffo("fforum-1-19.obf")[0].position;
    links.send(0, Msg::Solve { id: 1, position: "8x8:XXQ".into(), window: None }).unwrap();
    links.send(0, Msg::Solve { id: 2, position: "4x16:".to_string() + &yomi::format_position(&good), window: None }).unwrap();
    links.send(0, Msg::Solve { id: 3, position: format_position_with_board(&good), window: None }).unwrap();
    let mut got = Vec::new();
    while got.len() < 3 {
        if let Some((_, m)) = links.recv(Duration::from_secs(30)).unwrap() {
            got.push(m);
        }
    }
    assert!(matches!(&got[0], Msg::Rejected { id: 1, message } if message.contains("'Q'")), "{:?}", got[0]);
    // 64 squares on 4x16: a position, but not FFO #1's board; it is solved as asked.
    assert!(matches!(&got[1], Msg::Solved { id: 2, .. }), "{:?}", got[1]);
    assert!(matches!(&got[2], Msg::Solved { id: 3, result } if result.score == 18), "{:?}", got[2]);
}

#[test]
fn a_stop_ends_a_batch_promptly() {
    // FFO #50-#55 (26-29 empties): many seconds each; the stop comes 300 ms in.
    let lines = ffo("fforum-40-59.obf");
    let positions: Vec<Position> = lines[10..16].iter().map(|l| l.position).collect();
    let opts = SolveOptions::default();
    let mut links = workers(2, opts);
    let stop = AtomicBool::new(false);
    let mut events = Vec::new();
    let elapsed = std::thread::scope(|s| {
        s.spawn(|| {
            std::thread::sleep(Duration::from_millis(300));
            stop.store(true, Ordering::Relaxed);
        });
        let t = Instant::now();
        batch::run(&mut links, &positions, &opts, None, Some(&stop), &mut |e| events.push(e)).unwrap();
        t.elapsed()
    });
    assert!(elapsed < Duration::from_secs(3), "took {elapsed:?}");
    assert_eq!(events.len(), 2, "only the two in flight are reported");
    assert!(events.iter().all(|e| matches!(e, Event::Solved { result, .. } if result.stopped)));
}

/// A solve job's leaf carries its job's scoring: a worker started with
/// world scoring (a resumed job's ranks know no spec) must still solve a
/// paper-scored leaf under paper 001's rule. 4x4, a1 b1 Black, d4 White,
/// nobody can move: paper +1, world +14 (the empties to the winner).
#[test]
fn a_windowed_leaf_is_solved_under_its_own_scoring() {
    let mut links = workers(1, SolveOptions::default());
    let pos = yomi::parse_position("4x4:XX-------------O X", None).unwrap();
    for (id, scoring, want) in [(1, yomi::Scoring::Paper, 1), (2, yomi::Scoring::World, 14)] {
        let window = Some(yomi::cluster::wire::Window { alpha: -64, beta: 64, scoring });
        links.send(0, Msg::Solve { id, position: format_position_with_board(&pos), window }).unwrap();
        let Some((_, m)) = links.recv(Duration::from_secs(30)).unwrap() else { panic!("no answer") };
        assert!(matches!(&m, Msg::Solved { id: got, result } if *got == id && result.score == want), "{scoring}: {m:?}");
    }
}
