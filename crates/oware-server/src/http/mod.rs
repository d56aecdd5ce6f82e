//! The HTTP routes: the JSON API, the event stream and the page's files. Handlers are thin:
//! they read the request, call the service of their route (the table of [`Services`] says which;
//! every route is declared once, in `routes.rs`: [`ROUTES`])
//! and let `error.rs` turn its error into an answer. Every request runs in a `tracing` span (method, path) that logs its status and
//! duration (`tower_http::trace`). Answers are compressed (gzip, brotli) but the event streams
//! (`compress.rs`). `Path`, `Query` and `Bytes` are `error.rs`'s versions of
//! axum's extractors, whose refusals are JSON like every other error; requests that start
//! engine work or hold a stream open ask the budget (`budget/`) first (per account, per
//! address, for the whole server).
//!
//! Bodies are strict: every body type denies unknown fields, the routes that take no body
//! refuse one with fields ([`NoBody`]), `POST /api/games` refuses the options that do not
//! apply to the kind of game asked for. In front of every route: the `Host` check (`host.rs`)
//! and the body size limit (413 `body-too-large` from the `Content-Length`, or while reading;
//! 32 KiB for the routes of a short text, a chat message or a name, 256 KiB for the others).

mod accounts;
mod assets;
mod bot;
mod bundle;
#[cfg(test)]
mod bundle_pages;
mod chat;
mod classes;
mod compress;
mod egdb;
mod error;
mod error_ids;
mod first_paint;
mod games;
mod health;
pub(crate) mod host;
mod i18n;
mod learn;
pub(crate) mod listener;
mod lobby;
mod online;
mod openapi;
mod page_client;
mod players;
mod pool;
mod qr;
mod review;
mod routes;
mod search;
mod study;
mod tournaments;
mod training;
mod tv;

use oware_protocol::ErrorCode;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::DefaultBodyLimit;
use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode, Uri};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{any, get};
use axum::Router;
use serde::Deserialize;
use tower_http::set_header::SetResponseHeaderLayer;
use tower_http::trace::{DefaultOnFailure, DefaultOnResponse, OnFailure, TraceLayer};
use tower_http::LatencyUnit;
use tracing::Level;

use crate::budget::Budget;
use crate::games::Games;
use crate::limits::ClientKey;
use crate::review::Reviews;
use host::AllowedHosts;

pub use error::ApiError;
pub use games::{move_input, movetime, parse_create, NewRequest};
pub use host::{BadHostName, HostName};
pub use openapi::document as openapi_document;
pub use oware_protocol::{AnalysisReq, CreateReq, MoveReq, ReviewReq};
pub use page_client::js as client_js;
pub use routes::{markdown_table, Ans, Auth, Cost, Limit, Paging, Req, Route, ROUTES};

/// The router state: one shared reference to [`Services`]. Every request clones it (axum's
/// `State`), so it is one reference count, not one per service.
#[derive(Clone)]
pub struct Shared(Arc<Services>);

impl Shared {
    /// The state holding `services`.
    pub(crate) fn new(services: Services) -> Shared {
        Shared(Arc::new(services))
    }
}

impl std::ops::Deref for Shared {
    type Target = Services;
    fn deref(&self) -> &Services {
        &self.0
    }
}

