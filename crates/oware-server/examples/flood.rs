//! Hostile floods, bounded, on loopback (not a test): issue 52's security review tried again
//! against a server with the shipped budgets (`ServerLimits`' defaults; house bots on).
//!
//! ```text
//! cargo run --release -p oware-server --example flood -- --flood all --seconds 30
//! ```
//!
//! Each flood (`--flood H1|H2|M2|M3|M4|L2|none|all`, repeatable) gets a fresh server, started
//! as a child process (this same program, a free 127.0.0.1 port, a fresh SQLite file), and
//! runs `--seconds` seconds (default 30) while:
//!
//! - **the measuring players** play `--games` online games (default 4; South from one loopback
//!   address, North from another, each holding the game's event stream as the page does,
//!   `--think-ms` between moves, default 300): the move request's latency and the relay (the
//!   move sent → the opponent's stream delivering it) are timed;
//! - **a new visitor** asks for the home page every half second, each time from a fresh
//!   loopback address, with a 10 s timeout: answered or not, and how fast.
//!
//! The floods (each from its own loopback addresses, `127.1x.…`, so the per-address counts
//! see them as other clients, as on the Internet):
//!
//! - `H1`: two accounts of one address challenge and accept each other in a loop
//!   (correspondence games), while 4 clients loop on `GET /api/account/games` and 16 account
//!   event streams are reopened every 5 s;
//! - `H2`: `--streams` game event streams (default 12,000) held from 750 addresses (16 each),
//!   spread over 100 games: past the server's stream ceiling they are refused;
//! - `M2`: one account sends 72 correspondence challenges to the house bots, and 4 more
//!   accounts of one other address 20 each; then a newcomer challenges a house bot;
//! - `M3`: one guest address plays 16 games against the expert at once, moving in each as fast
//!   as it can, while a player of another address plays the expert: the expert's reply time;
//! - `M4`: 6,000 spectators (375 addresses × 16) join one game whose players move every second;
//! - `L2`: two accounts send challenges to a third as fast as they can; the third holds its
//!   event stream: the lines it gets.
//!
//! Prints, for each flood, one line of the measuring players' moves (p50/p99 of the move
//! request and of the relay), the new visitors (answered / asked, p99), the flood's own counts
//! (accepted, refused by code), and the server's CPU seconds and peak memory. The bar (issue
//! 52): other players' moves keep p99 under 100 ms and new visitors are answered through each
//! flood. The figures depend on the machine: run it on a quiet one (`docs/experiments/`).

use std::collections::BTreeMap;
use std::net::IpAddr;
use std::process::Command;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::{json, Value};
use tokio::sync::watch;

mod common;
use common::Pair;

/// The same allocator as the `oware` binary, for the server it runs.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

const FLOODS: [&str; 6] = ["H1", "H2", "M2", "M3", "M4", "L2"];

struct Opts {
    floods: Vec<String>,
    seconds: u64,
    games: usize,
    think: Duration,
    streams: usize,
}

fn parse_opts() -> Opts {
    let mut o = Opts {
        floods: Vec::new(),
        seconds: 30,
        games: 4,
        think: Duration::from_millis(300),
        streams: 12_000,
    };
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut i = 0;
    while i < args.len() {
        let v = args.get(i + 1).cloned().unwrap_or_default();
        match args[i].as_str() {
            "--flood" if v == "all" => o.floods.extend(FLOODS.map(String::from)),
            "--flood" if v == "none" || FLOODS.contains(&v.as_str()) => o.floods.push(v),
            "--seconds" => o.seconds = v.parse().expect("--seconds N"),
            "--games" => o.games = v.parse().expect("--games N"),
            "--think-ms" => o.think = Duration::from_millis(v.parse().expect("--think-ms N")),
            "--streams" => o.streams = v.parse().expect("--streams N"),
            other => panic!(
                "unknown option {other} {v} (expected --flood H1|H2|M2|M3|M4|L2|none|all, \
                 --seconds, --games, --think-ms, --streams)"
            ),
        }
        i += 2;
    }
    if o.floods.is_empty() {
        o.floods.push("none".into());
    }
    o
}

