//! The exact solver: its policy for the shared node search and the
//! endgame ladder below the table ([`endgame`]), and the root of a solve
//! with the perfect line ([`solve`]).

pub mod endgame;
pub mod solve;
