//! Talking to `oware serve` for `oware play --online URL`: the invite link, the seat tokens kept
//! between runs, the JSON requests and the game's server-sent events, with reconnection.
//!
//! The HTTP client is reqwest, the one the workspace already has (the server's API tests use
//! it, and it runs on hyper and tokio like the server itself, so the `oware` binary carries a
//! single HTTP stack); TLS is rustls with the webpki roots, so an `https://` invite link works
//! without OpenSSL. The event stream is read from the streaming body and cut into events by
//! [`SseParser`] (a few lines of our own: no second client just for SSE).
//!
//! The server is not trusted ([`crate::checked`]): an answer larger than [`MAX_ANSWER`] is
//! refused while it is read, an event line or event larger than [`MAX_EVENT`] drops the
//! connection, ids and tokens are checked before they name a file or a URL, and the server's
//! texts are cleaned before they are shown.
//!
//! Everything runs on one thread of its own with a small tokio runtime: the requests one after
//! the other in the order the player made them, and the event stream beside them. The screen's
//! thread sends [`Request`]s and receives [`NetEvent`]s through channels and never waits.

use std::path::PathBuf;
use std::sync::mpsc::Sender;
use std::time::Duration;

use oware_core::Side;
use serde_json::{json, Value};
use tokio::sync::{mpsc, watch};

use crate::checked::{self, GameId, SeatToken, MAX_ANSWER, MAX_EVENT};
use crate::wire::{ErrorBody, GameState};

/// The longest silence on the event stream before the connection counts as lost (the server
/// sends a keep-alive comment every 15 s).
const IDLE: Duration = Duration::from_secs(45);
/// The time a request may take.
const REQUEST_TIMEOUT: Duration = Duration::from_secs(20);
/// The longest wait between two reconnection attempts.
const MAX_RETRY: Duration = Duration::from_secs(8);

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
        let bad = |why: &str| {
            format!(
                "'{url}' is not an online game's address ({why}): give the invite link, \
                 e.g. http://127.0.0.1:8080/game/0123abcd..."
            )
        };
        let parsed = reqwest::Url::parse(url.trim()).map_err(|e| bad(&e.to_string()))?;
        if !matches!(parsed.scheme(), "http" | "https") {
            return Err(bad("it must start with http:// or https://"));
        }
        if parsed.host_str().is_none() {
            return Err(bad("no host"));
        }
        let segments: Vec<&str> = parsed
            .path_segments()
            .map(|s| s.filter(|p| !p.is_empty()).collect())
            .unwrap_or_default();
        let [prefix @ .., "game", id] = segments.as_slice() else {
            return Err(bad("its path must end in /game/ID"));
        };
        let id = GameId::new(id).map_err(|_| bad("the game id is letters and digits"))?;
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

/// The seat tokens of the online games this user plays, one small file per game (server and
/// id) in the per-user data folder (`~/.local/share/oware/seats` on Linux), as the web page
/// keeps them in the browser's storage: running `oware play --online URL` again gives the seat
/// back. The folder is made readable by this user only (mode 700, the files 600); a file's
/// name is the server's address with everything but ASCII letters and digits replaced by `_`,
/// a `-` and the game id ([`GameId`]: letters and digits), so no name leaves the folder.
#[derive(Debug, Clone)]
pub struct Seats {
    dir: Option<PathBuf>,
}

impl Seats {
    /// The per-user folder (`dirs::data_dir()/oware/seats`); none without a home.
    pub fn user() -> Seats {
        Seats {
            dir: dirs::data_dir().map(|d| d.join("oware").join("seats")),
        }
    }

    /// Tokens kept in `dir`.
    pub fn in_dir(dir: PathBuf) -> Seats {
        Seats { dir: Some(dir) }
    }

