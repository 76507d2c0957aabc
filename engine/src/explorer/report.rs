//! What the explorer says of a game's position, with the book's value and
//! the opening's name beside each move: the one report the command line
//! prints (`yomi explore --json`) and the browser shows.

use serde::Serialize;

use super::{Explored, Explorer};
use crate::book::{opening_name, Book};
use crate::rules::game::Game;

/// The games that reached a position and the moves played from it, most
/// played first (no moves if too few games reached it).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Report {
    /// The games that reached the position.
    pub games: u32,
    /// The moves played from it.
    pub moves: Vec<MoveReport>,
}

/// One move played from the position.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MoveReport {
    /// The move's name (`f5`).
    pub r#move: String,
    /// Games that played it.
    pub games: u32,
    /// Of them, won by Black.
    pub black_wins: u32,
    /// Of them, drawn.
    pub draws: u32,
    /// Of them, won by White.
    pub white_wins: u32,
    /// Black's mean final disc difference (Black's discs less White's),
    /// to hundredths.
    pub mean_black_discs: f64,
    /// The first year it was played.
    pub first_year: u16,
    /// The last year it was played.
    pub last_year: u16,
    /// The book's value of the move for the side to move, if the book
    /// knows it.
    pub book_value: Option<i8>,
    /// The name of the opening its line reaches, if any.
    pub opening: Option<&'static str>,
}

/// The report of `game`'s current position.
pub fn report(explorer: &Explorer, book: Option<&Book>, game: &Game) -> Report {
    let pos = game.current();
    let Some(Explored { stats, moves }) = explorer.explore(pos) else {
        return Report { games: 0, moves: Vec::new() };
    };
    let book_moves = book.and_then(|b| b.moves(pos)).unwrap_or_default();
    let moves = moves
        .iter()
        .map(|m| {
            let mut line = game.clone();
            line.play(m.square).expect("an explored move is legal");
            MoveReport {
                r#move: m.square.name(pos.size()),
                games: m.stats.games,
                black_wins: m.stats.black_wins,
                draws: m.stats.draws,
                white_wins: m.stats.white_wins(),
                mean_black_discs: (m.stats.mean_margin() * 100.0).round() / 100.0,
                first_year: m.stats.first_year,
                last_year: m.stats.last_year,
                book_value: book_moves.iter().find(|b| b.square == m.square).map(|b| b.value),
                opening: opening_name(&line),
            }
        })
        .collect();
    Report { games: stats.games, moves }
}
