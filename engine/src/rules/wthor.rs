//! WTHOR, the French federation's game databases: `.wtb` files of games,
//! `WTHOR.JOU` of players and `WTHOR.TRN` of tournaments.
//!
//! Every file starts with a 16-byte header: the creation date (century,
//! year, month, day), a 32-bit count of games, a 16-bit count of names, the
//! games' year, the board size (0 or 8: 8×8, 10: 10×10), the game type (1:
//! solitaires) and the depth from which the theoretical score was solved;
//! numbers are little-endian. A game is 68 bytes: tournament, black player
//! and white player (16-bit indices into the name files), Black's discs at
//! the end, Black's discs with perfect play from the solved depth, and 60
//! moves as `10·row + column` (11 = a1, 88 = h8; 0 after the last move;
//! passes are not written). A player's name is 20 bytes, a tournament's 26,
//! both Latin-1 padded with zeros.

use crate::error::Error;
use crate::rules::game::Game;
use crate::rules::geometry::BoardSize;
use crate::rules::position::{Position, Start, Status};
use crate::rules::square::Square;

/// Bytes of a file's header.
pub const HEADER: usize = 16;
/// Bytes of one game in a `.wtb` file.
pub const GAME: usize = 68;
/// Bytes of one name in `WTHOR.JOU`.
pub const PLAYER: usize = 20;
/// Bytes of one name in `WTHOR.TRN`.
pub const TOURNAMENT: usize = 26;

/// A WTHOR file's header.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Header {
    /// When the file was written: year (century included), month, day.
    pub created: (u16, u8, u8),
    /// Games in a `.wtb` file.
    pub games: u32,
    /// Names in a `.jou` or `.trn` file.
    pub names: u16,
    /// The year of the games.
    pub year: u16,
    /// Squares on a side: 8 (written 0 in old files) or 10.
    pub board: u8,
    /// Solitaires rather than games.
    pub solitaire: bool,
    /// Empties from which the theoretical score was solved.
    pub depth: u8,
}

/// One game of a `.wtb` file, as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WthorGame {
    /// The tournament's index in `WTHOR.TRN`.
    pub tournament: u16,
    /// Black's index in `WTHOR.JOU`.
    pub black: u16,
    /// White's index in `WTHOR.JOU`.
    pub white: u16,
    /// Black's discs at the end of the game.
    pub black_discs: u8,
    /// Black's discs with perfect play from the header's depth.
    pub theoretical: u8,
    /// The moves, passes left out: squares of the 8×8 board.
    pub moves: Vec<Square>,
}

fn bad(at: usize, why: impl Into<String>) -> Error {
    Error::BadGameFile(format!("byte {}: {}", at + 1, why.into()))
}

fn u16_at(b: &[u8], at: usize) -> u16 {
    u16::from_le_bytes([b[at], b[at + 1]])
}

/// The header of a WTHOR file.
pub fn parse_header(bytes: &[u8]) -> Result<Header, Error> {
    if bytes.len() < HEADER {
        return Err(bad(bytes.len(), format!("a WTHOR file starts with a {HEADER}-byte header; this one has {} bytes", bytes.len())));
    }
    let board = match bytes[12] {
        0 | 8 => 8,
        10 => return Err(bad(12, "10×10 games: Yomi plays boards up to 8×8")),
        n => return Err(bad(12, format!("board size {n}: WTHOR has 8 (or 0) and 10"))),
    };
    Ok(Header {
        created: (bytes[0] as u16 * 100 + bytes[1] as u16, bytes[2], bytes[3]),
        games: u32::from_le_bytes([bytes[4], bytes[5], bytes[6], bytes[7]]),
        names: u16_at(bytes, 8),
        year: u16_at(bytes, 10),
        board,
        solitaire: bytes[13] == 1,
        depth: bytes[14],
    })
}

/// The file's length, which must be the header's count of records of
/// `width` bytes after the header.
fn sized(bytes: &[u8], count: usize, width: usize, what: &str) -> Result<usize, Error> {
    let want = HEADER + count * width;
    if bytes.len() != want {
        return Err(bad(
            bytes.len().min(want),
            format!("the header counts {count} {what} of {width} bytes, {want} bytes in all; the file has {}", bytes.len()),
        ));
    }
    Ok(want)
}

