//! The one clock of game time ([`Clock`]): what online play reads as "now" (clocks and flags,
//! claim delays, offers' cool-downs, presence, the lobby's grace, the server's sign of life
//! that a restart measures its downtime by) and what its timers sleep on (the flag timer, the
//! lobby's grace). A server reads the system's time ([`SystemClock`], the default of
//! [`ServerConfig::clock`](crate::ServerConfig::clock)); a test gives it a [`ManualClock`]
//! and moves time on with [`ManualClock::advance`] instead of sleeping.
//!
//! Not on this clock, on purpose (infrastructure, not rules of the game): the network's
//! timeouts (a request's headers and body, long polls, the shutdown's wait), the intervals of
//! instance sync's heartbeats and of retries while another instance holds a claim (how often
//! work is done), the per-address rate limits (`limits.rs`, on `Instant`), the store's own
//! timestamps (creation dates, the leases of claims that several instances compare), the
//! reviews' dates and the engine's search times.

use std::fmt;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use tokio::sync::watch;

/// A sleep on a [`Clock`]: it ends once the clock reads its deadline or later.
pub type Sleep = Pin<Box<dyn Future<Output = ()> + Send>>;

/// Where game code gets the time and waits for it. Times are milliseconds since the Unix epoch,
/// as the store keeps them.
pub trait Clock: Send + Sync + fmt::Debug {
    /// Now, in milliseconds since the Unix epoch.
    fn now_ms(&self) -> u64;

    /// A future that ends once the clock reads `epoch_ms` or later (at once if it already does).
    fn sleep_until(&self, epoch_ms: u64) -> Sleep;
}

/// The system's time, and tokio's timers to wait for it (the default clock).
#[derive(Debug, Clone, Copy, Default)]
pub struct SystemClock;

/// Milliseconds since the Unix epoch by the system's time.
pub(crate) fn system_now_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
}

impl Clock for SystemClock {
    fn now_ms(&self) -> u64 {
        system_now_ms()
    }

    fn sleep_until(&self, epoch_ms: u64) -> Sleep {
        let wait = epoch_ms.saturating_sub(system_now_ms());
        Box::pin(tokio::time::sleep(Duration::from_millis(wait)))
    }
}

/// A clock that stands still until it is told to move ([`ManualClock::advance`]), for tests:
/// every sleep whose deadline is reached then ends. Clones share one time.
#[derive(Debug, Clone)]
pub struct ManualClock {
    now: Arc<watch::Sender<u64>>,
}

impl ManualClock {
    /// A clock reading `epoch_ms`.
    pub fn new(epoch_ms: u64) -> ManualClock {
        ManualClock {
            now: Arc::new(watch::channel(epoch_ms).0),
        }
    }

    /// A clock reading the system's time now (so that times it gives look like real ones).
    pub fn starting_now() -> ManualClock {
        ManualClock::new(system_now_ms())
    }

    /// Moves the time on by `by` and wakes every sleep whose deadline has come.
    pub fn advance(&self, by: Duration) {
        let by = u64::try_from(by.as_millis()).unwrap_or(u64::MAX);
        self.now.send_modify(|now| *now = now.saturating_add(by));
    }

    /// The clock as the [`Arc<dyn Clock>`] a [`ServerConfig`](crate::ServerConfig) takes.
    pub fn shared(&self) -> Arc<dyn Clock> {
        Arc::new(self.clone())
    }
}

impl Clock for ManualClock {
    fn now_ms(&self) -> u64 {
        *self.now.borrow()
    }

    fn sleep_until(&self, epoch_ms: u64) -> Sleep {
        let mut rx = self.now.subscribe();
        Box::pin(async move {
            if rx.wait_for(|&now| now >= epoch_ms).await.is_err() {
                // The clock is gone: its time never comes.
                std::future::pending::<()>().await;
            }
        })
    }
}

/// The UTC date `YYYY-MM-DD` of day `day` (days since 1970-01-01), by Howard Hinnant's
/// `civil_from_days`: the puzzle of the day's date and the operator's listings.
pub fn utc_date(day: i64) -> String {
    let z = day + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}-{m:02}-{d:02}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_manual_clock_wakes_the_sleeps_whose_time_has_come() {
        let clock = ManualClock::new(1_000);
        let early = tokio::spawn(clock.sleep_until(1_500));
        let late = tokio::spawn(clock.sleep_until(3_000));
        clock.advance(Duration::from_millis(600));
        assert_eq!(clock.now_ms(), 1_600);
        early.await.unwrap();
        for _ in 0..10 {
            tokio::task::yield_now().await;
        }
        assert!(!late.is_finished(), "not yet its time");
        clock.advance(Duration::from_secs(2));
        late.await.unwrap();
        // A deadline already passed ends at once.
        clock.sleep_until(0).await;
    }
}
