//! The HTTP routes: the JSON API, the event stream and the page's files. Handlers are thin:
//! they read the request, call the service of their route (the table below `ROUTES` says which)
//! and let `error.rs` turn its error into an answer. Every request runs in a `tracing` span (method, path) that logs its status and
//! duration (`tower_http::trace`). `Path`, `Query` and `Bytes` are `error.rs`'s versions of
//! axum's extractors, whose refusals are JSON like every other error; requests that start
//! engine work or hold a stream open ask the budget (`budget.rs`) first (per account, per
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
mod chat;
mod classes;
mod error;
mod error_ids;
mod games;
mod health;
pub(crate) mod host;
mod i18n;
mod learn;
pub(crate) mod listener;
mod lobby;
mod online;
mod players;
mod pool;
mod qr;
mod review;
mod tournaments;
mod training;

use std::sync::Arc;
use std::time::Duration;

use axum::extract::DefaultBodyLimit;
use axum::handler::Handler;
use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode, Uri};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{any, get, on, MethodFilter};
use axum::Router;
use serde::Deserialize;
use tower_http::set_header::SetResponseHeaderLayer;
use tower_http::trace::{DefaultOnFailure, DefaultOnResponse, OnFailure, TraceLayer};
use tower_http::LatencyUnit;
use tracing::Level;

use crate::budget::Budget;
use crate::games::{Games, OfferKind};
use crate::limits::ClientKey;
use crate::review::Reviews;
use crate::round::Ending;
use host::AllowedHosts;
use tournaments::Act;

pub use error::ApiError;
pub use games::{move_input, movetime, parse_create, NewRequest};
pub use host::{BadHostName, HostName};
pub use oware_protocol::{AnalysisReq, CreateReq, MoveReq, ReviewReq};

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
/// | `…/review` | `reviews` ([`Reviews`]) |
/// | `/api/pools/…`, `/api/tournaments/…`, `/api/account/…`, `/api/players/…` | `pools`, `tournaments`, `accounts`, `players` |
/// | `/api/bot/…`, `/api/stream/event`, `/api/challenge…` (`/api/account/tokens…`: `accounts`) | `bots` ([`crate::bot::Bots`]) |
/// | `GET /api/bot/online` | `house` ([`crate::house::House`]) |
/// | `/api/puzzle/…` | `training` ([`crate::training::Training`]) |
/// | `/api/learn…` | `learn` ([`crate::learn::Learn`]) |
/// | `/api/classes…`, `/api/worksheet` | `classes` ([`crate::classes::Classes`]) |
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
}

/// Builds [`ROUTES`] and the router holding them from one list: `METHOD "path" => handler`.
macro_rules! route_table {
    ($($method:ident $path:literal => $handler:expr),* $(,)?) => {
        /// Every route of the API, `(method, path)`, in the order of the table; the router is
        /// built from the same list, and a test (`tests/routes_documented.rs`) checks each is
        /// in `docs/web.md`'s API reference.
        pub const ROUTES: &[(&str, &str)] = &[$((stringify!($method), $path)),*];

        /// The API's routes (without the fallbacks: unknown API paths, the page's files).
        fn routes() -> Router<Shared> {
            Router::new()$(.route($path, on(MethodFilter::$method, $handler)))*
        }
    };
}

