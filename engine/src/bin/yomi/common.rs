//! What several commands share: checked numeric options and spans, the thread pool,
//! weights files, move names, and the commit a data folder was made at.

use std::path::Path;

use yomi::{Error, Mode, Move, Position, Weights};

/// Reads "LO-HI" as a span within `within` with LO at most HI; each flag
/// words its own error.
pub fn parse_span(text: &str, within: std::ops::RangeInclusive<u32>) -> Option<std::ops::RangeInclusive<u32>> {
    let (lo, hi) = text.split_once('-')?;
    let (lo, hi) = (lo.trim().parse::<u32>().ok()?, hi.trim().parse::<u32>().ok()?);
    (lo <= hi && within.contains(&lo) && within.contains(&hi)).then_some(lo..=hi)
}

/// A thread count in range (for work that starts its own threads).
pub fn check_thread_count(threads: usize) -> Result<usize, Error> {
    if threads == 0 || threads > 1024 {
        return Err(Error::BadArgument(format!("--threads {threads} is out of range; expected 1 to 1024")));
    }
    Ok(threads)
}

/// A rayon pool of `threads` threads, the count checked.
pub fn check_threads(threads: usize) -> Result<rayon::ThreadPool, Error> {
    check_thread_count(threads)?;
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| Error::BadArgument(format!("cannot start {threads} threads: {e}")))
}

pub fn check_hash(mib: usize) -> Result<(), Error> {
    if mib == 0 || mib > 65536 {
        return Err(Error::BadArgument(format!("--hash {mib} is out of range; expected 1 to 65536 MiB")));
    }
    Ok(())
}

/// Weights by name: `shipped` (the embedded fitted weights), `compact`
/// (the browser's embedded evaluation and the solvers' ordering), `browser`
/// (the browser's evaluation once its network is fetched), `hand` (the
/// hand-set starting point of the fit), or a file's path: a weights file
/// (`yomi fit`, paper 000's features; 8×8 then uses them too) or a pattern
/// weights file (`yomi fit --patterns`, the 8×8 evaluation; the other
/// boards keep the shipped features), so a new fit can be matched and
/// calibrated before it is shipped. Loaded weights live as long as the
/// program.
pub fn load_weights(name: &str) -> Result<&'static Weights, Error> {
    match name {
        "shipped" | "fitted" => Ok(Weights::shipped()),
        "compact" => Ok(Weights::compact()),
        "browser" => {
            static W: std::sync::OnceLock<Weights> = std::sync::OnceLock::new();
            Ok(W.get_or_init(|| with_patterns(include_bytes!("../../../weights/patterns-browser.ywp")).expect("the embedded pattern file is valid")))
        }
        "hand" => Ok(Box::leak(Box::new(yomi::tools::train::hand_set()))),
        path => {
            let bytes = std::fs::read(path).map_err(|e| Error::BadArgument(format!("cannot read weights {path}: {e}")))?;
            let w = if yomi::eval::pattern_weights::PatternWeights::is_pattern_file(&bytes) {
                with_patterns(&bytes)
            } else {
                Weights::from_bytes(&bytes)
            };
            Ok(Box::leak(Box::new(w.map_err(|e| Error::BadWeights(format!("{path}: {e}")))?)))
        }
    }
}

/// ProbCut statistics by name: a name that `ProbCutStats::paired_with`
/// knows (`shipped`, `compact`, `browser`), or a file written by `yomi
/// probcut --calibrate`.
pub fn load_probcut(name: &str) -> Result<&'static yomi::ProbCutStats, Error> {
    if let Some(named) = yomi::ProbCutStats::paired_with(name) {
        return Ok(named);
    }
    let text = std::fs::read_to_string(name).map_err(|e| Error::BadArgument(format!("cannot read ProbCut statistics {name}: {e}")))?;
    let stats = yomi::ProbCutStats::parse(&text).map_err(|e| Error::BadArgument(format!("{name}: {e}")))?;
    Ok(Box::leak(Box::new(stats)))
}

/// The ProbCut statistics that go with the weights named `weights`: the
/// compact and browser evaluations' with them, else the shipped ones.
pub fn probcut_for(weights: &str) -> &'static yomi::ProbCutStats {
    yomi::ProbCutStats::paired_with(weights).unwrap_or_else(yomi::ProbCutStats::shipped)
}

