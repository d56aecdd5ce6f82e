//! The server's addresses (an invite link read into a [`Target`]) and its JSON API ([`Api`]):
//! one request at a time, the answer refused past [`MAX_ANSWER`] bytes while it is read, the
//! server's error sentences cleaned before they are shown ([`crate::checked`]).
//!
//! The HTTP client is reqwest, the one the workspace already has (hyper and tokio, as the
//! server); TLS is rustls with the webpki roots, so an `https://` invite link works without
//! OpenSSL.

use std::time::Duration;

use serde_json::Value;

use crate::checked::{self, GameId, SeatToken, SessionCookie, MAX_ANSWER};
use crate::lang::{t, tr};
use crate::wire::{ErrorBody, GameState};

/// The time a request may take.
const REQUEST_TIMEOUT: Duration = Duration::from_secs(20);

/// The name of the server's session cookie.
pub const COOKIE: &str = "oware_session";

/// Where an online game lives: the server's base address and the game's id.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Target {
    /// `http://host:port` (and a path prefix, if the server sits under one), no trailing `/`.
    pub base: String,
    /// The game id.
    pub id: GameId,
}

impl Target {
    /// Reads an invite link `http(s)://HOST[:PORT][/PREFIX]/game/ID` (a query or fragment is
    /// ignored).
    pub fn parse(url: &str) -> Result<Target, String> {
        let bad = |why: String| {
            t(
                "term-link-bad",
                &[("link", url.into()), ("why", why.into())],
            )
        };
        let parsed = reqwest::Url::parse(url.trim()).map_err(|e| bad(e.to_string()))?;
        if !matches!(parsed.scheme(), "http" | "https") {
            return Err(bad(tr("term-link-scheme")));
        }
        if parsed.host_str().is_none() {
            return Err(bad(tr("term-link-no-host")));
        }
        let segments: Vec<&str> = parsed
            .path_segments()
            .map(|s| s.filter(|p| !p.is_empty()).collect())
            .unwrap_or_default();
        let [prefix @ .., "game", id] = segments.as_slice() else {
            return Err(bad(tr("term-link-path")));
        };
        let id = GameId::new(id).map_err(|_| bad(tr("term-link-id")))?;
        let mut base = origin(&parsed);
        for p in prefix {
            base.push('/');
            base.push_str(p);
        }
        Ok(Target { base, id })
    }

    /// The invite link of the game.
    pub fn link(&self) -> String {
        format!("{}/game/{}", self.base, self.id)
    }

    /// The same server, another game.
    pub fn with_id(&self, id: &GameId) -> Target {
        Target {
            base: self.base.clone(),
            id: id.clone(),
        }
    }
}

/// `SCHEME://HOST[:PORT]` of `url`: where a server is, without a path.
pub(crate) fn origin(url: &reqwest::Url) -> String {
    let mut base = format!("{}://{}", url.scheme(), url.host_str().unwrap_or(""));
    if let Some(port) = url.port() {
        base.push_str(&format!(":{port}"));
    }
    base
}

/// An answer that is not a success: the server's sentence, or why it was not reached.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApiError {
    /// The HTTP status; `None` when the server was not reached.
    pub status: Option<u16>,
    /// The server's error code (`not-your-turn`, …).
    pub code: Option<String>,
    /// The sentence to show.
    pub message: String,
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

/// What was not reached, in words: reqwest's error and its causes, briefly.
pub(super) fn unreachable(base: &str, e: &reqwest::Error) -> ApiError {
    let mut why = e.to_string();
    let mut source = std::error::Error::source(e);
    while let Some(s) = source {
        why = s.to_string();
        source = s.source();
    }
    let message = if e.is_timeout() {
        t("term-server-timeout", &[("server", base.into())])
    } else {
        // hyper's words may quote the server's bytes.
        t(
            "term-server-unreachable",
            &[
                ("server", base.into()),
                ("error", checked::clean(&why).into()),
            ],
        )
    };
    ApiError {
        status: None,
        code: None,
        message,
    }
}

/// The JSON API of one server, with the log-in kept for it, if any: every request (the event
/// stream's too) then carries the session cookie, so the server knows the account.
#[derive(Debug, Clone)]
pub struct Api {
    pub(super) client: reqwest::Client,
    pub(super) base: String,
    pub(super) session: Option<SessionCookie>,
}

impl Api {
    /// A client for the server at `base`.
    pub fn new(base: &str) -> Result<Api, String> {
        // The terminal's language, for the server's sentences (its API errors).
        let mut headers = reqwest::header::HeaderMap::new();
        headers.insert(
            reqwest::header::ACCEPT_LANGUAGE,
            reqwest::header::HeaderValue::from_static(crate::lang::lang().code()),
        );
        let client = reqwest::Client::builder()
            .connect_timeout(Duration::from_secs(10))
            .user_agent(concat!("oware-play/", env!("CARGO_PKG_VERSION")))
            .default_headers(headers)
            .build()
            .map_err(|e| t("term-http-setup", &[("error", e.to_string().into())]))?;
        Ok(Api {
            client,
            base: base.to_string(),
            session: None,
        })
    }

