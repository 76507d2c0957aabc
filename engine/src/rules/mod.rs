//! The game: board shapes as types and their square classes, move generation, squares, positions
//! and rules, symmetries, notation, game records, GGF files and WTHOR databases, stable
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
pub mod wthor;
pub mod game_file;
pub mod stability;
pub mod perft;
