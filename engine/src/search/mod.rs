//! The search core shared by the playing engine and the exact solver: the
//! transposition table ([`tt`], its memory in [`crate::pages`]), what ends a search ([`stop`]), the node
//! search written once and specialised by a [`node::Policy`] ([`node`]),
//! and the root move list with one iteration over it ([`root`]).

pub mod deepen;
pub mod node;
pub mod root;
pub mod stop;
pub mod tt;
