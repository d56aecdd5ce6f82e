//! The `Host` check against DNS rebinding: a page on another site can point its own name at
//! 127.0.0.1 and then talk to a server on the player's loopback as if it were its own origin,
//! but its requests still carry its name in `Host`. So the server answers only to:
//!
//! - loopback names: `localhost`, any `127.x.y.z`, `[::1]` (with any port);
//! - the address it is bound to, as an IP literal; bound to every interface (`0.0.0.0`, `::`),
//!   any IP literal, as it cannot know which of its addresses a client used (an IP literal
//!   cannot be rebound: the attack needs a name);
//! - the names given with `oware serve --public-host NAME` ([`ServerConfig::public_hosts`]).
//!
//! Anything else gets 421 Misdirected Request, `{"code": "unknown-host"}`, saying how to allow
//! the name. A request without a `Host` (HTTP/1.0 health checks) passes: browsers always send
//! one. Behind a reverse proxy the proxy's `Host` counts: pass the client's
//! (`proxy_set_header Host $host;`) and name it with `--public-host`.
//!
//! [`ServerConfig::public_hosts`]: crate::ServerConfig::public_hosts

use oware_protocol::ErrorCode;
use std::fmt;
use std::net::{IpAddr, Ipv6Addr};
use std::str::FromStr;
use std::sync::Arc;

use axum::extract::{Request, State};
use axum::http::{header, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use super::error::ApiError;

/// A host name the server answers to besides the loopback names: a DNS name
/// (`oware.example.org`) or an IP literal, without scheme or port; compared without case.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HostName(String);

/// A `--public-host` value that is not a host name.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "{0:?} is not a host name: give a name like oware.example.org or an IP address, without \
     scheme or port"
)]
pub struct BadHostName(String);

impl FromStr for HostName {
    type Err = BadHostName;

    fn from_str(s: &str) -> Result<HostName, BadHostName> {
        let bad = || BadHostName(s.to_string());
        let name = normalise(s);
        if let Some(inner) = name.strip_prefix('[').and_then(|n| n.strip_suffix(']')) {
            return inner
                .parse::<Ipv6Addr>()
                .map(|ip| HostName(ip.to_string()))
                .map_err(|_| bad());
        }
        if let Ok(ip) = name.parse::<IpAddr>() {
            return Ok(HostName(ip.to_string()));
        }
        let label_ok = |l: &str| {
            (1..=63).contains(&l.len())
                && l.bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
        };
        if name.len() <= 253 && name.split('.').all(label_ok) {
            Ok(HostName(name))
        } else {
            Err(bad())
        }
    }
}

impl fmt::Display for HostName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// Lower case, without one trailing dot (`Example.ORG.` is `example.org`).
fn normalise(name: &str) -> String {
    let name = name.trim().to_ascii_lowercase();
    match name.strip_suffix('.') {
        Some(n) => n.to_string(),
        None => name,
    }
}

/// The host part of a `Host` value (`name`, `name:port`, `[v6]`, `[v6]:port`), or `None`
/// when it is malformed.
fn host_part(value: &str) -> Option<&str> {
    if let Some(rest) = value.strip_prefix('[') {
        let (inner, after) = rest.split_once(']')?;
        let port_ok = after.is_empty()
            || after
                .strip_prefix(':')
                .is_some_and(|p| p.bytes().all(|b| b.is_ascii_digit()));
        return port_ok.then_some(inner);
    }
    match value.split_once(':') {
        None => Some(value),
        Some((host, port)) if port.bytes().all(|b| b.is_ascii_digit()) => Some(host),
        Some(_) => None,
    }
}

/// The names and addresses one server answers to.
#[derive(Debug, Clone)]
pub struct AllowedHosts {
    bind: IpAddr,
    names: Vec<String>,
}

impl AllowedHosts {
    /// For a server bound to `bind`, with these `--public-host` names.
    pub fn new(bind: IpAddr, names: &[HostName]) -> AllowedHosts {
        AllowedHosts {
            bind,
            names: names.iter().map(|n| n.0.clone()).collect(),
        }
    }

