//! Limits per client (per IP address; an IPv6 client is its /64, see [`ClientKey`]) and of the
//! HTTP connections: how much engine work one client may start, how many games it may create, how many event streams and long polls it
//! may hold open, and how long a connection may take to send its request. The settings are
//! [`ServerLimits`]; the HTTP stack applies the timeouts (hyper's header read timeout,
//! tower-http's body timeout), the handlers ask the budget (`budget/`) before starting work.

use std::net::{IpAddr, Ipv6Addr};
use std::sync::Arc;
use std::time::Duration;

use crate::time::Clock;

use crate::proxy::TrustedProxies;
use crate::window::{Refused, Window};

/// The least time a rated puzzle round takes by default, per solver move, from serving.
pub const PUZZLE_PACE: Duration = Duration::from_secs(1);

/// The limits of one server: per client (IP address), on the engine's queues and on the
/// connections. [`ServerLimits::default`] suits a public server; tests use small ones.
#[derive(Debug, Clone)]
pub struct ServerLimits {
    /// Engine jobs (analyses, hints, games against the computer) one address may start
    /// within `engine_window` (default 120).
    pub engine_starts: usize,
    /// The window of `engine_starts` (default one minute).
    pub engine_window: Duration,
    /// Games on one device (with a friend or against the computer) one address may create
    /// within `games_window` (default 100: one every 6 s for 10 minutes; a person starting
    /// game after game stays well under it). Online games have their own limit
    /// (`OnlineConfig::create_limit`).
    pub games_created: usize,
    /// The window of `games_created` (default 10 minutes).
    pub games_window: Duration,
    /// The computer's replies one address may have in the engine (searching or waiting for a
    /// slot) at once, over all its games against the computer (default 2): a move that needs
    /// one more is refused (429 `too-many-engine-jobs`) until one ends, so that one client
    /// cannot hold a lane (the hard and expert replies' above all) while others wait.
    pub engine_replies_per_client: usize,
    /// Analyses and hints one address may have in the engine (searching or waiting for a
    /// slot) at once, over all its games and spectators' streams (default 4); a new analysis
    /// of the same game (or the same spectator's stream) by the same address takes the place
    /// of the one it stops.
    pub analyses_per_client: usize,
    /// Analyses and hints one logged-in account may have in the engine at once, from any
    /// addresses (default 2).
    pub analyses_per_account: usize,
    /// Analyses and hints the whole server holds in the engine at once (default 64; beyond,
    /// 503 `too-many-clients`).
    pub analyses_max: usize,
    /// Jobs that may wait for a search slot in each of the engine's lanes (quick replies,
    /// deep replies, analyses) before new work is refused with 503 (default 32).
    pub engine_queue: usize,
    /// Event streams (SSE, NDJSON) and long polls one address may hold open at once
    /// (default 16).
    pub streams_per_client: usize,
    /// Event streams one account may hold open at once, from any addresses (default 32: a
    /// bot's event stream and its games' streams).
    pub streams_per_account: usize,
    /// Event streams and long polls the whole server holds at once (default `None`: three
    /// quarters of `connections_max`, at most 10,000; see `budget/`).
    pub streams_max: Option<usize>,
    /// Connections the whole server holds at once; one more is answered 503 with
    /// `Retry-After` and closed (default `None`: four fifths of the process's open-file limit
    /// less 256, read with `getrlimit` at start).
    pub connections_max: Option<usize>,
    /// Online games one account may have going (open or being played) at once before it may
    /// create or accept another (default 100; pool and tournament games are not refused).
    pub live_games_per_account: usize,
    /// Challenges one account may send a minute (default 20; an address twice as many).
    pub challenges_per_minute: usize,
    /// The least time a rated puzzle round takes from serving, per move of the solver
    /// (default 1 s, a person's pace; `oware serve --puzzle-pace-ms`): a faster round is
    /// answered but not rated (`too-fast`).
    pub puzzle_pace: Duration,
    /// How long a connection may take to send a request's headers, including the wait for
    /// its first byte (default 15 s); then it is closed.
    pub header_timeout: Duration,
    /// How long a request body may go without sending data (default 15 s); then the request
    /// is answered 408.
    pub body_timeout: Duration,
    /// The reverse proxies whose `X-Forwarded-For` names the client these limits count
    /// (default none: the connection's address is the client).
    pub trusted_proxies: TrustedProxies,
}