/// The header and games of a `.wtb` file.
pub fn parse_games(bytes: &[u8]) -> Result<(Header, Vec<WthorGame>), Error> {
    let header = parse_header(bytes)?;
    let want = sized(bytes, header.games as usize, GAME, "games")?;
    let size = BoardSize::new(8, 8).expect("8×8 is a board");
    let mut games = Vec::with_capacity(header.games as usize);
    for at in (HEADER..want).step_by(GAME) {
        let g = &bytes[at..at + GAME];
        let mut moves = Vec::new();
        let mut ended = false;
        for (k, &m) in g[8..].iter().enumerate() {
            let here = at + 8 + k;
            match (m, ended) {
                (0, _) => ended = true,
                (_, true) => return Err(bad(here, format!("move {} after the game's end (a 0)", k + 1))),
                _ => {
                    let (r, c) = (m / 10, m % 10);
                    let sq = (1..=8).contains(&r).then_some(()).and((1..=8).contains(&c).then_some(()));
                    let sq = sq.and_then(|_| Square::at(size, r as usize - 1, c as usize - 1));
                    moves.push(sq.ok_or_else(|| bad(here, format!("move {} is {m}: a square is 10·row + column, 11 to 88", k + 1)))?);
                }
            }
        }
        games.push(WthorGame {
            tournament: u16_at(g, 0),
            black: u16_at(g, 2),
            white: u16_at(g, 4),
            black_discs: g[6],
            theoretical: g[7],
            moves,
        });
    }
    Ok((header, games))
}

/// The header and names of a `WTHOR.JOU` (`width` [`PLAYER`]) or
/// `WTHOR.TRN` (`width` [`TOURNAMENT`]) file.
pub fn parse_names(bytes: &[u8], width: usize) -> Result<(Header, Vec<String>), Error> {
    let header = parse_header(bytes)?;
    sized(bytes, header.names as usize, width, "names")?;
    let names = bytes[HEADER..]
        .chunks(width)
        .map(|n| {
            let end = n.iter().position(|&b| b == 0).unwrap_or(n.len());
            // Latin-1: every byte is the code point of its character.
            n[..end].iter().map(|&b| b as char).collect::<String>().trim_end().to_string()
        })
        .collect();
    Ok((header, names))
}

impl WthorGame {
    /// The game played from the 8×8 start, passes put back where the side
    /// to move had none. `index` names the game in errors.
    pub fn game(&self, index: usize) -> Result<Game, Error> {
        let size = BoardSize::new(8, 8).expect("8×8 is a board");
        let mut game = Game::new(Position::start(size, Start::Othello));
        for (k, &sq) in self.moves.iter().enumerate() {
            if game.status() == Status::Pass {
                game.pass()?;
            }
            game.play(sq).map_err(|_| {
                Error::BadGameFile(format!("game {}: move {} ({}) is not legal", index + 1, k + 1, sq.name(size)))
            })?;
        }
        Ok(game)
    }
}

