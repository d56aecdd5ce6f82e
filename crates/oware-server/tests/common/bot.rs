//! A program holding an API token (a bot, a person's script): its requests with `Bearer`, and
//! the NDJSON streams it reads.

use std::time::Duration;

use oware_protocol::CreatedToken;
use oware_server::Server;
use reqwest::StatusCode;
use serde_json::{json, Value};

use super::Browser;

/// A program holding an API token (or a page's session cookie: [`Bot::with_cookie`]), sent
/// with every request.
pub struct Bot {
    client: reqwest::Client,
    base: String,
    pub token: String,
    /// The header that says who asks: `authorization` with the token, or `cookie`.
    credential: (&'static str, String),
}

impl Bot {
    pub fn new(s: &Server, token: &str) -> Bot {
        Bot {
            client: reqwest::Client::new(),
            base: format!("http://{}", s.addr()),
            token: token.to_string(),
            credential: ("authorization", format!("Bearer {token}")),
        }
    }

    /// A client of server `s` that sends the `cookie` header `cookie` (`oware_session=…`)
    /// instead of a token, and can be shared (`&self`) where a [`super::Browser`] cannot.
    pub fn with_cookie(s: &Server, cookie: &str) -> Bot {
        Bot {
            credential: ("cookie", cookie.to_string()),
            token: String::new(),
            ..Bot::new(s, "")
        }
    }

    /// A request of `method` to `path` with the credential.
    fn request(&self, method: reqwest::Method, path: &str) -> reqwest::RequestBuilder {
        let (name, value) = &self.credential;
        self.client
            .request(method, format!("{}{path}", self.base))
            .header(*name, value)
    }

    pub async fn send(
        &self,
        method: reqwest::Method,
        path: &str,
        body: Option<Value>,
    ) -> (StatusCode, Value) {
        self.send_with(method, path, body, &[]).await
    }

    /// [`Bot::send`] with more `headers`.
    pub async fn send_with(
        &self,
        method: reqwest::Method,
        path: &str,
        body: Option<Value>,
        headers: &[(&str, &str)],
    ) -> (StatusCode, Value) {
        let req = super::with_parts(self.request(method, path), headers, body);
        let r = req.send().await.unwrap();
        let status = r.status();
        let text = r.text().await.unwrap();
        (status, serde_json::from_str(&text).unwrap_or(Value::Null))
    }

    pub async fn post(&self, path: &str, body: Option<Value>) -> (StatusCode, Value) {
        self.send(reqwest::Method::POST, path, body).await
    }

    /// A POST with a form body (`application/x-www-form-urlencoded`), as lichess's clients send.
    pub async fn post_form(&self, path: &str, form: &str) -> (StatusCode, Value) {
        let r = self
            .request(reqwest::Method::POST, path)
            .header("content-type", "application/x-www-form-urlencoded")
            .body(form.to_string())
            .send()
            .await
            .unwrap();
        let status = r.status();
        let text = r.text().await.unwrap();
        (status, serde_json::from_str(&text).unwrap_or(Value::Null))
    }

    pub async fn get(&self, path: &str) -> (StatusCode, Value) {
        self.send(reqwest::Method::GET, path, None).await
    }

    /// Opens the NDJSON stream at `path`.
    pub async fn stream(&self, path: &str) -> Lines {
        let resp = self
            .request(reqwest::Method::GET, path)
            .send()
            .await
            .unwrap();
        assert_eq!(resp.status(), StatusCode::OK);
        assert_eq!(
            resp.headers()["content-type"].to_str().unwrap(),
            "application/x-ndjson"
        );
        Lines {
            resp,
            buf: String::new(),
        }
    }
}

/// The lines of an NDJSON stream, keep-alive lines skipped.
pub struct Lines {
    resp: reqwest::Response,
    buf: String,
}

impl Lines {
    /// The next JSON line (`None`: the stream ended). A guard of a minute turns a missing line
    /// into a failure instead of a hang.
    pub async fn next(&mut self) -> Option<Value> {
        loop {
            if let Some(end) = self.buf.find('\n') {
                let line: String = self.buf.drain(..=end).collect();
                if line.trim().is_empty() {
                    continue;
                }
                return Some(serde_json::from_str(line.trim()).expect("a line is JSON"));
            }
            let chunk = tokio::time::timeout(Duration::from_secs(60), self.resp.chunk())
                .await
                .expect("a line within a minute")
                .unwrap()?;
            self.buf.push_str(&String::from_utf8_lossy(&chunk));
        }
    }

    /// Skips lines until one of `kind` (its `type`) that passes `pred`.
    pub async fn until(&mut self, kind: &str, pred: impl Fn(&Value) -> bool) -> Value {
        loop {
            let v = self.next().await.expect("the stream stays open");
            if v["type"] == kind && pred(&v) {
                return v;
            }
        }
    }
}

/// A new token of `b`'s account with `scopes`.
pub async fn token(b: &mut Browser, scopes: &[&str]) -> String {
    let (st, body) = b
        .post(
            "/api/account/tokens",
            json!({ "description": "my engine", "scopes": scopes }),
        )
        .await;
    assert_eq!(st, StatusCode::CREATED, "{body}");
    let made: CreatedToken = serde_json::from_value(body).unwrap();
    made.token
}