    fn file(&self, t: &Target) -> Option<PathBuf> {
        let server: String = t
            .base
            .split("://")
            .nth(1)
            .unwrap_or(&t.base)
            .chars()
            .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
            .collect();
        // Letters, digits, `_` and `-` only: one name inside the folder, whatever the server.
        let name = format!("{server}-{}", t.id);
        debug_assert!(name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-'));
        Some(self.dir.as_ref()?.join(name))
    }

    /// The token kept for `t`.
    pub fn load(&self, t: &Target) -> Option<SeatToken> {
        let text = std::fs::read_to_string(self.file(t)?).ok()?;
        SeatToken::new(text.trim()).ok()
    }

    /// Keeps `token` for `t` (the folder made with mode 700, the file 600).
    pub fn save(&self, t: &Target, token: &SeatToken) -> Result<(), String> {
        let Some(path) = self.file(t) else {
            return Err("no per-user data folder to keep the seat token in".into());
        };
        let fail =
            |e: std::io::Error| format!("cannot keep the seat token in {}: {e}", path.display());
        if let Some(dir) = path.parent() {
            let mut builder = std::fs::DirBuilder::new();
            builder.recursive(true);
            #[cfg(unix)]
            {
                use std::os::unix::fs::DirBuilderExt;
                builder.mode(0o700);
            }
            builder.create(dir).map_err(fail)?;
        }
        let mut options = std::fs::OpenOptions::new();
        options.write(true).create(true).truncate(true);
        #[cfg(unix)]
        {
            use std::os::unix::fs::OpenOptionsExt;
            options.mode(0o600);
        }
        let mut f = options.open(&path).map_err(fail)?;
        std::io::Write::write_all(&mut f, format!("{}\n", token.as_str()).as_bytes()).map_err(fail)
    }

    /// Forgets the token of `t` (the server does not know it).
    pub fn forget(&self, t: &Target) {
        if let Some(path) = self.file(t) {
            let _ = std::fs::remove_file(path);
        }
    }
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
fn unreachable(base: &str, e: &reqwest::Error) -> ApiError {
    let mut why = e.to_string();
    let mut source = std::error::Error::source(e);
    while let Some(s) = source {
        why = s.to_string();
        source = s.source();
    }
    let what = if e.is_timeout() {
        "did not answer in time".to_string()
    } else {
        // hyper's words may quote the server's bytes.
        format!("cannot be reached ({})", checked::clean(&why))
    };
    ApiError {
        status: None,
        code: None,
        message: format!("the server {base} {what}"),
    }
}

/// The JSON API of one server.
#[derive(Debug, Clone)]
pub struct Api {
    client: reqwest::Client,
    base: String,
}

impl Api {
    /// A client for the server at `base`.
    pub fn new(base: &str) -> Result<Api, String> {
        let client = reqwest::Client::builder()
            .connect_timeout(Duration::from_secs(10))
            .user_agent(concat!("oware-play/", env!("CARGO_PKG_VERSION")))
            .build()
            .map_err(|e| format!("cannot set up the HTTP client: {e}"))?;
        Ok(Api {
            client,
            base: base.to_string(),
        })
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
        let mut r = self
            .client
            .request(method, format!("{}{path}", self.base))
            .timeout(REQUEST_TIMEOUT);
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
        let bytes = read_capped(res, &self.base).await?;
        if status.is_success() {
            return serde_json::from_slice(&bytes).map_err(|e| ApiError {
                status: Some(status.as_u16()),
                code: None,
                message: format!(
                    "the server's answer is not the expected JSON: {}",
                    checked::clean(&e.to_string())
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
                message: format!("the server answered {status}"),
            },
        })
    }

    async fn state(&self, id: &GameId, token: Option<&SeatToken>) -> Result<GameState, ApiError> {
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
        message: format!(
            "the server's answer is larger than {} MiB: refused",
            MAX_ANSWER >> 20
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
        message: format!(
            "the server's game state is refused: {}",
            checked::clean(&e.to_string())
        ),
    })
}

/// An answer that may carry a seat: `{token, id?, state}` or a bare state. The token and the id
/// are checked here, before anything keeps or follows them.
#[derive(Debug, serde::Deserialize)]
pub struct Answer {
    /// The game's state.
    pub state: GameState,
    /// The seat's token, when the answer gives a seat.
    #[serde(default)]
    pub token: Option<SeatToken>,
    /// The game of the seat, when it is another one (a rematch).
    #[serde(default)]
    pub id: Option<GameId>,
}

/// Reads an answer of the server ([`Answer`]): a bad id, token or state refuses it whole.
pub fn parse_answer(v: Value) -> Result<Answer, ApiError> {
    if v.get("state").is_some_and(Value::is_object) {
        serde_json::from_value(v).map_err(|e| ApiError {
            status: None,
            code: None,
            message: format!(
                "the server's answer is refused ({}); nothing was kept",
                checked::clean(&e.to_string())
            ),
        })
    } else {
        Ok(Answer {
            state: parse_state(v)?,
            token: None,
            id: None,
        })
    }
}

/// The offers of an online game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OfferKind {
    /// A draw.
    Draw,
    /// Taking back the asker's last move.
    Takeback,
    /// A new game with the colours swapped.
    Rematch,
}

impl OfferKind {
    /// The route's last segment and the word for people.
    pub fn name(self) -> &'static str {
        match self {
            OfferKind::Draw => "draw",
            OfferKind::Takeback => "takeback",
            OfferKind::Rematch => "rematch",
        }
    }
}

/// What to do with an offer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OfferAction {
    /// Make it.
    Offer,
    /// Accept the opponent's.
    Accept,
    /// Decline the opponent's.
    Decline,
    /// Take one's own back.
    Withdraw,
}

