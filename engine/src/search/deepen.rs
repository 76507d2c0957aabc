//! Iterative deepening, written once for every engine that deepens (the
//! Othello playing search and Score Four): iterations 1, 2, … over the root
//! moves in the chosen mode, each within an aspiration window around the
//! last value if the engine asks for one, with Lazy SMP helpers beside the
//! main search, and the time rule. The engine records each finished
//! iteration and says whether to go deeper.

use crate::clock::Clock;
use crate::parallel::{lazy, Split};
use crate::search::node::{Policy, Searcher};
use crate::search::root::{iterate, RootMoves};

/// How to deepen.
#[derive(Clone, Copy, Debug)]
pub struct Plan {
    /// The deepest iteration.
    pub max_depth: u32,
    /// Empty squares at the root: no helper searches deeper.
    pub empties: u32,
    /// How the search spreads over the pool.
    pub split: Split,
    /// Every root move its own value (a full window each).
    pub all_moves: bool,
    /// Half-width of the window around the last value from the second
    /// iteration on (`None`: a full window every time).
    pub aspiration: Option<i32>,
    /// The policy's infinite value.
    pub inf: i32,
    /// The time limit, on `clock`: no iteration starts after 40 % of it,
    /// since the next costs several times the last.
    pub time: Option<f64>,
    /// Helpers perturb their move order by their number (else only by depth).
    pub helper_jitter: bool,
}

/// What the engine says after an iteration.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Next {
    /// Go on with the next iteration.
    Deeper,
    /// Stop: the answer is known or the time is spent.
    Done,
}

/// What hears each finished iteration: the searcher, the root (best move
/// first), the depth and the value; it says whether to go deeper.
pub type OnIteration<'f, 's, P> = dyn FnMut(&Searcher<'s, P>, &mut RootMoves, u32, i32) -> Next + 'f;

/// How the deepening ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ended {
    /// The last iteration, or the engine said it was done.
    Finished,
    /// A stop or a limit cut an iteration short (its result is dropped).
    Cut,
    /// The time rule ended it before the deepest iteration.
    OutOfTime,
}

/// Deepens over `root` from (`p`, `o`) as `plan` says; `iteration` hears
/// every finished iteration (its depth and value, the best move first in
/// the root) and answers whether to go on. Helpers' nodes are added to `s`.
pub fn deepen<'s, P: Policy + Sync>(
    s: &mut Searcher<'s, P>,
    root: &mut RootMoves,
    (p, o): (u64, u64),
    plan: &Plan,
    clock: &Clock,
    iteration: &mut OnIteration<'_, 's, P>,
) -> Ended {
    let inf = plan.inf;
    let helpers = plan.split.searchers;
    let template = s.worker(None, false, 0);
    let (ended, helper_nodes) = lazy::with_helpers(
        helpers,
        || {
            for depth in 1..=plan.max_depth {
                if s.stopped() {
                    return Ended::Cut;
                }
                let window = plan.aspiration.filter(|_| depth > 1 && !plan.all_moves && !plan.split.root_tasks);
                // Around the last finished iteration's value (or the engine's first guess).
                let centre = root.best().value;
                let (mut a, mut b) = window.map_or((-inf, inf), |w| (centre - w, centre + w));
                let value = loop {
                    let Some(v) = iterate(s, root, depth, a, b, plan.split, plan.all_moves) else { break None };
                    if v.value <= a && a > -inf {
                        a = -inf;
                    } else if v.value >= b && b < inf {
                        b = inf;
                    } else {
                        break Some(v.value);
                    }
                };
                // Cut: the answer stays the last finished iteration's.
                let Some(v) = value else { return Ended::Cut };
                if iteration(s, root, depth, v) == Next::Done {
                    return Ended::Finished;
                }
                if plan.time.is_some_and(|limit| clock.seconds() > limit * 0.4) && depth < plan.max_depth {
                    return Ended::OutOfTime;
                }
            }
            Ended::Finished
        },
        |k, abort| {
            let mut h = template.worker(Some(abort), false, if plan.helper_jitter { k as u64 } else { 0 });
            for depth in 1..=plan.max_depth {
                h.node(p, o, (depth + k as u32 % 2).min(plan.empties), -inf, inf);
                if h.stopped() {
                    break;
                }
            }
            h.stats.nodes
        },
    );
    s.stats.nodes += helper_nodes.iter().sum::<u64>();
    ended
}
