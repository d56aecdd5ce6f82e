//! Which address a request comes from, behind a reverse proxy.
//!
//! The per-client limits (engine work, event streams, games created, reviews) count requests
//! by address. Behind a proxy every connection comes from the proxy, so without more every
//! player would share one allowance. The proxy names the client in `X-Forwarded-For`
//! (nginx's `$proxy_add_x_forwarded_for` appends the address it saw to what the client sent).
//!
//! Only proxies the operator names are believed ([`TrustedProxies`], `oware serve
//! --trusted-proxy`). The list is read from the right, the end the trusted proxies wrote:
//! each entry that is itself a trusted proxy is skipped, and the first that is not is the
//! client. Entries further left came from the client and could say anything, so they are
//! never used; a request straight from an untrusted address keeps that address whatever its
//! headers say.

use std::fmt;
use std::net::IpAddr;
use std::str::FromStr;

use axum::http::HeaderMap;
use ipnet::IpNet;

/// The proxies whose `X-Forwarded-For` is believed: addresses and networks. Empty (the
/// default) believes none, for a server that faces its clients directly.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TrustedProxies(Vec<IpNet>);

/// A `--trusted-proxy` value that is neither an address nor a network.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0:?} is not an IP address or a network (e.g. 127.0.0.1, 10.0.0.0/24, ::1)")]
pub struct BadProxy(String);

/// One trusted address (`10.0.0.5`, `::1`) or network (`10.0.0.0/24`, `fd00::/8`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ProxyNet(IpNet);

impl FromStr for ProxyNet {
    type Err = BadProxy;

    fn from_str(s: &str) -> Result<ProxyNet, BadProxy> {
        let s = s.trim();
        if let Ok(ip) = s.parse::<IpAddr>() {
            return Ok(ProxyNet(IpNet::from(ip)));
        }
        s.parse::<IpNet>()
            .map(|n| ProxyNet(n.trunc()))
            .map_err(|_| BadProxy(s.to_string()))
    }
}

impl fmt::Display for ProxyNet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl TrustedProxies {
    /// Believes the proxies in `nets`.
    pub fn new(nets: impl IntoIterator<Item = ProxyNet>) -> TrustedProxies {
        TrustedProxies(nets.into_iter().map(|n| n.0).collect())
    }

    /// Whether no proxy is believed.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The client's address for a connection from `peer` with `headers`: `peer` itself unless
    /// it is a trusted proxy; then the rightmost `X-Forwarded-For` entry that is not one (all
    /// the headers' entries, in order). A list that runs out, or an entry that is not an
    /// address, ends the walk at the last trusted hop.
    pub fn client(&self, peer: IpAddr, headers: &HeaderMap) -> IpAddr {
        let values = headers
            .get_all("x-forwarded-for")
            .iter()
            .filter_map(|v| v.to_str().ok());
        self.client_of(peer, values)
    }

    /// [`TrustedProxies::client`] with the `X-Forwarded-For` header values as text, in the
    /// order they came (a value that is not text is left out by the caller).
    pub fn client_of<'a>(&self, peer: IpAddr, values: impl IntoIterator<Item = &'a str>) -> IpAddr {
        let mut client = peer.to_canonical();
        if !self.is_trusted(client) {
            return client;
        }
        let entries: Vec<&str> = values.into_iter().flat_map(|v| v.split(',')).collect();
        for entry in entries.iter().rev() {
            let Some(ip) = parse_entry(entry) else {
                break;
            };
            client = ip.to_canonical();
            if !self.is_trusted(client) {
                break;
            }
        }
        client
    }

    /// Whether `ip` is one of the trusted proxies (an IPv4-mapped address as its IPv4).
    pub fn is_trusted(&self, ip: IpAddr) -> bool {
        let ip = ip.to_canonical();
        self.0.iter().any(|n| n.contains(&ip))
    }
}

