//! The engine's rules against the naive reference in `reference/`, and
//! perft against published counts.

mod reference;

use proptest::prelude::*;
use reference::Board;
use yomi::rules::perft::{perft_position, MAX_DEPTH};
use yomi::rules::symmetry::{transform, Symmetry};
use yomi::{with_geometry, BoardSize, Game, Position, Scoring, Square, Squares, Start, Status};

fn start(size: BoardSize, start: Start) -> Position {
    Position::start(size, start)
}

#[test]
fn perft_8x8_published() {
    let expected = [4, 12, 56, 244, 1396, 8200, 55092, 390216, 3005288];
    let s = start(BoardSize::OTHELLO, Start::Othello);
    for (d, &n) in expected.iter().enumerate() {
        assert_eq!(perft_position(&s, d as u32 + 1, false).unwrap(), n, "depth {}", d + 1);
    }
    assert_eq!(perft_position(&s, 9, true).unwrap(), 3005288);
}

#[test]
fn perft_6x6_published() {
    let expected = [4, 12, 56, 244, 1364, 7604, 47740, 308716, 2114912];
    let s = start(BoardSize::new(6, 6).unwrap(), Start::Othello);
    for (d, &n) in expected.iter().enumerate() {
        assert_eq!(perft_position(&s, d as u32 + 1, false).unwrap(), n, "depth {}", d + 1);
    }
    assert_eq!(perft_position(&s, 9, true).unwrap(), 2114912);
}

#[test]
fn starts_match_the_reference() {
    for size in BoardSize::ALL {
        for (st, reversi) in [(Start::Othello, false), (Start::Reversi, true)] {
            assert_eq!(
                Board::from_position(&start(size, st)),
                Board::start(size.rows(), size.cols(), reversi),
                "{size} {st}"
            );
        }
    }
}

#[test]
fn perft_every_board_and_start_matches_the_reference() {
    for size in BoardSize::ALL {
        for st in [Start::Othello, Start::Reversi] {
            let s = start(size, st);
            let reference = Board::from_position(&s);
            // Deep enough to reach passes and ended games on the small boards.
            let depth = if size.squares() <= 16 { 12 } else if size.squares() <= 24 { 8 } else { 6 };
            for d in 1..=depth {
                assert_eq!(
                    perft_position(&s, d, false).unwrap(),
                    reference.perft(d),
                    "{size} {st} depth {d}"
                );
            }
            assert_eq!(perft_position(&s, depth, true).unwrap(), reference.perft(depth));
        }
    }
}

#[test]
fn perft_4x4_whole_tree() {
    // 4×4 games last at most 12 plies plus passes; past that the count is the
    // number of finished games, and stays fixed.
    let s = start(BoardSize::new(4, 4).unwrap(), Start::Othello);
    let reference = Board::from_position(&s);
    let whole = reference.perft(20);
    assert_eq!(perft_position(&s, 20, false).unwrap(), whole);
    assert_eq!(perft_position(&s, MAX_DEPTH, true).unwrap(), whole);
}

/// A random reachable position: `plies` random moves (passes as needed) from
/// a start, on a board and start chosen by the arguments.
fn random_game(board: usize, reversi: bool, plies: usize, seed: u64) -> Game {
    reference::random_game(board, reversi, seed, |g| g.moves().len() < plies)
}

fn check_against_reference(pos: &Position) {
    let size = pos.size();
    let reference = Board::from_position(pos);
    let fast: Vec<usize> = Squares(pos.legal_moves()).map(|s| s as usize).collect();
    assert_eq!(fast, reference.legal_moves(), "legal moves of {}", yomi::format_position(pos));
    for m in fast {
        let next = pos.play(Square::from_index(size, m as u32).unwrap()).unwrap();
        assert_eq!(Board::from_position(&next), reference.play(m), "after {m}");
    }
    let over = reference.is_over();
    assert_eq!(pos.status() == Status::Over, over);
    if over {
        assert_eq!(pos.final_score(Scoring::World), reference.final_score(false));
        assert_eq!(pos.final_score(Scoring::Paper), reference.final_score(true));
    }
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 2000,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn reachable_positions_match_the_reference(
        board in 0usize..19, reversi: bool, plies in 0usize..64, seed: u64
    ) {
        let game = random_game(board, reversi, plies, seed);
        check_against_reference(game.current());
        // The record replays to the same position, passes left implicit (so a
        // pass at the very end is not in it).
        let replay = Game::from_record(*game.start(), &game.record()).unwrap();
        let mut expected = *game.current();
        if game.moves().last() == Some(&yomi::Move::Pass) {
            expected = expected.passed();
        }
        prop_assert_eq!(replay.current(), &expected);
    }

    #[test]
    fn arbitrary_discs_match_the_reference(board in 0usize..19, a: u64, b: u64, white: bool) {
        // Positions no game reaches stress the edges and wrap-around masks.
        let size = BoardSize::ALL[board];
        let black = a & size.full();
        let whites = b & !black & size.full();
        let to_move = if white { yomi::Color::White } else { yomi::Color::Black };
        let pos = Position::new(size, black, whites, to_move).unwrap();
        check_against_reference(&pos);
    }

    #[test]
    fn stable_discs_never_flip(board in 0usize..19, plies in 10usize..60, seed: u64, rest: u64) {
        // Discs found stable keep their colour through any continuation.
        let game = random_game(board, false, plies, seed);
        let pos = *game.current();
        let size = pos.size();
        let (black, white) = with_geometry!(size, G => (
            yomi::rules::stability::stable_discs::<G>(pos.black(), pos.white()),
            yomi::rules::stability::stable_discs::<G>(pos.white(), pos.black()),
        ));
        prop_assert_eq!(black & !pos.black(), 0);
        prop_assert_eq!(white & !pos.white(), 0);
        let mut g = Game::new(pos);
        let mut rng = rest | 1;
        while !g.is_over() {
            if g.status() == Status::Pass {
                g.pass().unwrap();
            } else {
                let moves: Vec<u32> = Squares(g.current().legal_moves()).collect();
                rng ^= rng << 13;
                rng ^= rng >> 7;
                rng ^= rng << 17;
                g.play(Square::from_index(size, moves[(rng % moves.len() as u64) as usize]).unwrap()).unwrap();
            }
            prop_assert_eq!(g.current().black() & black, black);
            prop_assert_eq!(g.current().white() & white, white);
        }
    }

    #[test]
    fn symmetric_positions_have_symmetric_moves(board in 0usize..19, plies in 0usize..40, seed: u64) {
        let game = random_game(board, false, plies, seed);
        let pos = *game.current();
        let size = pos.size();
        for &sym in Symmetry::group(size) {
            with_geometry!(size, G => {
                let (p, o) = (transform::<G>(sym, pos.player()), transform::<G>(sym, pos.opponent()));
                let (black, white) = if pos.to_move() == yomi::Color::Black { (p, o) } else { (o, p) };
                let moved = Position::new(size, black, white, pos.to_move()).unwrap();
                prop_assert_eq!(
                    moved.legal_moves(),
                    transform::<G>(sym, pos.legal_moves()),
                    "{:?}", sym
                );
            });
        }
    }
}
