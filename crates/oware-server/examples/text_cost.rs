//! Cost benchmark (not a test): what hostile chat texts and names cost the server, and what they
//! do to other players' moves. Over loopback only, one server in this process.
//!
//! ```text
//! cargo run --profile test -p oware-server --example text_cost
//! ```
//!
//! Starts a server (a fresh SQLite file, port 0) with an online game between Ama and Kofi, then
//! sends each hostile request `--runs` times (default 5; 40 times as many when one takes under
//! 50 ms, as the CPU clock ticks every 10 ms) and reports the median wall time and the
//! process's mean CPU time per request (from `/proc/self/stat`; client and server share the
//! process, the client's part, encoding the JSON, is a fraction of a millisecond):
//!
//! - a 20 KB chat text of emoji joined by zero-width joiners (within the route's body limit),
//!   and a 30 KB name joining the game's taken seat;
//! - a 224 KB chat text of emoji joined by zero-width joiners, to the game (one grapheme
//!   cluster: it was one "character");
//! - a 112 KB one to a game that does not exist;
//! - `a` with 124,999 combining accents (250 KB);
//! - a 250 KB name (an emoji, then variation selectors and joiners) joining the game's taken
//!   seat (409), and a 250 KB chat name of a guest spectator.
//!
//! Then `--moves N` (default 40) moves of another game, timed, while two clients send the
//! 224 KB text in a loop: the moves' p50 and p99 beside the same moves without them.

use std::time::{Duration, Instant};

use reqwest::{Client, StatusCode};
use serde_json::{json, Value};

mod common;

/// The process's CPU time so far (user + system), from `/proc/self/stat`.
fn cpu() -> Duration {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    // The fields after the command name (in parentheses, which may hold spaces).
    let rest = stat.rsplit_once(')').map_or("", |(_, r)| r);
    let f: Vec<&str> = rest.split_whitespace().collect();
    let ticks = |i: usize| f.get(i).and_then(|v| v.parse::<u64>().ok()).unwrap_or(0);
    // utime and stime are fields 14 and 15 of the line, 12 and 13 after the name.
    let hz = 100; // USER_HZ on Linux
    Duration::from_millis((ticks(11) + ticks(12)) * 1000 / hz)
}

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

fn pct(mut v: Vec<Duration>, p: f64) -> Duration {
    v.sort();
    let i = ((v.len() as f64 - 1.0) * p).round() as usize;
    v[i]
}

struct Api {
    client: Client,
    base: String,
}

impl Api {
    async fn post(&self, path: &str, token: Option<&str>, body: &Value) -> (StatusCode, Value) {
        let mut req = self.client.post(format!("{}{path}", self.base)).json(body);
        if let Some(t) = token {
            req = req.header("x-seat-token", t);
        }
        // A server that answers 413 from the Content-Length may close the connection while a
        // large body is still being written: the client sees a broken pipe. Counted as 413.
        match req.send().await {
            Ok(r) => {
                let st = r.status();
                (st, r.json().await.unwrap_or(Value::Null))
            }
            Err(_) => (StatusCode::PAYLOAD_TOO_LARGE, Value::Null),
        }
    }

    /// `GET path`, `None` when the request fails (a connection reset by a starved server).
    async fn get(&self, path: &str) -> Option<Value> {
        let r = self
            .client
            .get(format!("{}{path}", self.base))
            .send()
            .await
            .ok()?;
        r.json().await.ok()
    }

    /// `POST path`, `None` when the request fails.
    async fn try_post(&self, path: &str, token: &str, body: &Value) -> Option<StatusCode> {
        let r = self
            .client
            .post(format!("{}{path}", self.base))
            .header("x-seat-token", token)
            .json(body)
            .send()
            .await
            .ok()?;
        Some(r.status())
    }