/// The server, in the child process: the shipped limits, house bots at two levels.
fn child_server(db: &str) {
    let config = oware_server::ServerConfig {
        port: 0,
        db: db.into(),
        house: oware_server::HouseConfig {
            levels: vec![oware_engine::Level::Easy, oware_engine::Level::Medium],
            ..oware_server::HouseConfig::default()
        },
        ..oware_server::ServerConfig::default()
    };
    oware_server::serve(config, |addr| println!("LISTENING {addr}")).expect("server runs");
}

fn start_child(db: &std::path::Path) -> (std::process::Child, String) {
    let own = std::env::current_exe().expect("own path");
    let mut child = Command::new(own);
    child
        .env("OWARE_FLOOD_CHILD_DB", db)
        .env("RUST_LOG", "warn");
    common::spawn_server(child)
}

/// A loopback address of `group` (each flood and each kind of client its own).
fn ip(group: u8, n: u32) -> IpAddr {
    IpAddr::from([127, group, (n / 250) as u8, (n % 250) as u8 + 1])
}

/// A client whose connections come from `ip`.
fn client_at(ip: IpAddr) -> reqwest::Client {
    reqwest::Client::builder()
        .local_address(ip)
        .pool_max_idle_per_host(64)
        .build()
        .expect("client")
}

fn percentile(v: &mut [f64], p: f64) -> f64 {
    if v.is_empty() {
        return f64::NAN;
    }
    v.sort_by(|a, b| a.total_cmp(b));
    v[((v.len() as f64 - 1.0) * p).round() as usize]
}

fn ms(t: Instant) -> f64 {
    t.elapsed().as_secs_f64() * 1e3
}

/// Counts by name (answers by status or code): the flood's report.
#[derive(Default)]
struct Tally(Mutex<BTreeMap<String, u64>>);

impl Tally {
    fn add(&self, what: impl Into<String>) {
        *self.0.lock().unwrap().entry(what.into()).or_default() += 1;
    }

