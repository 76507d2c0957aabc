//! Paper 003 as the paper ran it: games between two copies of its plain
//! alpha-beta (figure 1) at depth 8 from openings of four random stones;
//! the test set, every position of 100 such games (shipped in
//! `weights/four-test-games.txt`); and its statistics gathered on the
//! nodes of the plain search's trees in other such games
//! (`weights/four-calibration-games.txt`), none of whose positions is in
//! the test set.

use std::collections::HashSet;
use std::sync::OnceLock;

use rayon::prelude::*;

use crate::error::Error;
use crate::four::alphabeta::PaperSearch;
use crate::four::board::{canonical, Board, Outcome};
use crate::four::eval::{Evaluate, PaperEval, WIN_NOW};
use crate::four::positions::random_opening;
use crate::four::notation::Game;
use crate::four::pruning::{stage_means, Cut, Model, PruningStats, Sample, MAX_K};
use crate::rng::Rng;

/// The depth of the paper's searches, its games and its experiment.
pub const PAPER_DEPTH: u32 = 8;

/// A game of figure 1 against itself at `depth` plies from `opening`, with
/// the paper's raw evaluation: its correction by move number shifts every
/// leaf of one search alike, so it never changes the move.
pub fn paper_game(opening: &[u32], depth: u32) -> Game {
    let none = PruningStats::default();
    let mut game = Game::new(Board::EMPTY);
    for &peg in opening {
        game.play(peg).expect("an opening of legal pegs");
    }
    while game.board().outcome() == Outcome::Playing {
        let b = game.board();
        let (peg, _) = PaperSearch::new(PaperEval::raw(), &none, Cut::None).best_move(b.player(), b.opponent(), depth.min(64 - b.stones()));
        game.play(peg % 16).expect("the search plays a legal peg");
    }
    game
}

/// `n` games of [`paper_game`] from openings of four random stones drawn
/// from `seed` (drawn in turn first, so the games do not depend on the
/// threads that play them).
pub fn paper_games(n: usize, seed: u64, depth: u32, progress: &(dyn Fn(usize, usize) + Sync)) -> Vec<Game> {
    let mut rng = Rng::new(seed);
    let openings: Vec<Vec<u32>> = (0..n).map(|_| random_opening(&mut rng, OPENING)).collect();
    let done = std::sync::atomic::AtomicUsize::new(0);
    openings
        .par_iter()
        .map(|o| {
            let g = paper_game(o, depth);
            progress(done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1, n);
            g
        })
        .collect()
}

/// Games as text, one record a line, under a `#` header.
pub fn games_to_text(header: &str, games: &[Game]) -> String {
    let mut s = format!("# {header}\n");
    for g in games {
        s += &g.record();
        s.push('\n');
    }
    s
}

/// Reads games written by [`games_to_text`]; an error names the line.
pub fn games_from_text(text: &str) -> Result<Vec<Game>, Error> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        .map(|(i, l)| Game::parse(l).map_err(|e| Error::damaged("the games", format!("game on line {}: {e}", i + 1))))
        .collect()
}

/// The random stones that open each game.
pub const OPENING: usize = 4;

/// Every position of `games` with a side to move from the end of the
/// opening on (the random stones are not the players'), in game order.
pub fn positions_of(games: &[Game]) -> Vec<Board> {
    let mut out = Vec::new();
    for g in games {
        let mut b = g.start;
        for (i, &peg) in g.moves.iter().enumerate() {
            if i >= OPENING {
                out.push(b);
            }
            b = b.play(peg).expect("a checked move");
        }
    }
    out
}

/// The shipped test games (100 openings of four random stones).
pub fn test_games() -> &'static [Game] {
    static GAMES: OnceLock<Vec<Game>> = OnceLock::new();
    GAMES.get_or_init(|| games_from_text(include_str!("../../weights/four-test-games.txt")).expect("the shipped test games read"))
}

/// The shipped calibration games (other openings, same players).
pub fn calibration_games() -> &'static [Game] {
    static GAMES: OnceLock<Vec<Game>> = OnceLock::new();
    GAMES.get_or_init(|| games_from_text(include_str!("../../weights/four-calibration-games.txt")).expect("the shipped calibration games read"))
}

