//! Log-in attempts, limited per client address and per account (OWASP's advice against
//! guessing: throttle, with a message, rather than lock an account for good, which would let
//! anyone lock anyone out).
//!
//! Each key (an address's /64 or /32, an account's lower-case name) keeps the times of its
//! recent attempts (every attempt for an address, failed ones for an account) in a sliding
//! window; at the limit, the next attempt is refused until the oldest leaves the window, and
//! the refusal says when (`Retry-After`). Time is the server's clock, so tests move it on.

use std::collections::{HashMap, VecDeque};
use std::sync::Mutex;

/// Attempts from one address per window.
pub const PER_ADDRESS: usize = 30;
/// Failed attempts on one account per window.
pub const PER_ACCOUNT: usize = 8;
/// The window, in milliseconds (15 minutes).
pub const WINDOW_MS: u64 = 15 * 60 * 1000;
/// Keys kept at most; the oldest windows are dropped beyond (a flood of made-up names).
const KEYS_MAX: usize = 100_000;

/// A sliding window of event times per key.
#[derive(Default)]
pub struct Window {
    keys: Mutex<HashMap<String, VecDeque<u64>>>,
}

impl Window {
    /// Whether `key` may try at `now` given `limit` per window; `Err(seconds)` to wait.
    pub fn check(&self, key: &str, limit: usize, now: u64) -> Result<(), u64> {
        let mut keys = self.keys.lock().unwrap_or_else(|e| e.into_inner());
        let Some(times) = keys.get_mut(key) else {
            return Ok(());
        };
        while times.front().is_some_and(|&t| t + WINDOW_MS <= now) {
            times.pop_front();
        }
        if times.len() < limit {
            return Ok(());
        }
        let oldest = times.front().copied().unwrap_or(now);
        Err((oldest + WINDOW_MS)
            .saturating_sub(now)
            .div_ceil(1000)
            .max(1))
    }

    /// Counts an event of `key` at `now`.
    pub fn count(&self, key: &str, now: u64) {
        let mut keys = self.keys.lock().unwrap_or_else(|e| e.into_inner());
        if keys.len() >= KEYS_MAX && !keys.contains_key(key) {
            keys.retain(|_, t| t.back().is_some_and(|&last| last + WINDOW_MS > now));
            if keys.len() >= KEYS_MAX {
                return;
            }
        }
        let times = keys.entry(key.to_string()).or_default();
        times.push_back(now);
        if times.len() > PER_ADDRESS.max(PER_ACCOUNT) * 2 {
            times.pop_front();
        }
    }

    /// Forgets `key` (a successful log-in clears its account's failures).
    pub fn clear(&self, key: &str) {
        self.keys
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .remove(key);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_limit_holds_until_the_oldest_attempt_leaves_the_window() {
        let w = Window::default();
        for i in 0..3 {
            assert_eq!(w.check("k", 3, 1000 + i), Ok(()));
            w.count("k", 1000 + i);
        }
        assert_eq!(w.check("k", 3, 2000), Err((WINDOW_MS - 1000) / 1000));
        assert_eq!(w.check("other", 3, 2000), Ok(()));
        assert_eq!(w.check("k", 3, 1000 + WINDOW_MS), Ok(()));
        w.clear("k");
        assert_eq!(w.check("k", 1, 2000), Ok(()));
    }
}
