//! The playing engine: the evaluation's statistics ([`probcut`]; the
//! evaluation itself is [`crate::eval`]), its policy for the shared node
//! search ([`midgame`]), the levels ([`level`]), and the root that chooses
//! a move ([`search`]), handing over to the exact solver near the end.

pub mod probcut;
pub mod midgame;
pub mod level;
pub mod search;