    fn line(&self) -> String {
        let m = self.0.lock().unwrap();
        m.iter()
            .map(|(k, v)| format!("{k} {v}"))
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// What an answer was: its status and the error's code, if any.
async fn outcome(r: Result<reqwest::Response, reqwest::Error>) -> (String, Value) {
    match r {
        Err(e) if e.is_timeout() => ("timeout".into(), Value::Null),
        Err(e) if e.is_connect() => ("no connection".into(), Value::Null),
        Err(_) => ("error".into(), Value::Null),
        Ok(r) => {
            let status = r.status().as_u16();
            let v: Value = r.json().await.unwrap_or(Value::Null);
            match v["code"].as_str() {
                Some(code) => (format!("{status} {code}"), v),
                None => (status.to_string(), v),
            }
        }
    }
}

/// The JSON answer of `req` (`null` when it failed or is not JSON).
async fn json_of(req: reqwest::RequestBuilder) -> Value {
    match req.send().await {
        Ok(r) => r.json().await.unwrap_or(Value::Null),
        Err(_) => Value::Null,
    }
}

/// An account signed up from `ip`: its client and its session cookie.
async fn account(base: &str, ip: IpAddr, name: &str) -> (reqwest::Client, String) {
    let client = client_at(ip);
    let r = client
        .post(format!("{base}/api/account/signup"))
        .json(&json!({ "name": name, "password": "a long enough password" }))
        .send()
        .await
        .expect("sign-up answers");
    assert!(r.status().is_success(), "sign-up of {name}: {}", r.status());
    let cookie = r
        .headers()
        .get_all("set-cookie")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find(|c| c.starts_with("oware_session="))
        .and_then(|c| c.split(';').next())
        .expect("a session cookie")
        .to_string();
    (client, cookie)
}

/// A correspondence clock (14 days a move), as the review's games were.
fn correspondence() -> Value {
    json!({ "clock": { "initial_s": 14 * 86_400, "increment_s": 0 } })
}

#[derive(Default)]
struct Measured {
    move_ms: Vec<f64>,
    relay_ms: Vec<f64>,
    errors: u64,
    visits_ms: Vec<f64>,
    visits: u64,
    unanswered: u64,
}

/// One measuring pair's games, one after the other, until `stop`.
async fn measure_games(
    base: String,
    k: u32,
    think: Duration,
    stop: Arc<AtomicBool>,
    m: Arc<Mutex<Measured>>,
) {
    let mut n = 0u32;
    while !stop.load(Ordering::Relaxed) {
        // Each game from fresh addresses: the measuring players stay under every limit.
        let south = client_at(ip(2, k * 1000 + n));
        let north = client_at(ip(3, k * 1000 + n));
        n += 1;
        if play_one(&base, [south, north], think, &stop, &m)
            .await
            .is_err()
        {
            m.lock().unwrap().errors += 1;
            tokio::time::sleep(Duration::from_millis(500)).await;
        }
    }
}

async fn play_one(
    base: &str,
    clients: [reqwest::Client; 2],
    think: Duration,
    stop: &AtomicBool,
    m: &Mutex<Measured>,
) -> Result<(), Box<dyn std::error::Error>> {
    let body = json!({ "opponent": "online", "clock": { "initial_s": 600, "increment_s": 5 },
                       "color": "S", "name": "South" });
    let r = common::post_json(&clients[0], format!("{base}/api/games"), &body).await?;
    let id = r["id"].as_str().ok_or("not created")?.to_string();
    let south = r["token"].as_str().ok_or("no token")?.to_string();
    let bases = [base.to_string(), base.to_string()];
    let (mut pair, mut state) = Pair::join(clients, bases, id.clone(), south)
        .await?
        .map_err(|_| "not joined")?;
    let mut rng =
        (id.len() as u64) ^ 0x9e37_79b9_7f4a_7c15 ^ u64::from_str_radix(&id[..8], 16).unwrap_or(1);
    while !stop.load(Ordering::Relaxed) {
        let ply = state["ply"].as_u64().unwrap_or(0);
        if !state["online"]["end"].is_null() || ply >= 60 {
            return Ok(());
        }
        let Some(mv) = common::pick(&state, &mut rng) else {
            return Ok(());
        };
        tokio::time::sleep(think).await;
        let played = pair.play(&state, &mv).await??;
        let mut g = m.lock().unwrap();
        g.move_ms.push(played.answered_ms);
        g.relay_ms.push(played.relay_ms);
        state = played.state;
    }
    Ok(())
}

/// The new visitor: the home page every half second from a fresh address.
async fn visit(base: String, stop: Arc<AtomicBool>, m: Arc<Mutex<Measured>>) {
    let mut n = 0;
    while !stop.load(Ordering::Relaxed) {
        n += 1;
        let client = reqwest::Client::builder()
            .local_address(ip(4, n))
            .timeout(Duration::from_secs(10))
            .build()
            .expect("client");
        let t = Instant::now();
        let ok = match client.get(format!("{base}/")).send().await {
            Ok(r) if r.status().is_success() => r.bytes().await.is_ok(),
            _ => false,
        };
        let took = ms(t);
        {
            let mut g = m.lock().unwrap();
            g.visits += 1;
            if ok {
                g.visits_ms.push(took);
            } else {
                g.unanswered += 1;
            }
        }
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
}

/// A stream held open and read (its bytes counted) until `stop` turns true.
async fn hold_stream(
    req: reqwest::RequestBuilder,
    mut stop: watch::Receiver<bool>,
    tally: Arc<Tally>,
    bytes: Arc<AtomicU64>,
) {
    let (what, resp) = match req.send().await {
        Ok(r) if r.status().is_success() => ("held".to_string(), Some(r)),
        Ok(r) => {
            let status = r.status().as_u16();
            let v: Value = r.json().await.unwrap_or(Value::Null);
            (
                format!("{status} {}", v["code"].as_str().unwrap_or("")),
                None,
            )
        }
        Err(e) if e.is_connect() => ("no connection".into(), None),
        Err(_) => ("error".into(), None),
    };
    tally.add(what);
    let Some(mut resp) = resp else { return };
    loop {
        tokio::select! {
            c = resp.chunk() => match c {
                Ok(Some(c)) => {
                    bytes.fetch_add(c.len() as u64, Ordering::Relaxed);
                }
                _ => return,
            },
            _ = stop.wait_for(|s| *s) => return,
        }
    }
}

/// A guest's online game (created from `a`, joined from `b`): its id and seat tokens.
async fn online_game(
    base: &str,
    a: &reqwest::Client,
    b: &reqwest::Client,
) -> Option<(String, [String; 2])> {
    let r = json_of(a.post(format!("{base}/api/games")).json(
        &json!({ "opponent": "online", "clock": { "initial_s": 600, "increment_s": 5 }, "color": "S" }),
    ))
    .await;
    let id = r["id"].as_str()?.to_string();
    let j = json_of(
        b.post(format!("{base}/api/games/{id}/join"))
            .json(&json!({})),
    )
    .await;
    Some((
        id,
        [r["token"].as_str()?.into(), j["token"].as_str()?.into()],
    ))
}

/// The flood `name` against `base` until `stop`; answers its summary.
async fn flood(name: &str, base: String, opts: &Opts, stop: Arc<AtomicBool>) -> String {
    let tally = Arc::new(Tally::default());
    let mut tasks = Vec::new();
    // The streams end on this (the loops read `stop`).
    let (ended, streams_end) = watch::channel(false);
    let mut extra = String::new();
    match name {
        "H1" => {
            let (a, ca) = account(&base, ip(10, 0), "flooda").await;
            let (b, cb) = account(&base, ip(10, 0), "floodb").await;
            let games = Arc::new(AtomicU64::new(0));
            // The two accounts challenge and accept each other, as fast as they are answered.
            for (me, mine, them, theirs, target) in [
                (a.clone(), ca.clone(), b.clone(), cb.clone(), "floodb"),
                (b.clone(), cb.clone(), a.clone(), ca.clone(), "flooda"),
            ] {
                let (base, stop, tally, games) =
                    (base.clone(), stop.clone(), tally.clone(), games.clone());
                tasks.push(tokio::spawn(async move {
                    while !stop.load(Ordering::Relaxed) {
                        let r = me
                            .post(format!("{base}/api/challenge/{target}"))
                            .header("cookie", &mine)
                            .json(&correspondence())
                            .send()
                            .await;
                        let (what, v) = outcome(r).await;
                        let Some(id) = v["id"].as_str().filter(|_| what == "201") else {
                            tally.add(format!("challenge {what}"));
                            tokio::time::sleep(Duration::from_millis(20)).await;
                            continue;
                        };
                        let r = them
                            .post(format!("{base}/api/challenge/{id}/accept"))
                            .header("cookie", &theirs)
                            .send()
                            .await;
                        let (what, _) = outcome(r).await;
                        if what == "200" {
                            games.fetch_add(1, Ordering::Relaxed);
                        }
                        tally.add(format!("accept {what}"));
                    }
                }));
            }
            // What each of the account's tasks below holds: its client, cookie, server, stop.
            let own = || (a.clone(), ca.clone(), base.clone(), stop.clone());
            // 4 clients reading the account's games in a loop.
            let lists = Arc::new(Mutex::new(Vec::new()));
            for _ in 0..4 {
                let ((a, ca, base, stop), lists) = (own(), lists.clone());
                tasks.push(tokio::spawn(async move {
                    while !stop.load(Ordering::Relaxed) {
                        let t = Instant::now();
                        let r = a
                            .get(format!("{base}/api/account/games"))
                            .header("cookie", &ca)
                            .send()
                            .await;
                        if let Ok(r) = r {
                            let ok = r.status().is_success();
                            let _ = r.bytes().await;
                            if ok {
                                lists.lock().unwrap().push(ms(t));
                            }
                        }
                    }
                }));
            }
            // 16 account event streams, reopened every 5 s.
            let bytes = Arc::new(AtomicU64::new(0));
            for _ in 0..16 {
                let ((a, ca, base, stop), tally, bytes) = (own(), tally.clone(), bytes.clone());
                tasks.push(tokio::spawn(async move {
                    while !stop.load(Ordering::Relaxed) {
                        let (round_end, round) = watch::channel(false);
                        let req = a
                            .get(format!("{base}/api/stream/event"))
                            .header("cookie", &ca);
                        let held =
                            tokio::spawn(hold_stream(req, round, tally.clone(), bytes.clone()));
                        tokio::time::sleep(Duration::from_secs(5)).await;
                        let _ = round_end.send(true);
                        let _ = held.await;
                    }
                }));
            }
            tokio::time::sleep(Duration::from_secs(opts.seconds)).await;
            let mut l = lists.lock().unwrap().clone();
            extra = format!(
                "; games made {}; account game lists {} (p50 {:.1} ms, p99 {:.1} ms); event-stream bytes {}",
                games.load(Ordering::Relaxed),
                l.len(),
                percentile(&mut l, 0.5),
                percentile(&mut l, 0.99),
                bytes.load(Ordering::Relaxed)
            );
        }
        "H2" | "M4" => {
            // The games watched: 100 (H2) or one whose players move every second (M4).
            let a = client_at(ip(11, 0));
            let b = client_at(ip(11, 1));
            let n_games = if name == "H2" { 100 } else { 1 };
            let mut games = Vec::new();
            for g in 0..n_games {
                let a = client_at(ip(11, 2 + 2 * g));
                let b2 = client_at(ip(11, 3 + 2 * g));
                if let Some(game) = online_game(&base, &a, &b2).await {
                    games.push((game, a, b2));
                }
            }
            let _ = (a, b);
            if name == "M4" {
                let ((id, tokens), a, b) = games[0].clone();
                let (base, stop) = (base.clone(), stop.clone());
                tasks.push(tokio::spawn(async move {
                    let clients = [a, b];
                    while !stop.load(Ordering::Relaxed) {
                        let s: Value =
                            json_of(clients[0].get(format!("{base}/api/games/{id}"))).await;
                        let mover = usize::from(s["position"]["turn"] == "N");
                        let mv = s["pits_info"]
                            .as_array()
                            .and_then(|a| a.iter().find(|p| p["legal"] == true))
                            .and_then(|p| p["letter"].as_str())
                            .map(String::from);
                        let Some(mv) = mv else { return };
                        let _ = clients[mover]
                            .post(format!("{base}/api/games/{id}/moves"))
                            .header("x-seat-token", &tokens[mover])
                            .json(&json!({ "move": mv }))
                            .send()
                            .await;
                        tokio::time::sleep(Duration::from_secs(1)).await;
                    }
                }));
            }
            let total = if name == "H2" { opts.streams } else { 6_000 };
            let bytes = Arc::new(AtomicU64::new(0));
            let started = Instant::now();
            let addresses = total.div_ceil(16);
            for k in 0..addresses {
                let client = client_at(ip(12, k as u32));
                for j in 0..16.min(total - k * 16) {
                    let ((id, _), _, _) = &games[(k * 16 + j) % games.len()];
                    let req = client.get(format!("{base}/api/games/{id}/events"));
                    tasks.push(tokio::spawn(hold_stream(
                        req,
                        streams_end.clone(),
                        tally.clone(),
                        bytes.clone(),
                    )));
                }
                // Not all at once: 16 streams every 2 ms (the listener's backlog).
                tokio::time::sleep(Duration::from_millis(2)).await;
                if stop.load(Ordering::Relaxed) {
                    break;
                }
            }
            let opened_s = started.elapsed().as_secs_f64();
            let left = Duration::from_secs(opts.seconds).saturating_sub(started.elapsed());
            tokio::time::sleep(left).await;
            extra = format!(
                "; {total} streams asked in {opened_s:.1} s, bytes read {}",
                bytes.load(Ordering::Relaxed)
            );
        }
        "M2" => {
            let (f, cf) = account(&base, ip(13, 0), "hogger").await;
            let bots = ["HouseBot-Easy", "HouseBot-Medium"];
            for i in 0..72 {
                let r = f
                    .post(format!("{base}/api/challenge/{}", bots[i % 2]))
                    .header("cookie", &cf)
                    .json(&correspondence())
                    .send()
                    .await;
                tally.add(format!("hogger challenge {}", outcome(r).await.0));
            }
            let mut others = Vec::new();
            for k in 0..4 {
                others.push(account(&base, ip(13, 1), &format!("hogger{k}")).await);
            }
            for (c, cookie) in &others {
                for i in 0..20 {
                    let r = c
                        .post(format!("{base}/api/challenge/{}", bots[i % 2]))
                        .header("cookie", cookie)
                        .json(&correspondence())
                        .send()
                        .await;
                    tally.add(format!("others challenge {}", outcome(r).await.0));
                }
            }
            // Let the house bots answer, then count their games.
            tokio::time::sleep(Duration::from_secs(5)).await;
            let mut held = 0;
            for (c, cookie) in std::iter::once(&(f.clone(), cf.clone())).chain(others.iter()) {
                let v: Value = json_of(
                    c.get(format!("{base}/api/account/games"))
                        .header("cookie", cookie),
                )
                .await;
                held += v["games"].as_array().map_or(0, Vec::len);
            }
            // A newcomer from elsewhere: is its challenge to a house bot accepted?
            let (n, cn) = account(&base, ip(13, 9), "newcomer").await;
            let r = n
                .post(format!("{base}/api/challenge/HouseBot-Easy"))
                .header("cookie", &cn)
                .json(&correspondence())
                .send()
                .await;
            tally.add(format!("newcomer challenge {}", outcome(r).await.0));
            let asked = Instant::now();
            let mut accepted = None;
            while asked.elapsed() < Duration::from_secs(15) {
                let v: Value = json_of(
                    n.get(format!("{base}/api/account/games"))
                        .header("cookie", &cn),
                )
                .await;
                if v["games"].as_array().is_some_and(|g| !g.is_empty()) {
                    accepted = Some(ms(asked));
                    break;
                }
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
            extra = format!(
                "; house-bot games held by the 5 hogging accounts {held}; the newcomer's challenge {}",
                accepted.map_or("not accepted in 15 s".to_string(), |t| format!("accepted in {t:.0} ms"))
            );
            let left = Duration::from_secs(opts.seconds).saturating_sub(asked.elapsed());
            tokio::time::sleep(left).await;
        }
        "M3" => {
            // The hog: 16 expert games from one address, a move in each as fast as it goes.
            let hog = client_at(ip(14, 0));
            let mut games = Vec::new();
            for _ in 0..16 {
                let r: Value = json_of(
                    hog.post(format!("{base}/api/games"))
                        .json(&json!({ "opponent": "expert", "starts": "you" })),
                )
                .await;
                if let (Some(id), Some(t)) = (r["id"].as_str(), r["token"].as_str()) {
                    games.push((id.to_string(), t.to_string()));
                } else {
                    tally.add(format!("hog game {}", r["code"]));
                }
            }
            for (id, token) in games {
                let (hog, base, stop, tally) =
                    (hog.clone(), base.clone(), stop.clone(), tally.clone());
                tasks.push(tokio::spawn(async move {
                    while !stop.load(Ordering::Relaxed) {
                        let s: Value = json_of(hog.get(format!("{base}/api/games/{id}"))).await;
                        if !s["outcome"].is_null() {
                            return;
                        }
                        let mv = s["pits_info"]
                            .as_array()
                            .and_then(|a| a.iter().find(|p| p["legal"] == true))
                            .and_then(|p| p["letter"].as_str())
                            .map(String::from);
                        let Some(mv) = mv.filter(|_| s["computer_to_move"] != true) else {
                            tokio::time::sleep(Duration::from_millis(50)).await;
                            continue;
                        };
                        let r = hog
                            .post(format!("{base}/api/games/{id}/moves"))
                            .header("x-seat-token", &token)
                            .json(&json!({ "move": mv }))
                            .send()
                            .await;
                        let (what, _) = outcome(r).await;
                        tally.add(format!("hog move {what}"));
                        if what != "200" {
                            tokio::time::sleep(Duration::from_millis(50)).await;
                        }
                    }
                }));
            }
            // The victim: an expert game from another address, the reply timed.
            let victim = client_at(ip(14, 1));
            let replies = Arc::new(Mutex::new(Vec::new()));
            {
                let (base, stop, replies, tally) =
                    (base.clone(), stop.clone(), replies.clone(), tally.clone());
                tasks.push(tokio::spawn(async move {
                    let r: Value = json_of(
                        victim
                            .post(format!("{base}/api/games"))
                            .json(&json!({ "opponent": "expert", "starts": "you" })),
                    )
                    .await;
                    let (Some(id), Some(token)) = (r["id"].as_str(), r["token"].as_str()) else {
                        tally.add("victim game not created");
                        return;
                    };
                    let mut state = r["state"].clone();
                    while !stop.load(Ordering::Relaxed) && state["outcome"].is_null() {
                        let mv = state["pits_info"]
                            .as_array()
                            .and_then(|a| a.iter().find(|p| p["legal"] == true))
                            .and_then(|p| p["letter"].as_str())
                            .map(String::from);
                        let Some(mv) = mv else { return };
                        let t = Instant::now();
                        let (what, v) = outcome(
                            victim
                                .post(format!("{base}/api/games/{id}/moves"))
                                .header("x-seat-token", token)
                                .json(&json!({ "move": mv }))
                                .send()
                                .await,
                        )
                        .await;
                        if what != "200" {
                            tally.add(format!("victim move {what}"));
                            return;
                        }
                        let v0 = v["state"]["version"].as_u64().unwrap_or(0);
                        let next: Value = match victim
                            .get(format!("{base}/api/games/{id}?since={v0}&wait_ms=60000"))
                            .send()
                            .await
                        {
                            Ok(r) => r.json().await.unwrap_or(Value::Null),
                            Err(_) => return,
                        };
                        replies.lock().unwrap().push(ms(t));
                        state = next;
                    }
                }));
            }
            tokio::time::sleep(Duration::from_secs(opts.seconds)).await;
            let mut r = replies.lock().unwrap().clone();
            extra = format!(
                "; the victim's expert replies {} (p50 {:.0} ms, max {:.0} ms)",
                r.len(),
                percentile(&mut r, 0.5),
                percentile(&mut r, 1.0)
            );
        }
        "L2" => {
            let (t, ct) = account(&base, ip(15, 9), "target").await;
            let bytes = Arc::new(AtomicU64::new(0));
            let req = t
                .get(format!("{base}/api/stream/event"))
                .header("cookie", &ct);
            tasks.push(tokio::spawn(hold_stream(
                req,
                streams_end.clone(),
                tally.clone(),
                bytes.clone(),
            )));
            for k in 0..2 {
                let (c, cookie) = account(&base, ip(15, 0), &format!("pest{k}")).await;
                let (base, stop, tally) = (base.clone(), stop.clone(), tally.clone());
                tasks.push(tokio::spawn(async move {
                    while !stop.load(Ordering::Relaxed) {
                        let r = c
                            .post(format!("{base}/api/challenge/target"))
                            .header("cookie", &cookie)
                            .json(&json!({}))
                            .send()
                            .await;
                        tally.add(format!("challenge {}", outcome(r).await.0));
                    }
                }));
            }
            tokio::time::sleep(Duration::from_secs(opts.seconds)).await;
            let v: Value =
                json_of(t.get(format!("{base}/api/challenge")).header("cookie", &ct)).await;
            extra = format!(
                "; the target's open challenges {}; its event stream's bytes {}",
                v["incoming"].as_array().map_or(0, Vec::len),
                bytes.load(Ordering::Relaxed)
            );
        }
        _ => tokio::time::sleep(Duration::from_secs(opts.seconds)).await,
    }
    stop.store(true, Ordering::Relaxed);
    let _ = ended.send(true);
    for t in tasks {
        let _ = tokio::time::timeout(Duration::from_secs(5), t).await;
    }
    format!("{}{extra}", tally.line())
}

/// A process's user + system CPU seconds and peak memory (MiB).
fn usage(pid: u32) -> (f64, f64) {
    let cpu = std::fs::read_to_string(format!("/proc/{pid}/stat"))
        .ok()
        .and_then(|s| {
            let rest = s[s.rfind(')')? + 2..].to_string();
            let f: Vec<f64> = rest
                .split_whitespace()
                .filter_map(|x| x.parse().ok())
                .collect();
            // utime and stime: the 12th and 13th fields after the command (all numeric but
            // the state, which the filter dropped).
            Some((f.get(10)? + f.get(11)?) / 100.0)
        })
        .unwrap_or(f64::NAN);
    let peak = std::fs::read_to_string(format!("/proc/{pid}/status"))
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmHWM:"))?
                .split_whitespace()
                .nth(1)?
                .parse::<f64>()
                .ok()
        })
        .map_or(f64::NAN, |kib| kib / 1024.0);
    (cpu, peak)
}

fn main() {
    if let Ok(db) = std::env::var("OWARE_FLOOD_CHILD_DB") {
        child_server(&db);
        return;
    }
    let opts = parse_opts();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("runtime");
    for name in &opts.floods {
        let dir = std::env::temp_dir().join(format!("oware-flood-{}-{name}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let (mut child, base) = start_child(&dir.join("games.sqlite"));
        let pid = child.id();
        let m = Arc::new(Mutex::new(Measured::default()));
        let stop = Arc::new(AtomicBool::new(false));
        let flood_stop = Arc::new(AtomicBool::new(false));
        let summary = runtime.block_on(async {
            let mut players = Vec::new();
            for k in 0..opts.games {
                players.push(tokio::spawn(measure_games(
                    base.clone(),
                    k as u32,
                    opts.think,
                    stop.clone(),
                    m.clone(),
                )));
            }
            players.push(tokio::spawn(visit(base.clone(), stop.clone(), m.clone())));
            let summary = flood(name, base.clone(), &opts, flood_stop.clone()).await;
            stop.store(true, Ordering::Relaxed);
            for p in players {
                let _ = tokio::time::timeout(Duration::from_secs(15), p).await;
            }
            summary
        });
        let (cpu, peak) = usage(pid);
        let _ = child.kill();
        let _ = child.wait();
        let _ = std::fs::remove_dir_all(&dir);
        let mut guard = m.lock().unwrap();
        let g = &mut *guard;
        let moves = g.move_ms.len();
        println!(
            "{name}: moves {moves} (request p50 {:.1} ms, p99 {:.1} ms; relay p50 {:.1} ms, p99 {:.1} ms; {} games broken); \
             new visitors answered {}/{} (p99 {:.0} ms); server CPU {cpu:.1} s, peak {peak:.0} MiB",
            percentile(&mut g.move_ms, 0.5),
            percentile(&mut g.move_ms, 0.99),
            percentile(&mut g.relay_ms, 0.5),
            percentile(&mut g.relay_ms, 0.99),
            g.errors,
            g.visits - g.unanswered,
            g.visits,
            percentile(&mut g.visits_ms, 0.99),
        );
        println!("  flood {name}: {summary}");
    }
}