impl Default for ServerLimits {
    fn default() -> Self {
        ServerLimits {
            engine_starts: 120,
            engine_window: Duration::from_secs(60),
            games_created: 100,
            games_window: Duration::from_secs(600),
            engine_queue: 32,
            engine_replies_per_client: 2,
            analyses_per_client: 4,
            analyses_per_account: 2,
            analyses_max: 64,
            streams_per_client: 16,
            streams_per_account: 32,
            streams_max: None,
            connections_max: None,
            live_games_per_account: 100,
            challenges_per_minute: 20,
            puzzle_pace: PUZZLE_PACE,
            header_timeout: Duration::from_secs(15),
            body_timeout: Duration::from_secs(15),
            trusted_proxies: TrustedProxies::default(),
        }
    }
}

/// Who a per-client limit counts: an IPv4 address (an IPv4-mapped IPv6 address is the IPv4
/// address it maps), or an IPv6 client's /64 network. One subscriber or host usually gets a
/// whole /64 and may use any address in it (privacy extensions pick a new one every day, a
/// script a new one per request), so keying on the full IPv6 address would give one client
/// 2^64 allowances. Every limit keyed by address goes through [`ClientKey::of`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ClientKey(IpAddr);

impl ClientKey {
    /// The key of a client at `ip`.
    pub fn of(ip: IpAddr) -> ClientKey {
        match ip {
            IpAddr::V4(v4) => ClientKey(IpAddr::V4(v4)),
            IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
                Some(v4) => ClientKey(IpAddr::V4(v4)),
                None => {
                    let net = u128::from(v6) & !u128::from(u64::MAX);
                    ClientKey(IpAddr::V6(Ipv6Addr::from(net)))
                }
            },
        }
    }

    /// The key as an address: the IPv4 address, or the first address of the IPv6 /64 (for
    /// what compares clients by address, e.g. the reviews one client may run).
    pub fn addr(self) -> IpAddr {
        self.0
    }
}

/// Events per client in a sliding window: at most `limit` of one address within `window`,
/// on the server's clock (a test's [`ManualClock`](crate::ManualClock) moves it on). The
/// table is bounded ([`ADDRESSES_MAX`] addresses, O(1) per event: see `window.rs`).
pub(crate) struct RateWindow {
    window: Duration,
    seen: Window<ClientKey>,
    clock: Arc<dyn Clock>,
}

/// Addresses one [`RateWindow`] keeps at most.
pub(crate) const ADDRESSES_MAX: usize = 100_000;

/// An event refused by a [`RateWindow`]: how many the address had in the window, and in how
/// many whole seconds the oldest of them leaves it; or, with `full`, the table is full of
/// live addresses and `wait_s` is when the quietest leaves it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct OverLimit {
    pub held: usize,
    pub wait_s: u64,
    pub full: bool,
}

impl OverLimit {
    /// The sentence for a refusal with `full` (the same for every limit).
    pub(crate) fn crowded(&self) -> String {
        format!(
            "the server is counting as many client addresses as it can hold right now: try again in {} s",
            self.wait_s
        )
    }
}

impl RateWindow {
    /// A window on `clock`.
    pub(crate) fn on(limit: usize, window: Duration, clock: Arc<dyn Clock>) -> RateWindow {
        RateWindow::bounded(limit, window, clock, ADDRESSES_MAX)
    }

    /// A window on `clock` keeping at most `addresses` addresses.
    pub(crate) fn bounded(
        limit: usize,
        window: Duration,
        clock: Arc<dyn Clock>,
        addresses: usize,
    ) -> RateWindow {
        RateWindow {
            window,
            seen: Window::new(limit, window.as_millis() as u64, addresses),
            clock,
        }
    }

