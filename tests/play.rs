//! The playing engine against independent references: its depth-limited
//! search equals a plain negamax over the reference grid with the same
//! evaluation, and searched to the end it equals the exact negamax; levels,
//! stop requests and matches behave.

mod reference;

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use proptest::prelude::*;
use reference::Board;
use yomi::eval::evaluation::{evaluate, SCALE};
use yomi::tools::matches::{play_match, MatchOptions, Player};
use yomi::{
    search, BoardSize, Color, Kind, Level, Move, Position, Scoring, SearchOptions, Start, TranspositionTable, Weights,
};

/// Plain negamax to `depth` with the engine's evaluation at the leaves and
/// the final score (world rule) at the end of the game; at the horizon only
/// a full board counts as the end, as in the engine.
fn negamax(b: &Board, depth: u32) -> i32 {
    let pos = b.to_position();
    // The reference scores for Black; the search for the side to move.
    let final_value = || b.final_score(false) * SCALE * if pos.to_move() == Color::Black { 1 } else { -1 };
    if depth == 0 {
        if pos.empties() == 0 {
            return final_value();
        }
        return evaluate(&pos, Weights::shipped());
    }
    if b.is_over() {
        return final_value();
    }
    let moves = b.legal_moves();
    if moves.is_empty() {
        return -negamax(&b.passed(), depth);
    }
    moves.iter().map(|&m| -negamax(&b.play(m), depth - 1)).max().unwrap()
}

/// The case a fresh run of the property below found: the network read near
/// the window once returned the tables' value beyond it, not a bound, and a
/// depth-4 search missed negamax by 6 discs.
#[test]
fn fixed_depth_search_equals_negamax_with_the_network_read_near_the_window() {
    let pos = random_position(12, false, 10, 7311181810931002552);
    let r = run(&pos, Level::depth(4));
    assert_eq!((r.score * SCALE as f64).round() as i32, negamax(&Board::from_position(&pos), r.depth));
}

fn random_position(board: usize, reversi: bool, empties: u32, seed: u64) -> Position {
    *reference::random_game(board, reversi, seed, |g| g.current().empties().count_ones() > empties).current()
}

fn run(pos: &Position, level: Level) -> yomi::SearchResult {
    let tt = TranspositionTable::with_mib(4);
    search(pos, &tt, &SearchOptions::new(level, Scoring::World), None, &mut |_| {})
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, failure_persistence: None, ..ProptestConfig::default() })]

    // A wipeout on 4x14 once caught the reference scoring for Black where
    // the search scores for the side to move.
    #[test]
    fn fixed_depth_search_equals_plain_negamax(
        board in 0usize..19, reversi: bool, empties in 8u32..40, seed: u64, depth in 1u32..5
    ) {
        let pos = random_position(board, reversi, empties, seed);
        prop_assume!(pos.legal_moves() != 0);
        let r = run(&pos, Level::depth(depth));
        let expect = negamax(&Board::from_position(&pos), r.depth);
        prop_assert_eq!((r.score * SCALE as f64).round() as i32, expect, "depth {}", r.depth);
        // The best move is one that reaches that value.
        let Some(Move::Play(sq)) = r.best else { panic!("no move") };
        let child = Board::from_position(&pos.play(sq).unwrap());
        prop_assert_eq!(-negamax(&child, r.depth - 1), expect);
    }

    #[test]
    fn searched_to_the_end_is_exact(board in 0usize..19, reversi: bool, empties in 1u32..10, seed: u64) {
        let pos = random_position(board, reversi, empties, seed);
        prop_assume!(pos.legal_moves() != 0);
        let r = run(&pos, Level::depth(60));
        prop_assert_eq!(r.kind, Kind::Exact);
        prop_assert_eq!(r.score as i32, Board::from_position(&pos).solve(false));
    }
}

#[test]
fn a_wipeout_scores_for_the_side_to_move() {
    // White to move on 4x14 with a single move that ends the game.
    let pos = random_position(15, true, 31, 10607842067311685398);
    let r = run(&pos, Level::depth(4));
    let expect = negamax(&Board::from_position(&pos), 4);
    assert_eq!((r.score * SCALE as f64) as i32, expect);
    assert_eq!(r.score, -54.0);
}