/// Names from a name file, or the index itself where the file lacks it.
pub fn name_of(names: &[String], index: u16) -> String {
    names.get(index as usize).cloned().unwrap_or_else(|| format!("#{index}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn header(games: u32, names: u16, year: u16) -> Vec<u8> {
        let mut h = vec![20, 26, 11, 27];
        h.extend(games.to_le_bytes());
        h.extend(names.to_le_bytes());
        h.extend(year.to_le_bytes());
        h.extend([8, 0, 22, 0]);
        h
    }

    fn name_file(names: &[&[u8]], width: usize) -> Vec<u8> {
        let mut b = header(0, names.len() as u16, 0);
        for n in names {
            let mut rec = n.to_vec();
            rec.resize(width, 0);
            b.extend(rec);
        }
        b
    }

    /// A random game from the 8×8 start to its end with at least one pass.
    fn game_with_a_pass() -> Game {
        let size = BoardSize::new(8, 8).unwrap();
        let mut rng = crate::rng::Rng::new(7);
        loop {
            let mut g = Game::new(Position::start(size, Start::Othello));
            let mut passed = false;
            while !g.is_over() {
                if g.status() == Status::Pass {
                    g.pass().unwrap();
                    passed = true;
                    continue;
                }
                let moves: Vec<u32> = crate::rules::movegen::Squares(g.current().legal_moves()).collect();
                let pick = moves[rng.below(moves.len() as u64) as usize];
                g.play(Square::of_bit(pick)).unwrap();
            }
            if passed {
                return g;
            }
        }
    }

    /// A file built byte by byte from the published layout: two games of
    /// 1990, the second with a pass, which WTHOR does not write.
    fn wtb() -> Vec<u8> {
        let mut b = header(2, 0, 1990);
        // Tournament 1, black 2, white 0; 33 to 31 discs, 34 theoretical;
        // f5 d6 c3 d3 c4, then zeros.
        b.extend([1, 0, 2, 0, 0, 0, 33, 34, 56, 64, 33, 34, 43]);
        b.resize(HEADER + GAME, 0);
        let g = game_with_a_pass();
        let size = BoardSize::new(8, 8).unwrap();
        b.extend([0, 0, 1, 0, 2, 0, g.current().count(crate::rules::position::Color::Black) as u8, 0]);
        for m in g.moves() {
            if let crate::rules::game::Move::Play(sq) = m {
                b.push(10 * (sq.row(size) as u8 + 1) + sq.col(size) as u8 + 1);
            }
        }
        b.resize(HEADER + 2 * GAME, 0);
        b
    }

    #[test]
    fn every_field_of_a_file_built_from_the_layout() {
        let (h, games) = parse_games(&wtb()).unwrap();
        assert_eq!(h, Header { created: (2026, 11, 27), games: 2, names: 0, year: 1990, board: 8, solitaire: false, depth: 22 });
        assert_eq!(games.len(), 2);
        let g = &games[0];
        assert_eq!((g.tournament, g.black, g.white, g.black_discs, g.theoretical), (1, 2, 0, 33, 34));
        let size = BoardSize::new(8, 8).unwrap();
        let names: Vec<String> = g.moves.iter().map(|s| s.name(size)).collect();
        assert_eq!(names, ["f5", "d6", "c3", "d3", "c4"]);
        assert_eq!(g.game(0).unwrap().record(), "f5d6c3d3c4");
        let with_pass = games[1].game(1).unwrap();
        assert_eq!(with_pass, game_with_a_pass(), "the passes are put back");
        assert_eq!(with_pass.current().count(crate::rules::position::Color::Black), games[1].black_discs as u32);

        let (jh, players) = parse_names(&name_file(&[b"Tastet Marc", b"Shaman David", b"Lefebvre \xc9ric"], PLAYER), PLAYER).unwrap();
        assert_eq!(jh.names, 3);
        assert_eq!(players, ["Tastet Marc", "Shaman David", "Lefebvre Éric"]);
        let (_, events) = parse_names(&name_file(&[b"<Inconnu>", b"Championnat du Monde"], TOURNAMENT), TOURNAMENT).unwrap();
        assert_eq!(name_of(&events, games[0].tournament), "Championnat du Monde");
        assert_eq!(name_of(&events, 7), "#7");
    }

    #[test]
    fn damaged_files_say_which_byte() {
        let good = wtb();
        let err = |b: &[u8]| parse_games(b).unwrap_err().to_string();
        assert!(err(&good[..10]).contains("16-byte header"), "{}", err(&good[..10]));
        assert!(err(&good[..good.len() - 1]).contains("counts 2 games"));
        let mut b = good.clone();
        b[HEADER + 8] = 19;
        assert!(err(&b).contains("byte 25: move 1 is 19"), "{}", err(&b));
        let mut b = good.clone();
        b[HEADER + 8 + 6] = 56;
        assert!(err(&b).contains("move 7 after the game's end"), "{}", err(&b));
        let mut b = good.clone();
        b[12] = 10;
        assert!(err(&b).contains("10×10"));
        let mut b = good.clone();
        b[HEADER + 9] = 88;
        let (_, games) = parse_games(&b).unwrap();
        assert!(games[0].game(0).unwrap_err().to_string().contains("game 1: move 2 (h8) is not legal"));
        assert!(parse_names(&good[..HEADER + 3], PLAYER).is_err());
    }
}