impl OfferAction {
    /// The `action` field's value.
    pub fn name(self) -> &'static str {
        match self {
            OfferAction::Offer => "offer",
            OfferAction::Accept => "accept",
            OfferAction::Decline => "decline",
            OfferAction::Withdraw => "withdraw",
        }
    }
}

/// A player's request to the server.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Request {
    /// Play the pit with this letter.
    Move(char),
    /// Resign.
    Resign,
    /// Abort (before both sides have moved): no result.
    Abort,
    /// An offer and what to do with it.
    Offer(OfferKind, OfferAction),
    /// Claim the win (`true`) or a draw when the opponent has been away too long.
    Claim {
        /// The win, else a draw.
        win: bool,
    },
    /// Take this player's seat in the agreed rematch (game id).
    FollowRematch(GameId),
}

impl Request {
    /// The request in a few words, for messages.
    pub fn describe(&self) -> String {
        match self {
            Request::Move(c) => format!("Move {c}"),
            Request::Resign => "Resigning".into(),
            Request::Abort => "Aborting".into(),
            Request::Offer(OfferKind::Takeback, OfferAction::Offer) => {
                "Asking for a takeback".into()
            }
            Request::Offer(k, OfferAction::Offer) => format!("Offering a {}", k.name()),
            Request::Offer(k, OfferAction::Accept) => format!("Accepting the {}", k.name()),
            Request::Offer(k, OfferAction::Decline) => format!("Declining the {}", k.name()),
            Request::Offer(k, OfferAction::Withdraw) => format!("Withdrawing the {}", k.name()),
            Request::Claim { win: true } => "Claiming the win".into(),
            Request::Claim { win: false } => "Claiming a draw".into(),
            Request::FollowRematch(_) => "Joining the rematch".into(),
        }
    }
}

/// What the network thread reports to the screen.
#[derive(Debug, Clone)]
pub enum NetEvent {
    /// The game's state changed (an `update` event).
    State(Box<GameState>),
    /// The server accepted a request; its answer's state.
    Answered {
        /// The request.
        request: Request,
        /// The state after it.
        state: Box<GameState>,
    },
    /// The server refused a request (its sentence), or was not reached.
    Refused {
        /// The request.
        request: Request,
        /// The server's sentence.
        message: String,
    },
    /// The player now plays the rematch: a new game, with a new seat (token kept).
    Switched {
        /// The new game's state.
        state: Box<GameState>,
        /// The player's side in it.
        seat: Side,
    },
    /// The server sent an update that is refused (not a valid state: a bad id, a control
    /// character where a letter belongs, …); the sentence says why.
    Rejected(String),
    /// The event stream is open.
    Connected,
    /// The event stream broke; another attempt follows after `retry`.
    Lost {
        /// Why.
        error: String,
        /// When the next attempt is.
        retry: Duration,
    },
}

/// How `oware play --online` starts: the seat taken or found, or watching.
#[derive(Debug)]
pub struct Joined {
    /// The server's API.
    pub api: Api,
    /// The game.
    pub target: Target,
    /// The seat token, if the player has a seat.
    pub token: Option<SeatToken>,
    /// The player's side, `None` when watching.
    pub seat: Option<Side>,
    /// The state now.
    pub state: GameState,
    /// What happened, in one sentence ("You play North against Ama.").
    pub note: String,
}