    /// The same API with the session cookie `session` sent on every request (`None`: as a
    /// guest).
    pub fn with_session(mut self, session: Option<SessionCookie>) -> Api {
        self.session = session;
        self
    }

    /// The session cookie sent, if any.
    pub fn session(&self) -> Option<&SessionCookie> {
        self.session.as_ref()
    }

    /// The server's address.
    pub fn base(&self) -> &str {
        &self.base
    }

    /// `r` with the session cookie, if there is one.
    pub(super) fn with_cookie(&self, r: reqwest::RequestBuilder) -> reqwest::RequestBuilder {
        match &self.session {
            Some(s) => r.header(reqwest::header::COOKIE, format!("{COOKIE}={}", s.as_str())),
            None => r,
        }
    }

    /// One JSON request; `Ok` with the body of a 2xx answer. A body larger than
    /// [`MAX_ANSWER`] is refused while it is read (the rest is never read).
    pub async fn request(
        &self,
        method: reqwest::Method,
        path: &str,
        token: Option<&SeatToken>,
        body: Option<Value>,
    ) -> Result<Value, ApiError> {
        self.exchange(method, path, token, body)
            .await
            .map(|(v, _)| v)
    }

    /// [`Api::request`], with the answer's headers.
    pub(super) async fn exchange(
        &self,
        method: reqwest::Method,
        path: &str,
        token: Option<&SeatToken>,
        body: Option<Value>,
    ) -> Result<(Value, reqwest::header::HeaderMap), ApiError> {
        let mut r = self.with_cookie(
            self.client
                .request(method, format!("{}{path}", self.base))
                .timeout(REQUEST_TIMEOUT),
        );
        if let Some(t) = token {
            r = r.header("x-seat-token", t.as_str());
        }
        if let Some(b) = body {
            r = r
                .header("content-type", "application/json")
                .body(b.to_string());
        }
        let res = r.send().await.map_err(|e| unreachable(&self.base, &e))?;
        let status = res.status();
        let headers = res.headers().clone();
        let bytes = read_capped(res, &self.base).await?;
        if status.is_success() {
            return serde_json::from_slice(&bytes)
                .map(|v| (v, headers))
                .map_err(|e| ApiError {
                    status: Some(status.as_u16()),
                    code: None,
                    message: t(
                        "term-answer-not-json",
                        &[("error", checked::clean(&e.to_string()).into())],
                    ),
                });
        }
        Err(match serde_json::from_slice::<ErrorBody>(&bytes) {
            Ok(b) => ApiError {
                status: Some(status.as_u16()),
                code: b.code,
                message: b.error,
            },
            Err(_) => ApiError {
                status: Some(status.as_u16()),
                code: None,
                message: t(
                    "term-server-answered",
                    &[("status", status.to_string().into())],
                ),
            },
        })
    }

    pub(super) async fn state(
        &self,
        id: &GameId,
        token: Option<&SeatToken>,
    ) -> Result<GameState, ApiError> {
        let v = self
            .request(
                reqwest::Method::GET,
                &format!("/api/games/{id}"),
                token,
                None,
            )
            .await?;
        parse_state(v)
    }
}

/// The body of `res`, read chunk by chunk and refused past [`MAX_ANSWER`] bytes.
async fn read_capped(mut res: reqwest::Response, base: &str) -> Result<Vec<u8>, ApiError> {
    let too_large = ApiError {
        status: Some(res.status().as_u16()),
        code: None,
        message: t(
            "term-answer-too-large",
            &[("mib", (MAX_ANSWER >> 20).into())],
        ),
    };
    if res.content_length().is_some_and(|n| n > MAX_ANSWER as u64) {
        return Err(too_large);
    }
    let mut body = Vec::new();
    while let Some(chunk) = res.chunk().await.map_err(|e| unreachable(base, &e))? {
        if body.len() + chunk.len() > MAX_ANSWER {
            return Err(too_large);
        }
        body.extend_from_slice(&chunk);
    }
    Ok(body)
}

fn parse_state(v: Value) -> Result<GameState, ApiError> {
    serde_json::from_value(v).map_err(|e| ApiError {
        status: None,
        code: None,
        message: t(
            "term-state-refused",
            &[("error", checked::clean(&e.to_string()).into())],
        ),
    })
}

/// An answer, checked: the game's state and, when the answer gives a seat, its token and game.
/// The token and the id are checked here, before anything keeps or follows them.
#[derive(Debug)]
pub struct Answer {
    /// The game's state (the seat's game when the answer gives one).
    pub state: GameState,
    /// The seat's token, when the answer gives a seat.
    pub token: Option<SeatToken>,
    /// The game of the seat, when the answer gives one.
    pub id: Option<GameId>,
}

