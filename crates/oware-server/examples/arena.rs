//! An arena of many players on this machine (issue 31): the time of a pairing wave and the
//! relay latency of its games.
//!
//! ```sh
//! cargo run --release -p oware-server --example arena            # 500 players
//! cargo run --release -p oware-server --example arena -- 200     # another number
//! ```
//!
//! The real server in this process, on a temporary SQLite file, its time a `ManualClock`:
//! N accounts sign up and join a 3+2 arena, the clock passes its start, and the first
//! pairing wave pairs everyone (N/2 rated games made and stored). The wave's own time is what
//! the server measured (`last_wave` of `GET /api/tournaments/{id}`). Then every game plays
//! 10 moves at once, each player holding the game's event stream: the relay latency is from
//! sending a move to the opponent's stream delivering it (median, p99, max).

use std::time::{Duration, Instant};

use oware_server::{start, ManualClock, OnlineConfig, ServerConfig, TournamentConfig};
use serde_json::{json, Value};

mod common;
use common::Stream;

/// Sends `req`: its answer's JSON.
async fn fetch(req: reqwest::RequestBuilder) -> Value {
    req.send().await.unwrap().json().await.unwrap()
}

fn legal(state: &Value) -> Option<String> {
    state["pits_info"]
        .as_array()?
        .iter()
        .filter(|p| p["legal"] == true)
        .filter_map(|p| p["letter"].as_str())
        .next()
        .map(str::to_string)
}

#[tokio::main]
async fn main() {
    let n: usize = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(500);
    let dir = tempfile::tempdir().unwrap();
    let clock = ManualClock::starting_now();
    let config = ServerConfig {
        port: 0,
        db: dir.path().join("arena.sqlite"),
        engine_threads: 1,
        online: OnlineConfig {
            create_limit: 100_000,
            ..OnlineConfig::default()
        },
        clock: clock.shared(),
        tournaments: TournamentConfig {
            schedule: Vec::new(),
            max_players: 10_000,
            ..TournamentConfig::default()
        },
        ..ServerConfig::default()
    };
    let server = start(&config).await.expect("server starts");
    let base = format!("http://{}", server.addr());
    let client = reqwest::Client::builder()
        .pool_max_idle_per_host(64)
        .build()
        .unwrap();

    // Sign-ups (Argon2id: the slow part of the set-up), 16 at a time.
    let t0 = Instant::now();
    let mut cookies = Vec::with_capacity(n);
    for chunk in (0..n).collect::<Vec<_>>().chunks(16) {
        let done = futures_util::future::join_all(chunk.iter().map(|i| {
            let client = client.clone();
            let base = base.clone();
            async move {
                loop {
                    let r = client
                        .post(format!("{base}/api/account/signup"))
                        .json(&json!({ "name": format!("p{i:04}"), "password": "seeds in every house" }))
                        .send()
                        .await
                        .unwrap();
                    if r.status().is_success() {
                        let c = r.headers()["set-cookie"].to_str().unwrap();
                        return c.split(';').next().unwrap().to_string();
                    }
                    tokio::time::sleep(Duration::from_millis(50)).await;
                }
            }
        }))
        .await;
        cookies.extend(done);
        // The sign-up limit per address is on the server's clock.
        clock.advance(Duration::from_secs(3600));
    }
    let created = fetch(
        client
            .post(format!("{base}/api/tournaments"))
            .header("cookie", &cookies[0])
            .json(
                &json!({ "kind": "arena", "minutes": 180, "initial_s": 180, "increment_s": 2,
                       "max_players": n }),
            ),
    )
    .await;
    let id = created["id"].as_str().expect("created").to_string();
    futures_util::future::join_all(cookies.iter().map(|c| {
        client
            .post(format!("{base}/api/tournaments/{id}/join"))
            .header("cookie", c)
            .send()
    }))
    .await;
    eprintln!(
        "{n} players signed up and joined in {:.1} s",
        t0.elapsed().as_secs_f64()
    );

    // The start: the first wave pairs everyone.
    let wall = Instant::now();
    clock.advance(Duration::from_secs(301));
    let view = loop {
        let v = fetch(client.get(format!("{base}/api/tournaments/{id}"))).await;
        if v["last_wave"]["paired"].as_u64().unwrap_or(0) > 0 {
            break v;
        }
        tokio::time::sleep(Duration::from_millis(5)).await;
    };
    let wave_ms = view["last_wave"]["micros"].as_f64().unwrap() / 1000.0;
    let paired = view["last_wave"]["paired"].as_u64().unwrap();
    println!(
        "pairing wave: {paired} players paired into {} games in {wave_ms:.0} ms (seen by a client after {:.0} ms)",
        paired / 2,
        wall.elapsed().as_secs_f64() * 1000.0
    );

    // Each player's seat (by the account), and both players' streams.
    let games: Vec<(String, String, String)> = view["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| {
            (
                g["id"].as_str().unwrap().to_string(),
                g["south"].as_str().unwrap().to_string(),
                g["north"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    let cookie_of = |name: &str| cookies[name[1..].parse::<usize>().unwrap()].clone();
    let latencies = futures_util::future::join_all(games.iter().map(|(g, s, nn)| {
        let client = client.clone();
        let base = base.clone();
        let (cs, cn) = (cookie_of(s), cookie_of(nn));
        let g = g.clone();
        async move {
            let mut tokens = Vec::new();
            let mut streams = Vec::new();
            for c in [&cs, &cn] {
                let seat = fetch(
                    client
                        .post(format!("{base}/api/games/{g}/seat"))
                        .header("cookie", c),
                )
                .await;
                let token = seat["token"].as_str().unwrap().to_string();
                let events = client
                    .get(format!("{base}/api/games/{g}/events"))
                    .header("x-seat-token", &token);
                streams.push(Stream::open(events).await.unwrap());
                tokens.push(token);
            }
            let mut state = fetch(client.get(format!("{base}/api/games/{g}"))).await;
            let mut out = Vec::new();
            for ply in 0..10u64 {
                let mover = (ply % 2) as usize;
                let Some(mv) = legal(&state) else { break };
                let t = Instant::now();
                let r = fetch(
                    client
                        .post(format!("{base}/api/games/{g}/moves"))
                        .header("x-seat-token", &tokens[mover])
                        .json(&json!({ "move": mv })),
                )
                .await;
                // Until the opponent's stream delivers the move (or ends).
                let _ = streams[1 - mover].until_ply(ply + 1).await;
                out.push(t.elapsed().as_secs_f64() * 1000.0);
                state = r["state"].clone();
            }
            out
        }
    }))
    .await;
    let mut all: Vec<f64> = latencies.into_iter().flatten().collect();
    all.sort_by(|a, b| a.total_cmp(b));
    let pct = |p: f64| all[((all.len() as f64 - 1.0) * p).round() as usize];
    println!(
        "relay: {} moves in {} games at once: median {:.1} ms, p99 {:.1} ms, max {:.1} ms",
        all.len(),
        games.len(),
        pct(0.5),
        pct(0.99),
        all.last().copied().unwrap_or(0.0)
    );
    server.shutdown().await.unwrap();
}
