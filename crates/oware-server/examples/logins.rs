//! Log-ins per second with the server's Argon2id parameters on this machine: a real server on
//! a temporary SQLite file, one account, and `--clients` clients logging in back to back for
//! `--seconds`, each moving to a new loopback address every 25 log-ins so that the limit per
//! address (30 in 15 minutes) does not stop them (the per-account limit counts failures
//! only). Prints the rate and the latency percentiles, and the process's resident memory
//! (RSS) and threads before, right after and 2 s after the run.
//!
//! `--flood N` adds N guessers: wrong passwords, each for a name of its own (so every guess
//! costs a hash), each guesser moving to a new loopback address every 25 tries (a distributed
//! attack that keeps the hashing queue full), and one owner who logged in once
//! from 127.250.0.1 and then logs in from there every 100 ms; prints how many of the owner's
//! log-ins got in.
//!
//! ```text
//! cargo run --release -p oware-server --example logins -- --seconds 10 --clients 4
//! cargo run --release -p oware-server --example logins -- --seconds 20 --clients 0 --flood 32
//! ```

use std::net::IpAddr;
use std::time::{Duration, Instant};

use oware_server::{start, ServerConfig};

mod common;

/// This process's resident memory in MiB and its thread count (Linux's /proc).
fn rss_and_threads() -> (u64, u64) {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let field = |name: &str| {
        status
            .lines()
            .find_map(|l| l.strip_prefix(name))
            .and_then(|v| v.split_whitespace().next())
            .and_then(|v| v.parse::<u64>().ok())
            .unwrap_or(0)
    };
    (field("VmRSS:") / 1024, field("Threads:"))
}

fn client_at(a: u8, k: u32) -> reqwest::Client {
    reqwest::Client::builder()
        .local_address(IpAddr::from([127, a, (k / 250) as u8, (k % 250) as u8 + 1]))
        .build()
        .expect("a client")
}

#[tokio::main]
async fn main() {
    let seconds = common::arg::<u64>("--seconds", 10);
    let clients = common::arg::<u64>("--clients", 4) as u8;
    let flood = common::arg::<u64>("--flood", 0) as u8;
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
    let owner = client_at(250, 0);
    if flood > 0 {
        let r = owner
            .post(format!("{base}/api/account/login"))
            .json(&body)
            .send()
            .await
            .expect("the owner's first log-in");
        assert!(r.status().is_success(), "owner: {}", r.status());
    }
    let (rss_before, threads_before) = rss_and_threads();
    let end = Instant::now() + Duration::from_secs(seconds);
    let mut tasks = Vec::new();
    for n in 0..clients {
        let (base, body) = (base.clone(), body.clone());
        tasks.push(tokio::spawn(async move {
            let (mut times, mut refused, mut k) = (Vec::new(), 0u64, 0u32);
            let mut client = client_at(n + 1, k);
            while Instant::now() < end {
                if times.len() % 25 == 24 {
                    k += 1;
                    client = client_at(n + 1, k);
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
    let mut guessers = Vec::new();
    for n in 0..flood {
        let base = base.clone();
        guessers.push(tokio::spawn(async move {
            let (mut tries, mut k) = (0u64, 0u32);
            let mut client = client_at(100 + n, k);
            while Instant::now() < end {
                tries += 1;
                if tries % 25 == 0 {
                    k += 1;
                    client = client_at(100 + n, k);
                }
                // A name of its own each time: the limit per account never stops it, and
                // every guess costs a hash.
                let guess = serde_json::json!({"name": format!("g{n}x{tries}"), "password": "a wrong guess"});
                let _ = client
                    .post(format!("{base}/api/account/login"))
                    .json(&guess)
                    .send()
                    .await;
            }
            tries
        }));
    }
    let owner_task = (flood > 0).then(|| {
        let (base, body) = (base.clone(), body.clone());
        tokio::spawn(async move {
            let (mut ok, mut tries) = (0u32, 0u32);
            // At most 29 more: the address's own limit is 30 in 15 minutes.
            while Instant::now() < end && tries < 29 {
                tokio::time::sleep(Duration::from_millis(100)).await;
                tries += 1;
                let r = owner
                    .post(format!("{base}/api/account/login"))
                    .json(&body)
                    .send()
                    .await
                    .expect("the owner's log-in");
                if r.status().is_success() {
                    ok += 1;
                }
            }
            (ok, tries)
        })
    });
    let (mut times, mut refused) = (Vec::new(), 0);
    for t in tasks {
        let (t, r) = t.await.expect("a client task");
        times.extend(t);
        refused += r;
    }
    let mut guesses = 0;
    for g in guessers {
        guesses += g.await.expect("a guesser");
    }
    let (rss_after, threads_after) = rss_and_threads();
    if !times.is_empty() {
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
    }
    if let Some(o) = owner_task {
        let (ok, tries) = o.await.expect("the owner");
        println!("flood: {guesses} guesses from {flood} guessers; the owner got in {ok} of {tries} times");
    }
    tokio::time::sleep(Duration::from_secs(2)).await;
    let (rss_idle, threads_idle) = rss_and_threads();
    println!(
        "RSS {rss_before} MiB before, {rss_after} MiB after, {rss_idle} MiB 2 s later; threads {threads_before}, {threads_after}, {threads_idle}"
    );
    server.shutdown().await.expect("shutdown");
}
