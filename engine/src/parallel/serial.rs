//! One thread: principal variation search over a list of moves, the first
//! with the full window, the rest with a null window at the best value so
//! far and a re-search when one may be better. The root of every search
//! runs this when it does not split, and it is what a split point's tasks
//! do with each move.

use crate::bound::{Bound, Scored};

/// Searches items `from..items` after the best value so far `alpha`
/// (`search(i, lo, hi)` gives item `i`'s value within (`lo`, `hi`), or `None`
/// if the search was cut short); `first_full` gives item `from` the whole
/// window. Each finished item's value and bound go to `record`; stops at a
/// cutoff. Returns false if a search was cut short.
pub fn pvs(
    items: usize,
    from: usize,
    mut alpha: i32,
    beta: i32,
    first_full: bool,
    mut search: impl FnMut(usize, i32, i32) -> Option<i32>,
    mut record: impl FnMut(usize, Scored),
) -> bool {
    for i in from..items {
        let s = if i == from && first_full {
            let v = match search(i, alpha, beta) {
                Some(v) => v,
                None => return false,
            };
            Scored::new(v, alpha, beta)
        } else {
            let Some(v) = search(i, alpha, alpha + 1) else { return false };
            if v > alpha && v < beta {
                let Some(r) = search(i, v, beta) else { return false };
                // Failing low at the lower bound the null window proved
                // means the value is that bound.
                Scored { value: r, bound: if r <= v { Bound::Exact } else { Bound::of(r, v, beta) } }
            } else {
                Scored::new(v, alpha, alpha + 1)
            }
        };
        record(i, s);
        if s.value > alpha {
            alpha = s.value;
            if alpha >= beta {
                break;
            }
        }
    }
    true
}

/// Searches every item with the full window (every move's exact value).
pub fn each(items: usize, alpha: i32, beta: i32, mut search: impl FnMut(usize, i32, i32) -> Option<i32>, mut record: impl FnMut(usize, Scored)) -> bool {
    for i in 0..items {
        let Some(v) = search(i, alpha, beta) else { return false };
        record(i, Scored::new(v, alpha, beta));
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pvs_keeps_bounds_and_cuts() {
        let values = [3, 1, 8, 2, 99];
        let mut seen = Vec::new();
        let search = |i: usize, lo: i32, hi: i32| {
            let v: i32 = values[i];
            Some(v.clamp(lo, hi))
        };
        assert!(pvs(values.len(), 0, -64, 64, true, search, |i, s| seen.push((i, s))));
        assert_eq!(seen[0], (0, Scored { value: 3, bound: Bound::Exact }));
        assert_eq!(seen[1], (1, Scored { value: 3, bound: Bound::Upper }));
        assert_eq!(seen[2], (2, Scored { value: 8, bound: Bound::Exact }));
        assert_eq!(seen[4], (4, Scored { value: 64, bound: Bound::Lower }));
    }
}
