//! The browser bindings: the rules and perft for JavaScript ([`Game`] here),
//! searches and solves with a stop flag in shared memory ([`analysis`]), the
//! visitor's benchmark ([`bench`]), the opening book ([`book`]), the evaluation fetched after the first paint ([`evaluation`]), the opening explorer ([`explorer`]), game files ([`files`]), a review's summary ([`review`]), and the rayon pool over web workers
//! (`initThreadPool`, only in the threaded build). Every error reaches
//! JavaScript as an `Error` carrying the same message the CLI prints.

mod analysis;
mod bench;
mod book;
mod evaluation;
mod explorer;
mod files;
mod four;
mod js;
mod review;

use wasm_bindgen::prelude::*;

use js::{board_size, js, name, to_js};

use crate::rules::game::Game;
use crate::rules::geometry::BoardSize;
use crate::rules::notation::{format_position, parse_position};
use crate::rules::perft::perft_position;
use crate::rules::position::{Color, Position, Scoring, Start, Status};
use crate::rules::square::Square;

// The single-thread build (for pages without cross-origin isolation) has
// no pool to start: rayon then runs everything on the calling thread.
#[cfg(feature = "threads")]
pub use wasm_bindgen_rayon::init_thread_pool;

#[wasm_bindgen(start)]
fn start() {
    console_error_panic_hook::set_once();
}

/// The name of the standard start `pos` is, if it is one.
pub(crate) fn start_name(pos: &Position) -> Option<String> {
    [Start::Othello, Start::Reversi].into_iter().find(|&s| Position::start(pos.size(), s) == *pos).map(|s| s.to_string())
}

/// A game in progress on any supported board.
#[wasm_bindgen(js_name = Game)]
pub struct WasmGame {
    pub(crate) game: Game,
}

#[wasm_bindgen(js_class = Game)]
impl WasmGame {
    /// A new game: `board` as `"8x8"`, `start` as `"othello"` or `"reversi"`.
    #[wasm_bindgen(constructor)]
    pub fn new(board: &str, start: &str) -> Result<WasmGame, JsError> {
        let size = board_size(board)?;
        let start = start.parse().map_err(js)?;
        Ok(WasmGame { game: Game::new(Position::start(size, start)) })
    }

    /// A game starting from a position string; `board` is needed only where
    /// the length does not name one board.
    #[wasm_bindgen(js_name = fromPosition)]
    pub fn from_position(position: &str, board: Option<String>) -> Result<WasmGame, JsError> {
        let size = board.as_deref().map(board_size).transpose()?;
        let pos = parse_position(position, size).map_err(js)?;
        Ok(WasmGame { game: Game::new(pos) })
    }

    /// Plays a record (`"f5d6c3"`) from the current position; on error the
    /// game is unchanged.
    #[wasm_bindgen(js_name = playRecord)]
    pub fn play_record(&mut self, record: &str) -> Result<(), JsError> {
        self.game.play_record(record).map_err(js)
    }

    /// Rows of the board.
    #[wasm_bindgen(getter)]
    pub fn rows(&self) -> usize {
        self.game.current().size().rows()
    }

    /// Columns of the board.
    #[wasm_bindgen(getter)]
    pub fn cols(&self) -> usize {
        self.game.current().size().cols()
    }

    /// The board as `"RxC"`.
    #[wasm_bindgen(getter)]
    pub fn board(&self) -> String {
        self.game.current().size().to_string()
    }

    /// One byte per square from a1 row by row: 0 empty, 1 black, 2 white.
    pub fn cells(&self) -> Vec<u8> {
        let pos = self.game.current();
        (0..pos.size().squares() as u32)
            .map(|i| match pos.color_at(Square::of_bit(i)) {
                None => 0,
                Some(Color::Black) => 1,
                Some(Color::White) => 2,
            })
            .collect()
    }

    /// `"black"` or `"white"`.
    #[wasm_bindgen(getter, js_name = toMove)]
    pub fn to_move(&self) -> String {
        self.game.current().to_move().name().to_lowercase()
    }

    /// `"move"` (the side to move can play), `"pass"` (it must pass) or `"over"`.
    #[wasm_bindgen(getter)]
    pub fn status(&self) -> String {
        match self.game.status() {
            Status::Move => "move",
            Status::Pass => "pass",
            Status::Over => "over",
        }
        .to_string()
    }

    /// The legal moves of the side to move, as square names.
    #[wasm_bindgen(js_name = legalMoves)]
    pub fn legal_moves(&self) -> Vec<String> {
        let pos = self.game.current();
        pos.legal_squares().map(|sq| sq.name(pos.size())).collect()
    }

    /// Plays `square` (`"f5"`, any case) for the side to move.
    pub fn play(&mut self, square: &str) -> Result<(), JsError> {
        let sq = Square::parse(square, self.game.current().size()).map_err(js)?;
        self.game.play(sq).map_err(js)
    }

    /// Passes; allowed only when the side to move has no legal move.
    pub fn pass(&mut self) -> Result<(), JsError> {
        self.game.pass().map_err(js)
    }

    /// Takes back the last move or pass; false at the start.
    pub fn undo(&mut self) -> bool {
        self.game.undo()
    }

    /// Black's discs.
    #[wasm_bindgen(getter)]
    pub fn black(&self) -> u32 {
        self.game.current().count(Color::Black)
    }

    /// White's discs.
    #[wasm_bindgen(getter)]
    pub fn white(&self) -> u32 {
        self.game.current().count(Color::White)
    }

    /// The score for Black under `scoring` (`"world"` or `"paper"`) with the
    /// game ended as it stands: the final score once `status` is `"over"`.
    pub fn score(&self, scoring: &str) -> Result<i32, JsError> {
        let scoring: Scoring = scoring.parse().map_err(js)?;
        Ok(self.game.current().final_score(scoring))
    }