/// Finds the game of `url` and a seat: the token kept from an earlier run, else the free seat
/// (joining under `name`) unless `watch`, else watching. Errors are sentences for the player.
pub async fn join(url: &str, name: &str, watch: bool, seats: &Seats) -> Result<Joined, String> {
    let target = Target::parse(url)?;
    let api = Api::new(&target.base)?;
    let mut token = seats.load(&target);
    let not_found = |e: ApiError| match e.status {
        Some(404) => format!("there is no game {} on {}", target.id, target.base),
        _ => e.message,
    };
    let mut state = match api.state(&target.id, token.as_ref()).await {
        Ok(s) => s,
        Err(e) if token.is_some() && matches!(e.status, Some(401 | 403)) => {
            seats.forget(&target);
            token = None;
            api.state(&target.id, None).await.map_err(not_found)?
        }
        Err(e) => return Err(not_found(e)),
    };
    let Some(online) = state.online.clone() else {
        return Err(format!(
            "{} is a game played on one device, not an online game",
            target.link()
        ));
    };
    let mut seat = online.you.filter(|_| token.is_some());
    if seat.is_none() && token.is_some() {
        seats.forget(&target);
        token = None;
    }
    let other_name = |state: &GameState, side: Side| {
        let n = state.names.get(side.other());
        if n.is_empty() {
            side.other().to_string()
        } else {
            n.clone()
        }
    };
    let note = if let Some(s) = seat {
        format!(
            "Welcome back: you play {s} against {}.",
            other_name(&state, s)
        )
    } else {
        let free = !online.seats.south.taken || !online.seats.north.taken;
        let mut note = match online.status.as_str() {
            "playing" => "You are watching: both seats are taken.".to_string(),
            "open" if watch => "You are watching: the seat stays free.".to_string(),
            "open" => String::new(),
            _ => "You are watching: the game has ended.".to_string(),
        };
        if online.status == "open" && free && !watch {
            let body = json!({ "name": name });
            match api
                .request(
                    reqwest::Method::POST,
                    &format!("/api/games/{}/join", target.id),
                    None,
                    Some(body),
                )
                .await
                .and_then(parse_answer)
            {
                Ok(a) => {
                    let t = a.token.ok_or_else(|| {
                        "the server's answer to joining has no seat token".to_string()
                    })?;
                    if let Err(e) = seats.save(&target, &t) {
                        note = format!("{e}. ");
                    }
                    let s = match a.state.online.as_ref().and_then(|o| o.you) {
                        Some(s) => s,
                        None => api
                            .state(&target.id, Some(&t))
                            .await
                            .ok()
                            .and_then(|st| st.online.and_then(|o| o.you))
                            .ok_or("the server did not say which seat was taken")?,
                    };
                    seat = Some(s);
                    note = format!("{note}You play {s} against {}.", other_name(&a.state, s));
                    state = a.state;
                    token = Some(t);
                }
                Err(e) => note = format!("You are watching: {}.", e.message),
            }
        }
        note
    };
    Ok(Joined {
        api,
        target,
        token,
        seat,
        state,
        note,
    })
}

/// The small runtime the network work runs on: block on it to find or make the game ([`join`],
/// `lobby::create`), then hand it to [`Net::start`] (the connections made meanwhile are kept for
/// the game).
pub fn runtime() -> Result<tokio::runtime::Runtime, String> {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the network thread: {e}"))
}

/// The handle of the network thread: requests go in, [`NetEvent`]s come out of the channel
/// given to [`Net::start`]. Dropping it ends the thread's work.
pub struct Net {
    requests: mpsc::UnboundedSender<Request>,
}

impl Net {
    /// Starts the thread for the game of `joined`, reporting to `tx`.
    pub fn start(
        runtime: tokio::runtime::Runtime,
        joined: &Joined,
        seats: Seats,
        tx: Sender<NetEvent>,
    ) -> Net {
        let (requests, rx) = mpsc::unbounded_channel();
        let api = joined.api.clone();
        let target = joined.target.clone();
        let token = joined.token.clone();
        std::thread::spawn(move || {
            runtime.block_on(work(api, target, token, seats, rx, tx));
        });
        Net { requests }
    }

