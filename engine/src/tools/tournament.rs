//! Tournament games: the WTHOR base as kept in `engine/data/wthor` (one
//! game a line: year, event, players, Black's discs, moves), replayed under
//! the rules. The games of [`MEASURED`] are for measuring only: nothing the
//! evaluation is fitted on or the book grows from may come from them.

use std::io::Read;
use std::ops::RangeInclusive;
use std::path::Path;

use crate::error::Error;
use crate::rules::game::{Game, Move};
use crate::rules::position::{Position, Start};
use crate::BoardSize;

/// The games file, from the repository's root.
pub const GAMES: &str = "engine/data/wthor/games-1977-2023.tsv.gz";
/// The years kept out of every fit and of the book: the measuring set.
pub const MEASURED: RangeInclusive<u16> = 2021..=2023;

/// One tournament game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TournamentGame {
    /// The year it was played.
    pub year: u16,
    /// Black's discs at the end, as the base records them.
    pub black_discs: u8,
    /// The moves from the standard start, passes left out.
    pub record: String,
}

impl TournamentGame {
    /// True for a game of the measuring years.
    pub fn is_measured(&self) -> bool {
        MEASURED.contains(&self.year)
    }

    /// The game replayed from the standard 8×8 start.
    pub fn replay(&self) -> Result<Game, Error> {
        Game::from_record(Position::start(BoardSize::OTHELLO, Start::Othello), &self.record)
    }

}

/// A replayed game's squares, as indices, passes left out.
pub fn squares(game: &Game) -> Vec<u8> {
    game.moves().iter().filter_map(|m| match m {
        Move::Play(sq) => Some(sq.index() as u8),
        Move::Pass => None,
    }).collect()
}

/// The games a fit or the book may use (those outside [`MEASURED`]) that
/// are played to the end, in the file's order, as the squares played: the
/// games a tournament shard of the corpus numbers. A record that stops
/// before the end (a resignation, a lost sheet) has no exact value where it
/// stops, nor a shard's ending, so it is left out.
pub fn fitting(games: &[TournamentGame]) -> Result<Vec<Vec<u8>>, Error> {
    let mut out = Vec::new();
    for g in games.iter().filter(|g| !g.is_measured()) {
        let game = g.replay()?;
        if game.is_over() {
            out.push(squares(&game));
        }
    }
    Ok(out)
}

/// Openings for a match from the measured games (no fit or book has seen
/// them): each game's first moves, cut at a number of plies drawn from
/// `plies` by `seed`, each position (up to symmetry) once, from the first
/// game that reaches it, in an order shuffled by `seed`.
pub fn openings(games: &[TournamentGame], plies: RangeInclusive<usize>, seed: u64) -> Result<Vec<Game>, Error> {
    let mut rng = crate::rng::Rng::new(seed);
    let span = (plies.end() - plies.start() + 1) as u64;
    let mut seen = std::collections::HashSet::new();
    let mut out = Vec::new();
    for g in games.iter().filter(|g| g.is_measured()) {
        let n = plies.start() + rng.below(span) as usize;
        let Some(record) = g.record.get(..2 * n) else { continue };
        let game = Game::from_record(Position::start(BoardSize::OTHELLO, Start::Othello), record)?;
        let pos = game.current();
        let (p, o, _) = crate::rules::symmetry::canonical::<crate::Dims<8, 8>>(pos.player(), pos.opponent());
        if !game.is_over() && seen.insert((p, o)) {
            out.push(game);
        }
    }
    for i in (1..out.len()).rev() {
        out.swap(i, rng.below(i as u64 + 1) as usize);
    }
    Ok(out)
}

/// Reads the games of `text` (the file's lines); an error names the line.
pub fn parse(text: &str) -> Result<Vec<TournamentGame>, Error> {
    let mut games = Vec::new();
    for (i, line) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
        let bad = |why: &str| Error::damaged("tournament games", format!("line {}: {why}", i + 1));
        let cols: Vec<&str> = line.split('\t').collect();
        let [year, _event, _black, _white, discs, record] = cols[..] else {
            return Err(bad("expected 6 tab-separated columns: year, event, Black, White, Black's discs, moves"));
        };
        let year = year.trim().parse().map_err(|_| bad("the year is not a number"))?;
        let black_discs = discs.trim().parse().ok().filter(|&d: &u8| d <= 64).ok_or_else(|| bad("Black's discs are not 0-64"))?;
        let game = TournamentGame { year, black_discs, record: record.trim().to_string() };
        game.replay().map_err(|e| bad(&e.to_string()))?;
        games.push(game);
    }
    Ok(games)
}

