//! Young Brothers Wait: at a node deep enough to be worth it, the eldest
//! move is searched alone; if it does not cut, the younger brothers are
//! searched at once by the pool against its value. The split point here is
//! used at internal nodes and at the root, by the playing search and by the
//! solver alike.

use std::sync::atomic::{AtomicI32, Ordering::Relaxed};

use crate::bound::{Bound, Scored};
use crate::parallel::{in_order, Abort};

/// What a split point found.
pub struct Split<W> {
    /// The best value among the moves that finished (fail-soft: with every
    /// move failing low, the highest upper bound); `i32::MIN` if none did.
    pub value: i32,
    /// The best move and what its value proves, among the moves whose value
    /// is exact or a cutoff; `None` if every finished move failed low. Ties
    /// go to the earlier move.
    pub best: Option<(usize, Scored)>,
    /// Every move's value, for the moves that finished.
    pub scored: Vec<(usize, Scored)>,
    /// The tasks' searchers, whose statistics the caller adds up.
    pub workers: Vec<W>,
}

/// The split point: the `items` younger moves are searched at once, in
/// order, by as many tasks as the pool has threads. Each task makes its
/// searcher with `make` (working under `abort`); `search(w, i, lo, hi)`
/// gives item `i`'s value from this node's side within (`lo`, `hi`),
/// fail-soft, or `None` if it was cut short. Each move gets a null window at
/// the best value so far (shared by the tasks), a second one if a sibling
/// raised that value meanwhile, and a full re-search only if it may be
/// better; a cutoff aborts the rest.
///
/// Each move's value is kept with its bound. Only an exact value or a cutoff
/// can make a move the best: a move refuted by a null window at a sibling's
/// value has an upper bound equal to that value, and taking it as the best
/// would return (and store, and play) a move that may be worse than the
/// value reported.
pub fn split<W: Send>(
    items: usize,
    alpha: i32,
    beta: i32,
    abort: &Abort,
    make: impl Fn() -> W + Sync,
    search: impl Fn(&mut W, usize, i32, i32) -> Option<i32> + Sync,
) -> Split<W> {
    let shared = AtomicI32::new(alpha);
    let tasks = in_order(
        items,
        || (make(), Vec::new()),
        |(w, scored), i| {
            let a = shared.load(Relaxed);
            if a >= beta || abort.is_set() {
                return false;
            }
            let Some(s) = search_move(w, i, a, beta, &shared, &search) else { return false };
            scored.push((i, s));
            shared.fetch_max(s.value, Relaxed);
            if s.value >= beta {
                abort.set();
                return false;
            }
            true
        },
    );
    let mut out = Split { value: i32::MIN, best: None, scored: Vec::new(), workers: Vec::with_capacity(tasks.len()) };
    for (w, scored) in tasks {
        out.scored.extend(scored);
        out.workers.push(w);
    }
    out.scored.sort_by_key(|&(i, _)| i);
    for &(i, s) in &out.scored {
        out.value = out.value.max(s.value);
        if s.can_be_best() && out.best.is_none_or(|(_, b)| s.value > b.value) {
            out.best = Some((i, s));
        }
    }
    out
}

