//! The only way the AI learns the time: the page's worker supplies `performance.now()`,
//! native code a monotonic `Instant`. A search with a node budget never asks.

/// Milliseconds since some fixed origin, never going backwards.
pub trait Clock {
    fn now_ms(&self) -> f64;
}

/// Native monotonic time, measured from the clock's creation.
#[cfg(not(target_arch = "wasm32"))]
pub struct SystemClock(std::time::Instant);

#[cfg(not(target_arch = "wasm32"))]
impl SystemClock {
    pub fn new() -> SystemClock {
        SystemClock(std::time::Instant::now())
    }
}

#[cfg(not(target_arch = "wasm32"))]
impl Default for SystemClock {
    fn default() -> Self {
        SystemClock::new()
    }
}

#[cfg(not(target_arch = "wasm32"))]
impl Clock for SystemClock {
    fn now_ms(&self) -> f64 {
        self.0.elapsed().as_secs_f64() * 1000.0
    }
}

/// A clock that always reads 0: for node budgets where no time source exists (the reported
/// `ms` is then 0), and for tests.
pub struct NoClock;

impl Clock for NoClock {
    fn now_ms(&self) -> f64 {
        0.0
    }
}

impl<F: Fn() -> f64> Clock for F {
    fn now_ms(&self) -> f64 {
        self()
    }
}
