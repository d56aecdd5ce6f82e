//! Log-ins per second with the server's Argon2id parameters on this machine: a real server on
//! a temporary SQLite file, one account, and `--clients` clients logging in back to back for
//! `--seconds`, each moving to a new loopback address every 25 log-ins so that the limit per
//! address (30 in 15 minutes) does not stop them (the per-account limit counts failures only). Prints the rate and the latency percentiles.
//!
//! ```text
//! cargo run --release -p oware-server --example logins -- --seconds 10 --clients 4
//! ```

use std::net::IpAddr;
use std::time::{Duration, Instant};

use oware_server::{start, ServerConfig};

fn arg(name: &str, default: u64) -> u64 {
    let args: Vec<String> = std::env::args().collect();
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1))
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

#[tokio::main]
async fn main() {
    let seconds = arg("--seconds", 10);
    let clients = arg("--clients", 4) as u8;
    let dir = tempfile::tempdir().expect("a temporary folder");
    let config = ServerConfig {
        port: 0,
        db: dir.path().join("logins.sqlite"),
        ..ServerConfig::default()
    };
    let server = start(&config).await.expect("the server starts");
    let base = format!("http://{}", server.addr());
    let body = serde_json::json!({"name": "bench", "password": "a long enough password"});
    let r = reqwest::Client::new()
        .post(format!("{base}/api/account/signup"))
        .json(&body)
        .send()
        .await
        .expect("sign-up");
    assert!(r.status().is_success(), "sign-up: {}", r.status());
    let end = Instant::now() + Duration::from_secs(seconds);
    let mut tasks = Vec::new();
    for n in 0..clients {
        let (base, body) = (base.clone(), body.clone());
        tasks.push(tokio::spawn(async move {
            let client_at = |k: u32| {
                reqwest::Client::builder()
                    .local_address(IpAddr::from([
                        127,
                        n + 1,
                        (k / 250) as u8,
                        (k % 250) as u8 + 1,
                    ]))
                    .build()
                    .expect("a client")
            };
            let (mut times, mut refused, mut k) = (Vec::new(), 0u64, 0u32);
            let mut client = client_at(k);
            while Instant::now() < end {
                if times.len() % 25 == 24 {
                    k += 1;
                    client = client_at(k);
                }
                let t = Instant::now();
                let r = client
                    .post(format!("{base}/api/account/login"))
                    .json(&body)
                    .send()
                    .await
                    .expect("log-in");
                if r.status().is_success() {
                    times.push(t.elapsed());
                } else {
                    refused += 1;
                }
            }
            (times, refused)
        }));
    }
    let (mut times, mut refused) = (Vec::new(), 0);
    for t in tasks {
        let (t, r) = t.await.expect("a client task");
        times.extend(t);
        refused += r;
    }
    times.sort();
    let pct = |p: f64| times[((times.len() as f64 * p) as usize).min(times.len() - 1)];
    println!(
        "{} log-ins in {seconds} s: {:.1} per second ({clients} clients, {} refused); latency p50 {:.1} ms, p99 {:.1} ms",
        times.len(),
        times.len() as f64 / seconds as f64,
        refused,
        pct(0.5).as_secs_f64() * 1000.0,
        pct(0.99).as_secs_f64() * 1000.0,
    );
    server.shutdown().await.expect("shutdown");
}
