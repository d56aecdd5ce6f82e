// Which address a request comes from behind a reverse proxy (`oware_server::TrustedProxies`),
// fed hostile `X-Forwarded-For` values: the first byte picks the connection's address and the
// trusted proxies, the rest (split at newlines) are the header values. The answer must be the
// connection's own address when it is not trusted; otherwise an address the walk from the right
// reached: the connection's, or an entry of the list whose entries to its right are all
// trusted proxies. Never a panic.
// Shared by the fuzz target `forwarded_for` and the replay test of oware-server.

/// Checks one input; panics on a defect.
pub fn check(data: &[u8]) {
    use oware_server::{ProxyNet, TrustedProxies};
    use std::net::IpAddr;

    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let peers = ["127.0.0.1", "10.0.0.5", "::1", "::ffff:10.0.0.7", "203.0.113.9"];
    let peer: IpAddr = peers[usize::from(pick) % peers.len()].parse().unwrap();
    let lists: [&[&str]; 4] = [
        &[],
        &["127.0.0.1"],
        &["10.0.0.0/24", "::1"],
        &["0.0.0.0/0", "::/0"],
    ];
    let trusted = TrustedProxies::new(
        lists[usize::from(pick / 8) % lists.len()]
            .iter()
            .map(|s| s.parse::<ProxyNet>().unwrap()),
    );
    let text = String::from_utf8_lossy(rest);
    let values: Vec<&str> = text.split('\n').collect();
    let client = trusted.client_of(peer, values.iter().copied());
    if !trusted.is_trusted(peer) {
        assert_eq!(client, peer.to_canonical(), "an untrusted peer keeps its address");
        return;
    }
    if client == peer.to_canonical() {
        return;
    }
    // The client is an entry; every entry to its right parsed as a trusted proxy.
    let entries: Vec<&str> = values.iter().flat_map(|v| v.split(',')).collect();
    let parse = |e: &str| -> Option<IpAddr> {
        let e = e.trim();
        e.parse::<IpAddr>()
            .ok()
            .or_else(|| e.parse::<std::net::SocketAddr>().ok().map(|s| s.ip()))
            .or_else(|| e.strip_prefix('[')?.strip_suffix(']')?.parse().ok())
            .map(|ip| ip.to_canonical())
    };
    let at = entries
        .iter()
        .rposition(|e| parse(e) == Some(client))
        .expect("the client is one of the entries");
    for e in &entries[at + 1..] {
        let ip = parse(e).expect("the entries right of the client are addresses");
        assert!(trusted.is_trusted(ip), "{ip} right of the client is not trusted");
    }
}
