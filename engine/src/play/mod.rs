//! The playing engine: the evaluation and its statistics ([`eval`],
//! [`probcut`]), its policy for the shared node search ([`midgame`]), the
//! levels ([`level`]), and the root that chooses a move ([`search`]),
//! handing over to the exact solver near the end.

pub mod eval;
pub mod probcut;
pub mod midgame;
pub mod level;
pub mod search;