    /// Sends a request (answered by [`NetEvent::Answered`] or [`NetEvent::Refused`]).
    pub fn send(&self, r: Request) {
        let _ = self.requests.send(r);
    }
}

/// The network thread: the requests in order, and the event stream beside them.
async fn work(
    api: Api,
    target: Target,
    token: Option<SeatToken>,
    seats: Seats,
    mut requests: mpsc::UnboundedReceiver<Request>,
    tx: Sender<NetEvent>,
) {
    let (current, watching) = watch::channel((target, token));
    tokio::spawn(events(api.clone(), watching, tx.clone()));
    while let Some(request) = requests.recv().await {
        let (target, token) = current.borrow().clone();
        let id = &target.id;
        let (method, path, body) = match &request {
            Request::Move(c) => (
                reqwest::Method::POST,
                format!("/api/games/{id}/moves"),
                Some(json!({ "move": c.to_string() })),
            ),
            Request::Resign => (
                reqwest::Method::POST,
                format!("/api/games/{id}/resign"),
                None,
            ),
            Request::Abort => (
                reqwest::Method::POST,
                format!("/api/games/{id}/abort"),
                None,
            ),
            Request::Offer(kind, action) => (
                reqwest::Method::POST,
                format!("/api/games/{id}/{}", kind.name()),
                Some(json!({ "action": action.name() })),
            ),
            Request::Claim { win } => (
                reqwest::Method::POST,
                format!("/api/games/{id}/claim"),
                Some(json!({ "result": if *win { "win" } else { "draw" } })),
            ),
            Request::FollowRematch(next) => (
                reqwest::Method::POST,
                format!("/api/games/{next}/seat"),
                None,
            ),
        };
        let answer = api
            .request(method, &path, token.as_ref(), body)
            .await
            .and_then(parse_answer);
        let event = match answer {
            Ok(a) => {
                // A seat in another game: the rematch (followed, or accepted by this player).
                let next = match &request {
                    Request::FollowRematch(next) => Some(next.clone()),
                    _ => a.id.clone().filter(|n| *n != target.id),
                };
                match (next, a.token) {
                    (Some(next), Some(t)) => {
                        let nt = target.with_id(&next);
                        // Best effort: the seat is played now even if it cannot be kept.
                        let _ = seats.save(&nt, &t);
                        let seat = a.state.online.as_ref().and_then(|o| o.you);
                        let _ = current.send((nt, Some(t)));
                        match seat {
                            Some(seat) => NetEvent::Switched {
                                state: Box::new(a.state),
                                seat,
                            },
                            None => NetEvent::Refused {
                                request,
                                message: "the server did not say which seat the rematch gave"
                                    .into(),
                            },
                        }
                    }
                    _ => NetEvent::Answered {
                        request,
                        state: Box::new(a.state),
                    },
                }
            }
            Err(e) => NetEvent::Refused {
                request,
                message: e.message,
            },
        };
        if tx.send(event).is_err() {
            return;
        }
    }
}

/// The event stream, reopened after every failure (1 s, 2 s, 4 s, then every 8 s) and at once
/// when the game changes (a rematch).
async fn events(
    api: Api,
    mut current: watch::Receiver<(Target, Option<SeatToken>)>,
    tx: Sender<NetEvent>,
) {
    let mut failures: u32 = 0;
    loop {
        let (target, token) = current.borrow_and_update().clone();
        let result = tokio::select! {
            r = stream_once(&api, &target, token.as_ref(), &tx, &mut failures) => r,
            changed = current.changed() => {
                if changed.is_err() {
                    return;
                }
                continue;
            }
        };
        let error = match result {
            Ok(()) => return, // the screen has gone
            Err(e) => e,
        };
        failures += 1;
        let retry = Duration::from_secs(1 << (failures - 1).min(3)).min(MAX_RETRY);
        if tx.send(NetEvent::Lost { error, retry }).is_err() {
            return;
        }
        tokio::select! {
            _ = tokio::time::sleep(retry) => {}
            changed = current.changed() => {
                if changed.is_err() {
                    return;
                }
            }
        }
    }
}