/// An `X-Forwarded-For` entry: an address, possibly with a port (`1.2.3.4:5`, `[::1]:5`).
fn parse_entry(entry: &str) -> Option<IpAddr> {
    let e = entry.trim();
    if let Ok(ip) = e.parse() {
        return Some(ip);
    }
    if let Ok(sock) = e.parse::<std::net::SocketAddr>() {
        return Some(sock.ip());
    }
    // `[::1]` without a port.
    e.strip_prefix('[')?.strip_suffix(']')?.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn trusted(list: &[&str]) -> TrustedProxies {
        TrustedProxies::new(list.iter().map(|s| s.parse::<ProxyNet>().unwrap()))
    }

    fn headers(values: &[&str]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for v in values {
            h.append("x-forwarded-for", v.parse().unwrap());
        }
        h
    }

    fn ip(s: &str) -> IpAddr {
        s.parse().unwrap()
    }

    #[test]
    fn addresses_and_networks_parse_and_junk_is_refused() {
        assert!("127.0.0.1".parse::<ProxyNet>().is_ok());
        assert!("::1".parse::<ProxyNet>().is_ok());
        assert!(" 10.0.0.0/24 ".parse::<ProxyNet>().is_ok());
        assert!("fd00::/8".parse::<ProxyNet>().is_ok());
        for bad in ["", "localhost", "10.0.0.0/33", "1.2.3", "10.0.0.1/"] {
            let e = bad.parse::<ProxyNet>().unwrap_err().to_string();
            assert!(e.contains("not an IP address or a network"), "{bad}: {e}");
        }
        // A network given by one of its addresses means the network.
        assert_eq!(
            "10.0.0.7/24".parse::<ProxyNet>().unwrap().to_string(),
            "10.0.0.0/24"
        );
    }

    #[test]
    fn without_trusted_proxies_the_header_is_ignored() {
        let none = TrustedProxies::default();
        let h = headers(&["203.0.113.9"]);
        assert_eq!(none.client(ip("127.0.0.1"), &h), ip("127.0.0.1"));
    }

    #[test]
    fn a_request_from_an_untrusted_address_keeps_it_whatever_it_claims() {
        let t = trusted(&["10.0.0.0/24"]);
        let h = headers(&["198.51.100.1"]);
        assert_eq!(t.client(ip("203.0.113.7"), &h), ip("203.0.113.7"));
    }

    #[test]
    fn behind_a_trusted_proxy_the_rightmost_untrusted_entry_is_the_client() {
        let t = trusted(&["10.0.0.0/24", "127.0.0.1"]);
        // nginx appended the address it saw; the client had sent a made-up one first.
        let h = headers(&["1.1.1.1, 203.0.113.7"]);
        assert_eq!(t.client(ip("10.0.0.5"), &h), ip("203.0.113.7"));
        // Two proxies in a row, the list over two headers, with ports and spaces.
        let h = headers(&["1.1.1.1,203.0.113.7:5555", " 10.0.0.9 "]);
        assert_eq!(t.client(ip("127.0.0.1"), &h), ip("203.0.113.7"));
        let h = headers(&["[2001:db8::1]:443"]);
        assert_eq!(t.client(ip("10.0.0.5"), &h), ip("2001:db8::1"));
    }

    #[test]
    fn a_missing_or_broken_list_ends_at_the_last_trusted_hop() {
        let t = trusted(&["10.0.0.0/24"]);
        assert_eq!(t.client(ip("10.0.0.5"), &HeaderMap::new()), ip("10.0.0.5"));
        let h = headers(&["203.0.113.7, not-an-address, 10.0.0.6"]);
        assert_eq!(t.client(ip("10.0.0.5"), &h), ip("10.0.0.6"));
    }

    #[test]
    fn ipv4_mapped_addresses_count_as_ipv4() {
        let t = trusted(&["127.0.0.1"]);
        let h = headers(&["::ffff:203.0.113.7"]);
        assert_eq!(t.client(ip("::ffff:127.0.0.1"), &h), ip("203.0.113.7"));
    }
}
