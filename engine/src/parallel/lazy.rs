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

#[cfg(test)]
mod tests {
    use crate::parallel::Mode;
    use crate::rng::Rng;
    use crate::rules::position::Status;
    use crate::solver::solve::{solve, SolveOptions};
    use crate::{BoardSize, Position, Start, TranspositionTable};

    /// Lazy SMP's answer is its main search's: the same exact value as one
    /// thread, with helpers filling the shared table beside it.
    #[test]
    fn lazy_smp_solves_to_the_serial_value() {
        let pool = rayon::ThreadPoolBuilder::new().num_threads(2).build().unwrap();
        let size = BoardSize::new(6, 6).unwrap();
        let mut rng = Rng::new(9);
        for record in 0..4 {
            // 12 to 16 empties: random moves from the start.
            let mut pos = Position::start(size, Start::Othello);
            while pos.empties().count_ones() > 12 + record && pos.status() != Status::Over {
                pos = match pos.status() {
                    Status::Pass => pos.passed(),
                    _ => pos.play(rng.pick_square(pos.legal_moves())).unwrap(),
                };
            }
            let tt = TranspositionTable::with_mib(4);
            let serial = solve(&pos, &tt, SolveOptions { mode: Mode::Serial, ..Default::default() }, None);
            tt.clear();
            let lazy = pool.install(|| solve(&pos, &tt, SolveOptions { mode: Mode::Lazy, ..Default::default() }, None));
            assert_eq!(lazy.exact(), serial.exact(), "{record}");
            assert!(serial.exact().is_some());
        }
    }
}
