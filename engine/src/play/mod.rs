//! The playing engine: the evaluation's statistics ([`probcut`]; the
//! evaluation itself is [`crate::eval`]), its policy for the shared node
//! search ([`midgame`]), the levels ([`level`]) and the one rule by which
//! every front end turns a level, depth and time into a search ([`strength`]), and the root that chooses
//! a move ([`search`]), handing over to the exact solver near the end, and
//! a move's share of a game clock ([`time_control`]). A page may install
//! a larger evaluation while it runs ([`installed`]).

pub mod probcut;
pub mod installed;
pub mod midgame;
pub mod level;
pub mod strength;
pub mod search;
pub mod time_control;
