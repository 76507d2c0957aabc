//! The static evaluation, above the rules and below the searches that use
//! it: paper 000's features on every board shape with the weights file
//! that carries them ([`evaluation`]); on 8×8 the pattern windows and
//! their incremental indices ([`pattern`]), and the fitted tables with
//! their file format ([`pattern_weights`]), which the playing search
//! evaluates with and the solver orders its deep nodes by, and the small
//! network a tables file may carry ([`pattern_net`]).

pub mod pattern;
pub mod pattern_net;
pub mod pattern_weights;
pub mod evaluation;
