//! The exact solver against independently known values: paper 001's and
//! paper 004's published results, the FFO test files' scores, and a naive
//! negamax over the reference grid on random positions of every board.

mod reference;

use std::path::PathBuf;

use proptest::prelude::*;
use reference::Board;
use yomi::{
    parse_obf_line, solve, BoardSize, Color, Game, Move, Position, Scoring, SolveOptions, Square,
    Start, TranspositionTable,
};

fn start(rows: usize, cols: usize, st: Start) -> Position {
    Position::start(BoardSize::new(rows, cols).unwrap(), st)
}

fn paper(pos: &Position) -> yomi::Solution {
    let tt = TranspositionTable::with_mib(64);
    solve(pos, &tt, SolveOptions { scoring: Scoring::Paper, ..Default::default() }, None)
}

/// Replays a solution's perfect line and checks it ends as claimed.
fn check_line(pos: &Position, sol: &yomi::Solution, scoring: Scoring) {
    let mut game = Game::new(*pos);
    for m in &sol.pv {
        match m {
            Move::Pass => game.pass().unwrap(),
            Move::Play(sq) => game.play(*sq).unwrap(),
        }
    }
    assert!(game.is_over());
    let end = game.current();
    assert_eq!((end.count(Color::Black), end.count(Color::White)), (sol.black, sol.white));
    let for_black = end.final_score(scoring);
    let for_mover = if pos.to_move() == Color::Black { for_black } else { -for_black };
    assert_eq!(for_mover, sol.score);
}

#[test]
fn paper_001_miniature_boards() {
    // (rows, cols, start, score for Black, black discs, white discs)
    let table = [
        (4, 4, Start::Othello, -8, 3, 11),
        (4, 4, Start::Reversi, -3, 6, 9),
        (4, 6, Start::Othello, 16, 20, 4),
        (4, 6, Start::Reversi, 18, 21, 3),
        (4, 8, Start::Othello, 32, 28, 0),
        (4, 8, Start::Reversi, 32, 28, 0),
    ];
    for (r, c, st, score, black, white) in table {
        let pos = start(r, c, st);
        let sol = paper(&pos);
        assert_eq!(sol.score, score, "{r}x{c} {st}");
        // Several perfect lines may reach the score with other disc counts
        // (4x8 ends 28-0 or 27-0: a wipeout gives the empties to the winner
        // either way), so the line is checked to hold the score, and the
        // paper's counts are only required where no other line ties.
        check_line(&pos, &sol, Scoring::Paper);
        if r * c == 16 {
            assert_eq!((sol.black, sol.white), (black, white), "{r}x{c} {st}");
        }
    }
}

/// 6×6 under paper 001's rule: −4 (B16 W20) from the Othello start, −2
/// (B17 W19) from the Reversi start; minutes of work, so run by name:
/// `cargo test --release --test solve -- --ignored` (tests/run.sh does).
#[test]
#[ignore = "slow: minutes; tests/run.sh runs it"]
fn paper_001_6x6() {
    for (st, score) in [(Start::Othello, -4), (Start::Reversi, -2)] {
        let pos = start(6, 6, st);
        let tt = TranspositionTable::with_mib(512);
        let sol = solve(&pos, &tt, SolveOptions { scoring: Scoring::Paper, ..Default::default() }, None);
        assert_eq!(sol.score, score, "6x6 {st}");
        check_line(&pos, &sol, Scoring::Paper);
    }
}

#[test]
fn paper_004_replies_to_d3() {
    let s4 = BoardSize::new(4, 4).unwrap();
    let after = Game::from_record(Position::start(s4, Start::Othello), "d3").unwrap();
    let tt = TranspositionTable::with_mib(8);
    let opts = SolveOptions { scoring: Scoring::Paper, all_moves: true, ..Default::default() };
    let sol = solve(after.current(), &tt, opts, None);
    let sq = |n| Square::parse(n, s4).unwrap();
    assert_eq!(sol.moves, vec![(sq("d4"), 8), (sq("d2"), -8), (sq("b4"), -9)]);
    assert_eq!(sol.score, 8);
}

fn ffo(file: &str) -> Vec<yomi::ObfLine> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("data/ffo").join(file);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines().filter(|l| !l.trim().is_empty()).map(|l| parse_obf_line(l, None).unwrap()).collect()
}

