//! The opening book against independent references: its values are the
//! negamax of its leaves, recomputed here over the naive grid with the
//! symmetries written out square by square; it reads back what it writes,
//! in both forms; bad files are errors, never panics; it grows the same on
//! any number of threads; and a player never takes a book move worse than
//! its bound.

mod reference;

use std::collections::HashMap;

use proptest::prelude::*;
use reference::Board;
use yomi::book::grow::{grow, GrowOptions};
use yomi::book::Book;
use yomi::rng::Rng;
use yomi::{parse_position, BoardSize, Position};

/// A small book: to ply 5, every move within 3 discs of the best, depth 4.
fn small_book(threads: usize) -> Book {
    let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
    let mut book = Book::new();
    let opts = GrowOptions { depth: 4, rel: 3, abs: 8, plies: 5 };
    pool.install(|| grow(&mut book, &opts, &|| false, &mut |_, _| {}));
    book
}

/// The eight images of a board's cells, as strings, least first: the
/// naive canonical form (the side to move is the first character's owner).
fn naive_key(b: &Board) -> String {
    let n = 8;
    let relabel = |c: u8| match c {
        0 => '-',
        c if c == b.to_move => 'P',
        _ => 'Q',
    };
    let mut images = Vec::new();
    for t in 0..8 {
        let mut s = String::new();
        for r in 0..n {
            for c in 0..n {
                let (r0, c0) = match t {
                    0 => (r, c),
                    1 => (n - 1 - r, c),
                    2 => (r, n - 1 - c),
                    3 => (n - 1 - r, n - 1 - c),
                    4 => (c, r),
                    5 => (n - 1 - c, n - 1 - r),
                    6 => (c, n - 1 - r),
                    _ => (n - 1 - c, r),
                };
                s.push(relabel(b.cells[r0 * n + c0]));
            }
        }
        images.push(s);
    }
    images.into_iter().min().unwrap()
}

/// One exported line: the position, its value, its leaf (square index and value).
struct Line {
    board: Board,
    value: i32,
    leaf: Option<(usize, i32)>,
}

fn parse_export(text: &str) -> HashMap<String, Line> {
    let mut lines = HashMap::new();
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let f: Vec<&str> = line.split_whitespace().collect();
        let pos = parse_position(&format!("{} {}", f[0], f[1]), None).unwrap();
        let board = Board::from_position(&pos);
        let leaf = (f[4] != "-").then(|| {
            let sq = yomi::Square::parse(f[4], BoardSize::OTHELLO).unwrap().index() as usize;
            (sq, f[5].parse::<i32>().unwrap())
        });
        let key = naive_key(&board);
        assert!(lines.insert(key, Line { board, value: f[2].parse().unwrap(), leaf }).is_none(), "a position twice: {line}");
    }
    lines
}

/// The value of a book position by plain negamax over the grid.
fn naive_value(lines: &HashMap<String, Line>, key: &str) -> i32 {
    let line = &lines[key];
    let b = &line.board;
    let mut best = i32::MIN;
    for m in b.legal_moves() {
        let child = b.play(m);
        let sign = if child.to_move == b.to_move { 1 } else { -1 };
        let v = if child.is_over() {
            let black = child.final_score(false);
            if b.to_move == 1 { black } else { -black }
        } else {
            let (next, sign) = if child.legal_moves().is_empty() { (child.passed(), -sign) } else { (child, sign) };
            match lines.get(&naive_key(&next)) {
                Some(_) => sign * naive_value(lines, &naive_key(&next)),
                None if line.leaf.is_some_and(|(sq, _)| sq == m) => line.leaf.unwrap().1,
                None => continue,
            }
        };
        best = best.max(v);
    }
    best
}

#[test]
fn values_are_the_negamax_of_the_leaves() {
    let book = small_book(1);
    assert!(book.len() > 20, "{} positions", book.len());
    let lines = parse_export(&book.to_text());
    assert_eq!(lines.len(), book.len());
    for (key, line) in &lines {
        assert_eq!(naive_value(&lines, key), line.value, "{key}");
        // The same answer from every symmetric image of the position.
        let pos = line.board.to_position();
        let moves = book.moves(&pos).unwrap();
        assert_eq!(moves[0].value as i32, line.value);
    }
}

