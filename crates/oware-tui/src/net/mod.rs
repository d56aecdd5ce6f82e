//! Talking to `oware serve` for `oware play --online URL`: the network thread ([`Net`]) that
//! takes the screen's [`Request`]s and reports [`NetEvent`]s, keeping the game's event stream
//! open beside them, with reconnection.
//!
//! One file per job: `http` is the server's addresses and JSON API ([`Target`], [`Api`], the
//! size cap on answers); `sse` cuts the event stream into events (the protocol's one reader
//! with the client's limit, [`event_parser`]); `seats` keeps the seat tokens between runs
//! ([`Seats`]); `session` logs in and out and keeps the session per server ([`Sessions`]),
//! sent with every request as the cookie; `join` finds the game and a seat before the screen
//! starts ([`join`]); this file is the thread. [`crate::lobby`] uses the same parts.
//!
//! The server is not trusted ([`crate::checked`]): an answer larger than
//! [`MAX_ANSWER`](crate::checked::MAX_ANSWER) is refused while it is read, an event line or
//! event larger than [`MAX_EVENT`](crate::checked::MAX_EVENT) drops the connection, ids and
//! tokens are checked before they name a file or a URL, and the server's texts are cleaned
//! before they are shown.
//!
//! Everything runs on one thread of its own with a small tokio runtime: the requests one after
//! the other in the order the player made them, and the event stream beside them. The screen's
//! thread sends [`Request`]s and receives [`NetEvent`]s through channels and never waits.

mod http;
mod join;
mod seats;
mod session;
mod sse;

use std::sync::mpsc::Sender;
use std::time::Duration;

use oware_core::Side;
use serde_json::Value;
use tokio::sync::{mpsc, watch};

use crate::checked::{GameId, SeatToken};
use crate::lang::{t, tr};
use crate::wire::{parse_chat, ChatEntry, GameState};

pub(crate) use http::origin;
use http::unreachable;
pub use http::{parse_answer, Answer, Api, ApiError, Target};
pub use join::{join, Joined};
pub use seats::Seats;
pub use session::{account, connect, log_in, log_in_hint, log_out, LoggedOut, Session, Sessions};
pub use sse::{event_parser, parse_update, read_update, refusal, Whole};

/// The longest silence on the event stream before the connection counts as lost (the server
/// sends a keep-alive comment every 15 s).
const IDLE: Duration = Duration::from_secs(45);
/// The longest wait between two reconnection attempts.
const MAX_RETRY: Duration = Duration::from_secs(8);
use oware_protocol::{ChatLog, ChatReq, ClaimReq, MoveReq, OfferReq, StateView};
/// The offers of an online game and their steps: the protocol's vocabulary.
pub use oware_protocol::{ClaimResult, OfferAction, OfferKind};

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
    /// Claim the win or a draw when the opponent has been away too long.
    Claim(ClaimResult),
    /// Take this player's seat in the agreed rematch (game id).
    FollowRematch(GameId),
    /// Write this message in the chat (`POST /api/games/{id}/chat`: a player in the
    /// players' room, a spectator in the spectators').
    Chat(String),
}

