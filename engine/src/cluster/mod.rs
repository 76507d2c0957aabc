//! Paper 002 across processes: the master and its workers speak in messages
//! ([`wire`]), so a worker may be a thread beside the master or a whole
//! process on another machine. One position is searched by paper 002's
//! tree over the workers ([`tree`]); many positions are handed out as
//! workers become free, with a results file that survives a kill
//! ([`batch`]), among them an opening tree's positions at a fixed number
//! of empties, whose values back up to the root's ([`openings`]). The workers ([`worker`]) search with the same solver and
//! playing search as everything else, each on a rayon pool of its own.
//! How messages travel is [`links`]: channels between threads here, and
//! MPI between the ranks of a cluster (`mpi`, with the `mpi` feature).

pub mod batch;
pub mod links;
#[cfg(feature = "mpi")]
pub mod mpi;
pub mod openings;
pub mod tree;
pub mod wire;
pub mod worker;

pub use links::{Links, Threads};
pub use worker::{Task, Worker};
