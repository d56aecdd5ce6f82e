//! Review benchmark (not a test): how long the server takes to review a 60-move game at the
//! default depth, through its API, over loopback.
//!
//! ```text
//! cargo run --release -p oware-server --example review_time -- [GAME.ogn] [THREADS]
//! ```
//!
//! Starts the server in this process (a fresh SQLite file in a temporary folder, no endgame
//! tables, `THREADS` engine slots, default 2), imports the game (default: the first 60 moves
//! of a game `oware match medium medium` played), asks for its review (`POST …/review`), and
//! looks at `GET …/review` every 20 ms until it is done. Prints the wall clock from the request
//! to the stored result, the process's CPU time, and how long asking again takes (the stored
//! review, no search).

use std::time::{Duration, Instant};

use oware_server::{start, ServerConfig};
use serde_json::{json, Value};

/// 60 moves of `oware match medium medium` (2026-11-30).
const GAME: &str =
    "1. A b 2. D b 3. F f 4. B+2 d+3 5. A e+2 6. B f 7. B c 8. D a 9. A f 10. E+2 c \
                    11. A e 12. A f 13. D b 14. A d 15. A c 16. C+12 f 17. E b 18. A a 19. D c \
                    20. C b 21. E d 22. D c 23. E e 24. B a 25. D b 26. C c 27. A f+2 28. A d+2 \
                    29. A e+2 30. D f *";

/// The process's CPU time (user + system) from `/proc/self/stat`, if it can be read.
fn cpu_time() -> Option<Duration> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    let ticks: u64 = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
    // Linux reports in clock ticks of 1/100 s.
    Some(Duration::from_millis(ticks * 10))
}

#[tokio::main]
async fn main() {
    let mut args = std::env::args().skip(1);
    let ogn = match args.next() {
        Some(path) => std::fs::read_to_string(&path).expect("the game file reads"),
        None => GAME.to_string(),
    };
    let threads: usize = args
        .next()
        .map_or(2, |t| t.parse().expect("THREADS is a number"));
    let dir = tempfile::tempdir().expect("a temporary folder");
    let server = start(&ServerConfig {
        port: 0,
        db: dir.path().join("games.sqlite"),
        engine_threads: threads,
        egdb_dir: None,
        ..ServerConfig::default()
    })
    .await
    .expect("the server starts");
    let base = format!("http://{}", server.addr());
    let client = reqwest::Client::new();
    let created: Value = client
        .post(format!("{base}/api/games"))
        .json(&json!({ "opponent": "friend", "ogn": ogn }))
        .send()
        .await
        .expect("created")
        .json()
        .await
        .expect("JSON");
    let id = created["id"].as_str().expect("an id").to_string();
    let token = created["token"].as_str().expect("a token").to_string();
    let review = format!("{base}/api/games/{id}/review");
    let cpu0 = cpu_time();
    let t0 = Instant::now();
    let started = client
        .post(&review)
        .header("x-seat-token", &token)
        .send()
        .await
        .expect("review asked");
    assert_eq!(started.status().as_u16(), 202, "the review starts");
    let done: Value = loop {
        let v: Value = client
            .get(&review)
            .send()
            .await
            .expect("review read")
            .json()
            .await
            .expect("JSON");
        if v["status"] != "running" {
            break v;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    let wall = t0.elapsed();
    assert_eq!(done["status"], "done", "{done}");
    let cpu = match (cpu0, cpu_time()) {
        (Some(a), Some(b)) => format!("{:.2} s", (b - a).as_secs_f64()),
        _ => "unknown".into(),
    };
    println!(
        "{} moves, depth {}, {threads} engine slots: {:.2} s wall, {cpu} CPU",
        done["plies"],
        done["depth"],
        wall.as_secs_f64()
    );
    let t1 = Instant::now();
    let again = client
        .post(&review)
        .header("x-seat-token", &token)
        .send()
        .await
        .expect("asked again");
    let status = again.status().as_u16();
    let again: Value = again.json().await.expect("JSON");
    println!(
        "asked again: HTTP {status} in {:.1} ms, the stored review (same computed_at: {})",
        t1.elapsed().as_secs_f64() * 1000.0,
        again["computed_at"] == done["computed_at"]
    );
    server.shutdown().await.expect("the server stops");
}