#[test]
fn levels_hand_over_to_the_solvers() {
    // 12 empties: "hard" solves exactly, "easy" searches.
    let pos = random_position(12, false, 12, 5);
    let hard = run(&pos, Level::parse("hard").unwrap());
    assert_eq!(hard.kind, Kind::Exact);
    assert_eq!(hard.score as i32, Board::from_position(&pos).solve(false));
    let easy = run(&pos, Level::parse("easy").unwrap());
    assert_eq!(easy.kind, Kind::Midgame);
    let wld = run(&pos, Level { wld: 14, perfect: 10, ..Level::depth(4) });
    assert_eq!(wld.kind, Kind::Wld);
    assert_eq!(wld.score as i32, hard.score.signum() as i32);
}

#[test]
fn every_level_plays_legal_moves_on_every_board() {
    for size in BoardSize::ALL {
        let pos = Position::start(size, Start::Othello);
        for level in yomi::LEVELS.iter().take(4) {
            let r = run(&pos, *level);
            match r.best {
                Some(Move::Play(sq)) => assert!(pos.is_legal(sq), "{size} {}", level.name),
                other => panic!("{size} {}: {other:?}", level.name),
            }
        }
    }
}

#[test]
fn progress_reports_each_iteration() {
    let pos = Position::start(BoardSize::OTHELLO, Start::Othello);
    let tt = TranspositionTable::with_mib(4);
    let mut depths = Vec::new();
    let r = search(&pos, &tt, &SearchOptions::new(Level::depth(7), Scoring::World), None, &mut |p| {
        depths.push(p.depth);
        assert!(!p.pv.is_empty());
        assert_eq!(p.pv[0], p.best.unwrap());
    });
    assert_eq!(depths, (1..=7).collect::<Vec<_>>());
    assert_eq!(r.depth, 7);
}

#[test]
fn stop_ends_a_search_and_the_engine_still_works() {
    let pos = Position::start(BoardSize::OTHELLO, Start::Othello);
    let tt = TranspositionTable::with_mib(16);
    let stop = AtomicBool::new(false);
    let opts = SearchOptions::new(Level::depth(40), Scoring::World);
    let (r, late) = std::thread::scope(|s| {
        let h = s.spawn(|| search(&pos, &tt, &opts, Some(&stop), &mut |_| {}));
        std::thread::sleep(Duration::from_millis(200));
        let t = Instant::now();
        stop.store(true, Ordering::Relaxed);
        let r = h.join().unwrap();
        (r, t.elapsed())
    });
    assert!(r.stopped);
    assert!(matches!(r.best, Some(Move::Play(sq)) if pos.is_legal(sq)));
    // Generous bound: the benchmark measures the real latency.
    assert!(late < Duration::from_secs(2), "stopped after {late:?}");
    stop.store(false, Ordering::Relaxed);
    let again = search(&pos, &tt, &SearchOptions::new(Level::depth(4), Scoring::World), Some(&stop), &mut |_| {});
    assert!(!again.stopped);
    assert_eq!(again.depth, 4);
}

#[test]
fn node_and_time_limits_end_the_search() {
    let pos = Position::start(BoardSize::OTHELLO, Start::Othello);
    let tt = TranspositionTable::with_mib(16);
    let opts = SearchOptions { limits: yomi::Limits { time: None, nodes: Some(50_000) }, ..SearchOptions::new(Level::depth(40), Scoring::World) };
    let r = search(&pos, &tt, &opts, None, &mut |_| {});
    // About the limit: each thread of the pool adds its count in steps of
    // 1024 nodes, and tasks in flight finish their current node.
    let slack = 10_000 + 8_000 * rayon::current_num_threads() as u64;
    assert!(r.stopped && r.nodes < 50_000 + slack, "{} nodes", r.nodes);
    let timed = Level { seconds: Some(0.2), ..Level::depth(40) };
    let r = search(&pos, &tt, &SearchOptions::new(timed, Scoring::World), None, &mut |_| {});
    assert!(r.seconds < 2.0);
    assert!(r.best.is_some());
}

#[test]
fn the_engine_beats_the_random_player() {
    let opts = MatchOptions {
        size: BoardSize::OTHELLO,
        start: Start::Othello,
        scoring: Scoring::World,
        games: 6,
        openings: yomi::tools::matches::Openings::Random(2),
        seed: 9,
        hash_mib: 8,
    };
    let engine = Player::shipped(Level::paper_000(1), yomi::Mode::default());
    let r = play_match(&engine, &Player::Random, &opts, None, &mut |_, g, _| assert!(g.game.is_over()));
    assert_eq!((r.games, r.wins), (6, 6));
}

