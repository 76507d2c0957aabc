//! The size of a whole game tree, estimated by Knuth's method (1975): a
//! random walk from the root to the end of the game, each step to one of
//! the legal moves chosen uniformly (a pass is the one move where there is
//! none), estimates the nodes at depth d as the product of the branching
//! factors above it. The mean over many walks is unbiased. Used to size
//! boards too big to count or to solve (engine/MEASUREMENTS.md, "6×8 sized").

use crate::rng::Rng;
use crate::rules::position::{Position, Status};

/// The estimate from a number of walks.
#[derive(Clone, Debug, PartialEq)]
pub struct TreeSize {
    /// Walks taken.
    pub walks: u64,
    /// Nodes of the whole tree, the root, passes and finished games included.
    pub nodes: f64,
    /// The standard error of `nodes`.
    pub nodes_error: f64,
    /// Finished games: the tree's leaves.
    pub games: f64,
    /// The standard error of `games`.
    pub games_error: f64,
    /// Nodes at each depth from the root (the root is depth 0).
    pub by_depth: Vec<f64>,
    /// The mean length of a game, in plies (passes included).
    pub mean_plies: f64,
}

/// A running mean and variance (Welford).
#[derive(Default)]
struct Moments {
    n: f64,
    mean: f64,
    m2: f64,
}

impl Moments {
    fn add(&mut self, x: f64) {
        self.n += 1.0;
        let d = x - self.mean;
        self.mean += d / self.n;
        self.m2 += d * (x - self.mean);
    }

    /// The standard error of the mean.
    fn error(&self) -> f64 {
        if self.n < 2.0 {
            return f64::NAN;
        }
        (self.m2 / (self.n - 1.0) / self.n).sqrt()
    }
}

/// Knuth's estimate of the game tree below `root` from `walks` random walks.
pub fn estimate(root: &Position, walks: u64, rng: &mut Rng) -> TreeSize {
    let mut nodes = Moments::default();
    let mut games = Moments::default();
    let mut by_depth: Vec<f64> = Vec::new();
    let mut plies = 0u64;
    for _ in 0..walks {
        let (mut pos, mut weight, mut total, mut depth) = (*root, 1.0f64, 1.0f64, 0usize);
        let mut add_depth = |depth: usize, weight: f64| {
            if by_depth.len() <= depth {
                by_depth.resize(depth + 1, 0.0);
            }
            by_depth[depth] += weight;
        };
        add_depth(0, 1.0);
        loop {
            pos = match pos.status() {
                Status::Over => break,
                Status::Pass => pos.passed(),
                Status::Move => {
                    let moves = pos.legal_moves();
                    weight *= moves.count_ones() as f64;
                    pos.play(rng.pick_square(moves)).expect("a legal move")
                }
            };
            depth += 1;
            total += weight;
            add_depth(depth, weight);
        }
        nodes.add(total);
        games.add(weight);
        plies += depth as u64;
    }
    let n = walks.max(1) as f64;
    TreeSize {
        walks,
        nodes: nodes.mean,
        nodes_error: nodes.error(),
        games: games.mean,
        games_error: games.error(),
        by_depth: by_depth.into_iter().map(|w| w / n).collect(),
        mean_plies: plies as f64 / n,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::geometry::BoardSize;
    use crate::rules::position::Start;

    /// Every node and every finished game below `pos`, counted one by one.
    fn count(pos: &Position, depth: usize, by_depth: &mut Vec<u64>) -> (u64, u64) {
        if by_depth.len() <= depth {
            by_depth.resize(depth + 1, 0);
        }
        by_depth[depth] += 1;
        match pos.status() {
            Status::Over => (1, 1),
            Status::Pass => {
                let (n, g) = count(&pos.passed(), depth + 1, by_depth);
                (n + 1, g)
            }
            Status::Move => pos.legal_squares().fold((1, 0), |(n, g), sq| {
                let (cn, cg) = count(&pos.play(sq).unwrap(), depth + 1, by_depth);
                (n + cn, g + cg)
            }),
        }
    }

    #[test]
    fn the_estimate_of_4x4_agrees_with_the_tree_counted_node_by_node() {
        let root = Position::start(BoardSize::new(4, 4).unwrap(), Start::Othello);
        let mut exact_depths = Vec::new();
        let (nodes, games) = count(&root, 0, &mut exact_depths);
        let est = estimate(&root, 200_000, &mut Rng::new(5));
        // Unbiased: within four standard errors of the count.
        assert!((est.nodes - nodes as f64).abs() < 4.0 * est.nodes_error, "{} ± {} against {nodes}", est.nodes, est.nodes_error);
        assert!((est.games - games as f64).abs() < 4.0 * est.games_error, "{} ± {} against {games}", est.games, est.games_error);
        assert!(est.nodes_error < 0.05 * nodes as f64);
        // Depth by depth too: the first plies exactly (every walk sees the same branching).
        assert_eq!(est.by_depth.len(), exact_depths.len());
        assert_eq!(est.by_depth[..2], [1.0, exact_depths[1] as f64]);
        for (d, (&e, &x)) in est.by_depth.iter().zip(&exact_depths).enumerate() {
            assert!((e - x as f64).abs() <= 0.1 * x as f64 + 2.0, "depth {d}: {e} against {x}");
        }
    }

    #[test]
    fn the_same_seed_gives_the_same_estimate() {
        let root = Position::start(BoardSize::new(6, 6).unwrap(), Start::Othello);
        assert_eq!(estimate(&root, 1000, &mut Rng::new(1)), estimate(&root, 1000, &mut Rng::new(1)));
    }
}
