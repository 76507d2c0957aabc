//! The stop helper the stop and parallel tests share: work on another
//! thread, a stop raised part-way, and how long the work took to end after it.

#![allow(dead_code)]

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// How long a stop may take here before the test calls it a failure: far
/// above the target (10-50 ms, printed by every test and judged in the
/// measurements file), far below a stop the search never looks at (a 44-empty
/// solve once ran on for 45 s). Two shared vCPUs under a loaded CI run make
/// tighter wall-clock bounds flaky.
pub const PROMPT: Duration = Duration::from_millis(1000);

/// Runs `work` on another thread, raises `stop` `after` in, and returns how
/// long the work took to end after that, with its answer.
pub fn stopped_after<T: Send>(after: Duration, stop: &AtomicBool, work: impl FnOnce() -> T + Send) -> (Duration, T) {
    std::thread::scope(|s| {
        let h = s.spawn(work);
        std::thread::sleep(after);
        let t = Instant::now();
        stop.store(true, Ordering::Relaxed);
        let answer = h.join().unwrap();
        (t.elapsed(), answer)
    })
}