route_table! {
    GET "/api/health" => health::health,
    POST "/api/games" => games::create,
    GET "/api/games/{id}" => games::state,
    DELETE "/api/games/{id}" => online::ending(Ending::Cancel),
    GET "/api/games/{id}/events" => games::events,
    GET "/api/lobby" => lobby::lobby,
    GET "/api/lobby/events" => lobby::lobby_events,
    GET "/api/qr.svg" => qr::invite_qr,
    POST "/api/games/{id}/join" => online::join.layer(small_body()),
    POST "/api/games/{id}/resign" => online::ending(Ending::Resign),
    POST "/api/games/{id}/abort" => online::ending(Ending::Abort),
    POST "/api/games/{id}/draw" => online::offer(OfferKind::Draw),
    POST "/api/games/{id}/takeback" => online::offer(OfferKind::Takeback),
    POST "/api/games/{id}/cycle" => online::offer(OfferKind::Cycle),
    GET "/api/games/{id}/chat" => chat::log,
    POST "/api/games/{id}/chat" => chat::post.layer(small_body()),
    POST "/api/games/{id}/claim" => online::claim,
    POST "/api/games/{id}/rematch" => online::rematch,
    POST "/api/games/{id}/seat" => online::seat,
    POST "/api/games/{id}/presence" => online::presence,
    POST "/api/games/{id}/moves" => games::play,
    POST "/api/games/{id}/undo" => games::undo,
    POST "/api/games/{id}/redo" => games::redo,
    GET "/api/games/{id}/ogn" => games::ogn,
    POST "/api/games/{id}/analysis" => games::analyse,
    DELETE "/api/games/{id}/analysis" => games::stop_analysis,
    POST "/api/games/{id}/review" => review::review,
    GET "/api/games/{id}/review" => review::review_state,
    GET "/api/account" => bot::account,
    GET "/api/account/games" => online::account_games,
    POST "/api/account/signup" => accounts::sign_up,
    POST "/api/account/login" => accounts::log_in,
    POST "/api/account/logout" => accounts::log_out,
    POST "/api/account/lang" => accounts::set_lang,
    POST "/api/account/password" => accounts::change_password,
    POST "/api/account/close" => accounts::close,
    POST "/api/account/reset" => accounts::reset,
    GET "/api/account/tokens" => bot::tokens,
    POST "/api/account/tokens" => bot::create_token,
    DELETE "/api/account/tokens/{id}" => bot::revoke_token,
    POST "/api/bot/account/upgrade" => bot::upgrade,
    GET "/api/bot/online" => bot::online,
    GET "/api/stream/event" => bot::event_stream,
    GET "/api/bot/game/stream/{id}" => bot::game_stream,
    POST "/api/bot/game/{id}/move/{move}" => bot::play,
    POST "/api/bot/game/{id}/chat" => bot::chat.layer(small_body()),
    POST "/api/bot/game/{id}/resign" => bot::ending(Ending::Resign),
    POST "/api/bot/game/{id}/abort" => bot::ending(Ending::Abort),
    POST "/api/bot/game/{id}/claim-victory" => bot::claim_victory,
    POST "/api/bot/game/{id}/draw/{answer}" => bot::answer(OfferKind::Draw),
    POST "/api/bot/game/{id}/takeback/{answer}" => bot::answer(OfferKind::Takeback),
    POST "/api/bot/game/{id}/cycle/{answer}" => bot::answer(OfferKind::Cycle),
    POST "/api/board/game/{id}/draw/{answer}" => bot::answer(OfferKind::Draw),
    POST "/api/board/game/{id}/takeback/{answer}" => bot::answer(OfferKind::Takeback),
    POST "/api/board/game/{id}/claim-victory" => bot::claim_victory,
    POST "/api/challenge/{name}" => bot::challenge,
    GET "/api/challenge" => bot::challenges,
    POST "/api/challenge/{id}/accept" => bot::accept,
    POST "/api/challenge/{id}/decline" => bot::decline,
    POST "/api/challenge/{id}/cancel" => bot::cancel,
    GET "/api/user/{name}" => players::profile,
    GET "/api/user/{name}/rating-history" => players::rating_history,
    GET "/api/user/{name}/games" => players::games,
    GET "/api/games/user/{name}" => players::export,
    GET "/api/player" => players::leaderboards,
    POST "/api/pool/{pool}" => pool::join.layer(small_body()),
    GET "/api/pool/ticket/{id}" => pool::ticket,
    DELETE "/api/pool/ticket/{id}" => pool::leave,
    GET "/api/pool/ticket/{id}/events" => pool::ticket_events,
    GET "/api/tournaments" => tournaments::list,
    POST "/api/tournaments" => tournaments::create,
    GET "/api/tournaments/{id}" => tournaments::tournament,
    POST "/api/tournaments/{id}/join" => tournaments::act(Act::Join),
    POST "/api/tournaments/{id}/withdraw" => tournaments::act(Act::Withdraw),
    POST "/api/tournaments/{id}/berserk" => tournaments::act(Act::Berserk),
    GET "/api/tournaments/{id}/events" => tournaments::events,
    GET "/api/puzzle/daily" => training::daily,
    GET "/api/puzzle/next" => training::next,
    GET "/api/puzzle/history" => training::history,
    GET "/api/puzzle/themes" => training::themes,
    GET "/api/puzzle/{id}" => training::puzzle,
    POST "/api/puzzle/{id}/round" => training::round.layer(small_body()),
    POST "/api/puzzle/{id}/vote" => training::vote.layer(small_body()),
    GET "/api/learn" => learn::list,
    POST "/api/learn/progress" => learn::progress.layer(small_body()),
    POST "/api/counting" => learn::count.layer(small_body()),
    GET "/api/learn/{lesson}" => learn::lesson,
    POST "/api/learn/{lesson}/{step}/move" => learn::play.layer(small_body()),
    GET "/api/classes" => classes::list,
    POST "/api/classes" => classes::create.layer(small_body()),
    GET "/api/classes/{id}" => classes::view,
    DELETE "/api/classes/{id}" => classes::delete,
    GET "/api/classes/{id}/progress.csv" => classes::csv,
    POST "/api/classes/{id}/pupils" => classes::add_pupils.layer(small_body()),
    POST "/api/classes/{id}/pupils/{username}/password" => classes::reset,
    POST "/api/classes/{id}/pupils/{username}/open" => classes::set_open.layer(small_body()),
    POST "/api/classes/{id}/work" => classes::assign.layer(small_body()),
    DELETE "/api/classes/{id}/work/{work}" => classes::unassign,
    POST "/api/classes/{id}/arena" => classes::arena,
    GET "/api/worksheet" => classes::worksheet,
}

/// The whole site; request bodies that stop arriving for `body_timeout` are cut (408), requests
/// for a host name not in `hosts` are refused (421).
pub fn router(shared: Shared, body_timeout: Duration, hosts: Arc<AllowedHosts>) -> Router {
    routes()
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

/// The body size limit of the routes whose body is a short text (`error::SMALL_BODY_LIMIT`),
/// for a body without a `Content-Length`, cut as it is read.
fn small_body() -> DefaultBodyLimit {
    DefaultBodyLimit::max(error::SMALL_BODY_LIMIT)
}

/// 413 for a body announced larger than the route's limit (`error::body_limit`), on every
/// route (also those that never read their body), before the route is run; a body without a
/// length is cut by `DefaultBodyLimit` as it is read.
async fn refuse_large_bodies(req: axum::extract::Request, next: Next) -> Response {
    let length = req
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<u64>().ok());
    let limit = error::body_limit(req.method(), req.uri().path());
    if length.is_some_and(|n| n > limit as u64) {
        return error::body_too_large_for(limit).into_response();
    }
    next.run(req).await
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
        "method-not-allowed",
        format!("{} does not answer {method}", uri.path()),
    )
}

async fn api_404(uri: Uri) -> ApiError {
    ApiError::new(
        StatusCode::NOT_FOUND,
        "not-found",
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
