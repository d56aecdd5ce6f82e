//! Scaffolding shared by the API test files: the server on a loopback port with a real SQLite
//! file, a small JSON client and a reader of server-sent events.
#![allow(dead_code)] // each test file uses its own part

use std::path::Path;
use std::time::Duration;

use oware_server::{start, Server, ServerConfig};
use reqwest::{Client, StatusCode};
use serde_json::{json, Value};

pub async fn server(db: &Path) -> Server {
    server_with(db, None).await
}

pub async fn server_with(db: &Path, egdb: Option<&Path>) -> Server {
    let config = ServerConfig {
        port: 0,
        db: db.to_path_buf(),
        engine_threads: 2,
        egdb_dir: egdb.map(Path::to_path_buf),
        ..ServerConfig::default()
    };
    start(&config).await.expect("server starts")
}

pub struct Api {
    pub client: Client,
    pub base: String,
}

impl Api {
    pub fn new(s: &Server) -> Api {
        Api {
            client: Client::new(),
            base: format!("http://{}", s.addr()),
        }
    }

    pub async fn create(&self, body: Value) -> (StatusCode, Value) {
        let r = self
            .client
            .post(format!("{}/api/games", self.base))
            .json(&body)
            .send()
            .await
            .unwrap();
        (r.status(), r.json().await.unwrap())
    }

    pub async fn get(&self, path: &str) -> (StatusCode, Value) {
        let r = self
            .client
            .get(format!("{}{path}", self.base))
            .send()
            .await
            .unwrap();
        let status = r.status();
        (status, r.json().await.unwrap_or(Value::Null))
    }

    pub async fn post(
        &self,
        path: &str,
        token: Option<&str>,
        body: Option<Value>,
    ) -> (StatusCode, Value) {
        let mut req = self.client.post(format!("{}{path}", self.base));
        if let Some(t) = token {
            req = req.header("x-seat-token", t);
        }
        if let Some(b) = body {
            req = req.json(&b);
        }
        let r = req.send().await.unwrap();
        let status = r.status();
        (status, r.json().await.unwrap_or(Value::Null))
    }

    pub async fn delete(&self, path: &str, token: Option<&str>) -> (StatusCode, Value) {
        let mut req = self.client.delete(format!("{}{path}", self.base));
        if let Some(t) = token {
            req = req.header("x-seat-token", t);
        }
        let r = req.send().await.unwrap();
        let status = r.status();
        (status, r.json().await.unwrap_or(Value::Null))
    }

    pub async fn play(&self, id: &str, token: &str, mv: &str) -> (StatusCode, Value) {
        self.post(
            &format!("/api/games/{id}/moves"),
            Some(token),
            Some(json!({ "move": mv })),
        )
        .await
    }

    /// Waits (long poll) until the game's version is above `since`.
    pub async fn wait(&self, id: &str, since: u64) -> Value {
        let (s, v) = self
            .get(&format!("/api/games/{id}?since={since}&wait_ms=20000"))
            .await;
        assert_eq!(s, StatusCode::OK);
        v
    }
}

/// Reads a game's server-sent events one at a time.
pub struct Events {
    resp: reqwest::Response,
    buf: String,
}

impl Events {
    pub async fn open(api: &Api, id: &str) -> Events {
        Events::open_path(api, &format!("/api/games/{id}/events")).await
    }

    /// Opens the event stream at `path` (the lobby's, or a game's with a presence key).
    pub async fn open_path(api: &Api, path: &str) -> Events {
        let resp = api
            .client
            .get(format!("{}{path}", api.base))
            .send()
            .await
            .unwrap();
        assert_eq!(resp.status(), StatusCode::OK);
        assert_eq!(
            resp.headers()["content-type"].to_str().unwrap(),
            "text/event-stream"
        );
        Events {
            resp,
            buf: String::new(),
        }
    }

    /// The next event's name and JSON data (keep-alive comments skipped). A guard of a minute
    /// turns a missing event into a failure instead of a hang.
    pub async fn next(&mut self) -> (String, Value) {
        loop {
            if let Some(end) = self.buf.find("\n\n") {
                let block: String = self.buf.drain(..end + 2).collect();
                let (mut name, mut data) = (String::new(), String::new());
                for line in block.lines() {
                    if let Some(v) = line.strip_prefix("event:") {
                        name = v.trim().to_string();
                    } else if let Some(v) = line.strip_prefix("data:") {
                        data.push_str(v.strip_prefix(' ').unwrap_or(v));
                    }
                }
                if name.is_empty() {
                    continue;
                }
                return (
                    name,
                    serde_json::from_str(&data).expect("event data is JSON"),
                );
            }
            let chunk = tokio::time::timeout(Duration::from_secs(60), self.resp.chunk())
                .await
                .expect("an event within a minute")
                .unwrap()
                .expect("the stream stays open");
            self.buf.push_str(&String::from_utf8_lossy(&chunk));
        }
    }

    /// Skips events until one named `name` whose data passes `pred`.
    pub async fn until(&mut self, name: &str, pred: impl Fn(&Value) -> bool) -> Value {
        loop {
            let (n, v) = self.next().await;
            if n == name && pred(&v) {
                return v;
            }
        }
    }
}

pub fn ids(v: &Value) -> (String, String) {
    (
        v["id"].as_str().unwrap().to_string(),
        v["token"].as_str().unwrap().to_string(),
    )
}

pub fn assert_error(status: StatusCode, body: &Value, want: StatusCode, code: &str) {
    assert_eq!(status, want, "{body}");
    assert_eq!(body["code"], code, "{body}");
    assert!(
        !body["error"].as_str().unwrap_or_default().is_empty(),
        "{body}"
    );
}