    /// An online game, Ama (South) against Kofi (North): id and the two tokens.
    async fn game(&self) -> (String, String, String) {
        let (st, v) = self
            .post(
                "/api/games",
                None,
                &json!({ "opponent": "online", "color": "S", "name": "Ama" }),
            )
            .await;
        assert_eq!(st, StatusCode::CREATED, "{v}");
        let id = v["id"].as_str().unwrap().to_string();
        let south = v["token"].as_str().unwrap().to_string();
        let (st, j) = self
            .post(
                &format!("/api/games/{id}/join"),
                None,
                &json!({ "name": "Kofi" }),
            )
            .await;
        assert_eq!(st, StatusCode::OK, "{j}");
        (id, south, j["token"].as_str().unwrap().to_string())
    }
}

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() {
    let runs = common::arg::<usize>("--runs", 5);
    let moves = common::arg::<usize>("--moves", 40);
    let dir = tempfile::tempdir().unwrap();
    let config = oware_server::ServerConfig {
        port: 0,
        db: dir.path().join("games.sqlite"),
        engine_threads: 1,
        online: oware_server::OnlineConfig {
            create_limit: 1000,
            ..oware_server::OnlineConfig::default()
        },
        ..oware_server::ServerConfig::default()
    };
    let server = oware_server::start(&config).await.expect("server starts");
    let api = Api {
        client: Client::new(),
        base: format!("http://{}", server.addr()),
    };
    let (id, south, _north) = api.game().await;

    let zwj224 = "\u{1F600}\u{200D}".repeat(32_000) + "\u{1F600}";
    let zwj112 = "\u{1F600}\u{200D}".repeat(16_000) + "\u{1F600}";
    let accents = format!("a{}", "\u{0301}".repeat(124_999));
    let name250 = format!("\u{1F600}{}", "\u{FE0F}\u{200D}".repeat(41_600));
    let zwj20 = "\u{1F600}\u{200D}".repeat(2_900) + "\u{1F600}";
    let name30 = format!("\u{1F600}{}", "\u{FE0F}\u{200D}".repeat(5_000));
    let cases: Vec<(&str, String, Option<String>, Value)> = vec![
        (
            "chat 20 KB ZWJ text, player",
            format!("/api/games/{id}/chat"),
            Some(south.clone()),
            json!({ "text": zwj20 }),
        ),
        (
            "join, 30 KB name, seat taken",
            format!("/api/games/{id}/join"),
            None,
            json!({ "name": name30 }),
        ),
        (
            "chat 224 KB ZWJ text, player",
            format!("/api/games/{id}/chat"),
            Some(south.clone()),
            json!({ "text": zwj224 }),
        ),
        (
            "chat 112 KB ZWJ text, missing game",
            "/api/games/nosuchgame/chat".to_string(),
            Some(south.clone()),
            json!({ "text": zwj112 }),
        ),
        (
            "chat 250 KB a+accents, player",
            format!("/api/games/{id}/chat"),
            Some(south.clone()),
            json!({ "text": accents }),
        ),
        (
            "join, 250 KB name, seat taken",
            format!("/api/games/{id}/join"),
            None,
            json!({ "name": name250 }),
        ),
        (
            "chat, guest with a 250 KB name",
            format!("/api/games/{id}/chat"),
            None,
            json!({ "text": "hi", "name": name250 }),
        ),
    ];
    println!("| request | bytes | status | runs | wall (median) | CPU a request (mean) |");
    println!("| --- | --- | --- | --- | --- | --- |");
    for (what, path, token, body) in &cases {
        // The CPU clock ticks every 10 ms: cheap requests are run many times and averaged.
        let t0 = Instant::now();
        let (mut status, _) = api.post(path, token.as_deref(), body).await;
        let mut walls = vec![t0.elapsed()];
        let n = if walls[0] > Duration::from_millis(50) {
            runs
        } else {
            40 * runs
        };
        let c0 = cpu();
        for _ in 0..n {
            let t0 = Instant::now();
            let (st, _) = api.post(path, token.as_deref(), body).await;
            walls.push(t0.elapsed());
            status = st;
        }
        let spent = cpu().saturating_sub(c0) / n as u32;
        let bytes = serde_json::to_vec(body).unwrap().len();
        println!(
            "| {what} | {bytes} | {} | {} | {:.2?} | {:.2?} |",
            status.as_u16(),
            n + 1,
            median(walls),
            spent
        );
    }

    // Other players' moves, alone and beside two clients sending the 224 KB text.
    for hostile in [false, true] {
        let (gid, s_tok, n_tok) = api.game().await;
        let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        let mut senders = Vec::new();
        if hostile {
            for _ in 0..2 {
                let stop = stop.clone();
                let (base, path, text) = (
                    api.base.clone(),
                    format!("/api/games/{id}/chat"),
                    zwj224.clone(),
                );
                senders.push(tokio::spawn(async move {
                    let client = Client::new();
                    while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                        let _ = client
                            .post(format!("{base}{path}"))
                            .json(&json!({ "text": text, "name": "Yaw" }))
                            .send()
                            .await;
                    }
                }));
            }
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
        let mut lat = Vec::new();
        let mut failed = 0;
        while lat.len() < moves && failed < moves {
            let Some(state) = api.get(&format!("/api/games/{gid}")).await else {
                failed += 1;
                continue;
            };
            if state["outcome"].is_object() {
                break;
            }
            let Some(letter) = state["pits_info"]
                .as_array()
                .and_then(|p| p.iter().find(|p| p["legal"] == true))
                .and_then(|p| p["letter"].as_str())
                .map(str::to_string)
            else {
                break;
            };
            let token = if state["position"]["turn"] == "N" {
                &n_tok
            } else {
                &s_tok
            };
            let t0 = Instant::now();
            let answer = api
                .try_post(
                    &format!("/api/games/{gid}/moves"),
                    token,
                    &json!({ "move": letter }),
                )
                .await;
            match answer {
                Some(st) if st.is_success() => lat.push(t0.elapsed()),
                _ => failed += 1,
            }
        }
        stop.store(true, std::sync::atomic::Ordering::Relaxed);
        for s in senders {
            let _ = s.await;
        }
        let what = if hostile {
            "beside two clients sending 224 KB texts"
        } else {
            "alone"
        };
        if lat.is_empty() {
            println!("moves {what}: none played, {failed} requests failed");
        } else {
            println!(
                "moves {what}: {} moves, p50 {:.2?}, p99 {:.2?}, max {:.2?}; {failed} requests failed",
                lat.len(),
                pct(lat.clone(), 0.5),
                pct(lat.clone(), 0.99),
                pct(lat, 1.0)
            );
        }
    }
    server.shutdown().await.unwrap();
}
