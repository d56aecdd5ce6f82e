//! The server's bot API over HTTP: requests with the bearer token, answers read with a cap, and
//! the NDJSON streams ([`LineStream`]) cut by a [`LineCutter`] with a deadline on silence.
//!
//! The client is reqwest, as the terminal client's (hyper and tokio underneath; TLS by rustls).
//! The token is never written anywhere but the `Authorization` header: [`Token`]'s `Debug`
//! hides it.

use std::collections::VecDeque;
use std::time::Duration;

use crate::lines::{LineCutter, MAX_LINE};
use crate::wire::Account;

/// The time a request (not a stream) may take.
const REQUEST_TIMEOUT: Duration = Duration::from_secs(15);
/// The largest answer read from a request, in bytes.
const MAX_ANSWER: usize = 64 * 1024;
/// The largest token file read, in bytes.
pub const MAX_TOKEN_BYTES: u64 = 4096;

/// An API token (`owt_…`).
#[derive(Clone, PartialEq, Eq)]
pub struct Token(String);

impl std::fmt::Debug for Token {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Token(…)")
    }
}

impl Token {
    /// A token from its text (trimmed): printable ASCII without spaces, at most 512 bytes.
    pub fn new(text: &str) -> Result<Token, String> {
        let t = text.trim();
        if t.is_empty() {
            return Err("the token file is empty".into());
        }
        if t.len() > 512 || !t.bytes().all(|b| b.is_ascii_graphic()) {
            return Err(
                "the token file does not hold one token (printable characters, no spaces)".into(),
            );
        }
        Ok(Token(t.to_string()))
    }

    /// Reads the token file (at most [`MAX_TOKEN_BYTES`]).
    pub fn read(path: &std::path::Path) -> Result<Token, String> {
        let text = crate::config::read_capped(path, MAX_TOKEN_BYTES)?;
        Token::new(&text).map_err(|e| format!("{}: {e}", path.display()))
    }
}

/// A request or stream that failed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApiError {
    /// The HTTP status; `None` when the server was not reached or the stream broke.
    pub status: Option<u16>,
    /// What happened, in words (the server's own words cut short).
    pub message: String,
}

impl ApiError {
    /// The token is refused: no use trying again.
    pub fn is_auth(&self) -> bool {
        matches!(self.status, Some(401 | 403))
    }

    fn net(e: &reqwest::Error) -> ApiError {
        let mut why = e.to_string();
        let mut source = std::error::Error::source(e);
        while let Some(s) = source {
            why = s.to_string();
            source = s.source();
        }
        ApiError {
            status: None,
            message: if e.is_timeout() {
                "the server did not answer in time".into()
            } else {
                format!("the server cannot be reached ({})", clean(&why))
            },
        }
    }
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.status {
            Some(s) => write!(f, "HTTP {s}: {}", self.message),
            None => f.write_str(&self.message),
        }
    }
}

impl std::error::Error for ApiError {}

impl ApiError {
    /// A refusal with `status`: the sentence of the protocol's error body (`ErrorBody`), or the
    /// body's text when it is not one, cleaned for the log.
    fn refused(status: reqwest::StatusCode, body: &[u8]) -> ApiError {
        let text = String::from_utf8_lossy(body);
        let message = serde_json::from_str::<oware_protocol::ErrorBody>(&text)
            .map_or_else(|_| clean(&text), |e| clean(&e.error));
        ApiError {
            status: Some(status.as_u16()),
            message,
        }
    }
}

pub use oware_protocol::printable::clean_to;

/// Text from the server (or the engine) made fit for a log line: [`clean_to`] at most 200
/// characters: control characters, terminal escapes' introducers and bidi overrides dropped.
pub fn clean(text: &str) -> String {
    clean_to(text, 200)
}

/// The bot API of one server, as one account.
#[derive(Debug, Clone)]
pub struct Client {
    http: reqwest::Client,
    base: String,
    token: Token,
}

impl Client {
    /// A client of the server at `base` (`http(s)://HOST[:PORT][/PREFIX]`).
    pub fn new(base: &str, token: Token) -> Result<Client, String> {
        let url = reqwest::Url::parse(base.trim())
            .map_err(|e| format!("'{}' is not a server address: {e}", clean(base)))?;
        if !matches!(url.scheme(), "http" | "https") || url.host_str().is_none() {
            return Err(format!(
                "'{}' is not a server address: give http://HOST:PORT",
                clean(base)
            ));
        }
        let http = reqwest::Client::builder()
            .connect_timeout(Duration::from_secs(10))
            .user_agent(concat!("oware-bot/", env!("CARGO_PKG_VERSION")))
            .build()
            .map_err(|e| format!("cannot set up the HTTP client: {e}"))?;
        Ok(Client {
            http,
            base: url.as_str().trim_end_matches('/').to_string(),
            token: token.clone(),
        })
    }