#[test]
fn reads_back_what_it_writes() {
    let book = small_book(1);
    let bytes = book.to_bytes();
    assert!(bytes.len() < 8 * book.len(), "{} bytes for {} positions", bytes.len(), book.len());
    let again = Book::from_bytes(&bytes).unwrap();
    assert_eq!(again.to_text(), book.to_text());
    assert_eq!(Book::from_text(&book.to_text()).unwrap().to_bytes(), bytes);
}

#[test]
fn grows_the_same_on_any_number_of_threads() {
    assert_eq!(small_book(1).to_bytes(), small_book(2).to_bytes());
}

#[test]
fn bad_files_are_errors_that_say_where() {
    let bytes = small_book(1).to_bytes();
    for cut in 0..bytes.len() {
        let e = Book::from_bytes(&bytes[..cut]).unwrap_err().to_string();
        assert!(e.contains("byte"), "{e}");
    }
    let mut longer = bytes.clone();
    longer.push(0);
    assert!(Book::from_bytes(&longer).unwrap_err().to_string().contains(&format!("byte {}", bytes.len())));
    let text = small_book(1).to_text();
    let broken = text.replacen(" 4\n", " 99\n", 1);
    let e = Book::from_text(&broken).unwrap_err().to_string();
    assert!(e.contains("line 2: depth '99'"), "{e}");
    assert!(Book::from_text("---------------------------OX------XO--------------------------- X +0 f5 z9 +1 4").is_err());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]
    #[test]
    fn damaged_files_never_panic(at in 0usize..400, byte in any::<u8>()) {
        let mut bytes = small_book_bytes().to_vec();
        let i = at % bytes.len();
        bytes[i] = byte;
        let _ = Book::from_bytes(&bytes);
    }
}

fn small_book_bytes() -> &'static [u8] {
    static B: std::sync::OnceLock<Vec<u8>> = std::sync::OnceLock::new();
    B.get_or_init(|| small_book(1).to_bytes())
}

#[test]
fn a_player_keeps_to_its_bound() {
    let book = small_book(1);
    let lines = parse_export(&book.to_text());
    let mut rng = Rng::new(7);
    for line in lines.values() {
        let pos: Position = line.board.to_position();
        let moves = book.moves(&pos).unwrap();
        for bound in [0u8, 1, 3] {
            for _ in 0..8 {
                let m = book.choose(&pos, bound, &mut rng).unwrap();
                assert!(m.value as i32 >= line.value - bound as i32);
                assert!(moves.contains(&m));
            }
        }
    }
    // Off the book: no move.
    let far = Position::start(BoardSize::new(6, 6).unwrap(), yomi::Start::Othello);
    assert!(book.choose(&far, 3, &mut rng).is_none());
}

#[test]
fn a_match_plays_from_the_shipped_book_unless_told_not_to() {
    use yomi::tools::matches::{play_match, MatchOptions, Player};
    let load = |_: &str| Ok(yomi::Weights::shipped());
    let stats = |_: &str| Ok(yomi::ProbCutStats::shipped());
    let book = Some(Book::shipped());
    let with = Player::parse("level=easy", &load, &stats, book).unwrap();
    let without = Player::parse("level=easy,book=off", &load, &stats, book).unwrap();
    let opts = MatchOptions {
        size: BoardSize::OTHELLO,
        start: yomi::Start::Othello,
        scoring: yomi::Scoring::World,
        games: 2,
        openings: yomi::tools::matches::Openings::Random(0),
        seed: 1,
        hash_mib: 4,
    };
    let r = play_match(&with, &without, &opts, None, &mut |_, _, _| {});
    assert!(r.book_moves[0] >= 2, "{:?}", r.book_moves);
    assert_eq!(r.book_moves[1], 0);
}

