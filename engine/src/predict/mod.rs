//! Paper 002: distributed search by predicting best moves. The master
//! tree ([`tree`]) is grown by a job's predictions until every worker owns
//! a leaf, and keeps its minimax value current as the workers report; its
//! workers are threads of this process ([`threads`]) or, in
//! `crate::cluster`, other processes. The exact solver and the playing
//! search each provide the job, so this floor knows positions but no
//! search.

pub mod tree;
pub mod threads;
