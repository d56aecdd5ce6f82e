//! Limits per client (per IP address) and of the HTTP connections: how much engine work one
//! address may start, how many event streams and long polls it may hold open, and how long a
//! connection may take to send its request. The settings are [`ServerLimits`]; the HTTP
//! stack applies the timeouts (hyper's header read timeout, tower-http's body timeout), the
//! handlers ask [`ClientLimits`] before starting work.

use std::collections::{HashMap, VecDeque};
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::http::StatusCode;

use crate::error::ApiError;
use crate::proxy::TrustedProxies;

/// The limits of one server: per client (IP address), on the engine's queues and on the
/// connections. [`ServerLimits::default`] suits a public server; tests use small ones.
#[derive(Debug, Clone)]
pub struct ServerLimits {
    /// Engine jobs (analyses, hints, games against the computer) one address may start
    /// within `engine_window` (default 120).
    pub engine_starts: usize,
    /// The window of `engine_starts` (default one minute).
    pub engine_window: Duration,
    /// Jobs that may wait for a search slot in each of the engine's lanes (quick replies,
    /// deep replies, analyses) before new work is refused with 503 (default 32).
    pub engine_queue: usize,
    /// Event streams (SSE) and long polls one address may hold open at once (default 16).
    pub streams_per_client: usize,
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
            engine_queue: 32,
            streams_per_client: 16,
            header_timeout: Duration::from_secs(15),
            body_timeout: Duration::from_secs(15),
            trusted_proxies: TrustedProxies::default(),
        }
    }
}

/// The per-address counters the handlers consult.
pub struct ClientLimits {
    limits: ServerLimits,
    /// When each address started its recent engine jobs.
    engine_starts: Mutex<HashMap<IpAddr, VecDeque<Instant>>>,
    /// How many streams and long polls each address holds open.
    streams: Arc<Mutex<HashMap<IpAddr, usize>>>,
}

/// One open stream or long poll of an address; dropping it frees the place.
pub struct StreamSlot {
    ip: IpAddr,
    streams: Arc<Mutex<HashMap<IpAddr, usize>>>,
}

impl Drop for StreamSlot {
    fn drop(&mut self) {
        let mut map = self.streams.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(n) = map.get_mut(&self.ip) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                map.remove(&self.ip);
            }
        }
    }
}

impl ClientLimits {
    /// Counters for these limits.
    pub fn new(limits: ServerLimits) -> ClientLimits {
        ClientLimits {
            limits,
            engine_starts: Mutex::new(HashMap::new()),
            streams: Arc::new(Mutex::new(HashMap::new())),
        }
    }

    /// Counts an engine job started by `ip`; beyond the limit within the window, a 429
    /// saying when the next one will be allowed (also in `Retry-After`).
    pub fn start_engine_job(&self, ip: IpAddr) -> Result<(), ApiError> {
        let now = Instant::now();
        let window = self.limits.engine_window;
        let mut map = self.engine_starts.lock().unwrap_or_else(|e| e.into_inner());
        // Forget addresses that have been quiet for a whole window.
        map.retain(|_, q| q.back().is_some_and(|&t| now.duration_since(t) < window));
        let q = map.entry(ip).or_default();
        while q.front().is_some_and(|&t| now.duration_since(t) >= window) {
            q.pop_front();
        }
        if q.len() >= self.limits.engine_starts {
            let wait = q
                .front()
                .map_or(window, |&t| (t + window).duration_since(now));
            let wait_s = wait.as_secs() + 1;
            return Err(ApiError::new(
                StatusCode::TOO_MANY_REQUESTS,
                "too-many-engine-jobs",
                format!(
                    "this address has started {} engine searches (games against the computer, \
                     analyses, hints) in the last {} s, the most allowed; wait {wait_s} s",
                    q.len(),
                    window.as_secs()
                ),
            )
            .retry_after(wait_s));
        }
        q.push_back(now);
        Ok(())
    }

    /// A place for one more event stream or long poll of `ip`, or a 429 when it holds as
    /// many as allowed.
    pub fn open_stream(&self, ip: IpAddr) -> Result<StreamSlot, ApiError> {
        let mut map = self.streams.lock().unwrap_or_else(|e| e.into_inner());
        let n = map.entry(ip).or_default();
        if *n >= self.limits.streams_per_client {
            let held = *n;
            return Err(ApiError::new(
                StatusCode::TOO_MANY_REQUESTS,
                "too-many-streams",
                format!(
                    "this address already holds {held} event streams and long polls open, the \
                     most allowed; close a tab or wait for one to end"
                ),
            )
            .retry_after(5));
        }
        *n += 1;
        Ok(StreamSlot {
            ip,
            streams: Arc::clone(&self.streams),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn small() -> ClientLimits {
        ClientLimits::new(ServerLimits {
            engine_starts: 2,
            streams_per_client: 2,
            ..ServerLimits::default()
        })
    }

    #[test]
    fn engine_starts_are_counted_per_address() {
        let l = small();
        let a: IpAddr = "10.0.0.1".parse().unwrap();
        let b: IpAddr = "10.0.0.2".parse().unwrap();
        assert!(l.start_engine_job(a).is_ok());
        assert!(l.start_engine_job(a).is_ok());
        let e = l.start_engine_job(a).unwrap_err();
        assert_eq!(e.status, StatusCode::TOO_MANY_REQUESTS);
        assert_eq!(e.code, "too-many-engine-jobs");
        assert!(
            e.retry_after.is_some_and(|s| (1..=61).contains(&s)),
            "{e:?}"
        );
        assert!(
            l.start_engine_job(b).is_ok(),
            "another address is not limited"
        );
    }

    #[test]
    fn a_closed_stream_frees_its_place() {
        let l = small();
        let a: IpAddr = "10.0.0.1".parse().unwrap();
        let one = l.open_stream(a).unwrap();
        let _two = l.open_stream(a).unwrap();
        let e = l.open_stream(a).err().unwrap();
        assert_eq!(e.code, "too-many-streams");
        drop(one);
        assert!(l.open_stream(a).is_ok());
    }
}
