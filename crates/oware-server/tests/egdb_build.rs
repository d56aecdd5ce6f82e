//! The server's background build of the endgame tables, against the real server on a loopback
//! port: an empty folder fills up and the page's values appear, a second start reuses the
//! files, an interrupted build resumes, an unwritable folder leaves a working server without
//! values. Every test uses its own temporary folder, never the user's data folder.

mod common;

use std::path::Path;
use std::time::Duration;

use oware_egdb::BackgroundOptions;
use oware_server::{start, Server, ServerConfig};
use reqwest::Client;
use serde_json::{json, Value};

/// Six seeds on the board after North's f, South to move (as in the API tests).
const OGN: &str = "[FEN \"0-0-0-0-1-1-2-1-0-0-0-1-22-20-N\"]\n\n1... f *\n";

async fn server(dir: &Path, egdb: &Path, max_seeds: u8) -> Server {
    let config = ServerConfig {
        port: 0,
        db: dir.join("games.sqlite"),
        engine_threads: 1,
        egdb_dir: Some(egdb.to_path_buf()),
        egdb_build: Some(BackgroundOptions {
            max_seeds,
            threads: 1,
            memory: 1 << 30,
            nice: 19,
        }),
        ..ServerConfig::default()
    };
    start(&config).await.expect("server starts")
}

async fn health(s: &Server) -> Value {
    let r = Client::new()
        .get(format!("http://{}/api/health", s.addr()))
        .send()
        .await
        .unwrap();
    assert!(r.status().is_success());
    r.json().await.unwrap()
}

/// Waits (bounded: 10 minutes, for a machine under load) until the build has ended; the health.
async fn built(s: &Server) -> Value {
    for _ in 0..6000 {
        let h = health(s).await;
        if h["egdb"]["building"] == json!(false) {
            return h;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("the background build did not end: {}", health(s).await);
}

async fn six_seed_values(s: &Server) -> Value {
    let r = Client::new()
        .post(format!("http://{}/api/games", s.addr()))
        .json(&json!({ "opponent": "friend", "ogn": OGN }))
        .send()
        .await
        .unwrap();
    let v: Value = r.json().await.unwrap();
    v["state"]["egdb"].clone()
}

fn stamps(dir: &Path, upto: u8) -> Vec<std::time::SystemTime> {
    (0..=upto)
        .map(|n| {
            std::fs::metadata(dir.join(format!("abapa-{n:02}.egdb")))
                .unwrap()
                .modified()
                .unwrap()
        })
        .collect()
}

#[tokio::test]
async fn an_empty_folder_is_built_in_the_background_then_reused() {
    let dir = tempfile::tempdir().unwrap();
    let egdb = dir.path().join("egdb");
    let s = server(dir.path(), &egdb, 8).await;
    let h = built(&s).await;
    assert_eq!(h["egdb"]["max_seeds"], 8, "{h}");
    assert_eq!(h["egdb"]["target"], 8, "{h}");
    assert_eq!(h["egdb"]["status"], "complete up to 8 seeds", "{h}");
    let values = six_seed_values(&s).await;
    assert_eq!(values[2]["text"], "wins 3 of the 6 seeds", "{values}");
    s.shutdown().await.unwrap();

    // A second start finds every level and builds nothing.
    let before = stamps(&egdb, 8);
    let s = server(dir.path(), &egdb, 8).await;
    let h = health(&s).await;
    assert_eq!(h["egdb"]["max_seeds"], 8, "{h}");
    assert_eq!(h["egdb"]["building"], false, "{h}");
    assert!(six_seed_values(&s).await.is_array());
    assert_eq!(stamps(&egdb, 8), before);
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn an_interrupted_build_resumes() {
    let dir = tempfile::tempdir().unwrap();
    let egdb = dir.path().join("egdb");
    // What `kill -9` in level 6 leaves: levels 0 to 5 and a partial temporary file.
    common::build_egdb(&egdb, 5);
    std::fs::write(egdb.join("abapa-06.egdb.tmp"), b"OWAREGDB partial").unwrap();
    let before = stamps(&egdb, 5);
    let s = server(dir.path(), &egdb, 8).await;
    let h = built(&s).await;
    assert_eq!(h["egdb"]["max_seeds"], 8, "{h}");
    assert_eq!(stamps(&egdb, 5), before, "levels 0 to 5 were kept");
    assert!(six_seed_values(&s).await.is_array());
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn an_unwritable_folder_leaves_a_working_server_without_values() {
    let dir = tempfile::tempdir().unwrap();
    // A folder under a plain file cannot be created, even by root.
    let file = dir.path().join("plain-file");
    std::fs::write(&file, b"").unwrap();
    let s = server(dir.path(), &file.join("egdb"), 8).await;
    let h = built(&s).await;
    assert!(h["egdb"]["max_seeds"].is_null(), "{h}");
    let status = h["egdb"]["status"].as_str().unwrap();
    assert!(status.starts_with("build failed: "), "{status}");
    assert!(six_seed_values(&s).await.is_null());
    s.shutdown().await.unwrap();
}
