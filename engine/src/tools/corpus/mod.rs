//! The training corpus kept in the repository (`yomi corpus`): self-play
//! games stored as their moves, one label per position, in shards that only
//! ever grow.
//!
//! A game opens with a few random plies, then a midgame search of a stated
//! depth plays every move until the exact solver affords the rest, but for
//! its detours (random moves that put the positions after a mistake into
//! the corpus); from there the game follows a perfect line. Each position
//! where a move is made carries one label for the side to move: the exact
//! score once the solver has taken over, and above that the score of the
//! search that chose the move. A second label comes free for those earlier
//! positions: the exact result of the game from the first solved position,
//! which the rest of the game plays perfectly (worth having only after the
//! game's last random move).
//!
//! A shard is a header and its games, two bytes a position (a move and a
//! label), which git's own compression packs further. Game `g` of a shard
//! depends only on (seed, g) and the engine, so the same seed and commit
//! make the same shard on any number of threads. While it grows, a shard
//! lives in a work file that each finished game is appended to, so an
//! interrupted run loses only the games in flight and resumes.

mod manifest;
mod play;
mod relabel;
mod shard;
mod work;

pub use manifest::*;
pub use play::*;
pub use relabel::*;
pub use shard::*;
pub use work::*;

#[cfg(test)]
mod tests {
    use std::fs::OpenOptions;
    use std::sync::atomic::AtomicBool;

    use super::*;
    use crate::error::Error;
    use crate::eval::evaluation::Weights;
    use crate::rules::position::{Position, Scoring};
    use crate::search::tt::TranspositionTable;
    use crate::solver::solve::{solve, SolveOptions};
    use crate::BoardSize;

    fn tiny(seed: u64) -> Recipe {
        Recipe { source: Source::SelfPlay, exact: 10, depth: 2, selectivity: 0, opening: (4, 8), detours: 1, seed }
    }

    #[test]
    fn detours_mark_every_position_whose_result_they_bend() {
        let plain = Recipe { detours: 0, ..tiny(11) };
        let bent = Recipe { detours: 2, ..plain };
        let mut longer = 0;
        for g in 0..6 {
            let opening = plain.departures(&mut plain.rng(g)).opening as usize;
            let flagged = |r: &Recipe| {
                let game = play_game(r, Weights::shipped(), &[], g);
                let shard = Shard { recipe: *r, games: vec![game.clone()] };
                assert_eq!(Shard::from_bytes(&shard.to_bytes()).unwrap(), shard);
                let mut out = Vec::new();
                labelled(r, g, &game, &mut out);
                // A prefix of the game, all of it short of the solver.
                let n = out.iter().take_while(|l| l.random).count();
                assert!(out[n..].iter().all(|l| !l.random));
                assert!(out[..n].iter().all(|l| l.kind != LabelKind::Exact));
                n
            };
            assert_eq!(flagged(&plain), opening);
            let n = flagged(&bent);
            assert!(n >= opening);
            longer += (n > opening) as u32;
        }
        assert!(longer >= 3, "detours fell in {longer} of 6 games");
        assert!(Recipe { detours: 5, ..plain }.check().unwrap_err().to_string().contains("0 to 4 detours"));
        // A recipe without detours keeps the first version's bytes.
        let b = Shard { recipe: plain, games: vec![] }.to_bytes();
        assert_eq!((b[8], b.len()), (1, header_bytes(1)));
        assert_eq!(Shard { recipe: bent, games: vec![] }.to_bytes()[8], 2);
    }