    /// The current position string (`"...OX... X"`).
    pub fn position(&self) -> String {
        format_position(self.game.current())
    }

    /// The moves played, concatenated, passes implicit.
    pub fn record(&self) -> String {
        self.game.record()
    }

    /// The moves played, one entry each: a square name or `"pass"`.
    pub fn moves(&self) -> Vec<String> {
        move_names(&self.game)
    }

    /// The same game under a symmetry: `"rotate-90"`, `"rotate-180"`,
    /// `"rotate-270"`, `"flip-horizontal"`, `"flip-vertical"`, `"transpose"`,
    /// `"anti-transpose"`, or `"f5"` for the standard orientation (the first
    /// move on f5, back on the standard start if the game was turned away from it).
    pub fn transformed(&self, symmetry: &str) -> Result<WasmGame, JsError> {
        let game = match symmetry {
            "f5" => self.game.normalised(),
            name => self.game.transformed(name.parse().map_err(js)?).map_err(js)?,
        };
        Ok(WasmGame { game })
    }

    /// Where the game starts, as a position string.
    #[wasm_bindgen(js_name = startPosition)]
    pub fn start_position(&self) -> String {
        format_position(self.game.start())
    }

    /// The start's name (`"othello"`, `"reversi"`) when the game starts
    /// from one, so a page can keep the opening's name and the book.
    #[wasm_bindgen(js_name = startName)]
    pub fn start_name(&self) -> Option<String> {
        start_name(self.game.start())
    }

    /// Who made each move: `"black"` or `"white"`, one entry per move.
    pub fn movers(&self) -> Vec<String> {
        self.game.movers().iter().map(|c| c.name().to_lowercase()).collect()
    }

    /// The name of the opening played (8×8 from the Othello start), if it
    /// reached a named line.
    #[wasm_bindgen(getter)]
    pub fn opening(&self) -> Option<String> {
        crate::book::opening_name(&self.game).map(str::to_string)
    }

    /// What tournament players played from the current position, as
    /// `yomi explore --json` prints it: `{ games, moves: [{ move, games,
    /// black_wins, draws, white_wins, mean_black_discs, first_year,
    /// last_year, book_value, opening }] }` (no moves where too few games
    /// went), or `null` before the explorer is loaded.
    pub fn explorer(&self) -> Result<JsValue, JsError> {
        let Some(explorer) = explorer::explorer() else { return Ok(JsValue::NULL) };
        let book = book::book();
        to_js(&crate::explorer::report(&explorer, book.as_deref(), &self.game))
    }
}

/// perft from the start of `board` and `start`; `parallel` spreads it over
/// the thread pool, otherwise it runs on the calling thread alone.
#[wasm_bindgen]
pub fn perft(board: &str, start: &str, depth: u32, parallel: bool) -> Result<f64, JsError> {
    let size = board_size(board)?;
    let pos = Position::start(size, start.parse().map_err(js)?);
    Ok(perft_position(&pos, depth, parallel).map_err(js)? as f64)
}

/// Threads in the pool that `initThreadPool` started (1 before it).
#[wasm_bindgen(js_name = threadCount)]
pub fn thread_count() -> usize {
    rayon::current_num_threads()
}

/// Every supported board as `"RxC"`, smallest first.
#[wasm_bindgen(js_name = supportedBoards)]
pub fn supported_boards() -> Vec<String> {
    BoardSize::ALL.iter().map(|s| s.to_string()).collect()
}

/// The playing levels, weakest first, by name.
#[wasm_bindgen]
pub fn levels() -> Vec<String> {
    crate::play::level::LEVELS.iter().map(|l| l.name.to_string()).collect()
}

/// What each level searches, weakest first: `[{ name, depth, selectivity,
/// seconds (null: no limit), wld, perfect, presearch }]`, so a page can say
/// it to a player.
#[wasm_bindgen(js_name = levelDetails)]
pub fn level_details() -> Result<JsValue, JsError> {
    to_js(&crate::play::level::LEVELS)
}

/// A game's moves, one entry each: a square name or `"pass"`.
fn move_names(game: &Game) -> Vec<String> {
    game.moves().iter().map(|m| name(game.current(), m)).collect()
}

/// What a pasted text is, read by the engine's one grammar
/// ([`crate::rules::text`]): `{ kind ("record" or "position"), board,
/// position (where the game starts), start (the start's name for a record,
/// null for a position), moves (squares and "pass", passes made explicit),
/// movers ("black" or "white" for each move), toMove }`. `board` and
/// `start` are used where the text does not name them.
#[wasm_bindgen(js_name = readText)]
pub fn read_text(text: &str, board: &str, start: &str) -> Result<JsValue, JsError> {
    use crate::rules::text::{read_text, TextKind};
    let size = board_size(board)?;
    let start_kind: crate::rules::position::Start = start.parse().map_err(js)?;
    let read = read_text(text, size, start_kind).map_err(js)?;
    let game = &read.game;
    let size = game.start().size();
    #[derive(serde::Serialize)]
    #[serde(rename_all = "camelCase")]
    struct TextRead {
        kind: &'static str,
        board: String,
        position: String,
        start: Option<String>,
        moves: Vec<String>,
        movers: Vec<String>,
        to_move: String,
    }
    let out = TextRead {
        kind: match read.kind {
            TextKind::Position => "position",
            TextKind::Record => "record",
        },
        board: size.to_string(),
        position: format_position(game.start()),
        start: (read.kind == TextKind::Record).then(|| start.to_ascii_lowercase()),
        moves: move_names(game),
        movers: game.movers().iter().map(|c| c.name().to_lowercase()).collect(),
        to_move: game.current().to_move().name().to_lowercase(),
    };
    to_js(&out)
}
