//! Yomi: Othello/Reversi game-tree search on every even board from 4×4 to
//! 8×8 and 4×16, natively and in the browser.
//!
//! The layers, lowest first; none imports from a layer above it:
//! - foundations: [`error`], [`clock`], [`rng`], [`pages`] (large
//!   buffers on huge pages), and [`bound`] (what a fail-soft search proves);
//! - [`rules`]: board shapes, move generation, positions, notation, perft;
//! - [`parallel`]: the schedulers (ybw, lazy, msai, serial), each a
//!   file, generic over what they run;
//! - [`predict`]: paper 002's master tree, grown by predicted best moves
//!   over the positions, its workers rayon tasks here or processes in
//!   [`cluster`];
//! - [`search`](mod@search): the search core both engines share: the table, stops and
//!   limits, the node search written once over a policy, the root moves;
//! - [`eval`]: the static evaluation: paper 000's features on every
//!   board, and on 8×8 the pattern evaluation, which the playing search
//!   evaluates with and the solver orders its deep nodes by;
//! - [`solver`] (the exact solver) and [`play`] (ProbCut, levels, the
//!   playing search), each a policy of the shared core;
//! - [`book`]: the opening book, grown by the playing search and
//!   consulted by the players above it;
//! - [`explorer`]: what tournament players played from a position and
//!   how it went, beside the book's values;
//! - [`tools`]: matches, bench, fitting the weights;
//! - [`four`]: Score Four, paper 003's own game, on the same search core;
//! - [`cluster`]: paper 002 across processes (native only): the master
//!   and its workers in messages, one position's tree or many positions
//!   with a results file, over threads or (feature `mpi`) MPI ranks;
//! - the bindings: `wasm` for the browser, and the `yomi` command line.
//!
//! ```
//! use yomi::{BoardSize, Game, Position, Scoring, Start};
//! let start = Position::start(BoardSize::new(4, 4).unwrap(), Start::Othello);
//! let game = Game::from_record(start, "c4d2").unwrap();
//! assert_eq!(game.record(), "c4d2");
//! assert_eq!(yomi::format_position(game.current()), "-----OOO-XX---X- X");
//! # let _ = Scoring::World;
//! ```

// Every public item is documented; clippy -D warnings keeps it so.
#![warn(missing_docs)]

pub mod error;
pub mod clock;
pub mod rng;
pub mod pages;
pub mod bound;
pub mod rules;
pub mod parallel;
pub mod predict;
pub mod search;
pub mod eval;
pub mod solver;
pub mod play;
pub mod book;
pub mod explorer;
pub mod tools;
pub mod four;
#[cfg(not(target_arch = "wasm32"))]
pub mod cluster;

#[cfg(target_arch = "wasm32")]
pub mod wasm;

// The names the command line, the tests and embedders use: types and
// functions at the top, every module at one path (its layer's).
pub use rules::game::{Game, Move};
pub use rules::geometry::{BoardSize, Dims, Geometry};
pub use rules::movegen::{MoveGen, Squares};
pub use rules::notation::{format_position, format_position_with_board, parse_obf_line, parse_position, ObfLine};
pub use rules::position::{Color, Position, Scoring, Start, Status};
pub use rules::square::Square;
pub use rules::symmetry::Symmetry;
pub use parallel::Mode;
pub use eval::evaluation::Weights;
pub use play::level::{Level, LEVELS};
pub use play::probcut::ProbCutStats;
pub use play::search::{search, Kind, SearchOptions, SearchResult};
pub use solver::solve::{solve, Solution, SolveOptions};
pub use search::tt::TranspositionTable;
pub use search::stop::Limits;
pub use error::Error;
