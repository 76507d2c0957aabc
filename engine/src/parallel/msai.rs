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

#[cfg(test)]
mod tests {
    use super::each;

    /// Every item in order, each searched once by some task; a task cut
    /// short takes no more items, and the others still finish theirs.
    #[test]
    fn each_item_is_searched_once_and_comes_back_in_order() {
        let pool = rayon::ThreadPoolBuilder::new().num_threads(2).build().unwrap();
        let (values, workers) = pool.install(|| each(9, || 0u32, |w, i| {
            *w += 1;
            Some(i as i32 * 10)
        }));
        assert_eq!(values, (0..9).map(|i| (i, i as i32 * 10)).collect::<Vec<_>>());
        assert_eq!(workers.iter().sum::<u32>(), 9);
        // Item 4 is cut short: it has no value; the rest do.
        let (values, _) = pool.install(|| each(9, || (), |_, i| (i != 4).then_some(i as i32)));
        assert!(values.iter().all(|&(i, v)| i != 4 && v == i as i32));
        assert!(values.windows(2).all(|w| w[0].0 < w[1].0));
    }
}
