//! The root of every search: one list of root moves, each with its value,
//! what that value proves and its line (Stockfish's `RootMoves`), and one iteration over it in the chosen
//! parallel mode. The playing search deepens over it; the solver runs it
//! for win/draw/loss and then for the exact score.

use crate::bound::{Bound, Scored};
use crate::parallel::{msai, serial, ybw, Split};
use crate::rules::game::Move;
use crate::rules::movegen::{MoveRules, Squares};
use crate::search::node::{Policy, Searcher};

/// One root move.
#[derive(Clone, Debug)]
pub struct RootMove {
    /// The square, as a bit index.
    pub sq: u32,
    /// After the move, the discs of the side to move next (the opponent).
    pub p: u64,
    /// After the move, the discs of the side that made it.
    pub o: u64,
    /// From the root's side, as the last iteration left it.
    pub value: i32,
    /// What its value proves.
    pub bound: Bound,
    /// Searched (to the end) by the current iteration.
    pub searched: bool,
    /// The expected line from the root, starting with this move, where the
    /// caller filled it in.
    pub line: Vec<Move>,
}

/// The root moves, best first after each iteration.
#[derive(Clone, Debug, Default)]
pub struct RootMoves {
    /// The moves, best first once searched.
    pub moves: Vec<RootMove>,
}

impl RootMoves {
    /// The moves in `moves` (a bitboard of legal moves) from (`p`, `o`), in
    /// square order, unsearched.
    pub fn new<G: MoveRules>(p: u64, o: u64, moves: u64, inf: i32) -> RootMoves {
        RootMoves {
            moves: Squares(moves)
                .map(|sq| {
                    let f = G::flipped(p, o, sq);
                    RootMove {
                        sq,
                        p: o ^ f,
                        o: p ^ f ^ (1u64 << sq),
                        value: -inf,
                        bound: Bound::Upper,
                        searched: false,
                        line: Vec::new(),
                    }
                })
                .collect(),
        }
    }

    /// The number of moves.
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// True if there is no move.
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// The best move: the first.
    pub fn best(&self) -> &RootMove {
        &self.moves[0]
    }

    /// Orders the moves by `key` (lower first, ties by square).
    pub fn sort_by_key<K: Ord>(&mut self, mut key: impl FnMut(&RootMove) -> K) {
        self.moves.sort_by_cached_key(|m| (key(m), m.sq));
    }

    /// The best move the current iteration has proven so far: searched,
    /// exact or a cutoff, highest value (the earliest of equals). Its value
    /// is a lower bound on the root's.
    pub fn proven_best(&self) -> Option<&RootMove> {
        self.moves
            .iter()
            .filter(|m| m.searched && m.bound != Bound::Upper)
            .fold(None, |b: Option<&RootMove>, m| if b.is_none_or(|b| m.value > b.value) { Some(m) } else { b })
    }

    /// After a finished iteration: the best move (exact or cutoff, else the
    /// highest bound) to the front, the others keeping their order; with
    /// `all` (every value exact) sorted by value.
    fn settle(&mut self, all: bool) -> Scored {
        if all {
            self.moves.sort_by_key(|m| -m.value);
        } else {
            let at = match self.proven_best() {
                Some(b) => self.moves.iter().position(|m| std::ptr::eq(m, b)).expect("in the list"),
                // Every move failed low: the highest bound, as fail-soft asks.
                None => (0..self.moves.len())
                    .filter(|&i| self.moves[i].searched)
                    .fold(None, |b: Option<usize>, i| if b.is_none_or(|b| self.moves[i].value > self.moves[b].value) { Some(i) } else { b })
                    .unwrap_or(0),
            };
            let chosen = self.moves.remove(at);
            self.moves.insert(0, chosen);
        }
        Scored { value: self.moves[0].value, bound: self.moves[0].bound }
    }

    fn record(&mut self, i: usize, s: Scored) {
        let m = &mut self.moves[i];
        (m.value, m.bound, m.searched) = (s.value, s.bound, true);
    }
}

