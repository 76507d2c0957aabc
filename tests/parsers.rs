//! Every parser fed arbitrary text: it returns a value or an error, never
//! panics. Crashes found here stay below as regression cases.

use proptest::prelude::*;
use yomi::{parse_obf_line, parse_position, BoardSize, Game, Position, Square, Start};

fn exercise(text: &str) {
    let _ = text.parse::<BoardSize>();
    let _ = text.parse::<Start>();
    let _ = text.parse::<yomi::Scoring>();
    for size in [None, Some(BoardSize::OTHELLO), Some(BoardSize::new(4, 16).unwrap())] {
        if let Ok(line) = parse_obf_line(text, size) {
            // What parses prints back to the same squares.
            let printed = yomi::format_position(&line.position);
            assert_eq!(parse_position(&printed, Some(line.position.size())), Ok(line.position));
        }
    }
    for size in [BoardSize::OTHELLO, BoardSize::new(4, 4).unwrap(), BoardSize::new(16, 4).unwrap()] {
        let _ = Square::parse(text, size);
        let _ = Game::from_record(Position::start(size, Start::Othello), text);
    }
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 3000,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn arbitrary_text_never_panics(text in ".{0,80}") {
        exercise(&text);
    }

    /// WTHOR files: a valid header that counts one game, then any bytes.
    #[test]
    fn wthor_bytes_never_panic(tail in proptest::collection::vec(any::<u8>(), 0..90), games in 0u32..3, board in prop_oneof![Just(0u8), Just(8), Just(10), any::<u8>()]) {
        let mut b = vec![20, 26, 11, 27];
        b.extend(games.to_le_bytes());
        b.extend(1u16.to_le_bytes());
        b.extend(1990u16.to_le_bytes());
        b.extend([board, 0, 22, 0]);
        b.extend(tail);
        if let Ok((_, list)) = yomi::rules::wthor::parse_games(&b) {
            for (i, g) in list.iter().enumerate() {
                let _ = g.game(i);
            }
        }
        let _ = yomi::rules::wthor::parse_names(&b, yomi::rules::wthor::PLAYER);
        let _ = yomi::rules::game_file::read_wthor(&b, &[], &[]);
    }

    #[test]
    fn position_like_text_never_panics(text in "[XO\\-xo.*Q ]{0,70}( [XOZ])?(; ?[A-Ha-h][0-9]{1,2}:[+-]?[0-9]{0,3})*") {
        exercise(&text);
    }

    #[test]
    fn record_like_text_never_panics(text in "([a-pA-P][0-9]{0,3}|pass|PA|pa| |,|-){0,40}") {
        exercise(&text);
    }
}

/// Inputs that once broke a parser, or sit on the edges the code handles.
#[test]
fn regressions() {
    for text in [
        "",
        " ",
        ";",
        "X",
        "a",
        "a99999999999999999999",
        "p16",
        "pass",
        "é1",
        "Ö",
        &"X".repeat(65),
        &"X".repeat(1000),
        &format!("{} X;", "-".repeat(64)),
        &format!("{} X; a1:", "-".repeat(64)),
        &format!("{} X; :5", "-".repeat(64)),
        &format!("{} X; a1:+99999999999", "-".repeat(64)),
    ] {
        exercise(text);
    }
}