/// Reads an answer of the server as the protocol's shapes: a rematch's
/// [`RematchAnswer`](oware_protocol::RematchAnswer) (`{state, rematch}`; an agreed rematch
/// answers its seat), a seat's [`SeatAnswer`](oware_protocol::SeatAnswer) (`{id, token,
/// state}`), a move's `{detail, state}` (the state kept) or a bare state. A bad id, token or
/// state refuses it whole.
pub fn parse_answer(v: Value) -> Result<Answer, ApiError> {
    let refused = |e: String| ApiError {
        status: None,
        code: None,
        message: t(
            "term-answer-refused-kept",
            &[("error", checked::clean(&e).into())],
        ),
    };
    let seat = |s: oware_protocol::SeatAnswer| -> Result<Answer, String> {
        Ok(Answer {
            id: Some(GameId::try_from(s.id).map_err(|e| e.to_string())?),
            token: Some(SeatToken::try_from(s.token).map_err(|e| e.to_string())?),
            state: GameState::try_from(s.state)?,
        })
    };
    let kept = |state: oware_protocol::StateView| -> Result<Answer, String> {
        Ok(Answer {
            state: GameState::try_from(state)?,
            token: None,
            id: None,
        })
    };
    if v.get("rematch").is_some() {
        let r: oware_protocol::RematchAnswer =
            serde_json::from_value(v).map_err(|e| refused(e.to_string()))?;
        return match r.rematch {
            Some(s) => seat(s),
            None => kept(r.state),
        }
        .map_err(refused);
    }
    if v.get("token").is_some() {
        let s: oware_protocol::SeatAnswer =
            serde_json::from_value(v).map_err(|e| refused(e.to_string()))?;
        return seat(s).map_err(refused);
    }
    if let Some(state) = v.get("state").filter(|s| s.is_object()) {
        let s: oware_protocol::StateView =
            serde_json::from_value(state.clone()).map_err(|e| refused(e.to_string()))?;
        return kept(s).map_err(refused);
    }
    Ok(Answer {
        state: parse_state(v)?,
        token: None,
        id: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn invite_links_are_read_and_bad_ones_explained() {
        let t = Target::parse("http://127.0.0.1:8080/game/0a1b2c").unwrap();
        assert_eq!(t.base, "http://127.0.0.1:8080");
        assert_eq!(t.id, "0a1b2c");
        assert_eq!(t.link(), "http://127.0.0.1:8080/game/0a1b2c");
        let t = Target::parse("https://oware.example/play/game/ff/?x=1#y").unwrap();
        assert_eq!(t.base, "https://oware.example/play");
        assert_eq!(t.id, "ff");
        for bad in [
            "",
            "127.0.0.1:8080/game/ab",
            "ftp://h/game/ab",
            "http://h/games/ab",
            "http://h/game/a-b",
            "http://h/game/",
        ] {
            let e = Target::parse(bad).unwrap_err();
            assert!(e.contains("not an online game's address"), "{bad}: {e}");
        }
    }

    #[test]
    fn an_answer_with_a_bad_id_or_token_is_refused_whole() {
        let state = json!({ "id": "ab", "version": 1, "rules": "abapa" });
        let ok = parse_answer(json!({ "id": "cd01", "token": "ff00", "state": state })).unwrap();
        assert_eq!(ok.id, Some(GameId::new("cd01").unwrap()));
        assert_eq!(ok.token, Some(SeatToken::new("ff00").unwrap()));
        let r = parse_answer(json!({ "state": state, "rematch": null })).unwrap();
        assert_eq!((r.id, r.token), (None, None));
        let r = parse_answer(json!({ "state": state,
            "rematch": { "id": "cd01", "token": "ff00", "state": state } }))
        .unwrap();
        assert_eq!(r.id, Some(GameId::new("cd01").unwrap()));
        let m = parse_answer(json!({ "detail": null, "state": state })).unwrap();
        assert_eq!(m.state.id, "ab");
        for bad in [
            json!({ "id": "../../x", "token": "ff00", "state": state }),
            json!({ "id": "cd01", "token": "ff00\nexport X=1", "state": state }),
            json!({ "id": "cd01", "token": "ff00", "state": { "id": "../x", "version": 1, "rules": "abapa" } }),
            json!({ "id": "ab", "token": "ff00", "state": { "id": "ab", "version": 1, "rules": "abapa",
                    "online": { "status": "over", "rematch_id": "../../../x" } } }),
            // A rematch's one shape: the seat in it is checked the same way.
            json!({ "state": state, "rematch": { "id": "../x", "token": "ff00", "state": state } }),
            json!({ "state": state, "rematch": { "id": "cd01", "token": "a b", "state": state } }),
        ] {
            let e = parse_answer(bad.clone()).unwrap_err();
            assert!(e.message.contains("refused"), "{bad}: {}", e.message);
            assert!(e.message.contains("must be 1 to"), "{bad}: {}", e.message);
        }
    }
}