/// The explorer's counts after f5 d6 c3 d3 c4, against a count made here
/// from the games file: each game's first six moves replayed on the naive
/// grid, the position after five matched in any of its eight images, and
/// the sixth move's position named the same way.
#[test]
fn the_explorer_counts_what_the_games_file_holds() {
    use std::io::Read;
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/data/wthor/games-1977-2023.tsv.gz");
    let mut text = String::new();
    flate2::read::GzDecoder::new(std::fs::File::open(path).unwrap()).read_to_string(&mut text).unwrap();
    let index = |name: &[u8]| (name[1] - b'1') as usize * 8 + (name[0] - b'a') as usize;
    let after = |b: &Board, sq: usize| b.play(sq);
    let mut target = Board::start(8, 8, false);
    for m in ["f5", "d6", "c3", "d3", "c4"] {
        target = after(&target, index(m.as_bytes()));
    }
    let key = |b: &Board| (naive_key(b), b.to_move);
    let want = key(&target);
    // (games, Black wins, draws, margin sum, first year, last year)
    type Count = (u32, u32, u32, i64, u16, u16);
    let add = |c: &mut Count, year: u16, black: i64| {
        let margin = 2 * black - 64;
        *c = (c.0 + 1, c.1 + (margin > 0) as u32, c.2 + (margin == 0) as u32, c.3 + margin, c.4.min(year), c.5.max(year));
    };
    let empty: Count = (0, 0, 0, 0, u16::MAX, 0);
    let (mut here, mut by_child) = (empty, HashMap::<(String, u8), Count>::new());
    for line in text.lines() {
        let cols: Vec<&str> = line.split('\t').collect();
        let (year, black, moves) = (cols[0].parse::<u16>().unwrap(), cols[4].parse::<i64>().unwrap(), cols[5].as_bytes());
        if moves.len() < 10 {
            continue;
        }
        let mut b = Board::start(8, 8, false);
        for m in moves[..10].chunks(2) {
            b = after(&b, index(m));
        }
        if key(&b) != want {
            continue;
        }
        add(&mut here, year, black);
        if moves.len() >= 12 {
            add(by_child.entry(key(&after(&b, index(&moves[10..12])))).or_insert(empty), year, black);
        }
    }
    let start = Position::start(BoardSize::OTHELLO, yomi::Start::Othello);
    let pos = *yomi::Game::from_record(start, "f5d6c3d3c4").unwrap().current();
    let seen = yomi::explorer::Explorer::shipped().explore(&pos).expect("a position thousands of games reach");
    let count = |s: &yomi::explorer::Stats| (s.games, s.black_wins, s.draws, s.margin_sum, s.first_year, s.last_year);
    assert!(here.0 > 40_000, "{here:?}");
    assert_eq!(count(&seen.stats), here);
    assert_eq!(seen.moves.len(), by_child.len());
    for m in &seen.moves {
        let child = key(&after(&target, m.square.index() as usize));
        assert_eq!(Some(&count(&m.stats)), by_child.get(&child), "{}", m.square.name(BoardSize::OTHELLO));
    }
}

/// The book holds every position that at least 20 tournament games of
/// 1977-2020 reach within 20 plies, counted here on the naive grid: each
/// game replayed (passes where the side to move has no move), its
/// positions named by their least image with the side to move.
#[test]
fn the_book_holds_the_lines_people_play() {
    use std::io::Read;
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/data/wthor/games-1977-2023.tsv.gz");
    let mut text = String::new();
    flate2::read::GzDecoder::new(std::fs::File::open(path).unwrap()).read_to_string(&mut text).unwrap();
    let index = |name: &[u8]| (name[1] - b'1') as usize * 8 + (name[0] - b'a') as usize;
    let mut counts: HashMap<String, (u32, Board)> = HashMap::new();
    for line in text.lines() {
        let cols: Vec<&str> = line.split('\t').collect();
        if cols[0].parse::<u16>().unwrap() > 2020 {
            continue;
        }
        let mut b = Board::start(8, 8, false);
        counts.entry(naive_key(&b)).or_insert((0, b.clone())).0 += 1;
        for m in cols[5].as_bytes().chunks(2).take(20) {
            b = b.play(index(m));
            if b.is_over() {
                break;
            }
            if b.legal_moves().is_empty() {
                b = b.passed();
            }
            counts.entry(naive_key(&b)).or_insert((0, b.clone())).0 += 1;
        }
    }
    let popular: Vec<&Board> = counts.values().filter(|(n, _)| *n >= 20).map(|(_, b)| b).collect();
    assert!(popular.len() > 7000, "{}", popular.len());
    let book = Book::shipped();
    let missing = popular.iter().filter(|b| book.lookup(&b.to_position()).is_none()).count();
    assert_eq!(missing, 0, "of {} positions", popular.len());
}