/// One iteration over `root` to `depth` (the children get `depth − 1`)
/// within (`alpha`, `beta`), as `split` says: with `all` (or MSAI) every move
/// gets the full window; otherwise the first move is searched alone and the
/// rest by principal variation search, split over the pool when `s` splits.
/// Returns the root's value and bound (an upper bound when every move failed
/// low), the best move first in `root`; `None` if a stop, a limit or an
/// abort cut it short (the moves it finished are marked `searched`).
pub fn iterate<P: Policy>(
    s: &mut Searcher<'_, P>,
    root: &mut RootMoves,
    depth: u32,
    alpha: i32,
    beta: i32,
    split: Split,
    all: bool,
) -> Option<Scored> {
    for m in root.moves.iter_mut() {
        m.searched = false;
    }
    let n = root.len();
    // The children apart from the list, which the results are recorded into.
    let moves: Vec<(u64, u64)> = root.moves.iter().map(|m| (m.p, m.o)).collect();
    let child = |w: &mut Searcher<'_, P>, &(p, o): &(u64, u64), lo: i32, hi: i32| {
        let v = -w.node(p, o, depth - 1, -hi, -lo);
        (!w.stopped()).then_some(v)
    };
    let finished = if all || split.root_tasks {
        if split.threads > 1 && n > 1 {
            let this = &*s;
            let (values, workers) =
                msai::each(n, || this.worker(None, !split.root_tasks, 0), |w, i| child(w, &moves[i], alpha, beta));
            for w in &workers {
                s.absorb(w);
            }
            s.absorb_stop();
            let done = values.len() == n && !s.stopped();
            for (i, v) in values {
                root.record(i, Scored::new(v, alpha, beta));
            }
            done
        } else {
            let mut got = Vec::new();
            let done = serial::each(n, alpha, beta, |i, lo, hi| child(s, &moves[i], lo, hi), |i, sc| got.push((i, sc)));
            for (i, sc) in got {
                root.record(i, sc);
            }
            done
        }
    } else {
        let split_here = s.splits() && depth >= P::SPLIT_DEPTH && n > 2;
        let mut got = Vec::new();
        let mut a = alpha;
        let mut done =
            serial::pvs(if split_here { 1 } else { n }, 0, alpha, beta, true, |i, lo, hi| child(s, &moves[i], lo, hi), |i, sc| {
                a = a.max(sc.value);
                got.push((i, sc))
            });
        for (i, sc) in got {
            root.record(i, sc);
        }
        if done && split_here && a < beta {
            // Young Brothers Wait at the root: the eldest is searched, the
            // rest go to the pool against its value.
            let abort = crate::parallel::Abort::new(None);
            let this = &*s;
            let rest = &moves[1..];
            let r = ybw::split(rest.len(), a, beta, &abort, || this.worker(Some(&abort), true, 0), |w, j, lo, hi| child(w, &rest[j], lo, hi));
            for w in &r.workers {
                s.absorb(w);
            }
            s.absorb_stop();
            for &(j, sc) in &r.scored {
                root.record(j + 1, sc);
            }
            done = !s.stopped();
        }
        done
    };
    if !finished {
        return None;
    }
    Some(root.settle(all))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::geometry::{BoardSize, Dims};
    use crate::rules::movegen::MoveGen;
    use crate::rules::position::{Position, Start};

    type G = Dims<8, 8>;

    #[test]
    fn root_moves_are_the_legal_moves_with_the_positions_they_lead_to() {
        let start = *crate::rules::game::Game::from_record(Position::start(BoardSize::OTHELLO, Start::Othello), "f5d6c3").unwrap().current();
        let (p, o) = (start.player(), start.opponent());
        let moves = G::moves(p, o);
        let mut root = RootMoves::new::<G>(p, o, moves, 64);
        assert_eq!(root.len(), moves.count_ones() as usize);
        for m in &root.moves {
            let after = start.play(crate::rules::square::Square::of_bit(m.sq)).unwrap();
            // The child from the side that moves next: its discs, then the mover's.
            assert_eq!((m.p, m.o), (after.player(), after.opponent()));
            assert_eq!((m.value, m.bound, m.searched), (-64, Bound::Upper, false));
        }
        // Nothing proven before a search; a sort keeps squares in order among equal keys.
        assert!(root.proven_best().is_none());
        root.sort_by_key(|m| m.p.count_ones());
        assert!(root.moves.windows(2).all(|w| (w[0].p.count_ones(), w[0].sq) < (w[1].p.count_ones(), w[1].sq)));
        root.moves[1].searched = true;
        root.moves[1].bound = Bound::Exact;
        root.moves[1].value = 3;
        assert_eq!(root.proven_best().map(|m| m.sq), Some(root.moves[1].sq));
    }
}