    #[test]
    fn a_tournament_shard_labels_the_players_moves_and_reads_back() {
        let text = "1977\tE\tA\tB\t34\tf5d6c3f3f4d3c4g6f6e6c5c6d7d8e7g5e3d2g4h3f7b5h5g3b4b6c8b8c7e8f8g8h4h6e2d1c1a3a6a5e1f2g7c2a4h8a2b7f1b3b1b2h7a7a8a1g1g2h2h1\n\
                    2022\tE\tC\tD\t40\tf5d6c3\n";
        let games = crate::tools::tournament::parse(text).unwrap();
        // The 2022 game is for measuring: one game to take.
        let fitting = crate::tools::tournament::fitting(&games).unwrap();
        assert_eq!(fitting.len(), 1);
        let recipe = Recipe { exact: 10, depth: 2, ..Recipe::tournament(0) };
        let make = games_of(&recipe, Weights::shipped(), &fitting);
        let game = make(0).unwrap();
        assert!(make(1).is_none());
        assert_eq!(game.moves, fitting[0]);
        let shard = Shard { recipe, games: vec![game] };
        assert_eq!(Shard::from_bytes(&shard.to_bytes()).unwrap(), shard);
        let positions = shard.positions();
        assert_eq!(positions.len(), 60);
        let tt = TranspositionTable::with_mib(8);
        for l in &positions {
            assert!(!l.random, "the players' moves are not random");
            if l.empties() <= 10 {
                assert_eq!(l.kind, LabelKind::Exact);
                let pos = Position::new(BoardSize::OTHELLO, l.p, l.o, crate::Color::Black).unwrap();
                let exact = solve(&pos, &tt, SolveOptions { scoring: Scoring::World, ..Default::default() }, None).exact();
                assert_eq!(exact, Some(l.label as i32));
            }
        }
        let entry = Entry::new("shard-0019.ycp", &shard, "abc", 1.5, "2026-11-29");
        assert!(entry.line().ends_with("\ttournament from game 0"));
        assert_eq!(Entry::parse(&entry.line()).unwrap(), entry);
    }

    #[test]
    fn a_branch_shard_opens_with_tournament_plies_and_plays_on_as_self_play() {
        let text = "1977\tE\tA\tB\t34\tf5d6c3f3f4d3c4g6f6e6c5c6d7d8e7g5e3d2g4h3f7b5h5g3b4b6c8b8c7e8f8g8h4h6e2d1c1a3a6a5e1f2g7c2a4h8a2b7f1b3b1b2h7a7a8a1g1g2h2h1\n\
                    2022\tE\tC\tD\t40\tf5d6c3d3c4f4f6f3e6e7d7g6g5c5c6\n";
        let fitting = crate::tools::tournament::fitting(&crate::tools::tournament::parse(text).unwrap()).unwrap();
        assert_eq!(fitting.len(), 1);
        let recipe = Recipe { source: Source::Branch, exact: 10, depth: 2, selectivity: 0, opening: (4, 30), detours: 1, seed: 5 };
        let make = games_of(&recipe, Weights::shipped(), &fitting);
        let games: Vec<Game> = (0..6).map(|g| make(g).unwrap()).collect();
        let shard = Shard { recipe, games: games.clone() };
        let bytes = shard.to_bytes();
        assert_eq!((bytes[8], bytes.len() - games.iter().map(|g| 1 + 2 * g.moves.len()).sum::<usize>()), (4, header_bytes(4)));
        assert_eq!(Shard::from_bytes(&bytes).unwrap(), shard);
        for (g, game) in games.iter().enumerate() {
            let opening = recipe.departures(&mut recipe.rng(g as u32)).opening as usize;
            // The opening is a fitting game's first plies; the game goes on
            // past them, and past where that game went.
            let from = fitting.iter().find(|m| m[..opening] == game.moves[..opening]).expect("a tournament opening");
            assert!(from.len() > opening);
            let mut out = Vec::new();
            labelled(&recipe, g as u32, game, &mut out);
            assert!(out[..opening].iter().all(|l| l.random && l.kind != LabelKind::Exact));
            assert!(out.iter().any(|l| l.kind == LabelKind::Exact && !l.random));
        }
        // Game g depends on the seed and g alone.
        assert_eq!(make(3).unwrap(), games[3]);
        let entry = Entry::new("shard-0052.ycp", &shard, "abc", 1.5, "2026-12-04");
        assert!(entry.line().ends_with("\tself-play from tournament openings"));
        assert_eq!(Entry::parse(&entry.line()).unwrap(), entry);
        assert_eq!(Recipe::branch(9).source, Source::Branch);
        assert_eq!(Recipe::branch(9).opening, (20, 32));
        assert_eq!(Recipe::branch(9).depth, 6);
        assert_eq!(Recipe::branch(9).exact, 18);
    }