/// Reads the games file at `path`, gzipped (`.gz`) or plain.
pub fn read(path: &Path) -> Result<Vec<TournamentGame>, Error> {
    let io = |e: std::io::Error| Error::io(path, e);
    let bytes = std::fs::read(path).map_err(io)?;
    let mut text = String::new();
    if path.extension().is_some_and(|x| x == "gz") {
        flate2::read::GzDecoder::new(&bytes[..]).read_to_string(&mut text).map_err(io)?;
    } else {
        text = String::from_utf8(bytes).map_err(|_| Error::damaged(path.display(), "not UTF-8 text"))?;
    }
    parse(&text).map_err(|e| Error::damaged(path.display(), e))
}

#[cfg(test)]
mod tests {
    use super::*;

    const TWO: &str = "1977\tWorld Championship - 1977\tA\tB\t34\tf5d6c3f3f4d3c4g6f6e6c5c6d7d8e7g5e3d2g4h3f7b5h5g3b4b6c8b8c7e8f8g8h4h6e2d1c1a3a6a5e1f2g7c2a4h8a2b7f1b3b1b2h7a7a8a1g1g2h2h1\n\
                       2022\tX\tC\tD\t40\tf5d6c3\n";

    #[test]
    fn games_read_and_replay() {
        let games = parse(TWO).unwrap();
        assert_eq!(games.len(), 2);
        assert_eq!((games[0].year, games[0].black_discs, games[0].is_measured()), (1977, 34, false));
        assert!(games[1].is_measured());
        let g = games[0].replay().unwrap();
        assert!(g.is_over());
        // The recorded final count is the board's.
        assert_eq!(g.current().count(crate::rules::position::Color::Black), 34);
    }

    #[test]
    fn openings_are_measured_games_cut_distinct_and_seeded() {
        let text = "2021\tE\tA\tB\t34\tf5d6c3d3c4f4f6f3e6e7\n\
                    2022\tE\tA\tB\t34\tf5d6c3d3c4f4f6f3e6e7\n\
                    2022\tE\tA\tB\t34\te6f4c3c4d3d6e3c2b4f5\n\
                    2000\tE\tA\tB\t34\tf5f6e6f4e3c5c4e7c6e2\n";
        let games = parse(text).unwrap();
        let ops = openings(&games, 4..=4, 7).unwrap();
        // The second game repeats the first; the third is its mirror image (e6f4c3c4 is f5d6c3d3 transposed); 2000 is not measured.
        assert_eq!(ops.len(), 1);
        assert_eq!(ops[0].record(), "f5d6c3d3");
        let ops = openings(&games, 6..=8, 7).unwrap();
        assert!(ops.iter().all(|g| (6..=8).contains(&g.moves().len())));
        assert_eq!(ops.iter().map(|g| g.record()).collect::<Vec<_>>(), openings(&games, 6..=8, 7).unwrap().iter().map(|g| g.record()).collect::<Vec<_>>());
    }

    #[test]
    fn a_bad_line_is_named() {
        let e = parse("1977\tE\tA\tB\t34\tf5f5\n").unwrap_err().to_string();
        assert!(e.contains("line 1"), "{e}");
        let e = parse("1977\tE\tA\tB\tf5d6\n").unwrap_err().to_string();
        assert!(e.contains("6 tab-separated columns"), "{e}");
        let e = parse("1977\tE\tA\tB\t65\tf5\n").unwrap_err().to_string();
        assert!(e.contains("0-64"), "{e}");
    }

    #[test]
    fn the_repository_file_holds_every_game() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
        let games = read(&root.join(GAMES)).unwrap();
        assert_eq!(games.len(), 131_212);
        assert_eq!(games.iter().filter(|g| g.is_measured()).count(), 4_057);
        // Of the 127,155 others, those played to the end.
        let fitting = fitting(&games).unwrap();
        assert_eq!(fitting.len(), 126_742);
    }
}
