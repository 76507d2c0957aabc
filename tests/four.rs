//! Score Four against a naive reference written for these tests: the board
//! as a 4×4×4 array, lines found by walking the 13 directions from every
//! cell, moves by looking down each peg. The rules, perft, paper 003's
//! evaluation and the solver's values are compared with it on random games;
//! the parallel modes must give the solver's values; the engine must beat a
//! random player; a stop must stop.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use yomi::four::board::{canonical, threats, transform};
use yomi::four::eval::PaperEval;
use yomi::four::matches::{play_match, Player};
use yomi::four::search::{solve, FourMode, FourOptions, PROVEN, WIN};
use yomi::four::{search, Board, EvalKind, Game, Outcome};
use yomi::rng::Rng;
use yomi::{Color, TranspositionTable};

/// The reference: cells[x][y][z], 0 empty, 1 black, 2 white.
#[derive(Clone)]
struct Ref {
    cells: [[[u8; 4]; 4]; 4],
    stones: u32,
}

impl Ref {
    fn new() -> Ref {
        Ref { cells: [[[0; 4]; 4]; 4], stones: 0 }
    }

    fn to_move(&self) -> u8 {
        if self.stones.is_multiple_of(2) { 1 } else { 2 }
    }

    fn height(&self, x: usize, y: usize) -> Option<usize> {
        (0..4).find(|&z| self.cells[x][y][z] == 0)
    }

