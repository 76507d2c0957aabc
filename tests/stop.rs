//! Stops and limits, the defects the search-core review found: a stop ends
//! a solve or a search promptly at any number of empties (the solver's
//! ordering probes once ignored it), in every mode, and leaves the engine
//! usable; limits end a search without touching the caller's flag (paper
//! 002's predictions shared it and then ranked nothing); a stopped search
//! answers with a searched move, never the lowest-numbered square; and the
//! bench signature is pinned, so a change of behaviour is never silent.

mod stopping;

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use stopping::{stopped_after, PROMPT};
use yomi::tools::matches::random_opening;
use yomi::rng::Rng;
use yomi::{BoardSize, Level, Mode, Move, Position, Scoring, SearchOptions, SolveOptions, Start, TranspositionTable};

fn pool(threads: usize) -> rayon::ThreadPool {
    rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap()
}

/// An 8×8 position after `plies` seeded random moves (60 − plies empties).
fn opening(plies: usize, seed: u64) -> Position {
    random_opening(BoardSize::OTHELLO, Start::Othello, plies, &mut Rng::new(seed))
}

#[test]
fn a_stop_ends_a_solve_at_any_number_of_empties() {
    // 44 empties: Stop in the app did not stop this solve for 45 s, since
    // the ordering probes (16 plies deep here) never looked at the flag.
    for (plies, threads, mode) in [(16, 1, Mode::Serial), (16, 2, Mode::Ybw), (6, 2, Mode::Ybw), (30, 2, Mode::Lazy), (24, 2, Mode::Msai), (16, 2, Mode::Predict)] {
        let pos = opening(plies, 3);
        let empties = pos.empties().count_ones();
        let pool = pool(threads);
        let stop = AtomicBool::new(false);
        let tt = TranspositionTable::with_mib(16);
        let opts = SolveOptions { mode, ..Default::default() };
        let (elapsed, sol) =
            stopped_after(Duration::from_millis(200), &stop, || pool.install(|| yomi::solve(&pos, &tt, opts, Some(&stop))));
        println!("solve, {empties} empties, {mode} on {threads}: stopped {elapsed:?} after the request");
        assert!(sol.stopped, "{empties} empties {mode}: finished before the stop?");
        assert!(elapsed < PROMPT, "{empties} empties {mode}: the stop took {elapsed:?}");
        // Nothing unproven is passed off as a result.
        assert!(sol.pv.is_empty() && sol.lower.zip(sol.upper).is_none_or(|(l, u)| l <= u));
        if let Some(Move::Play(sq)) = sol.best {
            assert!(pos.is_legal(sq));
        }
    }
}

#[test]
fn a_stop_ends_a_search_at_any_depth_and_the_engine_works_after() {
    for (plies, mode) in [(4, Mode::Ybw), (20, Mode::Serial), (30, Mode::Lazy), (20, Mode::Msai), (12, Mode::Predict)] {
        let pos = opening(plies, 11);
        let pool = pool(2);
        let stop = AtomicBool::new(false);
        let tt = TranspositionTable::with_mib(16);
        let deep = SearchOptions { mode, ..SearchOptions::new(Level::depth(40), Scoring::World) };
        let (elapsed, r) = stopped_after(Duration::from_millis(200), &stop, || {
            pool.install(|| yomi::search(&pos, &tt, &deep, Some(&stop), &mut |_| {}))
        });
        println!("search, ply {plies}, {mode}: stopped {elapsed:?} after the request");
        assert!(r.stopped && elapsed < PROMPT, "{mode}: {elapsed:?}");
        assert!(matches!(r.best, Some(Move::Play(sq)) if pos.is_legal(sq)));
        let quick = SearchOptions { mode, ..SearchOptions::new(Level::depth(3), Scoring::World) };
        let again = pool.install(|| yomi::search(&pos, &tt, &quick, None, &mut |_| {}));
        assert!(!again.stopped && again.depth == 3);
    }
}