    /// The server's address.
    pub fn base(&self) -> &str {
        &self.base
    }

    fn request(&self, method: reqwest::Method, path: &str) -> reqwest::RequestBuilder {
        self.http
            .request(method, format!("{}{path}", self.base))
            .bearer_auth(&self.token.0)
    }

    /// `GET /api/account`: who the token is.
    pub async fn account(&self) -> Result<Account, ApiError> {
        let body = self
            .send(self.request(reqwest::Method::GET, "/api/account"))
            .await?;
        serde_json::from_slice(&body).map_err(|e| ApiError {
            status: None,
            message: format!(
                "the server's account answer is not understood: {}",
                clean(&e.to_string())
            ),
        })
    }

    /// A `GET` of a JSON answer.
    pub async fn get<T: serde::de::DeserializeOwned>(&self, path: &str) -> Result<T, ApiError> {
        let body = self.send(self.request(reqwest::Method::GET, path)).await?;
        serde_json::from_slice(&body).map_err(|e| ApiError {
            status: None,
            message: format!(
                "the server's answer to {path} is not understood: {}",
                clean(&e.to_string())
            ),
        })
    }

    /// A `POST` with an optional JSON body; the answer's body is read (capped) and dropped.
    pub async fn post(&self, path: &str, body: Option<serde_json::Value>) -> Result<(), ApiError> {
        let mut r = self.request(reqwest::Method::POST, path);
        if let Some(b) = body {
            r = r
                .header(reqwest::header::CONTENT_TYPE, "application/json")
                .body(b.to_string());
        }
        self.send(r).await.map(|_| ())
    }

    /// Sends a request and reads a 2xx answer's body, at most [`MAX_ANSWER`] bytes.
    async fn send(&self, r: reqwest::RequestBuilder) -> Result<Vec<u8>, ApiError> {
        let mut resp = r
            .timeout(REQUEST_TIMEOUT)
            .send()
            .await
            .map_err(|e| ApiError::net(&e))?;
        let status = resp.status();
        let mut body = Vec::new();
        while let Some(chunk) = resp.chunk().await.map_err(|e| ApiError::net(&e))? {
            if body.len() + chunk.len() > MAX_ANSWER {
                return Err(ApiError {
                    status: Some(status.as_u16()),
                    message: format!("the server's answer is larger than {MAX_ANSWER} bytes"),
                });
            }
            body.extend_from_slice(&chunk);
        }
        if !status.is_success() {
            return Err(ApiError::refused(status, &body));
        }
        Ok(body)
    }

    /// Opens an NDJSON stream (`GET path`), given up when silent for `idle`.
    pub async fn stream(&self, path: &str, idle: Duration) -> Result<LineStream, ApiError> {
        let resp = tokio::time::timeout(
            REQUEST_TIMEOUT,
            self.request(reqwest::Method::GET, path)
                .header(reqwest::header::ACCEPT, "application/x-ndjson")
                .send(),
        )
        .await
        .map_err(|_| ApiError {
            status: None,
            message: "the server did not open the stream in time".into(),
        })?
        .map_err(|e| ApiError::net(&e))?;
        let status = resp.status();
        if !status.is_success() {
            // The error's body, through the capped reader.
            let mut body = Vec::new();
            let mut resp = resp;
            while let Ok(Some(chunk)) = resp.chunk().await {
                if body.len() + chunk.len() > MAX_ANSWER {
                    break;
                }
                body.extend_from_slice(&chunk);
            }
            return Err(ApiError::refused(status, &body));
        }
        Ok(LineStream {
            source: Box::new(resp),
            cutter: LineCutter::new(MAX_LINE),
            lines: VecDeque::new(),
            idle,
        })
    }
}

/// The next chunk of a [`ChunkSource`], as a boxed future.
pub type NextChunk<'a> = std::pin::Pin<
    Box<dyn std::future::Future<Output = Result<Option<Vec<u8>>, String>> + Send + 'a>,
>;

/// Where a [`LineStream`]'s bytes come from: an HTTP body, or chunks given by a test.
pub trait ChunkSource: Send {
    /// The next chunk; `None` at the end.
    fn next_chunk(&mut self) -> NextChunk<'_>;
}

impl ChunkSource for reqwest::Response {
    fn next_chunk(&mut self) -> NextChunk<'_> {
        Box::pin(async move {
            self.chunk()
                .await
                .map(|c| c.map(|b| b.to_vec()))
                .map_err(|e| ApiError::net(&e).message)
        })
    }
}

/// An NDJSON stream: one JSON text a line; empty lines are keep-alives.
pub struct LineStream {
    source: Box<dyn ChunkSource>,
    cutter: LineCutter,
    lines: VecDeque<String>,
    idle: Duration,
}

impl LineStream {
    /// A stream over any chunk source (the tests feed chunks).
    pub fn from_source(source: Box<dyn ChunkSource>, idle: Duration) -> LineStream {
        LineStream {
            source,
            cutter: LineCutter::new(MAX_LINE),
            lines: VecDeque::new(),
            idle,
        }
    }