    /// Every line of four of `who`'s stones, as sorted cell lists.
    fn lines(&self, who: u8) -> Vec<[usize; 4]> {
        let mut out = Vec::new();
        for x in 0..4i32 {
            for y in 0..4i32 {
                for z in 0..4i32 {
                    for dx in -1..=1i32 {
                        for dy in -1..=1i32 {
                            for dz in -1..=1i32 {
                                if (dx, dy, dz) == (0, 0, 0) {
                                    continue;
                                }
                                let mut cells = [0usize; 4];
                                let mut ok = true;
                                for i in 0..4 {
                                    let (cx, cy, cz) = (x + i * dx, y + i * dy, z + i * dz);
                                    if !(0..4).contains(&cx) || !(0..4).contains(&cy) || !(0..4).contains(&cz) {
                                        ok = false;
                                        break;
                                    }
                                    if who != 0 && self.cells[cx as usize][cy as usize][cz as usize] != who {
                                        ok = false;
                                        break;
                                    }
                                    cells[i as usize] = (cx + 4 * cy + 16 * cz) as usize;
                                }
                                if ok {
                                    cells.sort();
                                    if !out.contains(&cells) {
                                        out.push(cells);
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        out
    }

    fn winner(&self) -> Option<u8> {
        [1, 2].into_iter().find(|&w| !self.lines(w).is_empty())
    }

    fn legal(&self) -> Vec<u32> {
        if self.winner().is_some() {
            return Vec::new();
        }
        let mut pegs = Vec::new();
        for y in 0..4 {
            for x in 0..4 {
                if self.height(x, y).is_some() {
                    pegs.push((x + 4 * y) as u32);
                }
            }
        }
        pegs
    }

    fn play(&mut self, peg: u32) {
        let (x, y) = (peg as usize % 4, peg as usize / 4);
        let z = self.height(x, y).expect("a legal peg");
        self.cells[x][y][z] = self.to_move();
        self.stones += 1;
    }

    fn bits(&self, who: u8) -> u64 {
        let mut b = 0;
        for x in 0..4 {
            for y in 0..4 {
                for z in 0..4 {
                    if self.cells[x][y][z] == who {
                        b |= 1u64 << (x + 4 * y + 16 * z);
                    }
                }
            }
        }
        b
    }

    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        self.legal()
            .into_iter()
            .map(|p| {
                let mut c = self.clone();
                c.play(p);
                c.perft(depth - 1)
            })
            .sum()
    }

    /// Paper 003's raw value for the side to move, line by line.
    fn paper_value(&self) -> i32 {
        let me = self.to_move();
        let points = [0, 4, 16, 64, 10000];
        let mut v = 0;
        for line in self.lines(0) {
            let (mut mine, mut theirs) = (0, 0);
            for c in line {
                let who = self.cells[c % 4][c / 4 % 4][c / 16];
                if who == me {
                    mine += 1;
                } else if who != 0 {
                    theirs += 1;
                }
            }
            if theirs == 0 {
                v += points[mine];
            } else if mine == 0 {
                v -= points[theirs];
            }
        }
        v
    }

    /// The game's value for the side to move by plain alpha-beta to the
    /// end: a win with `s` stones on the board is worth WIN − s.
    fn solve(&self, mut alpha: i32, beta: i32) -> i32 {
        if let Some(w) = self.winner() {
            let v = WIN - self.stones as i32;
            return if w == self.to_move() { v } else { -v };
        }
        let moves = self.legal();
        if moves.is_empty() {
            return 0;
        }
        let mut best = -WIN - 1;
        for p in moves {
            let mut c = self.clone();
            c.play(p);
            let v = -c.solve(-beta, -alpha);
            best = best.max(v);
            alpha = alpha.max(v);
            if alpha >= beta {
                break;
            }
        }
        best
    }

    fn board(&self) -> Board {
        Board { black: self.bits(1), white: self.bits(2) }
    }
}

fn random_game(rng: &mut Rng, max_plies: u32) -> (Ref, Game) {
    let mut r = Ref::new();
    let mut g = Game::new(Board::EMPTY);
    for _ in 0..max_plies {
        let legal = r.legal();
        if legal.is_empty() {
            break;
        }
        let p = legal[rng.below(legal.len() as u64) as usize];
        r.play(p);
        g.play(p).expect("the reference's legal move is legal");
    }
    (r, g)
}

#[test]
fn rules_match_the_reference_on_random_games() {
    let mut rng = Rng::new(2026);
    let mut wins = 0;
    for _ in 0..1500 {
        let (r, g) = random_game(&mut rng, 64);
        let b = g.board();
        assert_eq!(b, r.board());
        let mut legal = r.legal();
        legal.sort();
        assert_eq!(b.legal_pegs(), legal);
        match (b.outcome(), r.winner()) {
            (Outcome::Won(c, line), Some(w)) => {
                wins += 1;
                assert_eq!(c, if w == 1 { Color::Black } else { Color::White });
                let cells: Vec<usize> = yomi::Squares(line).map(|c| c as usize).collect();
                assert!(r.lines(w).iter().any(|l| l.to_vec() == cells));
            }
            (Outcome::Draw, None) => assert_eq!(r.stones, 64),
            (o, w) => panic!("outcome {o:?}, reference winner {w:?}"),
        }
        // Threats: empty cells completing three stones of one colour.
        let (p, o) = (b.player(), b.opponent());
        let naive = |mine: u64, theirs: u64| {
            r.lines(0).iter().fold(0u64, |t, l| {
                let bits = l.iter().fold(0u64, |m, &c| m | 1u64 << c);
                if (bits & mine).count_ones() == 3 && bits & theirs == 0 { t | (bits & !mine) } else { t }
            })
        };
        assert_eq!(threats(p, o), naive(p, o));
        assert_eq!(threats(o, p), naive(o, p));
    }
    assert!(wins > 1000, "most random games end in a line: {wins}");
}

#[test]
fn perft_matches_the_reference() {
    let mut rng = Rng::new(7);
    for plies in [0, 6, 12, 20, 30, 40, 50] {
        let (r, g) = random_game(&mut rng, plies);
        let b = g.board();
        for d in 1..=3 {
            assert_eq!(yomi::four::perft::perft(b.player(), b.opponent(), d), r.perft(d), "{} depth {d}", g.record());
        }
    }
    // From the start: 16^d, less the sequences that overfill one peg.
    assert_eq!(yomi::four::perft::perft_parallel(0, 0, 6), Ref::new().perft(6));
}

#[test]
fn paper_evaluation_matches_line_by_line_counting() {
    let mut rng = Rng::new(3);
    for _ in 0..300 {
        let plies = 1 + rng.below(30) as u32;
        let (r, g) = random_game(&mut rng, plies);
        let b = g.board();
        if b.outcome() != Outcome::Playing {
            continue;
        }
        assert_eq!(PaperEval::raw_value(b.player(), b.opponent()), r.paper_value(), "{}", g.record());
    }
}

/// Random positions near the end of a game that is still going on.
fn late_positions(seed: u64, count: usize, empties: u32) -> Vec<(Ref, Board)> {
    let mut rng = Rng::new(seed);
    let mut out = Vec::new();
    while out.len() < count {
        let (r, g) = random_game(&mut rng, 64 - empties);
        if g.board().outcome() == Outcome::Playing && r.stones == 64 - empties {
            out.push((r, g.board()));
        }
    }
    out
}

#[test]
fn solved_values_match_the_reference_in_every_mode() {
    let tt = TranspositionTable::with_mib(16);
    for (r, b) in late_positions(11, 40, 9) {
        let want = r.solve(-WIN - 1, WIN + 1);
        for threads in [1, 2] {
            let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
            for mode in [FourMode::Serial, FourMode::Ybw, FourMode::Lazy, FourMode::Msai] {
                tt.clear();
                let got = pool.install(|| solve(&b, &tt, mode, None, None, &mut |_| {})).unwrap();
                assert!(got.proven);
                assert_eq!(got.score, want, "{} {mode} {threads} threads", yomi::four::format_board(&b));
                // The move keeps the value.
                let mut child = r.clone();
                child.play(got.best.unwrap());
                assert_eq!(-child.solve(-WIN - 1, WIN + 1), want);
            }
        }
    }
}

#[test]
fn symmetric_positions_have_the_same_value() {
    let tt = TranspositionTable::with_mib(16);
    let mut rng = Rng::new(5);
    for _ in 0..12 {
        let plies = 6 + rng.below(6) as u32;
        let (_, g) = random_game(&mut rng, plies);
        let b = g.board();
        if b.outcome() != Outcome::Playing {
            continue;
        }
        let opts = FourOptions { depth: 5, mode: FourMode::Serial, ..FourOptions::default() };
        let mut values = Vec::new();
        for sym in 0..8 {
            tt.clear();
            let t = b.transformed(sym);
            values.push(search(&t, &tt, &opts, None, &mut |_| {}).unwrap().score);
            let (cp, co, _) = canonical(t.player(), t.opponent());
            assert_eq!((cp, co), { let (a, b2, _) = canonical(b.player(), b.opponent()); (a, b2) });
        }
        assert!(values.iter().all(|&v| v == values[0]), "{values:?}");
        assert_eq!(transform(transform(b.black, 5), yomi::four::board::inverse(5)), b.black);
    }
}

#[test]
fn a_search_deep_enough_is_the_solve() {
    let tt = TranspositionTable::with_mib(16);
    for (r, b) in late_positions(17, 15, 10) {
        let want = r.solve(-WIN - 1, WIN + 1);
        let r2 = search(&b, &tt, &FourOptions { depth: 64, mode: FourMode::Ybw, ..FourOptions::default() }, None, &mut |_| {}).unwrap();
        assert_eq!(r2.score, want);
        assert!(r2.proven);
    }
}

#[test]
fn the_engine_beats_a_random_player_every_game() {
    let engine = Player::parse("level=medium").unwrap();
    let m = play_match(&engine, &Player::Random, 20, 2, 9, &mut |_| {}).unwrap();
    assert_eq!(m.a_wins, 20, "{:?}", m.games);
}

#[test]
fn the_threat_evaluation_beats_the_papers_at_equal_depth() {
    let ours = Player::parse("depth=4,eval=threat").unwrap();
    let paper = Player::parse("depth=4,eval=paper").unwrap();
    let m = play_match(&ours, &paper, 20, 4, 21, &mut |_| {}).unwrap();
    let points = m.a_wins as f64 + 0.5 * m.draws as f64;
    assert!(points >= 12.0, "ours {} draws {} paper's {}", m.a_wins, m.draws, m.b_wins);
}

#[test]
fn a_stop_ends_a_search_promptly_and_the_engine_works_after() {
    let tt = TranspositionTable::with_mib(32);
    let stop = AtomicBool::new(false);
    let b = Game::parse("b2c3").unwrap().board();
    for mode in [FourMode::Ybw, FourMode::Lazy, FourMode::Msai, FourMode::Serial] {
        let pool = rayon::ThreadPoolBuilder::new().num_threads(2).build().unwrap();
        stop.store(false, Ordering::Relaxed);
        let opts = FourOptions { depth: 64, mode, ..FourOptions::default() };
        let (r, latency) = std::thread::scope(|s| {
            let h = s.spawn(|| pool.install(|| search(&b, &tt, &opts, Some(&stop), &mut |_| {}).unwrap()));
            std::thread::sleep(Duration::from_millis(300));
            let t = Instant::now();
            stop.store(true, Ordering::Relaxed);
            let r = h.join().unwrap();
            (r, t.elapsed())
        });
        assert!(r.stopped && !r.proven, "{mode}");
        assert!(latency < Duration::from_millis(500), "{mode}: {latency:?}");
        assert!(b.legal_pegs().contains(&r.best.unwrap()));
        println!("{mode}: stopped in {latency:?} at depth {}", r.depth);
    }
    let r = search(&b, &tt, &FourOptions { depth: 4, ..FourOptions::default() }, None, &mut |_| {}).unwrap();
    assert!(!r.stopped && r.depth == 4);
}

#[test]
fn wins_are_proven_and_counted_in_plies() {
    let tt = TranspositionTable::with_mib(8);
    // Black has a1 b1 c1 on the bottom row and d1 open: it wins at once.
    let b = Game::parse("a1a2b1b2c1a3").unwrap().board();
    let r = search(&b, &tt, &FourOptions::default(), None, &mut |_| {}).unwrap();
    assert_eq!((r.best, r.score, r.proven), (Some(3), WIN - 7, true));
    assert_eq!(r.plies_to_end(&b), Some(1));
    // White to move cannot block both a1-d1 (d1 open) and ... only one threat
    // here: it must block d1, and does.
    let b = Game::parse("a1a2b1b2c1").unwrap().board();
    let r = search(&b, &tt, &FourOptions { depth: 4, ..FourOptions::default() }, None, &mut |_| {}).unwrap();
    assert_eq!(r.best, Some(3));
    assert!(r.score.abs() < PROVEN);
    let _ = EvalKind::Paper;
}