#[test]
fn limits_end_the_search_without_touching_the_callers_flag() {
    let pos = opening(20, 5);
    let tt = TranspositionTable::with_mib(16);
    let flag = AtomicBool::new(false);
    let opts = SearchOptions { limits: yomi::Limits { time: None, nodes: Some(50_000) }, ..SearchOptions::new(Level::depth(30), Scoring::World) };
    let r = yomi::search(&pos, &tt, &opts, Some(&flag), &mut |_| {});
    assert!(r.stopped && r.nodes < 200_000, "a node limit ends the search: {} nodes", r.nodes);
    assert!(!flag.load(Ordering::Relaxed), "the limit set the caller's stop flag");

    let t = Instant::now();
    let sol = yomi::solve(&opening(14, 5), &tt, SolveOptions { limits: yomi::Limits { time: Some(0.2), nodes: None }, ..Default::default() }, Some(&flag));
    assert!(sol.stopped && t.elapsed() < Duration::from_millis(200) + PROMPT);
    assert!(!flag.load(Ordering::Relaxed), "the time limit set the caller's stop flag");
}

#[test]
fn a_limit_in_paper_002s_mode_leaves_the_next_search_working() {
    // The limit of one leaf's search set the flag the next search's
    // predictions shared: they ranked no move, and `ranked[0]` panicked.
    let pool = pool(2);
    let tt = TranspositionTable::with_mib(16);
    let flag = AtomicBool::new(false);
    let pos = opening(12, 9);
    for nodes in [20_000, 200_000] {
        let opts = SearchOptions { limits: yomi::Limits { time: None, nodes: Some(nodes) }, mode: Mode::Predict, ..SearchOptions::new(Level::depth(12), Scoring::World) };
        let r = pool.install(|| yomi::search(&pos, &tt, &opts, Some(&flag), &mut |_| {}));
        assert!(matches!(r.best, Some(Move::Play(sq)) if pos.is_legal(sq)));
        assert!(!flag.load(Ordering::Relaxed));
    }
}

/// The move a one-ply look at the evaluation prefers (the earliest square
/// of equals): what a search stopped before its first iteration answers.
fn one_ply_best(pos: &Position) -> yomi::Square {
    let weights = yomi::Weights::shipped();
    yomi::Squares(pos.legal_moves())
        .map(|i| yomi::Square::from_index(pos.size(), i).unwrap())
        .max_by_key(|&sq| (-yomi::eval::evaluation::evaluate(&pos.play(sq).unwrap(), weights), std::cmp::Reverse(sq.index())))
        .unwrap()
}

#[test]
fn a_search_stopped_before_it_starts_answers_with_a_searched_move() {
    // A stopped presearch scored every move 0 and the answer was the
    // lowest-numbered legal square, which the app then played.
    let tt = TranspositionTable::with_mib(16);
    let stop = AtomicBool::new(true);
    let mut checked = 0;
    for seed in 0..20 {
        let pos = opening(20, seed);
        let first = yomi::Squares(pos.legal_moves()).next().unwrap();
        let best = one_ply_best(&pos);
        if best.index() == first {
            continue;
        }
        checked += 1;
        for level in ["hard", "expert"] {
            let opts = SearchOptions::new(Level::parse(level).unwrap(), Scoring::World);
            let r = yomi::search(&pos, &tt, &opts, Some(&stop), &mut |_| {});
            assert!(r.stopped, "{level}: says it stopped");
            assert_eq!(r.best, Some(Move::Play(best)), "{level}: {}", yomi::format_position(&pos));
        }
        // Where the solver takes over and is stopped at once, likewise.
        let late = opening(46, seed);
        if late.status() == yomi::Status::Move && one_ply_best(&late).index() != yomi::Squares(late.legal_moves()).next().unwrap() {
            let opts = SearchOptions::new(Level::parse("maximum").unwrap(), Scoring::World);
            let r = yomi::search(&late, &tt, &opts, Some(&stop), &mut |_| {});
            assert!(r.stopped);
            assert_eq!(r.best, Some(Move::Play(one_ply_best(&late))), "solver stopped: {}", yomi::format_position(&late));
        }
    }
    assert!(checked >= 5, "positions where the two differ: {checked}");
}