fn check_ffo(lines: &[yomi::ObfLine], all_moves: bool) {
    let tt = TranspositionTable::with_mib(64);
    for (i, line) in lines.iter().enumerate() {
        let opts = SolveOptions { all_moves, ..Default::default() };
        let sol = solve(&line.position, &tt, opts, None);
        let best = line.scores.iter().map(|s| s.1).max().unwrap();
        assert_eq!(sol.score, best, "line {}", i + 1);
        check_line(&line.position, &sol, Scoring::World);
        if all_moves {
            for &(sq, given) in &line.scores {
                let mine = sol.moves.iter().find(|m| m.0 == sq).unwrap().1;
                assert_eq!(mine, given, "line {} move {}", i + 1, sq.name(line.position.size()));
            }
        }
    }
}

#[test]
fn ffo_1_to_19() {
    let lines = ffo("fforum-1-19.obf");
    assert_eq!(lines.len(), 19);
    check_ffo(&lines[3..], false);
    // Every move's score for some of them.
    check_ffo(&lines[..3], true);
}

#[test]
fn ffo_20_to_39() {
    let lines = ffo("fforum-20-39.obf");
    assert_eq!(lines.len(), 20);
    check_ffo(&lines, false);
}

/// The held-out set in tests/data (`yomi corpus heldout`): it reads, covers
/// its empties from 14 up, and its positions of 14-16 empties solve afresh
/// to the scores and best moves it gives (the deeper ones are checked the
/// same way when they are made, and cost minutes each).
#[test]
fn the_held_out_set_reads_and_its_cheap_scores_solve_again() {
    use yomi::tools::heldout::HeldOut;
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/data/heldout.obf");
    let set = HeldOut::read(&path).unwrap();
    assert!(set.len() >= 2000, "{} positions", set.len());
    assert!((14..=24).all(|e| set.by_empties.get(&e).is_some_and(|v| v.len() >= 50)));
    assert!((25..=26).all(|e| set.by_empties.get(&e).is_some_and(|v| v.len() >= 20)));
    let tt = TranspositionTable::with_mib(16);
    for x in (14..=16).flat_map(|e| set.by_empties[&e].iter().take(30)) {
        let sol = solve(&x.position, &tt, SolveOptions { all_moves: true, ..Default::default() }, None);
        assert_eq!(sol.score, x.score, "{}", x.line());
        assert!(sol.moves.contains(&(x.best, x.score)), "{}", x.line());
    }
}

/// FFO #46 has 24 empties: its solve starts with a selective pass, whose
/// unproven bounds must not leak into the exact score.
#[test]
fn ffo_46_after_a_selective_pass() {
    let lines = ffo("fforum-40-59.obf");
    assert_eq!(lines[6].position.empties().count_ones(), 24);
    check_ffo(&lines[6..7], false);
}

#[test]
fn win_draw_loss_agrees_with_the_exact_score() {
    let lines = ffo("fforum-1-19.obf");
    let tt = TranspositionTable::with_mib(64);
    for line in &lines[..8] {
        let wld = solve(&line.position, &tt, SolveOptions { wld: true, ..Default::default() }, None);
        let best = line.scores.iter().map(|s| s.1).max().unwrap();
        assert_eq!(wld.score, best.signum());
    }
}

/// A random position with about `empties` empty squares left.
fn random_endgame(board: usize, reversi: bool, empties: u32, seed: u64) -> Position {
    let game = reference::random_game(board, reversi, seed, |g| g.current().empties().count_ones() > empties);
    *game.current()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 150, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn exact_scores_match_naive_negamax(
        board in 0usize..19, reversi: bool, empties in 0u32..12, seed: u64, paper_rule: bool
    ) {
        let pos = random_endgame(board, reversi, empties, seed);
        let scoring = if paper_rule { Scoring::Paper } else { Scoring::World };
        let tt = TranspositionTable::with_mib(4);
        let sol = solve(&pos, &tt, SolveOptions { scoring, all_moves: true, ..Default::default() }, None);
        let reference = Board::from_position(&pos);
        prop_assert_eq!(sol.score, reference.solve(paper_rule));
        for &(sq, v) in &sol.moves {
            let child = reference.play(sq.index() as usize);
            prop_assert_eq!(v, -child.solve(paper_rule), "move {}", sq.name(pos.size()));
        }
        check_line(&pos, &sol, scoring);
        let wld = solve(&pos, &tt, SolveOptions { scoring, wld: true, ..Default::default() }, None);
        prop_assert_eq!(wld.score, sol.score.signum());
    }
}
