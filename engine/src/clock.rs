//! Elapsed time for search limits and statistics. `std::time::Instant` panics
//! on wasm32-unknown-unknown, so in the browser the clock is JavaScript's
//! `Date.now()`, which every worker has.

/// A wall clock started at a moment: seconds since then.
#[cfg(not(target_arch = "wasm32"))]
#[derive(Clone, Copy, Debug)]
pub struct Clock(std::time::Instant);

#[cfg(not(target_arch = "wasm32"))]
impl Clock {
    /// A clock that starts now.
    pub fn start() -> Clock {
        Clock(std::time::Instant::now())
    }

    /// Seconds since [`Clock::start`].
    pub fn seconds(&self) -> f64 {
        self.0.elapsed().as_secs_f64()
    }
}

/// A wall clock started at a moment: seconds since then (the page's
/// `Date.now()`, since `Instant` has no clock in the browser).
#[cfg(target_arch = "wasm32")]
#[derive(Clone, Copy, Debug)]
pub struct Clock(f64);

#[cfg(target_arch = "wasm32")]
impl Clock {
    /// A clock that starts now.
    pub fn start() -> Clock {
        Clock(js_sys::Date::now())
    }

    /// Seconds since [`Clock::start`] (millisecond resolution).
    pub fn seconds(&self) -> f64 {
        (js_sys::Date::now() - self.0) / 1000.0
    }
}

/// `count` per second over `seconds`; 0 when no time passed (a search that
/// ended at once has no rate, not an infinite one).
pub fn rate(count: u64, seconds: f64) -> f64 {
    if seconds > 0.0 {
        count as f64 / seconds
    } else {
        0.0
    }
}