impl Request {
    /// The request in a few words, for messages.
    pub fn describe(&self) -> String {
        match self {
            Request::Move(c) => t("term-req-move", &[("pit", c.to_string().into())]),
            Request::Resign => tr("term-req-resign"),
            Request::Abort => tr("term-req-abort"),
            Request::Offer(k, a) => {
                let id = match a {
                    OfferAction::Offer => "term-req-offer",
                    OfferAction::Accept => "term-req-accept",
                    OfferAction::Decline => "term-req-decline",
                    OfferAction::Withdraw => "term-req-withdraw",
                };
                t(id, &[("kind", k.name().into())])
            }
            Request::Claim(ClaimResult::Win) => tr("term-req-claim-win"),
            Request::Claim(ClaimResult::Draw) => tr("term-req-claim-draw"),
            Request::FollowRematch(_) => tr("term-req-rematch"),
            Request::Chat(_) => tr("term-req-chat"),
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
    /// A chat message arrived (a `chat` event).
    Chat(ChatEntry),
    /// The chat's messages this person may read (`GET /api/games/{id}/chat`, read each time
    /// the event stream opens, so none is missed across a reconnection).
    ChatLog(Vec<ChatEntry>),
    /// The server took this person's message (its answer).
    ChatSent(ChatEntry),
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

/// The small runtime the network work runs on: block on it to find or make the game ([`join`],
/// `lobby::create`), then hand it to [`Net::start`] (the connections made meanwhile are kept for
/// the game).
pub fn runtime() -> Result<tokio::runtime::Runtime, String> {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| t("term-net-thread", &[("error", e.to_string().into())]))
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
        if let Request::Chat(text) = &request {
            let answer = api
                .request(
                    reqwest::Method::POST,
                    &format!("/api/games/{id}/chat"),
                    token.as_ref(),
                    Some(crate::wire::body(&ChatReq {
                        room: None,
                        text: text.clone(),
                        name: None,
                    })),
                )
                .await;
            let event = match answer {
                Ok(v) => match serde_json::from_value::<ChatEntry>(v) {
                    Ok(m) => NetEvent::ChatSent(m),
                    Err(e) => NetEvent::Refused {
                        request,
                        message: t(
                            "term-answer-refused",
                            &[("error", crate::checked::clean(&e.to_string()).into())],
                        ),
                    },
                },
                Err(e) => NetEvent::Refused {
                    request,
                    message: e.message,
                },
            };
            if tx.send(event).is_err() {
                return;
            }
            continue;
        }
        let (method, path, body) = match &request {
            Request::Move(c) => (
                reqwest::Method::POST,
                format!("/api/games/{id}/moves"),
                Some(crate::wire::body(&MoveReq {
                    text: Some(c.to_string()),
                    pit: None,
                    // The answer whole: the requests do not hold the stream's last state.
                    since: None,
                })),
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
                Some(crate::wire::body(&OfferReq::new(*action))),
            ),
            Request::Claim(result) => (
                reqwest::Method::POST,
                format!("/api/games/{id}/claim"),
                Some(crate::wire::body(&ClaimReq::new(*result))),
            ),
            Request::FollowRematch(next) => (
                reqwest::Method::POST,
                format!("/api/games/{next}/seat"),
                None,
            ),
            Request::Chat(_) => continue, // sent above
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
                                message: tr("term-rematch-no-seat"),
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

/// An `update` event's state made whole: joined to the last one, or (an update was missed)
/// asked for whole with `GET /api/games/{id}`.
async fn joined(
    api: &Api,
    id: &GameId,
    token: Option<&SeatToken>,
    whole: &mut Whole,
    data: &str,
) -> Result<GameState, String> {
    if let Some(state) = whole.join(read_update(data)?)? {
        return Ok(state);
    }
    let v = api
        .request(
            reqwest::Method::GET,
            &format!("/api/games/{id}"),
            token,
            None,
        )
        .await
        .map_err(|e| e.message)?;
    let state: StateView = serde_json::from_value(v)
        .map_err(|e| t("term-update-refused", &[("error", e.to_string().into())]))?;
    whole
        .join(state)?
        .ok_or_else(|| t("term-update-refused", &[("error", "since".into())]))
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
    let mut path =
        reqwest::Url::parse(&format!("{}/api/games/{id}/events", api.base)).map_err(|e| {
            t(
                "term-server-address",
                &[
                    ("server", api.base.as_str().into()),
                    ("error", e.to_string().into()),
                ],
            )
        })?;
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
        .with_cookie(api.client.get(path))
        .header("accept", "text/event-stream")
        .send()
        .await
        .map_err(|e| unreachable(&api.base, &e).message)?;
    if !res.status().is_success() {
        return Err(t(
            "term-server-answered",
            &[("status", res.status().to_string().into())],
        ));
    }
    *failures = 0;
    if tx.send(NetEvent::Connected).is_err() {
        return Ok(());
    }
    // The messages written while this stream was not open (all of them the first time).
    let log = api
        .request(
            reqwest::Method::GET,
            &format!("/api/games/{id}/chat"),
            token,
            None,
        )
        .await;
    // The protocol's `ChatLog`; each message is checked on its own ([`ChatEntry`]): one
    // refused is left out, not the whole log.
    let report = match log.map(serde_json::from_value::<ChatLog>) {
        Ok(Ok(log)) => NetEvent::ChatLog(
            log.messages
                .into_iter()
                .filter_map(|m| ChatEntry::try_from(m).ok())
                .collect(),
        ),
        Ok(Err(e)) => NetEvent::Rejected(t(
            "term-chat-log-refused",
            &[("error", crate::checked::clean(&e.to_string()).into())],
        )),
        Err(e) => NetEvent::Rejected(t("term-chat-log-unread", &[("error", e.message.into())])),
    };
    if tx.send(report).is_err() {
        return Ok(());
    }
    let mut parser = event_parser();
    let mut whole = Whole::default();
    loop {
        let chunk = match tokio::time::timeout(IDLE, res.chunk()).await {
            Err(_) => return Err(t("term-stream-idle", &[("seconds", IDLE.as_secs().into())])),
            Ok(Err(e)) => return Err(unreachable(&api.base, &e).message),
            Ok(Ok(None)) => return Err(tr("term-stream-closed")),
            Ok(Ok(Some(c))) => c,
        };
        let events = parser
            .push(&chunk)
            .map_err(|e| t("term-stream-dropped", &[("error", refusal(&e).into())]))?;
        for ev in events {
            let report = match ev.name() {
                "update" => match joined(api, id, token, &mut whole, &ev.data).await {
                    Ok(state) => NetEvent::State(Box::new(state)),
                    Err(e) => NetEvent::Rejected(e),
                },
                "chat" => match parse_chat(&ev.data) {
                    Ok(m) => NetEvent::Chat(m),
                    Err(e) => NetEvent::Rejected(e),
                },
                _ => continue,
            };
            if tx.send(report).is_err() {
                return Ok(());
            }
        }
    }
}