    /// The next line that is not a keep-alive; `Ok(None)` when the stream ends. A line past
    /// [`MAX_LINE`], a silence past the idle limit or a broken connection is an error.
    pub async fn next_line(&mut self) -> Result<Option<String>, ApiError> {
        let broken = |message: String| ApiError {
            status: None,
            message,
        };
        loop {
            while let Some(line) = self.lines.pop_front() {
                if !line.trim().is_empty() {
                    return Ok(Some(line));
                }
            }
            let chunk = tokio::time::timeout(self.idle, self.source.next_chunk())
                .await
                .map_err(|_| {
                    broken(format!(
                        "the stream was silent for {} s",
                        self.idle.as_secs()
                    ))
                })?
                .map_err(broken)?;
            match chunk {
                Some(bytes) => {
                    let lines = self
                        .cutter
                        .push(&bytes)
                        .map_err(|e| broken(format!("the server sent {e}")))?;
                    self.lines.extend(lines);
                }
                None => {
                    return Ok(self.cutter.finish().filter(|l| !l.trim().is_empty()));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_server_s_text_is_cleaned_before_it_is_logged() {
        // A name with a right-to-left override, a window-title escape and a clear-screen.
        let hostile = "kofi\u{202E}nimda\u{1b}]0;pwned\u{7}\u{1b}[2J\u{9b}31m\n\u{2066}x";
        let out = clean(hostile);
        assert_eq!(out, "kofinimda]0;pwned[2J31m x");
        assert!(out.chars().all(oware_protocol::printable::is_shown));
        let long = "a".repeat(1000);
        assert_eq!(clean(&long).chars().count(), 201, "200 and the ellipsis");
        let e = ApiError::refused(
            reqwest::StatusCode::BAD_REQUEST,
            r#"{"error":"no\u202Epe\u001b[31m"}"#.as_bytes(),
        );
        assert_eq!(e.message, "nope[31m");
    }

    /// Chunks given in advance, then silence (`pending` forever) or the end.
    struct Chunks {
        chunks: VecDeque<Vec<u8>>,
        then_silent: bool,
    }

    impl ChunkSource for Chunks {
        fn next_chunk(&mut self) -> NextChunk<'_> {
            let next = self.chunks.pop_front();
            let silent = self.then_silent;
            Box::pin(async move {
                match next {
                    Some(c) => Ok(Some(c)),
                    None if silent => std::future::pending().await,
                    None => Ok(None),
                }
            })
        }
    }

    fn stream(chunks: &[&[u8]], then_silent: bool) -> LineStream {
        LineStream::from_source(
            Box::new(Chunks {
                chunks: chunks.iter().map(|c| c.to_vec()).collect(),
                then_silent,
            }),
            Duration::from_secs(20),
        )
    }

    #[tokio::test]
    async fn lines_split_across_chunks_and_keep_alives_are_skipped() {
        let mut s = stream(
            &[
                b"\n",
                b"{\"type\":\"game",
                b"Start\"}\n\n",
                b"\r\n{\"a\"",
                b":1}",
            ],
            false,
        );
        assert_eq!(
            s.next_line().await.unwrap().as_deref(),
            Some("{\"type\":\"gameStart\"}")
        );
        assert_eq!(s.next_line().await.unwrap().as_deref(), Some("{\"a\":1}"));
        assert_eq!(s.next_line().await.unwrap(), None);
    }

    #[tokio::test]
    async fn a_line_past_the_cap_breaks_the_stream() {
        let big = vec![b'x'; MAX_LINE / 2];
        let mut s = stream(&[&big, &big, &big, b"\n"], false);
        let e = s.next_line().await.unwrap_err();
        assert!(e.message.contains("longer than 65536 bytes"), "{e}");
    }

    #[tokio::test(start_paused = true)]
    async fn a_silent_stream_is_given_up() {
        let mut s = stream(&[b"{\"x\":1}\n", b"\n"], true);
        assert!(s.next_line().await.unwrap().is_some());
        // The keep-alive comes, then nothing: the idle limit passes (paused time moves on).
        let e = s.next_line().await.unwrap_err();
        assert_eq!(e.message, "the stream was silent for 20 s");
    }

    #[test]
    fn tokens_are_checked_and_never_shown() {
        let t = Token::new("  owt_abc123\n").unwrap();
        assert_eq!(format!("{t:?}"), "Token(…)");
        assert!(Token::new("\n").is_err());
        assert!(Token::new("owt_a owt_b").is_err());
        assert!(Client::new("ftp://x", t.clone()).is_err());
        assert!(Client::new("not a url", t.clone()).is_err());
        assert_eq!(
            Client::new("http://127.0.0.1:8080/", t).unwrap().base(),
            "http://127.0.0.1:8080"
        );
    }
}