#[test]
fn the_bench_signature_is_pinned() {
    // `yomi bench` with its defaults. A change that should not alter the
    // search must leave this number alone; one that should updates it here
    // and quotes it in its commit message.
    let lines = pool(1).install(|| yomi::tools::bench::run(12, true, 64, None, &mut |_| {}));
    let (mid, end): (Vec<_>, Vec<_>) = lines.iter().partition(|l| l.kind == yomi::tools::bench::BenchKind::Midgame);
    let (m, e) = (mid.iter().map(|l| l.nodes).sum::<u64>(), end.iter().map(|l| l.nodes).sum::<u64>());
    assert_eq!((m, e, m + e), (2_010_442, 26_247_960, 28_258_402), "bench signature (midgame, endgame, total)");
}

#[test]
fn a_solve_stopped_by_its_time_limit_keeps_what_it_proved() {
    // FFO #48 (22 empties): the win/draw/loss pass finishes in well under a
    // second here, the exact pass does not. A bound and a move are kept only
    // where proven: every move the file scores is checked against them.
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/data/ffo/fforum-40-59.obf")).unwrap();
    let line = yomi::parse_obf_line(text.lines().nth(8).unwrap(), None).unwrap();
    let best = line.scores.iter().map(|s| s.1).max().unwrap();
    let tt = TranspositionTable::with_mib(64);
    let sol = pool(1).install(|| yomi::solve(&line.position, &tt, SolveOptions { limits: yomi::Limits { time: Some(1.5), nodes: None }, ..Default::default() }, None));
    println!("FFO #48 after 1.5 s: stopped {}, proven {}, best {:?}", sol.stopped, sol.proven(), sol.best);
    assert!(sol.lower.is_none_or(|l| l <= best) && sol.upper.is_none_or(|u| best <= u), "the bounds hold the true score {best}: {}", sol.proven());
    if let Some(Move::Play(sq)) = sol.best {
        let v = line.scores.iter().find(|s| s.0 == sq).unwrap().1;
        assert!(sol.lower.is_none_or(|l| v >= l), "the move found ({v:+}) proves the bound {}", sol.proven());
    }
    if sol.stopped {
        assert!(sol.pv.is_empty());
        assert!(sol.lower.is_none_or(|l| l <= 0) || sol.best.is_some(), "a win proven comes with its move");
    }
}

/// The position a new user tried (26 empties): `yomi search --time 0.5`
/// picks level maximum, whose win/draw/loss solver once ran past 60 s in
/// msai mode, since the solver taking over kept no limit.
const HAND_OVER: &str = "-X-XX----OXXOOX---OXXO--OXOXXXO-O--XXOX-OOXOXXO--OOXX--O----X--- X";

/// A limit is a promise: 0.5 s in every mode at 1 and 2 threads, also when
/// the solver takes over, answered with a legal move. The figures printed
/// are the ones the target (50 ms over) is judged by; the assertion leaves
/// room for a loaded machine, as [`PROMPT`] does.
#[test]
fn an_explicit_time_limit_is_kept_when_the_solver_takes_over() {
    let pos = yomi::parse_position(HAND_OVER, None).unwrap();
    for threads in [1, 2] {
        for mode in [Mode::Serial, Mode::Ybw, Mode::Lazy, Mode::Msai, Mode::Predict] {
            let tt = TranspositionTable::with_mib(64);
            let level = Level { seconds: Some(0.5), ..Level::parse("maximum").unwrap() };
            let opts = SearchOptions { mode, ..SearchOptions::new(level, Scoring::World) };
            let r = pool(threads).install(|| yomi::search(&pos, &tt, &opts, None, &mut |_| {}));
            println!("--time 0.5, {mode} on {threads}: {:.3} s, {} nodes, {:?}", r.seconds, r.nodes, r.best);
            let Some(Move::Play(sq)) = r.best else { panic!("{mode} on {threads}: no move") };
            assert!(pos.is_legal(sq));
            assert!(r.seconds <= 0.5 + PROMPT.as_secs_f64(), "{mode} on {threads}: {:.3} s", r.seconds);
        }
    }
}