/// What the handlers reach: the services the wiring built (`env.rs`, lila's `Env`), the
/// per-client limits and a signal that ends open event streams at shutdown. A handler calls the
/// service of its route:
///
/// | routes | service |
/// | --- | --- |
/// | `GET /api/games/{id}` (no token), long polls | [`Games`] (reading a game) |
/// | `POST /api/games`, `GET …/{id}` with a token, `…/events`, `…/moves`, `…/join`, `…/resign`, `…/abort`, `DELETE …/{id}`, `…/draw`, `…/takeback`, `…/cycle`, `…/claim`, `…/rematch`, `…/seat`, `…/presence`, `GET /api/account/games` | `round` ([`crate::round::Round`]; a game on one device is handed to `local`) |
/// | `POST /api/games` (computer, friend), `…/undo`, `…/redo`, `…/ogn`, `…/analysis` | `local` ([`crate::local::Local`]) |
/// | `…/chat` | `chat` ([`crate::chat::Chats`]) |
/// | `/api/lobby`, `/api/lobby/events` | `lobby` ([`crate::lobby::Lobby`]) |
/// | `GET /api/search/games` | `search` ([`crate::search::GameSearch`]) |
/// | `/api/tv`, `/api/tv/games` | `tv` ([`crate::tv::Tv`]; the tournament channel asks `tournaments` for the running one's games) |
/// | `…/review` | `reviews` ([`Reviews`]) |
/// | `/api/pools/…`, `/api/tournaments/…`, `/api/account/…`, `/api/players/…` | `pools`, `tournaments`, `accounts`, `players` |
/// | `/api/bot/…`, `/api/stream/event`, `/api/challenge…` (`/api/account/tokens…`: `accounts`) | `bots` ([`crate::bot::Bots`]) |
/// | `GET /api/bot/online` | `house` ([`crate::house::House`]) |
/// | `/api/puzzle/…` | `training` ([`crate::training::Training`]) |
/// | `/api/learn…` | `learn` ([`crate::learn::Learn`]) |
/// | `/api/classes…`, `/api/worksheet` | `classes` ([`crate::classes::Classes`]) |
/// | `GET /api/egdb/{rules}/{n}` | `egdb_files` ([`crate::egdb_files::LevelFiles`]) |
pub struct Services {
    /// The store (health answers).
    pub(crate) store: Arc<dyn crate::store::Store>,
    /// The engine's lanes (health answers).
    pub(crate) engine: Arc<crate::engine::EngineJobs>,
    /// The live games.
    pub(crate) games: Arc<Games>,
    /// The open challenges.
    pub(crate) lobby: Arc<crate::lobby::Lobby>,
    /// Games on one device, analyses.
    pub(crate) local: Arc<crate::local::Local>,
    /// Online play.
    pub(crate) round: Arc<crate::round::Round>,
    /// Online games' chats.
    pub(crate) chat: Arc<crate::chat::Chats>,
    /// Game reviews.
    pub(crate) reviews: Arc<Reviews>,
    /// Bots: challenges, account events, a bot's actions.
    pub(crate) bots: Arc<crate::bot::Bots>,
    /// The house bots: the bots online.
    pub(crate) house: Arc<crate::house::House>,
    /// Rated puzzles.
    pub(crate) training: Arc<crate::training::Training>,
    /// The lessons (`/api/learn…`).
    pub(crate) learn: Arc<crate::learn::Learn>,
    /// Teachers' classes and the worksheets (`/api/classes…`, `/api/worksheet`).
    pub(crate) classes: Arc<crate::classes::Classes>,
    pub(crate) shutdown: tokio::sync::watch::Receiver<bool>,
    /// Every count a client can grow, per account, per address and for the server.
    pub(crate) budget: Arc<Budget>,
    /// Accounts and sessions.
    pub(crate) accounts: Arc<crate::accounts::Accounts>,
    /// Profiles, histories and leaderboards.
    pub(crate) players: Arc<crate::players::Players>,
    /// The quick-pairing pools.
    pub(crate) pools: Arc<crate::pool::Pools>,
    /// Arenas and Swiss tournaments.
    pub(crate) tournaments: Arc<crate::tournament::Tournaments>,
    /// The games in play (TV, `/games`).
    pub(crate) tv: Arc<crate::tv::Tv>,
    /// The endgame table levels the page downloads.
    pub(crate) egdb_files: Arc<crate::egdb_files::LevelFiles>,
    /// Game search.
    pub(crate) search: Arc<crate::search::GameSearch>,
}

