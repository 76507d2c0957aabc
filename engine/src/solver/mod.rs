//! The exact solver: its policy for the shared node search and the
//! endgame ladder below the table ([`endgame`]), the root of a solve with
//! the perfect line ([`solve`]), and every move solved in turn with a
//! report each ([`each_move`]).

pub mod endgame;
pub mod solve;
pub mod each_move;