/// One younger brother: a null window at `a`, again at a sibling's raised
/// value, then the full window above its lower bound if it may be better.
/// The bound is that of the last search, except that a re-search failing
/// low at the lower bound the null window proved has found that very value.
fn search_move<W>(
    w: &mut W,
    i: usize,
    a: i32,
    beta: i32,
    shared: &AtomicI32,
    search: &impl Fn(&mut W, usize, i32, i32) -> Option<i32>,
) -> Option<Scored> {
    let mut v = search(w, i, a, a + 1)?;
    let mut bound = Bound::of(v, a, a + 1);
    let a2 = shared.load(Relaxed);
    if v > a && v <= a2 && a2 < beta {
        v = search(w, i, a2, a2 + 1)?;
        bound = Bound::of(v, a2, a2 + 1);
    }
    if v > a.max(a2) && v < beta {
        let lo = v;
        v = search(w, i, lo, beta)?;
        bound = if v <= lo { Bound::Exact } else { Bound::of(v, lo, beta) };
    }
    Some(Scored { value: v, bound })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A scripted move: its true value, searched fail-soft (a fail-low
    /// returns exactly the window's floor, a fail-high exactly its ceiling:
    /// the bounds that tie most).
    fn scripted(values: &[i32]) -> impl Fn(&mut (), usize, i32, i32) -> Option<i32> + Sync + '_ {
        move |_, i, lo, hi| {
            let v = values[i];
            Some(if v <= lo { lo } else if v >= hi { hi } else { v })
        }
    }

    #[test]
    fn a_fail_low_bound_tied_with_an_exact_value_is_never_best() {
        // Move 0 is exact at 5. Move 1 is worth 2, but a null window at the
        // shared value 5 returns 5: a bound equal to the best. The old split
        // took the first maximum in task order, which could be move 1.
        let pool = rayon::ThreadPoolBuilder::new().num_threads(1).build().unwrap();
        for values in [[5, 2], [2, 5]] {
            let abort = Abort::new(None);
            let r = pool.install(|| split(2, 0, 64, &abort, || (), scripted(&values)));
            let best = values.iter().position(|&v| v == 5).unwrap();
            assert_eq!(r.value, 5);
            assert_eq!(r.best.map(|b| b.0), Some(best), "values {values:?}: best {:?}", r.best);
            assert_eq!(r.best.unwrap().1.bound, Bound::Exact);
        }
    }

    #[test]
    fn the_bad_interleavings_on_two_threads() {
        // The race the solver's root and every split point could lose: the
        // weak move's first null window fails high (it is above the old
        // floor), the strong move then finishes exact at 7 and raises the
        // shared value, and the weak move's second null window at 7 fails
        // low with the bound 7: tied with the exact value. Forced here with
        // a flag, with the strong move first and second in order.
        use std::sync::atomic::AtomicBool;
        let pool = rayon::ThreadPoolBuilder::new().num_threads(2).build().unwrap();
        for strong in [0, 1] {
            let values = if strong == 0 { [7, 3] } else { [3, 7] };
            let strong_done = AtomicBool::new(false);
            let abort = Abort::new(None);
            let r = pool.install(|| {
                split(2, 0, 64, &abort, || (), |w, i, lo, hi| {
                    let v = scripted(&values)(w, i, lo, hi);
                    if i == strong && hi == 64 {
                        strong_done.store(true, Relaxed);
                    }
                    if i != strong && lo == 0 {
                        let t0 = std::time::Instant::now();
                        while !strong_done.load(Relaxed) {
                            assert!(t0.elapsed().as_secs() < 10, "the strong move never finished");
                            std::thread::yield_now();
                        }
                        // Let its task publish the value it found.
                        std::thread::sleep(std::time::Duration::from_millis(20));
                    }
                    v
                })
            });
            let weak = &r.scored.iter().find(|s| s.0 != strong).unwrap().1;
            assert_eq!((weak.value, weak.bound), (7, Bound::Upper), "the forced tie happened");
            assert_eq!(r.value, 7);
            assert_eq!(r.best.map(|b| (b.0, b.1.bound)), Some((strong, Bound::Exact)), "strong move {strong}: {:?}", r.scored);
        }
    }

    #[test]
    fn every_move_failing_low_has_no_best_move() {
        let pool = rayon::ThreadPoolBuilder::new().num_threads(2).build().unwrap();
        let abort = Abort::new(None);
        let values = [-3, -9, 0];
        let r = pool.install(|| split(3, 0, 64, &abort, || (), scripted(&values)));
        assert_eq!(r.value, 0);
        assert_eq!(r.best, None);
        assert!(r.scored.iter().all(|(_, s)| s.bound == Bound::Upper));
    }

    #[test]
    fn a_cutoff_is_best_and_ends_the_rest() {
        let pool = rayon::ThreadPoolBuilder::new().num_threads(1).build().unwrap();
        let abort = Abort::new(None);
        let values = [1, 70, 5, 6];
        let r = pool.install(|| split(4, 0, 64, &abort, || (), scripted(&values)));
        assert_eq!(r.best.map(|b| (b.0, b.1.bound)), Some((1, Bound::Lower)));
        assert!(r.value >= 64);
        assert_eq!(r.scored.len(), 2, "the moves after the cutoff are not searched");
    }
}