/// The whole site; request bodies that stop arriving for `body_timeout` are cut (408), requests
/// for a host name not in `hosts` are refused (421).
pub fn router(shared: Shared, body_timeout: Duration, hosts: Arc<AllowedHosts>) -> Router {
    routes::routes()
        .route("/api", any(api_404))
        .route("/api/{*rest}", any(api_404))
        .fallback(get(assets::asset).fallback(method_not_allowed))
        .method_not_allowed_fallback(method_not_allowed)
        .layer(DefaultBodyLimit::max(error::BODY_LIMIT))
        .layer(tower_http::timeout::RequestBodyTimeoutLayer::new(
            body_timeout,
        ))
        .layer(middleware::from_fn(accounts::same_origin))
        .layer(middleware::from_fn(refuse_large_bodies))
        .layer(middleware::from_fn_with_state(hosts, host::check))
        // Error answers in the request's language (a catalogue message per error code).
        .layer(middleware::from_fn(i18n::localize_errors))
        // gzip or brotli as the request accepts, not the event streams; the page's files come
        // compressed already (`compress.rs`).
        .layer(compress::layer())
        // Every answer, API and page alike, says: do not guess content types, and send no
        // referrer to other sites. (The page's own answers add their CSP in `assets`.)
        .layer(SetResponseHeaderLayer::overriding(
            header::X_CONTENT_TYPE_OPTIONS,
            HeaderValue::from_static("nosniff"),
        ))
        .layer(SetResponseHeaderLayer::overriding(
            header::REFERRER_POLICY,
            HeaderValue::from_static("no-referrer"),
        ))
        .layer(
            // A span per request (its method and path: never the query string, which may carry
            // a secret a client put there by mistake); its end is logged with the status and
            // the time taken (debug; `RUST_LOG=tower_http=debug` shows them), 5xx answers at
            // error but the designed 503s (a full queue, a ceiling of the budget), which
            // `error.rs` logs once at warn.
            TraceLayer::new_for_http()
                .make_span_with(request_span)
                .on_request(())
                .on_response(
                    DefaultOnResponse::new()
                        .level(Level::DEBUG)
                        .latency_unit(LatencyUnit::Micros),
                )
                .on_failure(on_failure),
        )
        .with_state(shared)
}

/// A request's span: its method and path, never its query string (see [`router`]).
fn request_span(req: &axum::http::Request<axum::body::Body>) -> tracing::Span {
    tracing::info_span!("request", method = %req.method(), path = %req.uri().path())
}

/// A failed answer's log line: 503 (a designed refusal, already logged by `error.rs`) at
/// debug, other server errors at error.
fn on_failure(
    class: tower_http::classify::ServerErrorsFailureClass,
    latency: Duration,
    span: &tracing::Span,
) {
    use tower_http::classify::ServerErrorsFailureClass as Class;
    let designed = matches!(class, Class::StatusCode(s) if s == StatusCode::SERVICE_UNAVAILABLE);
    if designed {
        tracing::debug!(parent: span, latency_us = latency.as_micros() as u64, "{class}");
    } else {
        DefaultOnFailure::new()
            .level(Level::ERROR)
            .latency_unit(LatencyUnit::Micros)
            .on_failure(class, latency, span);
    }
}

/// 413 for a body announced larger than the route's declared limit (`routes::body_limit`), on every
/// route (also those that never read their body), before the route is run; a body without a
/// length is cut by `DefaultBodyLimit` as it is read.
async fn refuse_large_bodies(req: axum::extract::Request, next: Next) -> Response {
    let length = req
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<u64>().ok());
    let limit = routes::body_limit(req.method(), req.uri().path());
    if length.is_some_and(|n| n > limit as u64) {
        return error::body_too_large_for(limit).into_response();
    }
    next.run(req).await
}

/// `GET /api/openapi.json` (here rather than in `openapi.rs`, which reads `routes.rs`: the
/// route table names its handlers, and no file may name one that names it back).
async fn openapi_json() -> Response {
    openapi::serve()
}

/// The body of a route that takes none: nothing, white space or `{}`.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NoBody {}

/// The key the per-client limits of `Games` count `peer` under (an IPv6 client by its /64).
fn client(peer: std::net::SocketAddr) -> std::net::IpAddr {
    ClientKey::of(peer.ip()).addr()
}

async fn method_not_allowed(method: Method, uri: Uri) -> ApiError {
    ApiError::new(
        StatusCode::METHOD_NOT_ALLOWED,
        ErrorCode::MethodNotAllowed,
        format!("{} does not answer {method}", uri.path()),
    )
}

async fn api_404(uri: Uri) -> ApiError {
    ApiError::new(
        StatusCode::NOT_FOUND,
        ErrorCode::NotFound,
        format!("no such API route: {}", uri.path()),
    )
}

fn token(headers: &HeaderMap) -> Option<&str> {
    headers
        .get("x-seat-token")
        .and_then(|v| v.to_str().ok())
        .map(str::trim)
}

/// A spectator's stream handle (`X-Watcher`), which their own analysis goes to.
fn watcher(headers: &HeaderMap) -> Option<&str> {
    headers
        .get("x-watcher")
        .and_then(|v| v.to_str().ok())
        .map(str::trim)
}
