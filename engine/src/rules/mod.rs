//! The game: board shapes as types and their square classes, move generation, squares, positions
//! and rules, symmetries, notation, game records and GGF files, stable
//! discs and perft.
//! Everything above builds on this layer; it imports nothing above it.

pub mod geometry;
pub mod movegen;
pub mod last_flips;
pub mod square;
pub mod position;
pub mod symmetry;
pub mod shape_tables;
pub mod notation;
pub mod game;
pub mod text;
pub mod ggf;
pub mod stability;
pub mod perft;