/// One connection of the event stream: `Ok` when the screen has gone, `Err` why it broke.
async fn stream_once(
    api: &Api,
    target: &Target,
    token: Option<&SeatToken>,
    tx: &Sender<NetEvent>,
    failures: &mut u32,
) -> Result<(), String> {
    let id = &target.id;
    let mut path = reqwest::Url::parse(&format!("{}/api/games/{id}/events", api.base))
        .map_err(|e| format!("the server's address {}: {e}", api.base))?;
    if let Some(t) = token {
        // A presence key makes the stream count as this player being connected.
        let v = api
            .request(
                reqwest::Method::POST,
                &format!("/api/games/{id}/presence"),
                Some(t),
                None,
            )
            .await
            .map_err(|e| e.message)?;
        if let Some(key) = v.get("key").and_then(Value::as_str) {
            // Encoded as a query value: the server's key cannot change the URL's shape.
            path.query_pairs_mut().append_pair("presence", key);
        }
    }
    let mut res = api
        .client
        .get(path)
        .header("accept", "text/event-stream")
        .send()
        .await
        .map_err(|e| unreachable(&api.base, &e).message)?;
    if !res.status().is_success() {
        return Err(format!("the server answered {}", res.status()));
    }
    *failures = 0;
    if tx.send(NetEvent::Connected).is_err() {
        return Ok(());
    }
    let mut parser = SseParser::default();
    loop {
        let chunk = match tokio::time::timeout(IDLE, res.chunk()).await {
            Err(_) => return Err(format!("no news from the server for {} s", IDLE.as_secs())),
            Ok(Err(e)) => return Err(unreachable(&api.base, &e).message),
            Ok(Ok(None)) => return Err("the server closed the connection".into()),
            Ok(Ok(Some(c))) => c,
        };
        let events = parser
            .push(&chunk)
            .map_err(|e| format!("{e}: the connection is dropped"))?;
        for ev in events {
            if ev.name != "update" {
                continue;
            }
            let report = match parse_update(&ev.data) {
                Ok(state) => NetEvent::State(Box::new(state)),
                Err(e) => NetEvent::Rejected(e),
            };
            if tx.send(report).is_err() {
                return Ok(());
            }
        }
    }
}

/// Reads the data of an `update` event, `{"state": …}`; the error is a sentence for the status
/// line.
pub fn parse_update(data: &str) -> Result<GameState, String> {
    #[derive(serde::Deserialize)]
    struct Update {
        state: GameState,
    }
    serde_json::from_str::<Update>(data)
        .map(|u| u.state)
        .map_err(|e| {
            format!(
                "Refused the server's update: {}",
                checked::clean(&e.to_string())
            )
        })
}

/// One server-sent event.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SseEvent {
    /// Its name (`message` when the stream gave none).
    pub name: String,
    /// Its data lines, joined by newlines.
    pub data: String,
}

/// Why an event stream is given up: it breaks the limits of [`MAX_EVENT`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SseError {
    /// A line (a field) longer than [`MAX_EVENT`] bytes, or with no end in sight past it.
    LineTooLong,
    /// An event whose data lines add up to more than [`MAX_EVENT`] bytes.
    EventTooLarge,
}

impl std::fmt::Display for SseError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let what = match self {
            SseError::LineTooLong => "an event line",
            SseError::EventTooLarge => "an event",
        };
        write!(
            f,
            "the server sent {what} larger than {} MiB",
            MAX_EVENT >> 20
        )
    }
}

impl std::error::Error for SseError {}

/// The event being read: its name and data lines so far.
#[derive(Debug, Default)]
struct Pending {
    name: String,
    data: String,
    has_data: bool,
}

/// Cuts a byte stream into server-sent events (the `text/event-stream` format: `event:` and
/// `data:` fields, comments starting with `:`, a blank line ending each event), whatever the
/// chunks' boundaries.
///
/// Linear in the bytes fed: each byte is looked at once for a line end (the scan goes on where
/// the last one stopped, [`SseParser::scanned`] counts it) and moved at most once when the
/// lines read are dropped from the buffer. A line or an event larger than [`MAX_EVENT`] is an
/// error, after which the parser is not to be fed again.
#[derive(Debug, Default)]
pub struct SseParser {
    buf: Vec<u8>,
    /// How much of `buf` has been looked at for a line end.
    seen: usize,
    pending: Pending,
    scanned: u64,
}

