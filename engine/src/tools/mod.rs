//! What is built on the engine: matches and paper 000's sweep
//! ([`matches`](mod@matches)), the bench ([`bench`](mod@bench)), a game's review move by move
//! ([`review`]) and the fitting of the evaluation's
//! weights ([`train`]).

pub mod matches;
pub mod bench;
pub mod review;
#[cfg(not(target_arch = "wasm32"))]
pub mod train;
#[cfg(not(target_arch = "wasm32"))]
pub mod probcut_calibration;
#[cfg(not(target_arch = "wasm32"))]
pub mod pruning_experiment;
#[cfg(not(target_arch = "wasm32"))]
pub mod datagen;
#[cfg(not(target_arch = "wasm32"))]
pub mod pattern_fit;
#[cfg(not(target_arch = "wasm32"))]
pub mod corpus;
#[cfg(not(target_arch = "wasm32"))]
pub mod heldout;
#[cfg(not(target_arch = "wasm32"))]
pub mod model_probe;
#[cfg(not(target_arch = "wasm32"))]
pub mod adam;
#[cfg(not(target_arch = "wasm32"))]
pub mod loss;
#[cfg(not(target_arch = "wasm32"))]
pub mod net_fit;
#[cfg(not(target_arch = "wasm32"))]
pub mod tournament;
#[cfg(not(target_arch = "wasm32"))]
pub mod line_log;
#[cfg(not(target_arch = "wasm32"))]
pub mod solve_job;
#[cfg(not(target_arch = "wasm32"))]
pub mod solve_check;
#[cfg(not(target_arch = "wasm32"))]
pub mod solve_job_workers;
#[cfg(not(target_arch = "wasm32"))]
pub mod selfplay;
pub mod tree_size;