/// The test set: every position of the test games.
pub fn test_positions() -> Vec<Board> {
    positions_of(test_games())
}

/// `n` of `boards`, a uniform draw in a seeded order (any first part of
/// it is a fair sample of the whole: the page's experiment fills by it).
pub fn draw(boards: &[Board], n: usize, seed: u64) -> Vec<Board> {
    let mut all = boards.to_vec();
    let mut rng = Rng::new(seed);
    for i in (1..all.len()).rev() {
        all.swap(i, rng.below(i as u64 + 1) as usize);
    }
    all.truncate(n);
    all
}

/// `boards` less every position that is, up to the board's symmetries, one
/// of `test`'s, and how many were left out.
pub fn without(boards: &[Board], test: &[Board]) -> (Vec<Board>, usize) {
    let key = |b: &Board| {
        let (p, o, _) = canonical(b.player(), b.opponent());
        (p, o)
    };
    let seen: HashSet<(u64, u64)> = test.iter().map(key).collect();
    let kept: Vec<Board> = boards.iter().copied().filter(|b| !seen.contains(&key(b))).collect();
    let dropped = boards.len() - kept.len();
    (kept, dropped)
}

/// Paper 003's statistics measured as it measured them: `M_m` is the mean
/// raw paper value at move number m over `roots` (the calibration games'
/// positions); then from each root a plain `depth`-ply search (figure 1)
/// with the corrected evaluation, up to `per_depth` of its interior nodes
/// of each remaining depth k kept (a uniform draw), and each kept node's
/// static value paired with its exact k-ply value. `model` fits each
/// (m, k) cell. Under ProbCut's reduction `probe` (R), a node with k > R
/// plies left pairs its (k − R)-ply value, not its static one, with the
/// k-ply value. Proven results and an evaluation's sure wins (a threat to
/// play now) are left out: they are certainties, not estimates, and their
/// size would swamp the spread.
#[allow(clippy::too_many_arguments)]
pub fn calibrate_on_trees<E: Evaluate + Sync>(
    roots: &[Board],
    make_eval: impl Fn(&[i32; 65]) -> E,
    model: Model,
    probe: Option<u32>,
    depth: u32,
    per_depth: usize,
    seed: u64,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> PruningStats {
    let mut stats = PruningStats::default();
    stats.probe = probe;
    if E::CORRECTED {
        stats.mean_by_move = stage_means(roots);
    }
    let eval = make_eval(&stats.mean_by_move);
    let none = PruningStats::default();
    let done = std::sync::atomic::AtomicUsize::new(0);
    let samples: Vec<Sample> = roots
        .par_iter()
        .enumerate()
        .flat_map_iter(|(i, b)| {
            let mut out = Vec::new();
            if b.outcome() == Outcome::Playing {
                let d = depth.min(64 - b.stones());
                let mut s = PaperSearch::new(eval.clone(), &none, Cut::None).sampling(per_depth, seed ^ (i as u64 + 1).wrapping_mul(0x2545_F491_4F6C_DD1D));
                s.best_move(b.player(), b.opponent(), d);
                for (p, o, k) in s.sampled() {
                    if k > MAX_K {
                        continue;
                    }
                    let t = match stats.probe_depth(k) {
                        Some(s) => PaperSearch::new(eval.clone(), &none, Cut::None).value(p, o, s),
                        None => eval.eval(p, o),
                    };
                    if t.abs() >= WIN_NOW / 2 {
                        continue;
                    }
                    let deep = PaperSearch::new(eval.clone(), &none, Cut::None).value(p, o, k);
                    if deep.abs() < WIN_NOW / 2 {
                        out.push(Sample { stones: (p | o).count_ones(), depth: k, predictor: t as f64, deep: deep as f64, volatile: eval.volatile(p, o) });
                    }
                }
            }
            progress(done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1, roots.len());
            out
        })
        .collect();
    stats.fit_samples(samples, model);
    stats
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn games_round_trip_and_sets_are_disjoint() {
        let games = paper_games(3, 9, 2, &|_, _| {});
        assert!(games.iter().all(|g| g.moves.len() > 4 && g.board().outcome() != Outcome::Playing));
        let back = games_from_text(&games_to_text("three games", &games)).unwrap();
        assert_eq!(back, games);
        assert!(games_from_text("a1b1\nz9\n").unwrap_err().to_string().contains("line 2"));
        let all = positions_of(&games);
        assert_eq!(all.len(), games.iter().map(|g| g.moves.len() - OPENING).sum::<usize>());
        assert!(all.iter().all(|b| b.stones() >= OPENING as u32));
        // A mirrored copy of a position counts as the same position.
        let mirrored: Vec<Board> = all.iter().map(|b| b.transformed(3)).collect();
        assert_eq!(without(&mirrored, &all), (Vec::new(), all.len()));
        let drawn = draw(&all, 7, 1);
        assert_eq!(drawn.len(), 7);
        assert_eq!(drawn, draw(&all, 7, 1), "seeded");
        assert!(drawn.iter().all(|b| all.contains(b)));
        assert_eq!(draw(&all, all.len(), 2).len(), all.len());
        let (kept, dropped) = without(&all, &all[..5]);
        assert!(dropped >= 5 && kept.len() + dropped == all.len());
    }

    #[test]
    fn shipped_sets_share_no_position() {
        let test = test_positions();
        assert!(test_games().len() == 100 && test.len() >= 2000, "{} positions", test.len());
        // Openings that meet (up to symmetry) lead the same players into the
        // same game: the shared positions are dropped before calibrating, as
        // the shipped statistics say.
        let (roots, dropped) = without(&positions_of(calibration_games()), &test);
        assert!(roots.len() >= 5000, "{} roots, {dropped} dropped", roots.len());
        assert_eq!(without(&roots, &test).1, 0);
        for file in [include_str!("../../weights/four-paper.txt"), include_str!("../../weights/four-yomi.txt")] {
            let header = file.lines().next().unwrap();
            assert!(header.contains(&format!("from the {} positions of the calibration games", roots.len())), "{header}");
        }
    }

    #[test]
    fn tree_statistics_pair_static_and_exact_values() {
        use crate::four::eval::ThreatEval;
        let roots = positions_of(&paper_games(2, 4, 2, &|_, _| {}));
        let stats = calibrate_on_trees(&roots, |m| PaperEval { mean: *m }, Model::Increment, None, 3, 4, 1, &|_, _| {});
        assert!(stats.mean_by_move[5] != 0, "M_m measured");
        let cells: u32 = (0..=64).flat_map(|m| (1..=3).map(move |k| (m, k))).map(|(m, k)| stats.samples(m, k)).sum();
        assert!(cells > 0 && (1..=64).all(|m| stats.samples(m, 4) == 0), "samples at k = 1-3 only");
        // Ours: the nodes with a threat on the board fill cells of their own.
        let stats = calibrate_on_trees(&roots, |_| ThreatEval, Model::Linear, None, 3, 4, 1, &|_, _| {});
        let volatile = (0..=64).filter(|&m| stats.get_for(true, m, 2).is_some()).count();
        assert!(volatile > 0, "some volatile cells measured");
    }

    #[test]
    fn yomis_configuration_predicts_with_a_narrower_spread_than_the_papers() {
        use crate::four::experiment::Configuration;
        let median = |stats: &PruningStats, k: u32| {
            let mut s: Vec<f32> = (0..=64).filter_map(|m| stats.get(m, k)).map(|c| c.sigma).collect();
            s.sort_by(f32::total_cmp);
            s[s.len() / 2]
        };
        let (yomi, paper) = (Configuration::Yomi.stats(), Configuration::Paper.stats());
        for k in 1..=7 {
            // The forced line takes the sure results out of the spread.
            assert!(median(yomi, k) < median(paper, k), "k = {k}: {} against {}", median(yomi, k), median(paper, k));
        }
        assert_eq!(yomi.probe, None, "probes cost more than they save in plain alpha-beta (MEASUREMENTS.md)");
        assert!((0..=64).all(|m| yomi.get_for(true, m, 3).is_none()), "no cells apart for threats: the forced line took their place");
    }
}
