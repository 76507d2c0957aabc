//! Paper 003's two searches as its figures 1 and 2 print them: plain
//! fixed-depth alpha-beta whose children are taken in the order of their
//! static value, and the same with the statistical cut tried at every node
//! before its children. No table, no iterative deepening, no null windows:
//! the baseline the paper's speed-ups are measured against. The engine's
//! search (`search.rs`) makes the same cut inside a much stronger search;
//! the experiment reports both.

use std::sync::atomic::{AtomicBool, Ordering};

use crate::four::board::{has_four, legal};
use crate::four::eval::Evaluate;
use crate::four::pruning::{Cut, Decision, PruningStats};
use crate::four::search::{INF, WIN};
use crate::rng::Rng;
use crate::rules::movegen::Squares;

/// A position's children, best first: (key, peg, player, opponent); one
/// per peg at most, so no allocation per node.
struct Children {
    list: [(i32, u32, u64, u64); 16],
    len: usize,
}

impl Children {
    fn iter(&self) -> impl Iterator<Item = (u32, u64, u64)> + '_ {
        self.list[..self.len].iter().map(|&(_, c, np, no)| (c, np, no))
    }
}

/// One search of figure 1 (`margin` infinite) or figure 2.
pub struct PaperSearch<'s, E> {
    stop: Option<&'s AtomicBool>,
    stopped: bool,
    eval: E,
    stats: &'s PruningStats,
    margin: Cut,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Tree nodes kept for calibration (paper 003 measures its statistics
    /// on the nodes of the search tree): up to `sample.0` interior nodes
    /// of each remaining depth, a uniform draw by `sample.1`.
    sample: Option<(usize, Rng)>,
    /// Interior nodes met so far by remaining depth (the reservoir's count).
    seen: [u64; 65],
    /// The reservoir by remaining depth: side-relative stones.
    kept: Vec<Vec<(u64, u64)>>,
}

impl<'s, E: Evaluate> PaperSearch<'s, E> {
    /// A search with `eval`, pruning by `stats` at `margin` σ (infinite: none).
    pub fn new(eval: E, stats: &'s PruningStats, margin: Cut) -> Self {
        PaperSearch {
            stop: None,
            stopped: false,
            eval,
            stats,
            margin,
            nodes: 0,
            sample: None,
            seen: [0; 65],
            kept: Vec::new(),
        }
    }

    /// Ends the search soon after `stop` is set; its answers are then
    /// meaningless ([`PaperSearch::stopped`] says so).
    pub fn stopping(mut self, stop: Option<&'s AtomicBool>) -> Self {
        self.stop = stop;
        self
    }

    /// Whether the last search was cut short by its stop or limit.
    pub fn stopped(&self) -> bool {
        self.stopped
    }

    /// Keeps in `sampled` up to `per_depth` interior nodes of each
    /// remaining depth, drawn uniformly from all the searches' nodes of
    /// that depth (reservoir sampling, seeded).
    pub fn sampling(mut self, per_depth: usize, seed: u64) -> Self {
        self.sample = Some((per_depth.max(1), Rng::new(seed)));
        self.kept = vec![Vec::new(); 65];
        self
    }

    /// The tree nodes sampled so far: side-relative stones and plies left.
    pub fn sampled(&self) -> Vec<(u64, u64, u32)> {
        self.kept.iter().enumerate().flat_map(|(k, v)| v.iter().map(move |&(p, o)| (p, o, k as u32))).collect()
    }

    /// The exact `depth`-ply value of (`p`, `o`) for the side to move: the
    /// search with a full window.
    pub fn value(&mut self, p: u64, o: u64, depth: u32) -> i32 {
        self.node(p, o, depth, -INF, INF)
    }

    /// Whether dropping on `peg` from (`p`, `o`) is worth at least `bound`
    /// at `depth` plies: one null-window search of the child, which costs
    /// far less than its exact value.
    pub fn move_reaches(&mut self, p: u64, o: u64, peg: u32, depth: u32, bound: i32) -> bool {
        let Some(c) = Squares(legal(p | o)).find(|c| c % 16 == peg % 16) else { return false };
        -self.node(o, p | 1u64 << c, depth - 1, -bound, -bound + 1) >= bound
    }

    /// Every root move of (`p`, `o`) with its `depth`-ply value, each
    /// searched with a full window, in the order of the static values
    /// (nothing is cut at the root's children: the window is open).
    pub fn root_values(&mut self, p: u64, o: u64, depth: u32) -> Vec<(u32, i32)> {
        self.children(p, o)
            .iter()
            .map(|(c, np, no)| (c, -self.node(np, no, depth - 1, -INF, INF)))
            .collect()
    }