    #[test]
    fn a_relabelled_tournament_shard_is_the_one_a_higher_reach_makes() {
        let text = "1977\tE\tA\tB\t34\tf5d6c3f3f4d3c4g6f6e6c5c6d7d8e7g5e3d2g4h3f7b5h5g3b4b6c8b8c7e8f8g8h4h6e2d1c1a3a6a5e1f2g7c2a4h8a2b7f1b3b1b2h7a7a8a1g1g2h2h1\n";
        let fitting = crate::tools::tournament::fitting(&crate::tools::tournament::parse(text).unwrap()).unwrap();
        let low = Recipe { exact: 10, depth: 2, ..Recipe::tournament(0) };
        let high = Recipe { exact: 13, ..low };
        let game = label_game(&low, Weights::shipped(), &fitting[0]);
        let raised = relabel_game(&low, &high, &game);
        assert_eq!(raised, label_game(&high, Weights::shipped(), &fitting[0]));
        // Only the positions of 11-13 empties change, and the results with them.
        let (before, after) = (Shard { recipe: low, games: vec![game] }.positions(), Shard { recipe: high, games: vec![raised] }.positions());
        for (b, a) in before.iter().zip(&after) {
            assert!(a.label == b.label || (11..=13).contains(&a.empties()));
            assert_eq!(a.kind == LabelKind::Exact, a.empties() <= 13);
        }
        assert!(before.iter().zip(&after).any(|(b, a)| a.label != b.label));
        assert!(before.iter().zip(&after).any(|(b, a)| a.result != b.result));
        let entries: Vec<Entry> = [Recipe::standard(1), Recipe::tournament(0), Recipe { exact: 20, ..Recipe::tournament(9) }]
            .iter()
            .map(|&recipe| Entry::new("x", &Shard { recipe, games: vec![] }, "c", 0.0, "d"))
            .collect();
        assert_eq!(relabel_target(&entries, 22), Some(2));
        assert_eq!(relabel_target(&entries, 20), None);
    }

    #[test]
    fn a_manifest_line_from_before_detours_reads_as_none() {
        let old = "shard-0000.ycp\t4425\t264979\t88035\t176944\t1000\t20\t10\t1\t6-18\t6de006401996\t4039.9\t2026-11-27";
        let e = Entry::parse(old).unwrap();
        assert_eq!(e.recipe, Recipe { detours: 0, ..Recipe::standard(1000) });
        assert_eq!(Entry::parse(&e.line()).unwrap(), e);
        assert_eq!(e.line().split('\t').nth(10), Some("0"));
    }

    #[test]
    fn a_game_round_trips_and_its_labels_are_exact_at_the_end() {
        let recipe = tiny(7);
        let shard = Shard { recipe, games: (0..3).map(|g| play_game(&recipe, Weights::shipped(), &[], g)).collect() };
        let back = Shard::from_bytes(&shard.to_bytes()).unwrap();
        assert_eq!(back, shard);
        let tt = TranspositionTable::with_mib(1);
        for l in shard.positions() {
            if l.kind == LabelKind::Exact {
                let pos = Position::new(BoardSize::OTHELLO, l.p, l.o, crate::Color::Black).unwrap();
                let s = solve(&pos, &tt, SolveOptions { scoring: Scoring::World, ..Default::default() }, None).score;
                assert_eq!(s, l.label as i32);
                // The game plays perfectly from its first exact position.
                assert_eq!(l.result, l.label);
            }
        }
    }

