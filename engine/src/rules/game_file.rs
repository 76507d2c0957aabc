//! Games from the files players keep them in, GGF or WTHOR, each with who
//! played it, where and when: what the command line's `FILE#N` and the
//! app's game list choose from.

use crate::error::Error;
use crate::rules::game::Game;
use crate::rules::ggf::parse_ggf;
use crate::rules::wthor::{name_of, parse_games};

/// A game from a file, with what the file says of it.
#[derive(Clone, Debug, PartialEq)]
pub struct FileGame {
    /// Black's name.
    pub black: String,
    /// White's name.
    pub white: String,
    /// The tournament (WTHOR) or place (GGF's `PC`); empty if unknown.
    pub event: String,
    /// The year it was played, if known.
    pub year: Option<u16>,
    /// Black's discs at the end as the file gives them (WTHOR).
    pub black_discs: Option<u8>,
    /// The game, from its start.
    pub game: Game,
}

impl FileGame {
    /// One line for a list: players, event and year.
    pub fn describe(&self) -> String {
        let mut s = format!("{} - {}", self.black, self.white);
        if !self.event.is_empty() {
            s += &format!(", {}", self.event);
        }
        if let Some(y) = self.year {
            s += &format!(", {y}");
        }
        s
    }
}

/// Every game of a GGF file.
pub fn read_ggf(text: &str) -> Result<Vec<FileGame>, Error> {
    Ok(parse_ggf(text)?
        .into_iter()
        .map(|g| FileGame {
            black: g.tag("PB").unwrap_or("?").to_string(),
            white: g.tag("PW").unwrap_or("?").to_string(),
            event: g.tag("PC").unwrap_or("").to_string(),
            // DT is a date (2003.12.15_…) or, on GGS, seconds since 1970.
            year: g.tag("DT").and_then(|d| d.get(..4)).and_then(|y| y.parse().ok()).filter(|&y: &u16| (1900..2200).contains(&y)),
            black_discs: None,
            game: g.game,
        })
        .collect())
}

/// Every game of a WTHOR `.wtb` file, named by the players and tournaments
/// given (from `WTHOR.JOU` and `WTHOR.TRN`; an index shows where a name is
/// missing).
pub fn read_wthor(wtb: &[u8], players: &[String], tournaments: &[String]) -> Result<Vec<FileGame>, Error> {
    let (header, games) = parse_games(wtb)?;
    games
        .iter()
        .enumerate()
        .map(|(i, g)| {
            Ok(FileGame {
                black: name_of(players, g.black),
                white: name_of(players, g.white),
                event: name_of(tournaments, g.tournament),
                year: Some(header.year),
                black_discs: Some(g.black_discs),
                game: g.game(i)?,
            })
        })
        .collect()
}

/// Which games of a file: by a player's name (any part, any case) and by
/// year.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct GameFilter {
    /// A part of a player's name, any case.
    pub player: Option<String>,
    /// The year.
    pub year: Option<u16>,
}

impl GameFilter {
    /// Whether `g` passes the filter.
    pub fn matches(&self, g: &FileGame) -> bool {
        let has = |name: &str, part: &str| name.to_lowercase().contains(&part.to_lowercase());
        self.player.as_deref().is_none_or(|p| has(&g.black, p) || has(&g.white, p)) && self.year.is_none_or(|y| g.year == Some(y))
    }

    /// The one game of `games` that `number` (1-based) or else this filter
    /// names, with its number; an error lists the candidates otherwise.
    pub fn choose(&self, games: &[FileGame], number: Option<usize>) -> Result<(usize, FileGame), Error> {
        if let Some(n) = number {
            return match games.get(n.wrapping_sub(1)) {
                Some(g) => Ok((n, g.clone())),
                None => Err(Error::BadGameFile(format!("there is no game #{n}: the file holds games #1 to #{}", games.len()))),
            };
        }
        let found: Vec<(usize, &FileGame)> = games.iter().enumerate().filter(|(_, g)| self.matches(g)).map(|(i, g)| (i + 1, g)).collect();
        match found.as_slice() {
            [(n, g)] => Ok((*n, (*g).clone())),
            [] => Err(Error::BadGameFile(format!("no game of the {} matches", games.len()))),
            many => {
                let shown: Vec<String> = many.iter().take(5).map(|(n, g)| format!("#{n} {}", g.describe())).collect();
                let more = if many.len() > 5 { format!("; and {} more", many.len() - 5) } else { String::new() };
                Err(Error::BadGameFile(format!(
                    "{} games match; name one as FILE#N, or narrow with --player and --year: {}{more}",
                    many.len(),
                    shown.join("; ")
                )))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const GGF: &str = "(;GM[Othello]PC[GGS/os]DT[2003.12.15_02:34:56.GMT]PB[Alice]PW[Bob]RE[?]\
        BO[8 ---------------------------O*------*O--------------------------- *]B[f5]W[d6];)\
        (;GM[Othello]PC[Paris]DT[1999.01.02]PB[Carol]PW[alice]BO[8 ---------------------------O*------*O--------------------------- *]B[f5];)";

    #[test]
    fn ggf_games_carry_players_place_and_year() {
        let games = read_ggf(GGF).unwrap();
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].describe(), "Alice - Bob, GGS/os, 2003");
        assert_eq!(games[0].game.record(), "f5d6");
        assert_eq!(games[1].year, Some(1999));
    }

    #[test]
    fn filters_choose_one_game_or_say_which_match() {
        let games = read_ggf(GGF).unwrap();
        let all = GameFilter::default();
        assert_eq!(all.choose(&games, Some(2)).unwrap().0, 2);
        assert!(all.choose(&games, Some(3)).unwrap_err().to_string().contains("games #1 to #2"));
        assert!(all.choose(&games, Some(0)).is_err());
        let alice = GameFilter { player: Some("ALICE".into()), year: None };
        let e = alice.choose(&games, None).unwrap_err().to_string();
        assert!(e.contains("2 games match") && e.contains("#2 Carol - alice, Paris, 1999"), "{e}");
        let alice_1999 = GameFilter { year: Some(1999), ..alice };
        assert_eq!(alice_1999.choose(&games, None).unwrap().1.black, "Carol");
        assert!(GameFilter { player: Some("Dave".into()), year: None }.choose(&games, None).is_err());
    }
}