/// The shipped weights with the 8×8 pattern evaluation of a pattern
/// weights file's bytes.
pub fn with_patterns(bytes: &[u8]) -> Result<Weights, Error> {
    Ok(Weights::with_patterns(yomi::eval::pattern_weights::PatternWeights::from_bytes(bytes)?))
}

pub fn move_name(m: &Move, pos: &Position) -> String {
    m.name(pos.size())
}

/// Names of a line of moves starting at `pos`.
pub fn line_names(pos: &Position, line: &[Move]) -> Vec<String> {
    line.iter().map(|m| move_name(m, pos)).collect()
}

/// `--mode`: how a search spreads over the threads.
pub fn parse_mode(s: &str) -> Result<Mode, String> {
    Mode::parse(s).ok_or_else(|| {
        let names: Vec<&str> = Mode::ALL.iter().map(|m| m.name()).collect();
        format!("unknown mode {s:?}; expected one of {}", names.join(", "))
    })
}

/// The commit this binary was built from, for the rows it writes in the data's manifests,
/// with "+dirty" if the engine's sources differed from it ("unknown" outside a git
/// checkout): engine/build.rs.
pub const COMMIT: &str = env!("YOMI_COMMIT");

/// How a search uses the machine: its threads, how they share the search,
/// and its table.
#[derive(clap::Args, Clone, Copy)]
pub struct PoolArgs {
    /// Threads to search with.
    #[arg(long, default_value_t = 1, value_name = "N")]
    pub threads: usize,
    /// How the threads share the search: ybw (default), lazy, msai (paper
    /// 000), predict (paper 002) or serial.
    #[arg(long, default_value = "ybw", value_name = "MODE", value_parser = parse_mode)]
    pub mode: yomi::Mode,
    /// Transposition table size in MiB; the only large allocation.
    #[arg(long, default_value_t = 256, value_name = "MiB")]
    pub hash: usize,
}

/// Which game of a game file `--moves FILE` names, and how far into it.
#[derive(clap::Args, Clone, Default)]
pub struct GameFileArgs {
    /// With --moves FILE (GGF or WTHOR .wtb): the game a player played
    /// (any part of the name, any case).
    #[arg(long, value_name = "NAME")]
    pub player: Option<String>,
    /// With --moves FILE: a game of this year.
    #[arg(long, value_name = "YEAR")]
    pub year: Option<u16>,
    /// With --moves FILE: the position after this many moves of the game
    /// (passes not counted) instead of its end.
    #[arg(long, value_name = "N")]
    pub ply: Option<usize>,
}

/// The game `--moves` gives: a record played from `start`, or a game of a
/// GGF or WTHOR file (`FILE#N`, or `FILE` with --player/--year), which
/// brings its own start (so `position_given` is an error).
pub fn game_of(start: yomi::Position, position_given: bool, moves: Option<&str>, pick: &GameFileArgs) -> Result<yomi::Game, Error> {
    let file = moves.and_then(file_ref);
    if file.is_none() && (pick.player.is_some() || pick.year.is_some() || pick.ply.is_some()) {
        return Err(Error::BadArgument("--player, --year and --ply choose from a game file: give it as --moves FILE or FILE#N".into()));
    }
    let Some((path, number)) = file else {
        return yomi::Game::from_record(start, moves.unwrap_or(""));
    };
    if position_given {
        return Err(Error::BadArgument(format!("--moves {path} brings its own start; leave out the position")));
    }
    let number = match number {
        None => None,
        Some(n) => Some(n.parse::<usize>().map_err(|_| Error::BadArgument(format!("'#{n}' after {path}: a game number is 1 or more")))?),
    };
    let games = read_game_file(Path::new(path))?;
    let filter = yomi::rules::game_file::GameFilter { player: pick.player.clone(), year: pick.year };
    let (_, chosen) = filter.choose(&games, number).map_err(|e| in_file(Path::new(path), e))?;
    let mut game = chosen.game;
    if let Some(ply) = pick.ply {
        let mut played = game.moves().iter().filter(|m| **m != Move::Pass).count();
        if ply > played {
            return Err(Error::BadArgument(format!("--ply {ply}: the game has {played} moves")));
        }
        // Back to the position after `ply` moves, the passes before them gone too.
        while played > ply || game.moves().last() == Some(&Move::Pass) {
            played -= (game.moves().last() != Some(&Move::Pass)) as usize;
            game.undo();
        }
    }
    Ok(game)
}

