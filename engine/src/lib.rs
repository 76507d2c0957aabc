//! Yomi: Othello/Reversi game-tree search on every even board from 4×4 to
//! 8×8 and 4×16, natively and in the browser.
//!
//! The layers, lowest first: board shapes ([`geometry`]), move generation
//! ([`movegen`]), squares, positions and rules ([`square`], [`position`]),
//! symmetries, notation and game records ([`symmetry`], [`notation`],
//! [`game`]), then tree walks: [`perft`], the exact solver ([`tt`],
//! [`endgame`], [`solve`]), and the playing engine ([`eval`], [`probcut`],
//! [`midgame`], [`level`], [`search`]; [`train`] fits its weights). The
//! browser bindings sit on top.
//!
//! ```
//! use yomi::{BoardSize, Game, Position, Scoring, Start};
//! let start = Position::start(BoardSize::new(4, 4).unwrap(), Start::Othello);
//! let game = Game::from_record(start, "c4d2").unwrap();
//! assert_eq!(game.record(), "c4d2");
//! assert_eq!(yomi::format_position(game.current()), "-----OOO-XX---X- X");
//! # let _ = Scoring::World;
//! ```

pub mod error;
pub mod geometry;
pub mod movegen;
pub mod square;
pub mod position;
pub mod symmetry;
pub mod notation;
pub mod game;
pub mod perft;
pub mod stability;
pub mod clock;
pub mod rng;
pub mod parallel;
pub mod tt;
pub mod endgame;
pub mod solve;
pub mod eval;
pub mod probcut;
pub mod midgame;
pub mod level;
pub mod search;
pub mod predict;
pub mod matches;
pub mod bench;
#[cfg(not(target_arch = "wasm32"))]
pub mod train;

#[cfg(target_arch = "wasm32")]
pub mod wasm;

pub use error::Error;
pub use game::{Game, Move};
pub use geometry::{BoardSize, Dims, Geometry};
pub use movegen::{MoveGen, Squares};
pub use parallel::Mode;
pub use notation::{format_position, parse_obf_line, parse_position, ObfLine};
pub use position::{Color, Position, Scoring, Start, Status};
pub use square::Square;
pub use eval::Weights;
pub use level::{Level, LEVELS};
pub use probcut::ProbCutStats;
pub use search::{search, Kind, SearchOptions, SearchResult};
pub use solve::{solve, Solution, SolveOptions};
pub use symmetry::Symmetry;
pub use tt::TranspositionTable;
