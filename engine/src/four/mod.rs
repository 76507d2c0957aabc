//! Score Four: paper 003's own game, 3-D four-in-a-row with gravity on a
//! 4×4 grid of pegs four stones high, and its statistical pruning
//! experiment.
//!
//! Lowest first: [`board`] (the rules on one `u64` per side, the 76 lines,
//! symmetry), [`notation`] (pegs, records, positions, games), [`perft`];
//! then [`eval`] (paper 003's evaluation and Yomi's two), [`pruning`] (the
//! statistics of paper 003's cut), [`search`](mod@search) (Score Four's policy of the
//! shared node search, in every parallel mode but paper 002's tree), and
//! [`level`], [`positions`] (openings, calibration games, the bench's),
//! [`calibration`] (paper 003's statistics from games), [`matches`](mod@matches) and
//! [`experiment`] (the paper's experiment) and,
//! above it, [`reproduction`] (the paper's games, test set and tree
//! statistics) and [`curve`] (the experiment drawn).
//!
//! ```
//! use yomi::four::{Game, Outcome};
//! let game = Game::parse("a1a2b1b2c1c2d1").unwrap();
//! assert!(matches!(game.board().outcome(), Outcome::Won(yomi::Color::Black, _)));
//! ```

pub mod board;
pub mod notation;
pub mod perft;
pub mod eval;
pub mod pruning;
pub mod search;
pub mod alphabeta;
pub mod level;
pub mod positions;
pub mod calibration;
pub mod matches;
pub mod experiment;
pub mod reproduction;
pub mod curve;
pub mod bench;

pub use board::{Board, Outcome};
pub use notation::{format_board, format_record, parse_peg, peg_name, Game};
pub use eval::EvalKind;
pub use search::{search, solve, FourMode, FourOptions, FourResult};
