//! Lazy SMP: while the main search runs, helpers search the same tree over
//! the shared table, each perturbed a little (its own move order, or a ply
//! deeper) so that the threads part ways and fill the table for each other.
//! Only the main search answers; helpers are aborted when it is done.

use std::sync::Mutex;

use crate::parallel::Abort;

/// Runs `main` on this thread while `threads − 1` helpers run `helper(k,
/// abort)` (k = 1, 2, …) on the pool; when `main` returns, `abort` is set,
/// the helpers end, and their results come back with `main`'s.
pub fn with_helpers<R, H: Send>(
    threads: usize,
    main: impl FnOnce() -> R,
    helper: impl Fn(usize, &Abort) -> H + Sync,
) -> (R, Vec<H>) {
    if threads < 2 {
        return (main(), Vec::new());
    }
    let abort = Abort::new(None);
    let done = Mutex::new(Vec::new());
    let r = rayon::in_place_scope(|scope| {
        for k in 1..threads {
            let (abort, done, helper) = (&abort, &done, &helper);
            scope.spawn(move |_| {
                let h = helper(k, abort);
                done.lock().expect("no helper panics holding the list").push(h);
            });
        }
        let r = main();
        abort.set();
        r
    });
    (r, done.into_inner().expect("no helper panics holding the list"))
}