impl SseParser {
    /// Feeds bytes; returns the events they complete.
    pub fn push(&mut self, bytes: &[u8]) -> Result<Vec<SseEvent>, SseError> {
        self.buf.extend_from_slice(bytes);
        let mut out = Vec::new();
        // The start of the line being read.
        let mut start = 0;
        loop {
            let from = self.seen;
            let Some(at) = self.buf[from..].iter().position(|&b| b == b'\n') else {
                self.scanned += (self.buf.len() - from) as u64;
                self.seen = self.buf.len();
                break;
            };
            self.scanned += (at + 1) as u64;
            let end = from + at;
            if end - start > MAX_EVENT {
                return Err(SseError::LineTooLong);
            }
            Self::line(&mut self.pending, &mut out, &self.buf[start..end])?;
            start = end + 1;
            self.seen = start;
        }
        // One move of the rest (the partial line) per call, not one per line.
        self.buf.drain(..start);
        self.seen -= start;
        if self.buf.len() > MAX_EVENT {
            return Err(SseError::LineTooLong);
        }
        Ok(out)
    }

    /// The bytes looked at for a line end so far: never more than the bytes fed.
    pub fn scanned(&self) -> u64 {
        self.scanned
    }

    fn line(p: &mut Pending, out: &mut Vec<SseEvent>, raw: &[u8]) -> Result<(), SseError> {
        let line = String::from_utf8_lossy(raw);
        let line = line.strip_suffix('\r').unwrap_or(&line);
        if line.is_empty() {
            if p.has_data {
                out.push(SseEvent {
                    name: if p.name.is_empty() {
                        "message".into()
                    } else {
                        std::mem::take(&mut p.name)
                    },
                    data: std::mem::take(&mut p.data),
                });
            }
            *p = Pending::default();
            return Ok(());
        }
        if line.starts_with(':') {
            return Ok(());
        }
        let (field, value) = match line.split_once(':') {
            Some((f, v)) => (f, v.strip_prefix(' ').unwrap_or(v)),
            None => (line, ""),
        };
        match field {
            "event" => p.name = value.to_string(),
            "data" => {
                if p.data.len() + value.len() + 1 > MAX_EVENT {
                    return Err(SseError::EventTooLarge);
                }
                if p.has_data {
                    p.data.push('\n');
                }
                p.data.push_str(value);
                p.has_data = true;
            }
            _ => {}
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
    fn events_are_cut_whatever_the_chunks() {
        let stream = b": keep-alive\n\nevent: update\ndata: {\"a\":1}\n\nevent: thinking\r\ndata: x\r\ndata: y\r\n\r\ndata: plain\n\n";
        let whole = SseParser::default().push(stream).unwrap();
        assert_eq!(
            whole,
            vec![
                SseEvent {
                    name: "update".into(),
                    data: "{\"a\":1}".into()
                },
                SseEvent {
                    name: "thinking".into(),
                    data: "x\ny".into()
                },
                SseEvent {
                    name: "message".into(),
                    data: "plain".into()
                },
            ]
        );
        for size in 1..7 {
            let mut p = SseParser::default();
            let got: Vec<SseEvent> = stream
                .chunks(size)
                .flat_map(|c| p.push(c).unwrap())
                .collect();
            assert_eq!(got, whole, "chunks of {size}");
        }
    }

    #[test]
    fn seat_tokens_are_kept_per_server_and_game() {
        let dir = std::env::temp_dir().join(format!("oware-seats-{}", std::process::id()));
        let seats = Seats::in_dir(dir.clone());
        let a = Target::parse("http://127.0.0.1:8080/game/aa").unwrap();
        let b = Target::parse("http://127.0.0.1:9090/game/aa").unwrap();
        assert_eq!(seats.load(&a), None);
        seats
            .save(&a, &SeatToken::new("0123abcd").unwrap())
            .unwrap();
        assert_eq!(
            seats.load(&a).as_ref().map(SeatToken::as_str),
            Some("0123abcd")
        );
        assert_eq!(seats.load(&b), None);
        seats.forget(&a);
        assert_eq!(seats.load(&a), None);
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn the_event_parser_looks_at_each_byte_once() {
        // Line-less input in small chunks: the old parser rescanned its whole buffer on each
        // chunk (n²/2 bytes looked at); this one goes on where it stopped.
        let mut p = SseParser::default();
        let chunk = [b'x'; 1000];
        for _ in 0..1000 {
            assert_eq!(p.push(&chunk), Ok(vec![]));
        }
        assert_eq!(p.scanned(), 1_000_000);
        // Many short lines in one chunk, then the end of the line-less one: still each byte once.
        let mut lines = b"\n".to_vec();
        for i in 0..10_000 {
            lines.extend_from_slice(format!("data: {i}\n\n").as_bytes());
        }
        let got = p.push(&lines).unwrap();
        assert_eq!(got.len(), 10_000);
        assert_eq!(got[9_999].data, "9999");
        assert_eq!(p.scanned(), 1_000_000 + lines.len() as u64);
    }

    #[test]
    fn an_event_line_or_event_past_the_limit_is_an_error() {
        let mut p = SseParser::default();
        let chunk = vec![b'a'; 64 * 1024];
        let mut fed = 0;
        let err = loop {
            match p.push(&chunk) {
                Ok(events) => assert!(events.is_empty()),
                Err(e) => break e,
            }
            fed += chunk.len();
            assert!(fed <= MAX_EVENT, "{fed} bytes kept without a line end");
        };
        assert_eq!(err, SseError::LineTooLong);
        assert_eq!(
            err.to_string(),
            "the server sent an event line larger than 1 MiB"
        );
        // A line just under the limit is read.
        let line = format!("data: {}\n\n", "b".repeat(MAX_EVENT - 7));
        let got = SseParser::default().push(line.as_bytes()).unwrap();
        assert_eq!(got[0].data.len(), MAX_EVENT - 7);
        // Data lines that add up past the limit.
        let mut p = SseParser::default();
        let half = format!("data: {}\n", "c".repeat(MAX_EVENT / 2));
        assert_eq!(p.push(half.as_bytes()), Ok(vec![]));
        assert_eq!(p.push(half.as_bytes()), Err(SseError::EventTooLarge));
    }

    #[test]
    fn an_answer_with_a_bad_id_or_token_is_refused_whole() {
        let state = json!({ "id": "ab", "version": 1, "rules": "abapa" });
        let ok = parse_answer(json!({ "id": "cd01", "token": "ff00", "state": state })).unwrap();
        assert_eq!(ok.id, Some(GameId::new("cd01").unwrap()));
        assert_eq!(ok.token, Some(SeatToken::new("ff00").unwrap()));
        for bad in [
            json!({ "id": "../../x", "token": "ff00", "state": state }),
            json!({ "id": "cd01", "token": "ff00\nexport X=1", "state": state }),
            json!({ "id": "cd01", "token": "ff00", "state": { "id": "../x", "version": 1, "rules": "abapa" } }),
            json!({ "token": "ff00", "state": { "id": "ab", "version": 1, "rules": "abapa",
                    "online": { "status": "over", "rematch_id": "../../../x" } } }),
        ] {
            let e = parse_answer(bad.clone()).unwrap_err();
            assert!(e.message.contains("refused"), "{bad}: {}", e.message);
            assert!(e.message.contains("must be 1 to"), "{bad}: {}", e.message);
        }
    }

    #[test]
    fn a_seat_file_never_leaves_the_folder() {
        let dir = std::env::temp_dir().join(format!("oware-seats-safe-{}", std::process::id()));
        let seats = Seats::in_dir(dir.join("seats"));
        let t = Target::parse("http://[::1]:8080/a%2F..%2F/game/ab12").unwrap();
        seats.save(&t, &SeatToken::new("0123").unwrap()).unwrap();
        let files: Vec<_> = std::fs::read_dir(dir.join("seats"))
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        assert_eq!(files.len(), 1, "{files:?}");
        assert!(files[0].ends_with("-ab12"), "{files:?}");
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = |p: &std::path::Path| std::fs::metadata(p).unwrap().permissions().mode();
            assert_eq!(mode(&dir.join("seats")) & 0o777, 0o700);
            assert_eq!(mode(&dir.join("seats").join(&files[0])) & 0o777, 0o600);
        }
        let _ = std::fs::remove_dir_all(dir);
    }
}
