//! Game files for the page: a GGF text or a WTHOR database (with its
//! player and tournament files) read into a list of games, and a game
//! written as GGF. The same readers as the command line's `FILE#N`.

use wasm_bindgen::prelude::*;

use super::js::{js, name, to_js};
use super::{start_name, WasmGame};
use crate::error::Error;
use crate::rules::game_file::{read_ggf, read_wthor, FileGame};
use crate::rules::ggf::to_ggf;
use crate::rules::notation::format_position;
use crate::rules::position::Scoring;
use crate::rules::wthor::{parse_names, PLAYER, TOURNAMENT};

/// One game of a file as the page lists and opens it.
#[derive(serde::Serialize)]
#[serde(rename_all = "camelCase")]
struct ListedGame {
    black: String,
    white: String,
    event: String,
    year: Option<u16>,
    black_discs: Option<u8>,
    /// One line for the list: players, event, year.
    title: String,
    board: String,
    /// Where the game starts, as a position string.
    position: String,
    /// The start's name when the game starts from one ("othello",
    /// "reversi"), so the page can name its opening and use the book.
    start: Option<String>,
    moves: Vec<String>,
}

fn listed(g: FileGame) -> ListedGame {
    let game = &g.game;
    ListedGame {
        title: g.describe(),
        board: game.start().size().to_string(),
        position: format_position(game.start()),
        start: start_name(game.start()),
        moves: game.moves().iter().zip(game.positions()).map(|(m, p)| name(p, m)).collect(),
        black: g.black,
        white: g.white,
        event: g.event,
        year: g.year,
        black_discs: g.black_discs,
    }
}

fn names(bytes: Option<Vec<u8>>, width: usize) -> Result<Vec<String>, Error> {
    match bytes {
        Some(b) if !b.is_empty() => Ok(parse_names(&b, width)?.1),
        _ => Ok(Vec::new()),
    }
}

/// Every game of a GGF text, as `{ black, white, event, year, blackDiscs,
/// title, board, position, moves }` each.
#[wasm_bindgen(js_name = readGgf)]
pub fn read_ggf_games(text: &str) -> Result<JsValue, JsError> {
    let games: Vec<ListedGame> = read_ggf(text).map_err(js)?.into_iter().map(listed).collect();
    to_js(&games)
}

/// Every game of a WTHOR `.wtb` database, named by `WTHOR.JOU` (players) and
/// `WTHOR.TRN` (tournaments) where given; listed as [`read_ggf_games`] does.
#[wasm_bindgen(js_name = readWthor)]
pub fn read_wthor_games(wtb: &[u8], players: Option<Vec<u8>>, tournaments: Option<Vec<u8>>) -> Result<JsValue, JsError> {
    let players = names(players, PLAYER).map_err(js)?;
    let tournaments = names(tournaments, TOURNAMENT).map_err(js)?;
    let games: Vec<ListedGame> = read_wthor(wtb, &players, &tournaments).map_err(js)?.into_iter().map(listed).collect();
    to_js(&games)
}

#[wasm_bindgen(js_class = Game)]
impl WasmGame {
    /// The game as GGF, with the players' names and the date (`DT`); its
    /// result (`RE`) under `scoring` once it is over, `?` before. GGF has
    /// square boards only: another board is an error that says so.
    #[wasm_bindgen(js_name = toGgf)]
    pub fn to_ggf(&self, black: &str, white: &str, date: &str, scoring: &str) -> Result<String, JsError> {
        let scoring: Scoring = scoring.parse().map_err(js)?;
        to_ggf(&self.game, &[("PC", "Yomi"), ("DT", date), ("PB", black), ("PW", white)], scoring).map_err(js)
    }
}