    /// Counts one event of `ip` now, or refuses it (counting nothing) when `ip` is at the limit.
    pub(crate) fn take(&self, ip: IpAddr) -> Result<(), OverLimit> {
        let r = self.seen.take(&ClientKey::of(ip), self.clock.now_ms());
        r.map_err(|r| self.over(r))
    }

    /// Whether [`RateWindow::take`] would count an event of `ip` now, counting nothing.
    pub(crate) fn check(&self, ip: IpAddr) -> Result<(), OverLimit> {
        let r = self.seen.check(&ClientKey::of(ip), self.clock.now_ms());
        r.map_err(|r| self.over(r))
    }

    fn over(&self, r: Refused) -> OverLimit {
        match r {
            Refused::Limit(wait_s) => OverLimit {
                held: self.seen.limit(),
                wait_s,
                full: false,
            },
            Refused::Full(wait_s) => OverLimit {
                held: 0,
                wait_s,
                full: true,
            },
        }
    }

    /// The window's length.
    pub(crate) fn window(&self) -> Duration {
        self.window
    }
}

/// A request refused because its client is over one of its limits (`http/error.rs` answers
/// it 429 with `Retry-After`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LimitError {
    /// A short machine-readable code: `too-many-engine-jobs`, `too-many-games` or
    /// `too-many-streams`.
    pub code: &'static str,
    /// A sentence for people.
    pub message: String,
    /// Seconds after which the request may be tried again.
    pub retry_after_s: u64,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_window_lets_an_address_in_again_once_its_oldest_event_has_left() {
        let clock = crate::ManualClock::new(1_000_000);
        let w = RateWindow::on(1, Duration::from_millis(30), clock.shared());
        let a: IpAddr = "10.0.0.1".parse().unwrap();
        assert!(w.take(a).is_ok());
        let over = w.take(a).unwrap_err();
        assert_eq!(over.held, 1);
        assert_eq!(over.wait_s, 1, "rounded up to whole seconds");
        clock.advance(Duration::from_millis(29));
        assert!(w.take(a).is_err(), "still inside the window");
        clock.advance(Duration::from_millis(1));
        assert!(w.take(a).is_ok());
    }

    #[test]
    fn an_ipv6_client_is_its_64_and_a_mapped_ipv4_address_is_the_ipv4_one() {
        let key = |s: &str| ClientKey::of(s.parse().unwrap());
        assert_eq!(
            key("2001:db8:1:2::1"),
            key("2001:db8:1:2:ffff:ffff:ffff:ffff")
        );
        assert_eq!(
            key("2001:db8:1:2:abcd::7").addr().to_string(),
            "2001:db8:1:2::"
        );
        assert_ne!(key("2001:db8:1:2::1"), key("2001:db8:1:3::1"));
        assert_eq!(key("::ffff:10.0.0.1"), key("10.0.0.1"));
        assert_eq!(key("::ffff:10.0.0.1").addr().to_string(), "10.0.0.1");
        assert_ne!(key("10.0.0.1"), key("10.0.0.2"));
        assert_eq!(key("::1"), key("::2"), "loopback is one /64 too");
    }

    #[test]
    fn a_full_table_of_live_addresses_refuses_a_new_one_and_keeps_counting_the_others() {
        let clock = crate::ManualClock::new(1_000_000);
        let w = RateWindow::bounded(1, Duration::from_secs(60), clock.shared(), 2);
        let ip = |i: u8| IpAddr::from([10, 0, 0, i]);
        assert!(w.take(ip(1)).is_ok());
        assert!(w.take(ip(2)).is_ok());
        let o = w.take(ip(3)).unwrap_err();
        assert!(o.full && o.wait_s == 60, "{o:?}");
        assert!(w.take(ip(1)).is_err_and(|o| !o.full), "still counted");
        clock.advance(Duration::from_secs(60));
        assert!(w.take(ip(3)).is_ok(), "a quiet address made room");
    }
}