    /// Whether a request with `Host: value` is for this server.
    pub fn allows(&self, value: &str) -> bool {
        let Some(host) = host_part(value.trim()) else {
            return false;
        };
        let host = normalise(host);
        if host == "localhost" || self.names.contains(&host) {
            return true;
        }
        match host.parse::<IpAddr>() {
            Ok(ip) => {
                ip.to_canonical().is_loopback()
                    || ip == self.bind
                    || self.bind.is_unspecified()
                    || self.names.contains(&ip.to_string())
            }
            Err(_) => false,
        }
    }
}

/// The middleware: refuses requests for a host this server does not answer to.
pub async fn check(State(allowed): State<Arc<AllowedHosts>>, req: Request, next: Next) -> Response {
    let host = match req.uri().authority() {
        Some(a) => Some(Ok(a.as_str().rsplit('@').next().unwrap_or("").to_string())),
        None => req
            .headers()
            .get(header::HOST)
            .map(|v| v.to_str().map(str::to_string)),
    };
    match host {
        None => next.run(req).await,
        Some(Ok(h)) if allowed.allows(&h) => next.run(req).await,
        Some(h) => {
            let shown: String = match &h {
                Ok(h) => h.chars().take(100).collect(),
                Err(_) => "(not text)".to_string(),
            };
            let name = h.as_deref().ok().and_then(host_part).unwrap_or("NAME");
            ApiError::new(
                StatusCode::MISDIRECTED_REQUEST,
                ErrorCode::UnknownHost,
                format!(
                    "this server does not answer to the host name {shown:?} (a page of another \
                     site may be trying to reach it: DNS rebinding); if that is this server's \
                     public name, start it with --public-host {name}",
                    name = name.chars().take(100).collect::<String>(),
                ),
            )
            .into_response()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn loopback() -> AllowedHosts {
        AllowedHosts::new("127.0.0.1".parse().unwrap(), &[])
    }

    #[test]
    fn loopback_names_pass_with_any_port() {
        let a = loopback();
        for h in [
            "localhost",
            "localhost:8080",
            "LOCALHOST.:80",
            "127.0.0.1",
            "127.0.0.1:1",
            "127.200.3.4:65535",
            "[::1]",
            "[::1]:8080",
            "[::ffff:127.0.0.1]:80",
        ] {
            assert!(a.allows(h), "{h}");
        }
    }

    #[test]
    fn other_names_and_malformed_values_are_refused() {
        let a = loopback();
        for h in [
            "evil.example",
            "evil.example:8080",
            "localhost.evil.example",
            "127.0.0.1.nip.io",
            "10.0.0.1",
            "[2001:db8::1]:80",
            "::1",
            "[::1",
            "localhost:80x",
            "",
        ] {
            assert!(!a.allows(h), "{h}");
        }
    }

    #[test]
    fn public_names_and_the_bound_address_pass() {
        let names: Vec<HostName> = ["Oware.Example.org.", "[2001:db8::7]", "192.0.2.9"]
            .iter()
            .map(|n| n.parse().unwrap())
            .collect();
        let a = AllowedHosts::new("192.0.2.1".parse().unwrap(), &names);
        for h in [
            "oware.example.org",
            "OWARE.example.org:443",
            "[2001:db8::7]:8080",
            "192.0.2.9",
            "192.0.2.1:8080",
            "localhost",
        ] {
            assert!(a.allows(h), "{h}");
        }
        assert!(!a.allows("example.org"));
        assert!(!a.allows("192.0.2.2"));
        // Bound to every interface: any IP literal, still no foreign name.
        let any = AllowedHosts::new("0.0.0.0".parse().unwrap(), &[]);
        assert!(any.allows("192.0.2.2:8080") && any.allows("[2001:db8::1]"));
        assert!(!any.allows("evil.example"));
    }

    #[test]
    fn a_public_host_must_be_a_bare_name() {
        for bad in [
            "",
            "http://oware.example.org",
            "oware.example.org:443",
            "a b",
            "*.example.org",
            "x..y",
        ] {
            assert!(bad.parse::<HostName>().is_err(), "{bad}");
        }
        assert_eq!(
            "OWARE.example.org."
                .parse::<HostName>()
                .unwrap()
                .to_string(),
            "oware.example.org"
        );
    }
}
