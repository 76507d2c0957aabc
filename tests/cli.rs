//! The `yomi` command line as scripts use it: output forms, JSON, and exit
//! status 2 with a message for bad input.

use std::process::{Command, Output};

fn yomi(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_yomi")).args(args).output().expect("yomi runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).unwrap()
}

#[test]
fn perft_prints_depth_count_lines_then_the_rate() {
    let o = yomi(&["perft", "6"]);
    assert!(o.status.success());
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(&lines[..6], ["1 4", "2 12", "3 56", "4 244", "5 1396", "6 8200"]);
    assert!(lines[6].contains("seconds") && lines[6].ends_with("leaves/s"), "{}", lines[6]);
    assert_eq!(lines.len(), 7);
}

#[test]
fn perft_other_boards_threads_and_json() {
    let o = yomi(&["perft", "--board", "6x6", "--threads", "2", "--json", "8"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["board"], "6x6");
    assert_eq!(v["threads"], 2);
    assert_eq!(v["depths"][7]["count"], 308716);
    assert_eq!(v["depths"][4]["count"], 1364);

    let o = yomi(&["perft", "--board", "4x4", "--start", "reversi", "1"]);
    assert_eq!(stdout(&o).lines().next(), Some("1 4"));
}

#[test]
fn show_draws_the_board_with_moves() {
    let o = yomi(&["show"]);
    assert!(o.status.success());
    let out = stdout(&o);
    assert!(out.contains(" 4 . . * O X . . .") || out.contains("4 . . * O X . . ."), "{out}");
    assert!(out.contains("Black (X) to move; legal moves (*): d3 c4 f5 e6"), "{out}");
    assert!(out.contains("Discs: Black 2, White 2, empty 60"), "{out}");
    assert!(out.contains("Position: ---------------------------OX------XO--------------------------- X"));
}

#[test]
fn show_plays_records_and_reports_the_end() {
    let o = yomi(&["show", "--moves", "F5D6C5F4E7F6G5E6E3"]);
    let out = stdout(&o);
    assert!(out.contains("Game over: Black wins by 64 (world scoring)"), "{out}");
    assert!(out.contains("Record: f5d6c5f4e7f6g5e6e3"), "{out}");

    // 4×4 Othello, paper 001's rule: a game ending 3–11 with two empties.
    let o = yomi(&["show", "--json", "--board", "4x4", "--moves", "c4d2"]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["position"], "-----OOO-XX---X- X");
    assert_eq!(v["status"], "move");
    assert_eq!(v["to_move"], "black");
    assert_eq!(v["white"], 3);
}

#[test]
fn show_takes_a_position_of_any_board() {
    let pos = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X";
    let o = yomi(&["show", "--json", pos]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["position"], pos);
    assert!(v["legal"].as_array().unwrap().iter().any(|m| m == "g8"));

    let o = yomi(&["show", "--board", "4x6", "-----------OX-----XO----- X"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("position has 25 squares; the 4x6 board has 24"), "{}", stderr(&o));
}

#[test]
fn a_position_carries_its_board() {
    // 4x16 writes its board in front: 64 squares alone read as 8x8.
    let o = yomi(&["show", "--json", "--board", "4x16", "--moves", "h1"]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let pos = v["position"].as_str().unwrap().to_string();
    assert!(pos.starts_with("4x16:"), "{pos}");
    // Read back with no --board, by show and by solve: the same board.
    let o = yomi(&["show", "--json", &pos]);
    let w: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!((w["board"].as_str(), w["position"].as_str()), (Some("4x16"), Some(pos.as_str())));
    let o = yomi(&["solve", "--json", "--board", "8x8", &pos]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("the position is on the 4x16 board, but the 8x8 board was asked for"), "{}", stderr(&o));
    let o = yomi(&["show", "5x6:---- X"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("board 5x6 is not supported"), "{}", stderr(&o));
}

#[test]
fn bad_input_exits_2_with_a_message() {
    let cases: &[(&[&str], &str)] = &[
        (&["show", "--board", "5x6"], "board 5x6 is not supported"),
        (&["show", "--board", "8x10"], "board 8x10 is not supported"),
        (&["show", "--board", "big"], "not of the form RxC"),
        (&["show", "--start", "go"], "start 'go' is unknown"),
        (&["show", "--scoring", "fair"], "scoring 'fair' is unknown"),
        (&["show", "----------------Q----------------------------------------------- X"], "character 17 is 'Q'; expected X, O or -"),
        (&["show", "---------------------------OX------XO--------------------------"], "position has 63 squares"),
        (&["show", "---------------------------OX------XO--------------------------- Y"], "side to move is 'Y'"),
        (&["show", "--moves", "f5f5"], "move 2 (f5) is illegal for White"),
        (&["show", "--moves", "f5d6c5f4e7f6g5e6e3a1"], "move 10 comes after the end of the game"),
        (&["show", "--moves", "f5 pass"], "move 2 is a pass, but White has a legal move"),
        (&["perft", "0"], "depth 0 is out of range"),
        (&["perft", "--threads", "0", "3"], "--threads 0 is out of range"),
        (&["perft", "x"], "invalid value 'x'"),
        (&["frobnicate"], "unrecognized subcommand"),
        (&["corpus", "heldout", "--empties", "10-20"], "expected LO-HI within 14-40"),
        (&["corpus", "heldout", "--empties", "30-20"], "expected LO-HI within 14-40"),
        (&["corpus", "heldout", "--minutes", "0"], "--minutes must be positive"),
        (&["fit", "--patterns", "--corpus", "engine/corpus", "--share", "1/3"], "--share 1/3: expected all, 1/2, 1/4 or 1/8"),
        (&["fit", "--patterns", "--corpus", "../engine/corpus", "--shards", "0"], "--shards 0: ../engine/corpus holds"),
        (&["fit", "--patterns", "--corpus", "engine/corpus", "--label", "best"], "--label best: expected search, result or mean"),
        (&["fit", "--patterns", "--corpus", "engine/corpus", "--real-weight", "0"], "--real-weight 0 is out of range"),
        (&["fit", "--patterns", "--corpus", "engine/corpus", "--real-label", "exact"], "--real-label exact: expected search, result or mean"),
        (&["fit", "--patterns", "--corpus", "engine/corpus", "--net", "8"], "--net 8: expected K, KxE or KxE@N: K units (32 or 64)"),
        (&["fit", "--patterns", "--corpus", "engine/corpus", "--net", "32@5"], "--net 32@5: expected K"),
        (&["fit", "--patterns", "--corpus", "engine/corpus", "--net", "32x0"], "--net 32x0: expected K"),
        (&["fit", "--patterns", "--corpus", "engine/corpus", "--huber", "0"], "--huber 0 is out of range; expected 1 to 64 discs"),
        (&["fit", "--patterns", "--corpus", "engine/corpus", "--huber", "65"], "--huber 65 is out of range"),
        (&["fit", "--patterns", "--corpus", "engine/corpus", "--huber", "x"], "invalid value 'x'"),
    ];
    for (args, message) in cases {
        let o = yomi(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(stderr(&o).contains(message), "{args:?}: {}", stderr(&o));
        assert!(!stderr(&o).contains("panicked"), "{args:?}");
    }
}

#[test]
fn help_explains_every_option() {
    let o = yomi(&["perft", "--help"]);
    let out = stdout(&o);
    for opt in ["--board", "--start", "--threads", "--json", "DEPTH"] {
        assert!(out.contains(opt), "{opt} in {out}");
    }
    let o = yomi(&["show", "--help"]);
    let out = stdout(&o);
    for opt in ["--board", "--start", "--moves", "--scoring", "--json", "POSITION"] {
        assert!(out.contains(opt), "{opt} in {out}");
    }
}

#[test]
fn solve_prints_the_perfect_line_and_json() {
    let o = yomi(&["solve", "--board", "4x4", "--scoring", "paper"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("Score: -8 for Black (loss)"), "{out}");
    assert!(out.contains("Final discs: Black 3, White 11"), "{out}");
    assert!(out.contains("Nodes "), "{out}");

    let o = yomi(&["solve", "--json", "--all-moves", "--board", "4x4", "--scoring", "paper", "--moves", "d3"]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["score"], 8);
    assert_eq!(v["best"], "d4");
    assert_eq!(v["moves"]["d2"], -8);
    assert_eq!(v["moves"]["b4"], -9);
    assert_eq!(v["moves"]["d4"], 8);
    for field in ["position", "pv", "black", "white", "nodes", "seconds"] {
        assert!(v.get(field).is_some(), "{field}");
    }
    let pv = v["pv"].as_array().unwrap();
    assert_eq!(pv[0], "d4");
}

#[test]
fn solve_checks_obf_files() {
    let dir = std::env::temp_dir().join(format!("yomi-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // The 4x4 position after d3; its scores from paper 004, then one wrong line.
    let good = dir.join("good.obf");
    std::fs::write(&good, "-----OX--XXX---- O; d4:+8; d2:-8; b4:-9;\n").unwrap();
    let o = yomi(&["solve", "--scoring", "paper", "--all-moves", "--obf", good.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    assert!(stdout(&o).contains("1 of 1 positions match"), "{}", stdout(&o));

    let bad = dir.join("bad.obf");
    std::fs::write(&bad, "-----OX--XXX---- O; d4:+8;\n-----OX--XXX---- O; d4:+6;\n").unwrap();
    let o = yomi(&["solve", "--scoring", "paper", "--obf", bad.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).contains("MISMATCH: score +8, the file gives +6"), "{}", stdout(&o));
    assert!(stdout(&o).contains("1 of 2 positions match"), "{}", stdout(&o));

    let broken = dir.join("broken.obf");
    std::fs::write(&broken, "-----OX--XQX---- O\n").unwrap();
    let o = yomi(&["solve", "--obf", broken.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("line 1: character 11 is 'Q'"), "{}", stderr(&o));

    let o = yomi(&["solve", "--obf", dir.join("missing.obf").to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("cannot read"), "{}", stderr(&o));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn solve_rejects_bad_options() {
    for (args, message) in [
        (&["solve", "--hash", "0"][..], "--hash 0 is out of range"),
        (&["solve", "--threads", "0"][..], "--threads 0 is out of range"),
        (&["solve", "--board", "4x4", "-----OX--XO----- Z"][..], "side to move is 'Z'"),
        (&["solve", "--board", "4x4", "--moves", "a1"][..], "move 1 (a1) is illegal for Black"),
    ] {
        let o = yomi(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(stderr(&o).contains(message), "{args:?}: {}", stderr(&o));
    }
}

#[test]
fn search_prints_iterations_then_the_move() {
    let o = yomi(&["search", "--depth", "6"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert_eq!(out.lines().filter(|l| l.starts_with("depth ")).count(), 6, "{out}");
    let best = out.lines().find(|l| l.starts_with("Best move: ")).expect("a best move line");
    assert!(["d3", "c4", "f5", "e6"].iter().any(|m| best.ends_with(m)), "{best}");

    let o = yomi(&["search", "--level", "hard", "--json", "--board", "4x4"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    // Sixteen squares, twelve empties: "hard" solves 4x4 exactly (world rule).
    assert_eq!(v["kind"], "exact");
    assert_eq!(v["level"], "hard");
    assert!(v["pv"].as_array().unwrap().len() >= 9);

    let o = yomi(&["search", "--depth", "3", "--all-moves", "--json"]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["moves"].as_object().unwrap().len(), 4);
    assert_eq!(v["kind"], "midgame");
}

#[test]
fn match_and_bench_report_totals() {
    let o = yomi(&["match", "depth=2", "random", "--board", "6x6", "--games", "4", "--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["games"], 4);
    assert_eq!(v["wins"].as_u64().unwrap() + v["draws"].as_u64().unwrap() + v["losses"].as_u64().unwrap(), 4);

    // Openings from the measured tournament games: each played twice, colours swapped.
    let games = concat!(env!("CARGO_MANIFEST_DIR"), "/data/wthor/games-1977-2023.tsv.gz");
    let log = std::env::temp_dir().join(format!("yomi-openings-{}.jsonl", std::process::id()));
    let _ = std::fs::remove_file(&log);
    let o = yomi(&["match", "depth=1", "depth=1", "--openings", "8-12", "--games-file", games, "--games", "4", "--log", log.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    let records: Vec<String> = std::fs::read_to_string(&log)
        .unwrap()
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok()?["record"].as_str().map(String::from))
        .collect();
    assert_eq!(records.len(), 4);
    // A pair's two games start alike, and the pairs differ.
    let opening = |r: &str, n: usize| r[..2 * n].to_string();
    assert_eq!(opening(&records[0], 8), opening(&records[1], 8));
    assert_ne!(opening(&records[0], 8), opening(&records[2], 8));
    std::fs::remove_file(&log).unwrap();
    // A log that is not a file (a pipe would hang the read that resumes a match) is refused.
    let o = yomi(&["match", "depth=1", "depth=1", "--games", "2", "--log", "/dev/null"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--log /dev/null: not a regular file"), "{}", stderr(&o));
    for bad in ["12-8", "0-4", "8"] {
        let o = yomi(&["match", "depth=1", "depth=1", "--openings", bad, "--games-file", games]);
        assert_eq!(o.status.code(), Some(2));
        assert!(stderr(&o).contains("--openings"), "{}", stderr(&o));
    }

    let o = yomi(&["match", "--sweep", "--sweep-max", "1", "--games", "2", "--board", "6x6"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("| 1 | 5 | 3 | 6 | 4 |"), "{}", stdout(&o));

    let o = yomi(&["bench", "--depth", "4", "--no-endgame", "--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let last = stdout(&o).lines().last().unwrap().to_string();
    let v: serde_json::Value = serde_json::from_str(&last).unwrap();
    assert!(v["signature"].as_u64().unwrap() > 0);

    // The parallel benchmark: every mode and thread count, one table row each.
    let o = yomi(&["bench", "--suite", "midgame", "--depth", "5", "--threads", "1,2", "--mode", "ybw,lazy,msai,predict", "--rounds", "1", "--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let rows = v["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 8);
    // Each row's speed-up is its mode's 1-thread best time over its own.
    for r in rows {
        assert!(r["nodes"].as_u64().unwrap() > 0, "{r}");
        let one = rows.iter().find(|o| o["mode"] == r["mode"] && o["threads"] == 1).unwrap();
        let want = one["best_seconds"].as_f64().unwrap() / r["best_seconds"].as_f64().unwrap();
        assert!((r["speedup_best"].as_f64().unwrap() - want).abs() < 1e-9, "{r}");
    }
    assert!(v["cores_median"].as_f64().unwrap() > 0.5);
}

#[test]
fn a_match_log_resumes_after_its_last_game() {
    let dir = std::env::temp_dir().join(format!("yomi-cli-match-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let log = dir.join("match.jsonl");
    let log = log.to_str().unwrap();
    // Random players: the games depend on the seeds alone, so the match
    // played in parts must equal the match played at once.
    let at_once = yomi(&["match", "random", "random", "--board", "6x6", "--random-plies", "2", "--games", "5", "--seed", "7", "--json"]);
    assert!(at_once.status.success(), "{}", stderr(&at_once));
    let whole: serde_json::Value = serde_json::from_slice(&at_once.stdout).unwrap();
    let part = |games: &str| yomi(&["match", "random", "random", "--board", "6x6", "--random-plies", "2", "--games", games, "--seed", "7", "--log", log]);
    let o = part("2");
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(std::fs::read_to_string(log).unwrap().lines().count(), 3, "a header and two games");
    // An interruption in the middle of writing a line: that game is lost, not the log.
    let mut text = std::fs::read_to_string(log).unwrap();
    text += "{\"game\": 3, \"rec";
    std::fs::write(log, text).unwrap();
    let o = part("5");
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("resuming after game 2 of"), "{}", stdout(&o));
    assert!(!stdout(&o).contains("game   2:") && stdout(&o).contains("game   3:"), "{}", stdout(&o));
    let o = yomi(&["match", "random", "random", "--board", "6x6", "--random-plies", "2", "--games", "5", "--seed", "7", "--log", log, "--json"]);
    let resumed: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    for key in ["games", "wins", "draws", "losses", "discs", "score"] {
        assert_eq!(resumed[key], whole[key], "{key}");
    }
    assert_eq!(std::fs::read_to_string(log).unwrap().lines().count(), 6);
    // Another match's log is refused, naming the match it holds.
    let o = yomi(&["match", "random", "depth=1", "--board", "6x6", "--games", "5", "--log", log]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("is the log of another match"), "{}", stderr(&o));
    std::fs::write(log, "not a log\n").unwrap();
    let o = yomi(&["match", "random", "random", "--log", log]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("is not a match log"), "{}", stderr(&o));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn search_match_and_bench_reject_bad_options() {
    for args in [
        vec!["search", "--level", "god"],
        vec!["search", "--depth", "0"],
        vec!["search", "--depth", "61"],
        vec!["search", "--time", "-1"],
        vec!["search", "--selectivity", "7"],
        vec!["search", "--weights", "/nonexistent/w.ywt"],
        vec!["search", "--weights", "Cargo.toml"],
        vec!["search", "--moves", "a1"],
        vec!["match", "random", "depth=x"],
        vec!["match", "random", "level=9"],
        vec!["match", "wizard", "random"],
        vec!["match", "random", "random", "--games", "0"],
        vec!["bench", "--depth", "99"],
        vec!["bench", "--threads", "1,x"],
        vec!["bench", "--threads", "0,2"],
        vec!["bench", "--mode", "smp"],
        vec!["bench", "--mode", "ybw", "--suite", "perft"],
        vec!["bench", "--mode", "ybw", "--rounds", "0"],
        vec!["solve", "--mode", "smp"],
        vec!["search", "--mode", ""],
        vec!["match", "depth=2,mode=fast", "random"],
        vec!["probcut", "--depth", "2", "--experiment"],
        vec!["probcut"],
    ] {
        let o = yomi(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stdout(&o));
        assert!(stderr(&o).starts_with("yomi: error: ") || stderr(&o).contains("error:"), "{args:?}: {}", stderr(&o));
    }
}

#[test]
fn solve_time_stops_and_prints_what_is_proven() {
    // 50 empties: far beyond a fraction of a second.
    let t = std::time::Instant::now();
    let o = yomi(&["solve", "--time", "0.5", "--moves", "f5d6c3d3c4f4f6f3e6e7"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(t.elapsed().as_secs_f64() < 5.0, "took {:?}", t.elapsed());
    let out = stdout(&o);
    assert!(out.contains("Stopped after") && out.contains("before the end:"), "{out}");
    assert!(!out.contains("Perfect line"), "no line is claimed: {out}");

    let o = yomi(&["solve", "--time", "0.3", "--json", "--moves", "f5d6c3d3c4f4f6f3e6e7"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["stopped"], true);
    assert!(v["proven"].is_string() && v["pv"].as_array().unwrap().is_empty());
    // Nothing unproven is claimed: no score, bounds only where known, and
    // no outcome the bounds do not decide (it said "draw").
    assert!(v["score"].is_null(), "{v}");
    let (lower, upper) = (v["lower"].as_i64().unwrap_or(-999), v["upper"].as_i64().unwrap_or(999));
    assert!(lower <= upper);
    if lower <= 0 && upper >= 0 {
        assert!(v["result"].is_null(), "{v}");
    }

    // A solve that finishes in time is the plain answer.
    let o = yomi(&["solve", "--time", "30", "--json", "--board", "4x4"]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!((v["score"].as_i64(), v["stopped"].as_bool()), (Some(-10), Some(false)));

    for bad in ["0", "-1", "nan", "soon"] {
        let o = yomi(&["solve", "--time", bad, "--board", "4x4"]);
        assert_eq!(o.status.code(), Some(2), "--time {bad}");
        assert!(stderr(&o).contains("--time") || stderr(&o).contains("time"), "{}", stderr(&o));
    }
}

#[test]
fn solve_results_file_on_one_machine_resumes() {
    let dir = std::env::temp_dir().join(format!("yomi-cli-results-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (obf, results) = (dir.join("five.obf"), dir.join("five.jsonl"));
    let ffo = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/data/ffo/fforum-1-19.obf")).unwrap();
    std::fs::write(&obf, ffo.lines().take(5).collect::<Vec<_>>().join("\n")).unwrap();
    let _ = std::fs::remove_file(&results);
    let args = ["solve", "--obf", obf.to_str().unwrap(), "--results", results.to_str().unwrap(), "--threads", "2"];
    let o = yomi(&args);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("5 of 5 positions match; 5 positions, 0 from the results file"), "{out}");
    assert_eq!(std::fs::read_to_string(&results).unwrap().lines().count(), 5);
    let o = yomi(&args);
    assert!(stdout(&o).contains("5 of 5 positions match; 5 positions, 5 from the results file"), "{}", stdout(&o));
    assert_eq!(std::fs::read_to_string(&results).unwrap().lines().count(), 5);

    let o = yomi(&["solve", "--results", results.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2), "--results needs --obf");
    let o = yomi(&["solve", "--all-moves", "--obf", obf.to_str().unwrap(), "--results", results.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--all-moves is not available"), "{}", stderr(&o));
    let _ = std::fs::remove_dir_all(&dir);
}

#[cfg(not(feature = "mpi"))]
#[test]
fn distributed_without_mpi_says_how_to_build_it() {
    for cmd in ["solve", "search"] {
        let o = yomi(&[cmd, "--distributed"]);
        assert_eq!(o.status.code(), Some(2), "{cmd}");
        assert!(stderr(&o).contains("--features mpi"), "{}", stderr(&o));
    }
}

#[test]
fn solve_openings_backs_the_root_value_up() {
    // Paper 001: 4x6 Othello is +16 under its rule; its 1,426 distinct
    // positions at 14 empties, solved one by one, give it back.
    let o = yomi(&["solve", "--board", "4x6", "--scoring", "paper", "--openings", "14", "--threads", "2"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("Root 4x6:--------OX----XO-------- X: +16 for Black, backed up from 1426 positions at 14 empties"), "{out}");
    let o = yomi(&["solve", "--openings", "60"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--openings 60 is not below the position's 60 empties"), "{}", stderr(&o));
}

#[test]
fn four_show_perft_search_and_solve() {
    let o = yomi(&["four", "show", "--json", "b2c3"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["to_move"], "black");
    assert_eq!(v["winner"], serde_json::Value::Null);
    assert_eq!(v["legal"].as_array().unwrap().len(), 16);
    assert_eq!(v["legal"][0], "a1");

    let o = yomi(&["four", "show", "a1a2b1b2c1c2d1"]);
    let out = stdout(&o);
    assert!(out.contains("layer 1 (bottom)") && out.contains("Black wins with the line a1:1 b1:1 c1:1 d1:1"), "{out}");
    let v: serde_json::Value = serde_json::from_slice(&yomi(&["four", "show", "--json", "a1a2b1b2c1c2d1"]).stdout).unwrap();
    assert_eq!(v["winner"], "black");
    assert_eq!(v["legal"].as_array().unwrap().len(), 0);

    let v: serde_json::Value = serde_json::from_slice(&yomi(&["four", "perft", "--json", "--threads", "2", "5"]).stdout).unwrap();
    assert_eq!(v["count"], 1_048_560);

    let o = yomi(&["four", "search", "--json", "--depth", "6", "a1a2b1b2c1a3"]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["best"], "d1");
    assert_eq!(v["result"], "win");
    assert_eq!(v["plies"], 1);
    assert!(v["nodes"].as_u64().is_some() && v["score"].as_i64().unwrap() > 29000);

    let o = yomi(&["four", "search", "--level", "medium", "--threads", "2", "b2"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).lines().any(|l| l.starts_with("best ")));

    let o = yomi(&["four", "solve", "--json", "a1a2b1b2c1a3"]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!((&v["result"], &v["winner"], &v["proven"], &v["best"]), (&"win".into(), &"black".into(), &true.into(), &"d1".into()));
    // The whole game does not solve in a second: nothing is claimed.
    let o = yomi(&["four", "solve", "--json", "--time", "0.5"]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!((&v["stopped"], &v["proven"], &v["result"]), (&true.into(), &false.into(), &serde_json::Value::Null));
    let o = yomi(&["four", "solve", "--time", "0.3"]);
    assert!(stdout(&o).contains("nothing is claimed"), "{}", stdout(&o));
}

#[test]
fn four_bad_input_exits_2_naming_the_problem() {
    for (args, message) in [
        (vec!["four", "show", "a1e2"], "record character 3 is 'e'"),
        (vec!["four", "show", "a1a1a1a1a1"], "move 5 (a1) is on a full peg"),
        (vec!["four", "show", "a1a2b1b2c1c2d1d2"], "move 8 comes after the end of the game"),
        (vec!["four", "search", "--depth", "0", "a1"], "depth 0 is out of range"),
        (vec!["four", "search", "--eval", "magic", "a1"], "evaluation 'magic' is unknown"),
        (vec!["four", "search", "--mode", "predict", "a1"], "unknown mode \"predict\" for Score Four"),
        (vec!["four", "perft", "11"], "depth 11 is out of range"),
        (vec!["four", "match", "--a", "depth=99"], "depth 99 is out of range; expected 1 to 64"),
        (vec!["four", "experiment", "--margins", "2,x"], "margin 'x' is not valid"),
        (vec!["four", "experiment", "--search", "mcts"], "search 'mcts' is not valid"),
        (vec!["four", "experiment", "--stats", "four-stats.txt"], "--stats belongs to one configuration"),
        (vec!["four", "experiment", "--config", "yomi", "--stats", "/nonexistent/four.txt"], "cannot read /nonexistent/four.txt"),
        (vec!["four", "experiment", "--config", "edax"], "configuration 'edax' is not valid"),
        (vec!["four", "experiment", "--set", "random"], "set 'random' is unknown"),
        (vec!["four", "experiment", "--positions", "99999"], "--positions 99999 is out of range; the test set has"),
        (vec!["four", "calibrate", "--model", "cubic", "--out", "/nonexistent/four.txt"], "model 'cubic' is unknown"),
        (vec!["four", "calibrate", "--on", "air", "--out", "/nonexistent/four.txt"], "--on 'air' is unknown"),
        (vec!["four", "calibrate", "--probe", "2", "--out", "/nonexistent/four.txt"], "--probe needs --on trees"),
        (vec!["four", "calibrate", "--on", "trees", "--depth", "8", "--probe", "8", "--out", "/nonexistent/four.txt"], "--probe 8 is out of range; expected 1 to 7"),
        (vec!["four", "games", "--games", "0", "--seed", "1", "--out", "/nonexistent/games.txt"], "--games 0 is out of range"),
    ] {
        let o = yomi(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(stderr(&o).contains(message), "{args:?}: {}", stderr(&o));
    }
    let cells = format!("{}X{} O", "-".repeat(16), "-".repeat(47));
    let o = yomi(&["four", "show", &cells]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("floats above an empty cell"), "{}", stderr(&o));
}

#[test]
fn four_match_and_experiment_print_their_tables() {
    let o = yomi(&["four", "match", "--json", "--a", "level=easy", "--b", "random", "--games", "4"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["a_wins"], 4);
    assert_eq!(v["games"].as_array().unwrap().len(), 4);
    // Each game's result is said for A, in words.
    assert!(v["games"].as_array().unwrap().iter().all(|g| g["a_result"] == "win"), "{v}");

    // The rows carry margin, hit rate, speed-up, positions and configuration;
    // the curve goes to an SVG file.
    let dir = std::env::temp_dir().join(format!("yomi-cli-four-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let svg = dir.join("curve.svg");
    let o = yomi(&["four", "experiment", "--json", "--positions", "6", "--depth", "4", "--margins", "2,1", "--svg", svg.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let rows = v["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 4);
    for r in rows {
        assert!(r["hit_rate"].as_f64().unwrap() <= 1.0 && r["speedup"].as_f64().unwrap() >= 1.0, "{r}");
        assert_eq!((&r["positions"], &r["search"]), (&6.into(), &"paper".into()), "{r}");
        assert_eq!(r["hits"].as_f64().unwrap() / 6.0, r["hit_rate"].as_f64().unwrap());
    }
    let configs: Vec<(&str, f64)> = rows.iter().map(|r| (r["configuration"].as_str().unwrap(), r["margin"].as_f64().unwrap())).collect();
    assert_eq!(configs, [("paper", 2.0), ("paper", 1.0), ("yomi", 2.0), ("yomi", 1.0)]);
    assert_eq!(v["paper"][0]["speedup"], 3.0);
    let drawn = std::fs::read_to_string(&svg).unwrap();
    assert!(drawn.starts_with("<svg") && drawn.matches("<polyline").count() == 2, "{drawn}");
    // Yomi's search, on the calibration set.
    let o = yomi(&["four", "experiment", "--json", "--set", "calibration", "--positions", "3", "--depth", "4", "--margins", "1", "--config", "yomi", "--search", "engine"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!((&v["rows"][0]["search"], &v["rows"][0]["configuration"], &v["set"]), (&"engine".into(), &"yomi".into(), &"calibration".into()));
    assert!(v["rows"][0]["plain_nodes"].as_u64().unwrap() > 0);
    // The games of the sets: paper 003's search against itself.
    let games = dir.join("games.txt");
    let o = yomi(&["four", "games", "--games", "2", "--depth", "2", "--seed", "5", "--out", games.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = std::fs::read_to_string(&games).unwrap();
    assert_eq!(text.lines().filter(|l| !l.starts_with('#')).count(), 2, "{text}");

    // A calibration under test: a fitted line must rise, and a good file is used as given.
    let (bad, good) = (dir.join("bad.txt"), dir.join("good.txt"));
    std::fs::write(&bad, "L 10 2 50 -1.0 0.0 3.0\n").unwrap();
    let o = yomi(&["four", "experiment", "--config", "yomi", "--stats", bad.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("line 1"), "{}", stderr(&o));
    std::fs::write(&good, "L 6 1 50 1.5 0.0 4.0\nL 6 2 50 1.5 0.0 4.0\nL 6 3 50 1.5 0.0 4.0\n").unwrap();
    let o = yomi(&["four", "experiment", "--json", "--positions", "2", "--depth", "3", "--margins", "1", "--config", "yomi", "--stats", good.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["rows"].as_array().unwrap().len(), 1);
    std::fs::remove_dir_all(&dir).ok();

    let v: serde_json::Value = serde_json::from_slice(&yomi(&["four", "bench", "--positions"]).stdout).unwrap();
    assert_eq!(v.as_array().unwrap().len(), 8);
    let o = yomi(&["four", "bench", "--json", "--threads", "1,2", "--depth", "4", "--rounds", "1"]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let rows = v["rows"].as_array().unwrap();
    assert_eq!((rows.len(), &rows[0]["threads"], &rows[1]["threads"]), (2, &1.into(), &2.into()));
    assert_eq!(rows[0]["speedup_best"].as_f64(), Some(1.0));
    let want = rows[0]["best"].as_f64().unwrap() / rows[1]["best"].as_f64().unwrap();
    assert!((rows[1]["speedup_best"].as_f64().unwrap() - want).abs() < 1e-9, "{}", rows[1]);
}

#[test]
fn eval_prints_the_pattern_evaluation_and_its_parts() {
    let o = yomi(&["eval", "--moves", "f5d6c3", "--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["evaluator"], "patterns");
    assert_eq!(v["to_move"], "white");
    // The parts add up to the value (both in whole 1/64 discs; eval rounds to 1/16).
    let parts: f64 = v["terms"].as_object().unwrap().values().map(|x| x.as_f64().unwrap()).sum();
    assert!((parts - v["eval"].as_f64().unwrap()).abs() < 1.0 / 16.0, "{parts} vs {}", v["eval"]);
    // The shipped weights' twenty-two families (19 over the discs, 3 over the moves), the four
    // count terms and the network over them.
    assert_eq!(v["terms"].as_object().unwrap().len(), 22 + 4 + 1);
    assert!(v["terms"].as_object().unwrap().contains_key("network"), "{v}");
    // A position with a corner for the side to move is better for it than its mirror image.
    let own = "XXXXXXX-XOOOOOO-XOOOOOO-XOOOOOO-XOOOOOO-XOOOOOO-XOOOOOO--------- X";
    let o = yomi(&["eval", "--json", own]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert!(v["eval"].as_f64().unwrap() > 0.0, "{v}");

    let o = yomi(&["eval", "--board", "6x6", "--json"]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["evaluator"], "features");
    let o = yomi(&["eval", "XXX"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("3 squares"), "{}", stderr(&o));
}

#[test]
fn datagen_and_fit_patterns_refuse_bad_input() {
    let o = yomi(&["datagen", "--depth", "0", "--out", "/tmp/never.bin"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--depth"), "{}", stderr(&o));
    let (heldout, real) = (concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data/heldout.obf"), concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data/heldout-real.obf"));
    let o = yomi(&["fit", "--patterns", "--data", "/nonexistent/positions.bin", "--heldout", heldout, "--heldout-real", real]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("holds no positions"), "{}", stderr(&o));
    let o = yomi(&["fit", "--patterns", "--rate", "0"]);
    assert_eq!(o.status.code(), Some(2));
    // A corpus fit needs --patterns: without it the paper-000 fit ran and
    // overwrote engine/weights/fitted.ywt.
    let o = yomi(&["fit", "--corpus", "/nonexistent/corpus"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--patterns"), "{}", stderr(&o));
    // A missing held-out set is named, not measured as no positions.
    let o = yomi(&["fit", "--patterns", "--heldout", "/nonexistent/heldout.obf", "--measure", "shipped"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("the held-out set /nonexistent/heldout.obf: No such file"), "{}", stderr(&o));
    let o = yomi(&["datagen", "--eval", "/nonexistent/round1.ywp", "--out", "/tmp/never.bin"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--eval /nonexistent/round1.ywp"), "{}", stderr(&o));
    let o = yomi(&["datagen", "--eval", concat!(env!("CARGO_MANIFEST_DIR"), "/Cargo.toml"), "--out", "/tmp/never.bin"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("not a Yomi pattern weights file"), "{}", stderr(&o));
    let o = yomi(&["datagen", "--relabel", "/nonexistent/positions.bin", "--out", "/tmp/never.bin"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("no such file"), "{}", stderr(&o));
}

/// The training recipe end to end in miniature: data, a test file, a fit
/// measured on it, and a next round played with the fitted file.
#[test]
fn datagen_fit_and_a_next_round_with_the_fitted_file() {
    let dir = std::env::temp_dir().join(format!("yomi-cli-round-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let f = |name: &str| dir.join(name).to_str().unwrap().to_string();
    let (data, test, weights, next) = (f("data.bin"), f("test.bin"), f("round1.ywp"), f("next.bin"));
    let o = yomi(&["datagen", "--games", "3", "--exact", "8", "--depth", "1", "--eval", "features", "--out", &data]);
    assert!(o.status.success(), "{}", stderr(&o));
    let o = yomi(&["datagen", "--games", "1", "--exact", "12", "--depth", "1", "--seed", "7", "--out", &test]);
    assert!(o.status.success(), "{}", stderr(&o));
    let ffo = concat!(env!("CARGO_MANIFEST_DIR"), "/data/ffo/fforum-1-19.obf");
    let (heldout, real) = (concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data/heldout.obf"), concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data/heldout-real.obf"));
    let o = yomi(&["fit", "--patterns", "--data", &data, "--test", &test, "--ffo", ffo, "--heldout", heldout, "--heldout-real", real, "--epochs", "2", "--out", &weights]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("test games (never fitted), against exact scores"), "{}", stdout(&o));
    let o = yomi(&["datagen", "--games", "1", "--exact", "8", "--depth", "1", "--eval", &weights, "--out", &next]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("positions in"), "{}", stdout(&o));
    // The fitted file plays a match before it is shipped; a torn one is refused.
    let spec = format!("depth=2,weights={weights}");
    let o = yomi(&["match", &spec, "depth=2", "--games", "2", "--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let bytes = std::fs::read(&weights).unwrap();
    let torn = f("torn.ywp");
    std::fs::write(&torn, &bytes[..bytes.len() / 2]).unwrap();
    let o = yomi(&["match", &format!("depth=2,weights={torn}"), "depth=2", "--games", "2"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("bad weights file") && stderr(&o).contains("torn.ywp"), "{}", stderr(&o));
    // With its own ProbCut statistics (they belong to one evaluation); a bad file is refused.
    let stats = concat!(env!("CARGO_MANIFEST_DIR"), "/weights/probcut.txt");
    let o = yomi(&["match", &format!("depth=3,sel=1,weights={weights},probcut={stats}"), "depth=3,sel=1", "--games", "2", "--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let o = yomi(&["match", &format!("depth=3,probcut={torn}"), "depth=3", "--games", "2"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("torn.ywp"), "{}", stderr(&o));
    let o = yomi(&["match", "depth=3,probcut=/nonexistent/stats.txt", "depth=3", "--games", "2"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("cannot read ProbCut statistics /nonexistent/stats.txt"), "{}", stderr(&o));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_book_answers_a_level_and_shows_exports_and_imports() {
    // The shipped book knows the start: a level answers from it; --no-book
    // and --depth search.
    let v: serde_json::Value = serde_json::from_slice(&yomi(&["search", "--json"]).stdout).unwrap();
    assert_eq!(v["kind"], "book");
    assert_eq!(v["nodes"], 0);
    assert!(["d3", "c4", "f5", "e6"].contains(&v["best"].as_str().unwrap()), "{v}");
    for args in [&["search", "--json", "--no-book"][..], &["search", "--json", "--depth", "4"]] {
        let v: serde_json::Value = serde_json::from_slice(&yomi(args).stdout).unwrap();
        assert_eq!(v["kind"], "midgame", "{args:?}");
    }
    let o = yomi(&["book", "show", "f5d6c3d3c4"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("opening: Tiger"), "{}", stdout(&o));
    let o = yomi(&["book", "show"]);
    assert!(stdout(&o).contains("in the book: value"), "{}", stdout(&o));

    let dir = std::env::temp_dir().join(format!("yomi-book-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (text, file) = (dir.join("book.txt"), dir.join("book.ybk"));
    let (text, file) = (text.to_str().unwrap(), file.to_str().unwrap());
    assert!(yomi(&["book", "export", "--out", text]).status.success());
    let o = yomi(&["book", "import", text, "--out", file]);
    assert!(o.status.success(), "{}", stderr(&o));
    let again = yomi(&["book", "export", "--file", file]);
    assert_eq!(stdout(&again), std::fs::read_to_string(text).unwrap());
    assert!(stdout(&yomi(&["book", "stats", "--file", file])).contains("ply  positions"));

    std::fs::write(text, "# a book\n---------------------------OX------XO--------------------------- X +0 d3 a1 +0 14\n").unwrap();
    let o = yomi(&["book", "import", text, "--out", file]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("line 2: leaf move a1 is not legal here"), "{}", stderr(&o));
    std::fs::write(file, b"YOMIBOOK1\x05\0\0\0\x40").unwrap();
    let o = yomi(&["book", "show", "--file", file]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("bad book: byte"), "{}", stderr(&o));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `yomi nboard` driven line by line as the NBoard GUI drives it.
struct Nboard {
    child: std::process::Child,
    lines: std::sync::mpsc::Receiver<String>,
}

impl Nboard {
    fn start() -> Nboard {
        use std::io::BufRead;
        use std::process::Stdio;
        let mut child = Command::new(env!("CARGO_BIN_EXE_yomi"))
            .args(["nboard", "--hash", "16"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let out = child.stdout.take().unwrap();
        let (tx, lines) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for line in std::io::BufReader::new(out).lines().map_while(Result::ok) {
                let _ = tx.send(line);
            }
        });
        Nboard { child, lines }
    }

    fn send(&mut self, line: &str) {
        use std::io::Write;
        writeln!(self.child.stdin.as_mut().unwrap(), "{line}").unwrap();
    }

    /// The lines up to and including the first that `last` accepts.
    fn until(&mut self, last: impl Fn(&str) -> bool) -> Vec<String> {
        let mut seen = Vec::new();
        loop {
            let line = self.lines.recv_timeout(std::time::Duration::from_secs(60)).unwrap_or_else(|_| panic!("no reply; so far {seen:?}"));
            let done = last(&line);
            seen.push(line);
            if done {
                return seen;
            }
        }
    }
}

const NBOARD_GAME: &str = "(;GM[Othello]PC[NBoard]DT[2014-02-21 20:52:27 GMT]PB[./mEdax]PW[chris]RE[?]TI[15:00]TY[8]\
    BO[8 ---------------------------O*------*O--------------------------- *]B[F5]W[F6]B[D3]W[C5]B[E6]W[F7]B[E7]W[F4];)";

#[test]
fn nboard_protocol_exchange() {
    let mut e = Nboard::start();
    e.send("nboard 2");
    e.send("set depth 6");
    assert_eq!(e.until(|_| true), ["set myname Yomi6"]);
    e.send("ping 1");
    assert_eq!(e.until(|_| true), ["pong 1"]);

    // go: thinking output, then "=== move/eval/time", a legal move of the game's position.
    e.send(&format!("set game {NBOARD_GAME}"));
    e.send("go");
    let said = e.until(|l| l == "status");
    assert_eq!(said[0], "status Yomi is thinking");
    let played = said.iter().find(|l| l.starts_with("=== ")).unwrap_or_else(|| panic!("{said:?}"));
    let (mv, rest) = played[4..].split_once('/').unwrap();
    let (eval, time) = rest.split_once('/').unwrap();
    assert!(eval.parse::<f64>().is_ok() && time.parse::<f64>().is_ok(), "{played}");
    let start = yomi::Position::start(yomi::BoardSize::OTHELLO, yomi::Start::Othello);
    assert!(yomi::Game::from_record(start, &format!("f5f6d3c5e6f7e7f4{mv}")).is_ok(), "{played}");
    assert!(said.iter().all(|l| l.starts_with("status") || l.starts_with("search ") || l.starts_with("nodestats ") || l.starts_with("=== ")), "{said:?}");

    // hint: a line per move, best first, with its line and value.
    e.send("hint 2");
    let said = e.until(|l| l == "status");
    let hints: Vec<&String> = said.iter().filter(|l| l.starts_with("search ") && l.ends_with(" 0 6")).collect();
    assert!(hints.len() >= 2, "{said:?}");

    // Bad and unknown commands change nothing and end nothing.
    for bad in ["bogus", "move Z9", "set game nonsense", "set depth 0", "hint x", "set colour blue"] {
        e.send(bad);
    }
    e.send("ping 2");
    assert_eq!(e.until(|_| true), ["pong 2"]);

    // From the start the opening book answers: "book" lines.
    e.send("set game (;GM[Othello]BO[8 ---------------------------O*------*O--------------------------- *];)");
    e.send("hint 4");
    let said = e.until(|l| l == "status");
    let book: Vec<&String> = said.iter().filter(|l| l.starts_with("book ")).collect();
    assert_eq!(book.len(), 4, "{said:?}");
    for l in book {
        let f: Vec<&str> = l.split(' ').collect();
        assert_eq!(f.len(), 5, "{l}");
        assert!(["D3", "C4", "F5", "E6"].contains(&&f[1][..2]), "{l}");
        assert_eq!(f[3], "0");
    }

    // analyze: every position from the last to the first.
    e.send("move F5");
    e.send("move D6");
    e.send("analyze");
    let said = e.until(|l| l == "status");
    let numbers: Vec<&str> = said.iter().filter_map(|l| l.strip_prefix("analysis ")).map(|l| l.split(' ').next().unwrap()).collect();
    assert_eq!(numbers, ["2", "1", "0"], "{said:?}");
    e.send("learn");
    assert_eq!(e.until(|_| true), ["learned"]);

    // A ping stops a deep search at once: its move, then the pong.
    e.send("set depth 40");
    e.until(|_| true);
    e.send(&format!("set game {NBOARD_GAME}"));
    e.send("go");
    e.until(|l| l == "status Yomi is thinking");
    std::thread::sleep(std::time::Duration::from_millis(300));
    let asked = std::time::Instant::now();
    e.send("ping 3");
    let said = e.until(|l| l == "pong 3");
    assert!(asked.elapsed().as_secs_f64() < 2.0, "{:?}", asked.elapsed());
    assert!(said.iter().any(|l| l.starts_with("=== ")), "{said:?}");

    e.send("quit");
    assert!(e.child.wait().unwrap().success());
}

/// A WTHOR header: created 2026-11-27, `games` games or `names` names, of `year`.
fn wthor_header(games: u32, names: u16, year: u16) -> Vec<u8> {
    let mut h = vec![20, 26, 11, 27];
    h.extend(games.to_le_bytes());
    h.extend(names.to_le_bytes());
    h.extend(year.to_le_bytes());
    h.extend([8, 0, 22, 0]);
    h
}

#[test]
fn show_and_solve_take_a_game_from_wthor_and_ggf_files() {
    let dir = std::env::temp_dir().join(format!("yomi-cli-files-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // Two games of 1990 between players 0 and 1 at tournament 0, in the
    // published layout: the tiger (f5 d6 c3 d3 c4), then f5 f6.
    let mut wtb = wthor_header(2, 0, 1990);
    for (black, white, moves) in [(0u8, 1u8, &[56u8, 64, 33, 34, 43][..]), (1, 0, &[56, 66][..])] {
        wtb.extend([0, 0, black, 0, white, 0, 32, 32]);
        let mut m = moves.to_vec();
        m.resize(60, 0);
        wtb.extend(m);
    }
    std::fs::write(dir.join("WTH_1990.wtb"), &wtb).unwrap();
    let names = |list: &[&str], width: usize| {
        let mut b = wthor_header(0, list.len() as u16, 0);
        for n in list {
            let mut rec = n.as_bytes().to_vec();
            rec.resize(width, 0);
            b.extend(rec);
        }
        b
    };
    std::fs::write(dir.join("WTHOR.JOU"), names(&["Tastet Marc", "Shaman David"], 20)).unwrap();
    std::fs::write(dir.join("WTHOR.TRN"), names(&["Paris Open"], 26)).unwrap();
    let wtb_path = dir.join("WTH_1990.wtb");
    let file = wtb_path.to_str().unwrap();

    let o = yomi(&["show", "--json", "--moves", &format!("{file}#1")]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["record"], "f5d6c3d3c4");
    let o = yomi(&["show", "--json", "--moves", file, "--player", "shaman", "--year", "1990"]);
    assert!(!o.status.success() && stderr(&o).contains("2 games match") && stderr(&o).contains("#2 Shaman David - Tastet Marc, Paris Open, 1990"), "{}", stderr(&o));
    let o = yomi(&["show", "--json", "--moves", &format!("{file}#1"), "--ply", "3"]);
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["record"], "f5d6c3");
    // Solving from ply 2 cannot end: a short time limit shows the position was taken.
    let o = yomi(&["solve", "--json", "--time", "0.2", "--hash", "16", "--moves", &format!("{file}#2")]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["position"], "---------------------------OX------XOX-------O------------------ X");

    let ggf = dir.join("games.ggf");
    std::fs::write(&ggf, "(;GM[Othello]PC[GGS/os]DT[2003.12.15_02:34:56.GMT]PB[Alice]PW[Bob]BO[8 ---------------------------O*------*O--------------------------- *]B[f5]W[d6];)").unwrap();
    let o = yomi(&["show", "--json", "--moves", ggf.to_str().unwrap(), "--player", "bob"]);
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["record"], "f5d6");

    // Bad input: exit 2 with a message that names the problem.
    for (args, says) in [
        (vec!["show".to_string(), "--moves".into(), format!("{file}#3")], "there is no game #3"),
        (vec!["show".into(), "--moves".into(), format!("{file}#x")], "a game number is 1 or more"),
        (vec!["show".into(), "--moves".into(), format!("{file}#1"), "--ply".into(), "9".into()], "the game has 5 moves"),
        (vec!["show".into(), "--moves".into(), "f5".into(), "--player".into(), "x".into()], "choose from a game file"),
    ] {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let o = yomi(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(stderr(&o).contains(says), "{args:?}: {}", stderr(&o));
    }
    let mut torn = wtb.clone();
    torn[16 + 8] = 99;
    std::fs::write(dir.join("torn.wtb"), &torn).unwrap();
    let o = yomi(&["show", "--moves", dir.join("torn.wtb").to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("torn.wtb: byte 25: move 1 is 99"), "{}", stderr(&o));
    std::fs::remove_dir_all(&dir).ok();
}

/// GTP: a whole exchange fed at once, as a controller pipes it; every
/// answer is `=`/`?`, the id echoed, then an empty line.
#[test]
fn gtp_protocol_exchange() {
    use std::io::Write;
    let script = "1 protocol_version\nname\n2 known_command genmove\nknown_command frobnicate\nlist_commands\n\
        boardsize 9\nboardsize 6\n3 play black c2\nplay white c2\nfoo bar\nplay green c3\nplay b z9\nkomi 6.5\n\
        4 genmove white\nundo\nundo\nundo\nboardsize 8\nclear_board\nplay b f5\n# a comment line\n\n\
        time_settings 300 0 0\ntime_left white 30 0\n5 genmove w\nfinal_score\nshowboard\nquit\nname\n";
    let mut child = Command::new(env!("CARGO_BIN_EXE_yomi"))
        .args(["gtp", "--level", "medium", "--hash", "16", "--no-book"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(script.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let answers: Vec<&str> = text.split("\n\n").filter(|a| !a.is_empty()).collect();
    let legal_after = |record: &str, mv: &str, board: usize| {
        let start = yomi::Position::start(yomi::BoardSize::new(board, board).unwrap(), yomi::Start::Othello);
        yomi::Game::from_record(start, &format!("{record}{mv}")).is_ok()
    };
    assert_eq!(answers[..5], ["=1 2", "= Yomi", "=2 true", "= false", &format!("= {}", [
        "protocol_version", "name", "version", "known_command", "list_commands", "quit", "boardsize", "clear_board",
        "komi", "play", "genmove", "undo", "showboard", "final_score", "time_settings", "time_left"].join("\n"))]);
    assert_eq!(answers[5..13], ["? unacceptable size", "=", "=3", "? illegal move", "? unknown command", "? invalid color", "? invalid color or coordinate", "="]);
    let mv = answers[13].strip_prefix("=4 ").unwrap_or_else(|| panic!("{text}"));
    assert!(legal_after("c2", mv, 6), "{mv}");
    assert_eq!(answers[14..20], ["=", "=", "? cannot undo", "=", "=", "="]);
    assert_eq!(answers[20..22], ["=", "="]);
    let mv = answers[22].strip_prefix("=5 ").unwrap_or_else(|| panic!("{text}"));
    assert!(legal_after("f5", mv, 8), "{mv}");
    assert_eq!(answers[23], "? cannot score: the game is not over");
    assert!(answers[24].starts_with("= \n  a b c d e f g h\n1 . . . . . . . .") && answers[24].ends_with("Black to move"), "{}", answers[24]);
    // quit answers, and nothing after it is read.
    assert_eq!(answers[25..], ["="]);
}

#[test]
fn analyse_reviews_a_game_as_text_json_and_svg_and_a_file_per_player() {
    let dir = std::env::temp_dir().join(format!("yomi-cli-analyse-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let svg = dir.join("game.svg");
    // A 4x4 game to its end, solved throughout: every loss is exact.
    let o = yomi(&["analyse", "--board", "4x4", "--moves", "b1a1a2c1d1a3a4d2d3b4c4d4", "--exact", "16", "--json", "--svg", svg.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    let moves = v["moves"].as_array().unwrap();
    assert!(!moves.is_empty() && moves.iter().all(|m| m["exact"] == true && m["loss"].as_f64().unwrap() >= 0.0), "{v}");
    let lost = |side: &str| v[side]["lost"].as_f64().unwrap();
    let sum: f64 = moves.iter().map(|m| m["loss"].as_f64().unwrap()).sum();
    assert!((lost("black") + lost("white") - sum).abs() < 1e-9);
    // Each move graded by its loss, each player's grades counted, and the
    // accuracy the share of best and good moves.
    let grade = |loss: f64| if loss < 1.0 { "best" } else if loss < 3.0 { "good" } else if loss < 6.0 { "inaccuracy" } else if loss < 12.0 { "mistake" } else { "blunder" };
    for m in moves {
        assert_eq!(m["grade"], grade(m["loss"].as_f64().unwrap()), "{m}");
        assert_eq!(m["mistake"], m["grade"] == "mistake" || m["grade"] == "blunder", "{m}");
    }
    for side in ["black", "white"] {
        let mine: Vec<_> = moves.iter().filter(|m| m["player"] == side).collect();
        let grades = &v[side]["grades"];
        let counted: u64 = ["best", "good", "inaccuracy", "mistake", "blunder"].iter().map(|g| grades[g].as_u64().unwrap()).sum();
        assert_eq!(counted as usize, mine.len(), "{v}");
        let accurate = mine.iter().filter(|m| m["grade"] == "best" || m["grade"] == "good").count();
        assert!((v[side]["accuracy"].as_f64().unwrap() - 100.0 * accurate as f64 / mine.len() as f64).abs() < 1e-9, "{v}");
    }
    let drawn = std::fs::read_to_string(&svg).unwrap();
    assert!(drawn.starts_with("<svg") && drawn.contains("<polyline class=\"score\""));
    assert_eq!(drawn.matches("class=\"mistake\"").count(), moves.iter().filter(|m| m["mistake"] == true).count());

    let o = yomi(&["analyse", "--moves", "f5d6c3", "--level", "easy"]);
    assert!(o.status.success() && stdout(&o).contains("Black: 2 moves") && stdout(&o).contains("accuracy"), "{}", stdout(&o));

    let ggf = dir.join("two.ggf");
    let board = "BO[8 ---------------------------O*------*O--------------------------- *]";
    std::fs::write(&ggf, format!("(;GM[Othello]PB[Alice]PW[Bob]{board}B[f5]W[d6]B[c3];)(;GM[Othello]PB[Bob]PW[Carol]{board}B[f5]W[f6];)")).unwrap();
    let o = yomi(&["analyse", "--games", ggf.to_str().unwrap(), "--level", "easy", "--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["games"], 2);
    let bob = v["players"].as_array().unwrap().iter().find(|p| p["name"] == "Bob").unwrap();
    assert_eq!((bob["games"].as_u64(), bob["moves"].as_u64()), (Some(2), Some(2)), "{v}");
    for (args, says) in [
        (vec!["analyse"], "give the game to analyse"),
        (vec!["analyse", "--moves", "f5", "--exact", "40"], "at most 30 empties"),
        (vec!["analyse", "--games", ggf.to_str().unwrap(), "--player", "Zed"], "no game of the 2 matches"),
    ] {
        let o = yomi(&args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(stderr(&o).contains(says), "{args:?}: {}", stderr(&o));
    }
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_solve_job_is_killed_stopped_and_resumed_to_the_solver_s_value() {
    let dir = std::env::temp_dir().join(format!("yomi-cli-job-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let d = dir.to_str().unwrap();
    let start = ["solve", "--board", "4x10", "--scoring", "paper", "--job", d, "--frontier", "6"];
    // Killed mid-run: whatever was proven stays, a torn last line is dropped.
    let mut child = Command::new(env!("CARGO_BIN_EXE_yomi")).args(start).stdout(std::process::Stdio::null()).spawn().unwrap();
    std::thread::sleep(std::time::Duration::from_millis(400));
    child.kill().unwrap();
    child.wait().unwrap();
    // Stopped by its own limit: says so, and how to go on.
    let o = yomi(&["solve", "--job", d, "--minutes", "0.001"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("stopped:") && out.contains("run the same command to go on") || out.contains("solved:"), "{out}");
    if out.contains("stopped:") {
        let o = yomi(&["solve", "--job", d, "--progress"]);
        assert!(stdout(&o).contains("value not yet proven") || stdout(&o).contains("value proven"), "{}", stdout(&o));
    }
    // Resumed to the end: the plain solver's value, and the result file.
    let o = yomi(&["solve", "--job", d]);
    assert!(o.status.success(), "{}", stderr(&o));
    let plain: serde_json::Value =
        serde_json::from_slice(&yomi(&["solve", "--board", "4x10", "--scoring", "paper", "--json"]).stdout).unwrap();
    let value = plain["score"].as_i64().unwrap();
    assert!(stdout(&o).contains(&format!("solved: {value:+} for the side to move")), "{}", stdout(&o));
    let result: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(dir.join("result.json")).unwrap()).unwrap();
    assert_eq!(result["value"].as_i64(), Some(value));
    assert_eq!(result["board"], "4x10");
    assert!(result["line"].as_array().unwrap().len() >= 30);
    assert!(stdout(&yomi(&["solve", "--job", d, "--progress"])).contains(&format!("value proven: {value:+}")));
    // Another job's options for this folder, or no job at all: exit 2 with the reason.
    let o = yomi(&["solve", "--board", "4x10", "--scoring", "paper", "--job", d, "--frontier", "7"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("a job of its own"), "{}", stderr(&o));
    let empty = dir.join("none");
    let o = yomi(&["solve", "--job", empty.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("holds no job"), "{}", stderr(&o));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn explore_shows_what_tournament_players_played() {
    let v: serde_json::Value = serde_json::from_slice(&yomi(&["explore", "f5d6c3d3c4", "--json"]).stdout).unwrap();
    let moves = v["moves"].as_array().unwrap();
    assert!(v["games"].as_u64().unwrap() > 40_000, "{v}");
    assert_eq!(moves[0]["move"], "f4", "{v}");
    assert_eq!(moves[0]["opening"], "Tiger", "{v}");
    for m in moves {
        let n = |k: &str| m[k].as_u64().unwrap();
        assert_eq!(n("black_wins") + n("draws") + n("white_wins"), n("games"), "{m}");
        assert!(m["mean_black_discs"].as_f64().unwrap().abs() <= 64.0, "{m}");
    }
    // The same position turned (d3 c5 c6 ... is f5 d6 c3 ... mirrored) has the same games.
    let text = stdout(&yomi(&["explore"]));
    assert!(text.contains("131212 tournament games reached this position"), "{text}");
    for (args, message) in [
        (&["explore", "f5f5"][..], "move 2 (f5) is illegal"),
        (&["explore", "--file", "/nonexistent/explorer.yex"], "cannot read /nonexistent/explorer.yex"),
        (&["explore", "--build", "--min-games", "0", "--out", "/tmp/never.yex"], "--min-games must be at least 1"),
    ] {
        let o = yomi(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(stderr(&o).contains(message), "{args:?}: {}", stderr(&o));
    }
}

#[test]
fn a_reader_that_stops_reading_ends_the_command_quietly() {
    use std::io::{BufRead, BufReader, Read};
    use std::process::Stdio;
    // As `yomi perft 14 | head -1`: the first line read, then the pipe closed
    // (14 plies: the rest takes minutes, so a print always comes after the close).
    let mut child = Command::new(env!("CARGO_BIN_EXE_yomi"))
        .args(["perft", "14"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("yomi runs");
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap()).read_line(&mut first).unwrap();
    assert_eq!(first, "1 4\n");
    let status = child.wait().unwrap();
    let mut err = String::new();
    child.stderr.take().unwrap().read_to_string(&mut err).unwrap();
    // Like any Unix tool a closed pipe ends: status 141 (128 + SIGPIPE), nothing said.
    assert_eq!((status.code(), err.as_str()), (Some(141), ""));
}

#[test]
fn relabel_raises_a_tournament_shards_exact_labels_in_place() {
    use yomi::tools::corpus::{load, read_manifest, LabelKind, RELABEL};
    let dir = std::env::temp_dir().join(format!("yomi-cli-relabel-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let games = concat!(env!("CARGO_MANIFEST_DIR"), "/data/wthor/games-1977-2023.tsv.gz");
    let d = dir.to_str().unwrap();
    let grow = ["corpus", "grow", "--real", "--real-games", games, "--games", "2", "--exact", "10", "--depth", "2", "--threads", "1", "--dir", d];
    let o = yomi(&grow);
    assert!(o.status.success(), "{}", stderr(&o));
    let before = read_manifest(&dir).unwrap();
    let o = yomi(&["corpus", "relabel", "--exact", "12", "--threads", "2", "--dir", d]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("shard-0000.ycp: exact from 12 empties"), "{}", stdout(&o));
    assert!(!dir.join(RELABEL).exists());
    let (entry, shard) = load(&dir).unwrap().remove(0);
    assert_eq!((entry.recipe.exact, entry.games, entry.positions, &entry.commit), (12, 2, before[0].positions, &before[0].commit));
    assert!(entry.exact > before[0].exact && entry.cpu_seconds > before[0].cpu_seconds);
    assert!(shard.positions().iter().all(|l| (l.kind == LabelKind::Exact) == (l.empties() <= 12)));
    // Nothing left to raise; bad values exit 2 naming them.
    let o = yomi(&["corpus", "relabel", "--exact", "12", "--dir", d]);
    assert!(o.status.success() && stdout(&o).contains("every tournament shard"), "{}", stdout(&o));
    for (args, message) in [
        (&["corpus", "relabel", "--exact", "40", "--dir", d][..], "exact 1 to 30"),
        (&["corpus", "relabel", "--exact", "22", "--minutes", "0", "--dir", d][..], "--minutes must be positive"),
    ] {
        let o = yomi(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(stderr(&o).contains(message), "{}", stderr(&o));
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The commit `yomi --version` names: the one the binary was built from.
fn built_commit() -> String {
    let o = yomi(&["--version"]);
    let v = stdout(&o);
    let commit = v.trim().strip_prefix(concat!("yomi ", env!("CARGO_PKG_VERSION"), " (")).and_then(|c| c.strip_suffix(')'));
    commit.unwrap_or_else(|| panic!("no commit in {v:?}")).to_string()
}

#[test]
fn a_manifest_row_names_the_commit_the_binary_was_built_from() {
    use yomi::tools::corpus::read_manifest;
    // A folder outside any checkout, as a researcher's scratch corpus is: the row still
    // names the engine that made it (this test runs inside the repository's checkout).
    let dir = std::env::temp_dir().join(format!("yomi-cli-commit-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let o = yomi(&["corpus", "grow", "--games", "1", "--exact", "8", "--depth", "1", "--threads", "1", "--dir", dir.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    let commit = built_commit();
    assert!(commit.len() >= 12 && commit != "unknown", "{commit}");
    assert_eq!(read_manifest(&dir).unwrap()[0].commit, commit);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_command_that_started_a_tournament_shard_resumes_it() {
    use yomi::tools::corpus::{read_manifest, start_work, Recipe, WORK};
    let dir = std::env::temp_dir().join(format!("yomi-cli-real-shard-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    // A shard of tournament games in progress, as a stopped `grow --real` of this binary leaves it.
    start_work(&dir.join(WORK), &Recipe::tournament(0), &built_commit()).unwrap();
    let games = concat!(env!("CARGO_MANIFEST_DIR"), "/data/wthor/games-1977-2023.tsv.gz");
    let d = dir.to_str().unwrap();
    let o = yomi(&["corpus", "grow", "--real", "--real-games", games, "--games", "1", "--threads", "1", "--dir", d]);
    assert!(o.status.success(), "{}", stderr(&o));
    let entries = read_manifest(&dir).unwrap();
    assert_eq!((entries.len(), entries[0].games), (1, 1));
    // A recipe of its own still may not take over a shard in progress.
    start_work(&dir.join(WORK), &Recipe::tournament(1), &built_commit()).unwrap();
    let o = yomi(&["corpus", "grow", "--seed", "5", "--games", "1", "--dir", d]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("holds a shard in progress with its own recipe"), "{}", stderr(&o));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_branch_shard_grows_from_the_tournament_games_openings() {
    use yomi::tools::corpus::{load, Source};
    let dir = std::env::temp_dir().join(format!("yomi-cli-branch-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let games = concat!(env!("CARGO_MANIFEST_DIR"), "/data/wthor/games-1977-2023.tsv.gz");
    let d = dir.to_str().unwrap();
    let o = yomi(&["corpus", "grow", "--branch", "--real-games", games, "--games", "2", "--exact", "10", "--depth", "2", "--threads", "1", "--dir", d]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("plies of a tournament game"), "{}", stdout(&o));
    let (entry, shard) = load(&dir).unwrap().remove(0);
    assert_eq!((entry.recipe.source, entry.recipe.opening, entry.games), (Source::Branch, (20, 32), 2));
    // Its openings are labelled and flagged as random ones are: at least 20 plies a game.
    assert!(shard.positions().iter().filter(|l| l.random).count() >= 40);
    for (args, message) in [
        (&["corpus", "grow", "--branch", "--real", "--games", "1", "--dir", d][..], "--real and --branch"),
        (&["corpus", "grow", "--branch", "--real-games", "/nonexistent/games.tsv", "--games", "1", "--dir", d][..], "/nonexistent/games.tsv"),
        (&["corpus", "grow", "--branch", "--opening", "34-30", "--games", "1", "--dir", d][..], "--opening 34-30"),
        (&["corpus", "grow", "--branch", "--opening", "30-41", "--games", "1", "--dir", d][..], "within 0-40"),
        (&["corpus", "grow", "--real", "--opening", "30-34", "--games", "1", "--dir", d][..], "no --seed, --detours or --opening"),
    ] {
        let o = yomi(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(stderr(&o).contains(message), "{}", stderr(&o));
    }
    // None left a shard in progress behind.
    assert!(!dir.join(yomi::tools::corpus::WORK).exists());
    // A late opening: the players' first 34 plies, then the engine, no detour.
    let o = yomi(&[
        "corpus", "grow", "--branch", "--opening", "34-34", "--detours", "0", "--real-games", games, "--games", "2", "--exact", "10",
        "--depth", "2", "--threads", "1", "--dir", d,
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let (entry, shard) = load(&dir).unwrap().remove(1);
    assert_eq!((entry.recipe.opening, entry.recipe.detours, entry.games), ((34, 34), 0, 2));
    let positions = shard.positions();
    for game in 0..2 {
        let flags: Vec<bool> = positions.iter().filter(|l| l.game == game).map(|l| l.random).collect();
        assert!(flags.len() > 34 && flags[..34].iter().all(|&r| r) && flags[34..].iter().all(|&r| !r), "game {game}: {flags:?}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
