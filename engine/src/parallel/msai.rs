//! Paper 000's multithreaded AI (MSAI), as a baseline: every root move its
//! own task with a full window, nothing learnt in one bounding another.
//! The same shape gives every move's exact value for analysis, where each
//! task may split further.

use crate::parallel::in_order;

/// Searches the `items` in order over the pool, each task with its own
/// searcher from `make`; `search(w, i)` gives item `i`'s value or `None` if
/// it was cut short (then that task takes no more). Returns the values of
/// the items that finished, in item order, and the searchers.
pub fn each<W: Send>(
    items: usize,
    make: impl Fn() -> W + Sync,
    search: impl Fn(&mut W, usize) -> Option<i32> + Sync,
) -> (Vec<(usize, i32)>, Vec<W>) {
    let tasks = in_order(items, || (make(), Vec::new()), |(w, values), i| match search(w, i) {
        Some(v) => {
            values.push((i, v));
            true
        }
        None => false,
    });
    let mut values = Vec::new();
    let mut workers = Vec::new();
    for (w, v) in tasks {
        values.extend(v);
        workers.push(w);
    }
    values.sort_by_key(|&(i, _)| i);
    (values, workers)
}