/// `FILE#N` or `FILE` where FILE exists: the path and the text after `#`.
fn file_ref(text: &str) -> Option<(&str, Option<&str>)> {
    if let Some((path, n)) = text.rsplit_once('#') {
        if Path::new(path).is_file() {
            return Some((path, Some(n)));
        }
    }
    Path::new(text).is_file().then_some((text, None))
}

/// A game file's error, with the file named.
fn in_file(path: &Path, e: Error) -> Error {
    match e {
        Error::BadGameFile(s) => Error::BadGameFile(format!("{}: {s}", path.display())),
        e => e,
    }
}

/// The games of a GGF file, or of a WTHOR `.wtb` file named by the
/// `WTHOR.JOU` and `WTHOR.TRN` beside it (if there); errors name the file.
pub fn read_game_file(path: &Path) -> Result<Vec<yomi::rules::game_file::FileGame>, Error> {
    use yomi::rules::{game_file, wthor};
    let io = |e: std::io::Error| Error::BadArgument(format!("cannot read {}: {e}", path.display()));
    let is_wtb = path.extension().is_some_and(|e| e.eq_ignore_ascii_case("wtb"));
    if !is_wtb {
        let text = std::fs::read(path).map_err(io)?;
        // GGF is ASCII; stray Latin-1 in names is kept as such.
        let text = String::from_utf8(text).unwrap_or_else(|e| e.into_bytes().iter().map(|&b| b as char).collect());
        return game_file::read_ggf(&text).map_err(|e| in_file(path, e));
    }
    let names = |file: &str, width: usize| -> Result<Vec<String>, Error> {
        let dir = path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
        let Some(found) = std::fs::read_dir(dir).ok().and_then(|entries| {
            entries.flatten().map(|e| e.path()).find(|p| p.file_name().is_some_and(|n| n.eq_ignore_ascii_case(file)))
        }) else {
            return Ok(Vec::new());
        };
        let bytes = std::fs::read(&found).map_err(|e| Error::BadArgument(format!("cannot read {}: {e}", found.display())))?;
        wthor::parse_names(&bytes, width).map(|(_, n)| n).map_err(|e| in_file(&found, e))
    };
    let players = names("WTHOR.JOU", wthor::PLAYER)?;
    let tournaments = names("WTHOR.TRN", wthor::TOURNAMENT)?;
    game_file::read_wthor(&std::fs::read(path).map_err(io)?, &players, &tournaments).map_err(|e| in_file(path, e))
}

/// What an engine speaking a protocol to a GUI runs on: threads, table, book.
#[derive(clap::Args)]
pub struct EngineArgs {
    #[arg(long, default_value_t = 1, value_name = "N")]
    pub threads: usize,
    /// Transposition table size in MiB.
    #[arg(long, default_value_t = 256, value_name = "MiB")]
    pub hash: usize,
    /// Search from the first move instead of playing from the opening book.
    #[arg(long)]
    pub no_book: bool,
}

/// The board as text: column letters, then a numbered line per row, `X`
/// black, `O` white, `.` empty, and with `mark_legal` `*` where the side to
/// move may play.
pub fn board_lines(pos: &yomi::Position, mark_legal: bool) -> Vec<String> {
    let size = pos.size();
    let width = size.rows().to_string().len();
    let header: String = (0..size.cols()).map(|c| format!(" {}", (b'a' + c as u8) as char)).collect();
    let mut lines = vec![format!("{:width$}{header}", "")];
    for r in 0..size.rows() {
        let mut line = format!("{:>width$}", r + 1);
        for c in 0..size.cols() {
            let sq = yomi::Square::at(size, r, c).expect("on board");
            line.push(' ');
            line.push(match pos.color_at(sq) {
                Some(color) => color.symbol(),
                None if mark_legal && pos.is_legal(sq) => '*',
                None => '.',
            });
        }
        lines.push(line);
    }
    lines
}