    #[test]
    fn a_bad_shard_names_its_byte() {
        let recipe = tiny(1);
        let mut b = Shard { recipe, games: vec![play_game(&recipe, Weights::shipped(), &[], 0)] }.to_bytes();
        // The third move onto a corner: illegal that early.
        let at = header_bytes(recipe.version()) + 3;
        b[at] = 0;
        let err = Shard::from_bytes(&b).unwrap_err();
        // A damaged file, not a bad argument: the caller can tell them apart.
        assert!(matches!(err, Error::Damaged { .. }), "{err:?}");
        let e = err.to_string();
        assert!(e.contains(&format!("byte {at}")) && e.contains("illegal"), "{e}");
        assert!(Shard::from_bytes(b"YOMICORX").unwrap_err().to_string().contains("byte 0"));
    }

    #[test]
    fn a_work_file_without_the_magic_says_so_once() {
        let dir = std::env::temp_dir().join(format!("yomi-corpus-magic-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("w.part");
        std::fs::write(&path, b"not a shard at all, just some words").unwrap();
        let Err(e) = read_work(&path) else { panic!("a file without the magic is read") };
        let e = e.to_string();
        std::fs::remove_dir_all(&dir).unwrap();
        assert!(e.ends_with("w.part: byte 0: not a corpus file (no YOMICORP header)"), "{e}");
    }

    #[test]
    fn growth_resumes_after_a_torn_block_and_any_threads_make_the_same_shard() {
        let dir = std::env::temp_dir().join(format!("yomi-corpus-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let stop = AtomicBool::new(false);
        let quiet = |_: &Progress| {};
        let recipe = tiny(3);
        let games = games_of(&recipe, Weights::shipped(), &[]);
        let make = |name: &str, threads: usize, tear: bool| {
            let path = dir.join(name);
            let _ = std::fs::remove_file(&path);
            let mut work = start_work(&path, &tiny(3), "test").unwrap();
            let until = Until { games: Some(if tear { 3 } else { 5 }), seconds: None };
            grow(&path, &mut work, &games, threads, until, &stop, &quiet).unwrap();
            if tear {
                let len = std::fs::metadata(&path).unwrap().len();
                OpenOptions::new().write(true).open(&path).unwrap().set_len(len - 5).unwrap();
                let mut work = read_work(&path).unwrap().unwrap();
                assert_eq!(work.games.len(), 2);
                assert_eq!(work.commit, "test");
                grow(&path, &mut work, &games, threads, Until { games: Some(5), seconds: None }, &stop, &quiet).unwrap();
            }
            let work = read_work(&path).unwrap().unwrap();
            assert_eq!(work.prefix(), 5);
            work.shard().0.to_bytes()
        };
        let one = make("a.part", 1, false);
        assert_eq!(make("b.part", 2, false), one);
        assert_eq!(make("c.part", 2, true), one);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn the_manifest_lists_each_shard_and_loads_it_back() {
        let dir = std::env::temp_dir().join(format!("yomi-manifest-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let recipe = tiny(9);
        let shard = Shard { recipe, games: (0..2).map(|g| play_game(&recipe, Weights::shipped(), &[], g)).collect() };
        let e = add_shard(&dir, &shard, "abc", 1.5, "2026-11-27").unwrap();
        assert_eq!(e.file, "shard-0000.ycp");
        assert_eq!(add_shard(&dir, &shard, "abc", 1.5, "2026-11-27").unwrap().file, "shard-0001.ycp");
        let loaded = load(&dir).unwrap();
        assert_eq!(loaded.len(), 2);
        assert_eq!(loaded[0].0, e);
        assert_eq!(loaded[1].1, shard);
        assert_eq!(e.exact + e.searched, e.positions);
        std::fs::write(dir.join("shard-0001.ycp"), &shard.to_bytes()[..40]).unwrap();
        assert!(load(&dir).unwrap_err().to_string().contains("shard-0001.ycp"));
        assert_eq!(today().len(), 10);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