    /// The move figure 1 or 2 plays from (`p`, `o`): the first of the best
    /// in the static order, and its value.
    pub fn best_move(&mut self, p: u64, o: u64, depth: u32) -> (u32, i32) {
        let mut best = (64, -INF);
        for (c, np, no) in self.children(p, o).iter() {
            let v = -self.node(np, no, depth - 1, -INF, -best.1);
            if v > best.1 {
                best = (c, v);
            }
        }
        best
    }

    /// The children of a position with no line yet, best static value for
    /// the mover first (the paper sorts by −t(q)); ties keep cell order.
    fn children(&mut self, p: u64, o: u64) -> Children {
        let mut kids = Children { list: [(0, 0, 0, 0); 16], len: 0 };
        for c in Squares(legal(p | o)) {
            let np = p | 1u64 << c;
            let key = if has_four(np) { INF } else { -self.eval.eval(o, np) };
            kids.list[kids.len] = (key, c, o, np);
            kids.len += 1;
        }
        // Stable: ties keep cell order.
        kids.list[..kids.len].sort_by_key(|k| -k.0);
        kids
    }

    /// Fail-hard alpha-beta from the side to move's view. A line just made
    /// by the opponent ends the game (sooner wins rank higher, as in the
    /// engine); a full board is a draw.
    fn node(&mut self, p: u64, o: u64, depth: u32, alpha: i32, beta: i32) -> i32 {
        self.nodes += 1;
        if self.nodes.is_multiple_of(4096) {
            self.stopped |= self.stop.is_some_and(|s| s.load(Ordering::Relaxed));
        }
        if self.stopped {
            return alpha;
        }
        let stones = (p | o).count_ones();
        if has_four(o) {
            return -(WIN - stones as i32);
        }
        if stones == 64 {
            return 0;
        }
        if depth == 0 {
            return self.eval.eval(p, o);
        }
        if let Some((per_depth, rng)) = &mut self.sample {
            let (seen, kept) = (&mut self.seen[depth as usize], &mut self.kept[depth as usize]);
            *seen += 1;
            if kept.len() < *per_depth {
                kept.push((p, o));
            } else {
                let j = rng.below(*seen) as usize;
                if j < *per_depth {
                    kept[j] = (p, o);
                }
            }
        }
        let cut = match self.stats.decide(&self.eval, self.margin, p, o, depth, alpha, beta) {
            Decision::Search => None,
            Decision::Cut(v) => Some(v),
            Decision::Probe(probe) => probe.run(alpha, beta, |d, a, b| self.node(p, o, d, a, b)),
        };
        if let Some(v) = cut {
            return v;
        }
        let mut m = alpha;
        for (_, np, no) in self.children(p, o).iter() {
            let t = -self.node(np, no, depth - 1, -beta, -m);
            if t > m {
                m = t;
                if m >= beta {
                    break;
                }
            }
        }
        m
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::four::eval::{EvalKind, PaperEval, ThreatEval};
    use crate::four::positions::random_opening;
    use crate::four::Board;

    /// Minimax with no window and no order: what alpha-beta must return.
    fn minimax<E: Evaluate>(eval: &E, p: u64, o: u64, depth: u32) -> i32 {
        let stones = (p | o).count_ones();
        if has_four(o) {
            return -(WIN - stones as i32);
        }
        if stones == 64 {
            return 0;
        }
        if depth == 0 {
            return eval.eval(p, o);
        }
        Squares(legal(p | o))
            .map(|c| -minimax(eval, o, p | 1u64 << c, depth - 1))
            .max()
            .unwrap()
    }

    fn positions() -> Vec<Board> {
        let mut rng = Rng::new(77);
        (0..24)
            .filter_map(|i| {
                let mut b = Board::EMPTY;
                for peg in random_opening(&mut rng, 4 + i) {
                    b = b.play(peg)?;
                }
                (b.outcome() == crate::four::Outcome::Playing).then_some(b)
            })
            .collect()
    }

    #[test]
    fn plain_alpha_beta_equals_minimax() {
        let stats = PruningStats::default();
        for b in positions() {
            let (p, o) = (b.player(), b.opponent());
            for depth in 1..=3 {
                let naive: Vec<(u32, i32)> = Squares(legal(p | o))
                    .map(|c| (c, -minimax(&ThreatEval, o, p | 1u64 << c, depth - 1)))
                    .collect();
                let best = naive.iter().map(|m| m.1).max().unwrap();
                let mut s = PaperSearch::new(ThreatEval, &stats, Cut::None);
                let mut values = s.root_values(p, o, depth);
                values.sort();
                assert_eq!(values, naive, "{b:?} depth {depth}");
                let (c, v) =
                    PaperSearch::new(ThreatEval, &stats, Cut::None).best_move(p, o, depth);
                assert_eq!(v, best);
                assert_eq!(
                    naive.iter().find(|m| m.0 == c).unwrap().1,
                    best,
                    "the move played has the best value"
                );
                // The exact value and the null-window test of one move.
                let mut s = PaperSearch::new(ThreatEval, &stats, Cut::None);
                assert_eq!(s.value(p, o, depth), best);
                for &(c, v) in &naive {
                    assert!(s.move_reaches(p, o, c, depth, v), "{b:?} {c} reaches its own value {v}");
                    assert!(!s.move_reaches(p, o, c, depth, v + 1), "{b:?} {c} does not reach {}", v + 1);
                    assert_eq!(s.move_reaches(p, o, c % 16, depth, best), v == best, "by peg");
                }
                let (_, v) = PaperSearch::new(PaperEval::raw(), &stats, Cut::None)
                    .best_move(p, o, depth);
                assert_eq!(
                    v,
                    Squares(legal(p | o))
                        .map(|c| -minimax(&PaperEval::raw(), o, p | 1u64 << c, depth - 1))
                        .max()
                        .unwrap()
                );
            }
        }
    }

    #[test]
    fn the_cut_saves_nodes_and_a_stop_ends_the_search() {
        let stats = PruningStats::shipped(EvalKind::Paper);
        let eval = PaperEval {
            mean: stats.mean_by_move,
        };
        let (mut plain, mut cut) = (0, 0);
        for b in positions().into_iter().take(6) {
            let mut s = PaperSearch::new(eval.clone(), stats, Cut::None);
            s.best_move(b.player(), b.opponent(), 5);
            plain += s.nodes;
            let mut s = PaperSearch::new(eval.clone(), stats, Cut::Margin(1.0));
            s.best_move(b.player(), b.opponent(), 5);
            cut += s.nodes;
        }
        assert!(cut < plain, "{cut} vs {plain}");

        // ProbCut's probes: the same search with every node above two
        // plies predicted from its value two plies shallower.
        let mut probing = PruningStats::default();
        probing.probe = Some(2);
        for m in 0..=64 {
            for k in 1..=8 {
                probing.set_line(m, k, crate::four::pruning::Predictor { samples: 100, slope: 1.0, intercept: 0.0, sigma: 8.0 });
            }
        }
        let (mut plain, mut cut) = (0, 0);
        for b in positions().into_iter().take(6) {
            let (p, o) = (b.player(), b.opponent());
            let mut s = PaperSearch::new(ThreatEval, &probing, Cut::None);
            let (_, v) = s.best_move(p, o, 5);
            plain += s.nodes;
            assert_eq!(v, PaperSearch::new(ThreatEval, stats, Cut::None).value(p, o, 5), "no margin, no probe");
            let mut s = PaperSearch::new(ThreatEval, &probing, Cut::Margin(1.0));
            let (c, _) = s.best_move(p, o, 5);
            assert!(legal(p | o) & 1u64 << c != 0);
            cut += s.nodes;
        }
        assert!(cut < plain, "probes: {cut} vs {plain}");

        let stop = AtomicBool::new(true);
        let b = positions()[0];
        let mut s = PaperSearch::new(eval.clone(), stats, Cut::None).stopping(Some(&stop));
        s.best_move(b.player(), b.opponent(), 12);
        assert!(s.stopped() && s.nodes < 10_000, "{} nodes", s.nodes);

        let mut s = PaperSearch::new(eval.clone(), stats, Cut::None).sampling(3, 5);
        s.best_move(b.player(), b.opponent(), 5);
        let kept = s.sampled();
        for k in 1..=4 {
            assert_eq!(kept.iter().filter(|x| x.2 == k).count(), 3, "three nodes with {k} plies left");
        }
        assert_eq!(kept.len(), 12, "no root, no leaves: {kept:?}");
        for &(p, o, k) in &kept {
            assert_eq!((p | o).count_ones(), (b.player() | b.opponent()).count_ones() + 5 - k, "a node with {k} plies left");
        }
    }
}
