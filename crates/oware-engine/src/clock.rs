//! The search's clock. Natively it is [`std::time::Instant`]. WebAssembly in a browser
//! (`wasm32-unknown-unknown`) has no clock of its own (`Instant::now` panics there): the page's
//! binding gives one with [`set_wasm_clock`] (JavaScript's `performance.now()`); until then time
//! stands still, so only depth and node limits end a search.

#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
pub(crate) use std::time::Instant;

#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
pub use wasm::set_wasm_clock;
#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
pub(crate) use wasm::Instant;

#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
mod wasm {
    use std::sync::OnceLock;
    use std::time::Duration;

    static CLOCK: OnceLock<fn() -> f64> = OnceLock::new();

    /// Sets the clock the search reads: milliseconds since any fixed moment (JavaScript's
    /// `performance.now()`). Only the first call counts.
    pub fn set_wasm_clock(now_ms: fn() -> f64) {
        let _ = CLOCK.set(now_ms);
    }

    fn now_ms() -> f64 {
        CLOCK.get().map_or(0.0, |f| f())
    }

    /// A moment of the clock given to [`set_wasm_clock`].
    #[derive(Debug, Clone, Copy)]
    pub(crate) struct Instant(f64);

    impl Instant {
        pub(crate) fn now() -> Instant {
            Instant(now_ms())
        }

        pub(crate) fn elapsed(&self) -> Duration {
            Duration::from_secs_f64(((now_ms() - self.0) / 1000.0).max(0.0))
        }
    }
}
