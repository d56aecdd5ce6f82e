//! The HTTP routes: the JSON API, the event stream and the page's files. Handlers are thin:
//! they read the request, call a [`Games`] operation and let `error.rs` turn its error into an
//! answer. Every request runs in a `tracing` span (method, path) that logs its status and
//! duration (`tower_http::trace`). `Path`, `Query` and `Bytes` are `error.rs`'s versions of
//! axum's extractors, whose refusals are JSON like every other error; requests that start
//! engine work or hold a stream open ask `limits.rs` first (per client address).
//!
//! Bodies are strict: every body type denies unknown fields, the routes that take no body
//! refuse one with fields ([`NoBody`]), `POST /api/games` refuses the options that do not
//! apply to the kind of game asked for. In front of every route: the `Host` check (`host.rs`)
//! and the body size limit (413 `body-too-large` from the `Content-Length`, or while reading).

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::{ConnectInfo, DefaultBodyLimit, State};
use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode, Uri};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{any, get, post};
use axum::{Json, Router};
use oware_core::BySide;
use serde::Deserialize;
use tower_http::set_header::SetResponseHeaderLayer;
use tower_http::trace::{DefaultMakeSpan, DefaultOnFailure, DefaultOnResponse, TraceLayer};
use tower_http::LatencyUnit;
use tracing::Level;

use crate::assets;
use crate::error::{self, ApiError, ApiJson, OptionalJson, Path, Query};
use crate::events;
use crate::games::{
    GameError, Games, MoveInput, NewGame, NewOnline, OfferKind, Opponent, SeatReply,
};
use crate::host::AllowedHosts;
use crate::limits::{ClientKey, ClientLimits};
use crate::view;

/// The router state: the games and a signal that ends open event streams at shutdown.
#[derive(Clone)]
pub struct Shared {
    pub(crate) games: Arc<Games>,
    pub(crate) shutdown: tokio::sync::watch::Receiver<bool>,
    /// The per-client limits.
    pub(crate) limits: Arc<ClientLimits>,
}

/// The whole site; request bodies that stop arriving for `body_timeout` are cut (408), requests
/// for a host name not in `hosts` are refused (421).
pub fn router(shared: Shared, body_timeout: Duration, hosts: Arc<AllowedHosts>) -> Router {
    Router::new()
        .route("/api/health", get(health))
        .route("/api/games", post(create))
        .route("/api/games/{id}", get(state).delete(cancel))
        .route("/api/games/{id}/events", get(events))
        .route("/api/lobby", get(lobby))
        .route("/api/lobby/events", get(lobby_events))
        .route("/api/qr.svg", get(crate::qr::invite_qr))
        .route("/api/games/{id}/join", post(join))
        .route("/api/games/{id}/resign", post(resign))
        .route("/api/games/{id}/abort", post(abort))
        .route("/api/games/{id}/draw", post(draw))
        .route("/api/games/{id}/takeback", post(takeback))
        .route("/api/games/{id}/claim", post(claim))
        .route("/api/games/{id}/rematch", post(rematch))
        .route("/api/games/{id}/seat", post(seat))
        .route("/api/games/{id}/presence", post(presence))
        .route("/api/games/{id}/moves", post(play))
        .route("/api/games/{id}/undo", post(undo))
        .route("/api/games/{id}/redo", post(redo))
        .route("/api/games/{id}/ogn", get(ogn))
        .route(
            "/api/games/{id}/analysis",
            post(analyse).delete(stop_analysis),
        )
        .route("/api/games/{id}/review", get(review_state).post(review))
        .route("/api", any(api_404))
        .route("/api/{*rest}", any(api_404))
        .fallback(get(assets::asset).fallback(method_not_allowed))
        .method_not_allowed_fallback(method_not_allowed)
        .layer(DefaultBodyLimit::max(error::BODY_LIMIT))
        .layer(tower_http::timeout::RequestBodyTimeoutLayer::new(
            body_timeout,
        ))
        .layer(middleware::from_fn(refuse_large_bodies))
        .layer(middleware::from_fn_with_state(hosts, crate::host::check))
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
            // A span per request; its end is logged with the status and the time taken
            // (debug; `RUST_LOG=tower_http=debug` shows them), 5xx answers at error.
            TraceLayer::new_for_http()
                .make_span_with(DefaultMakeSpan::new().level(Level::INFO))
                .on_request(())
                .on_response(
                    DefaultOnResponse::new()
                        .level(Level::DEBUG)
                        .latency_unit(LatencyUnit::Micros),
                )
                .on_failure(DefaultOnFailure::new().level(Level::ERROR)),
        )
        .with_state(shared)
}

/// 413 for a body announced larger than the limit, on every route (also those that never
/// read their body); a body without a length is cut by `DefaultBodyLimit` as it is read.
async fn refuse_large_bodies(req: axum::extract::Request, next: Next) -> Response {
    let length = req
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<u64>().ok());
    if length.is_some_and(|n| n > error::BODY_LIMIT as u64) {
        return error::body_too_large().into_response();
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

/// `GET /api/health`: 200 `{"ok": true, "games": N, "database": {...}, ...}` while the
/// database answers; 503 `{"ok": false, "database": {"ok": false, ...}}` when it does not (a
/// load balancer takes the instance out of rotation until it answers again).
async fn health(State(s): State<Shared>) -> Response {
    let database = |ok: bool| {
        serde_json::json!({
            "ok": ok,
            "kind": if s.games.store_shared() { "postgresql" } else { "sqlite" },
            "shared": s.games.store_shared(),
        })
    };
    match s.games.stored_games().await {
        Ok(games) => Json(serde_json::json!({
            "ok": true,
            "games": games,
            "database": database(true),
            "engine": {
                "replies": s.games.replies_searched(),
                "reviews": s.games.reviews_searched(),
            },
            "egdb": s.games.egdb_health(),
        }))
        .into_response(),
        Err(e) => {
            tracing::warn!("health check: the database does not answer: {e:?}");
            let mut db = database(false);
            db["error"] = "the database does not answer".into();
            (
                StatusCode::SERVICE_UNAVAILABLE,
                Json(serde_json::json!({
                    "ok": false,
                    "error": "the database does not answer",
                    "code": "storage",
                    "database": db,
                })),
            )
                .into_response()
        }
    }
}

/// `POST /api/games` body.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CreateReq {
    /// `easy` (default), `medium`, `hard`, `expert` or `friend`.
    pub opponent: Option<String>,
    /// The human's side, `S` or `N`.
    pub human: Option<String>,
    /// Who starts: `you` or `computer` (another way to say `human`).
    pub starts: Option<String>,
    /// The rules' text form.
    pub rules: Option<String>,
    /// An OGN record to continue from.
    pub ogn: Option<String>,
    /// Player names.
    pub names: Option<HashMap<String, String>>,
    /// Online: the clock, `null` or `{"initial_s", "increment_s"}`.
    pub clock: Option<serde_json::Value>,
    /// Online: the creator's side, `random`, `S` or `N`.
    pub color: Option<String>,
    /// Online: the creator's name.
    pub name: Option<String>,
    /// Online: list the challenge in the lobby.
    pub lobby: Option<bool>,
}

/// What a `POST /api/games` body asks for, read and checked by [`CreateReq::parse`].
#[derive(Debug)]
pub enum NewRequest {
    /// A game on one device (against the computer or a friend).
    Game(NewGame),
    /// An online game (a challenge).
    Online(NewOnline),
}

impl CreateReq {
    /// Reads the fields into a game to create: the `human`/`starts` pair, the rules, the
    /// clock (at least `min_initial_s` seconds), the names. Every refusal is a 4xx.
    pub fn parse(self, min_initial_s: u64) -> Result<NewRequest, ApiError> {
        let req = self;
        if req
            .opponent
            .as_deref()
            .is_some_and(|o| o.trim().eq_ignore_ascii_case("online"))
        {
            if let Some(serde_json::Value::Object(clock)) = &req.clock {
                if let Some(k) = clock
                    .keys()
                    .find(|k| !matches!(k.as_str(), "initial_s" | "increment_s"))
                {
                    return Err(ApiError::new(
                        StatusCode::UNPROCESSABLE_ENTITY,
                        "bad-clock",
                        format!("clock takes \"initial_s\" and \"increment_s\", not \"{k}\""),
                    ));
                }
            }
            let new = NewOnline::parse(
                req.rules.as_deref(),
                req.clock.as_ref(),
                req.color.as_deref(),
                req.name.as_deref(),
                req.lobby.unwrap_or(false),
                min_initial_s,
            )?;
            not_applicable(
                "an online game",
                &[
                    ("human", req.human.is_some()),
                    ("starts", req.starts.is_some()),
                    ("ogn", req.ogn.is_some()),
                    ("names", req.names.is_some()),
                ],
            )?;
            return Ok(NewRequest::Online(new));
        }
        let human = match (req.human.as_deref(), req.starts.as_deref()) {
            (Some(_), Some(_)) => {
                return Err(ApiError::new(
                    StatusCode::UNPROCESSABLE_ENTITY,
                    "conflicting-options",
                    "give either \"human\" or \"starts\", not both",
                ))
            }
            (Some(h), None) => Some(h.to_string()),
            (None, Some("you")) => Some("S".to_string()),
            (None, Some("computer")) => Some("N".to_string()),
            (None, Some(other)) => {
                return Err(ApiError::new(
                    StatusCode::UNPROCESSABLE_ENTITY,
                    "bad-starts",
                    format!("starts must be \"you\" or \"computer\", not \"{other}\""),
                ))
            }
            (None, None) => None,
        };
        let names = req.names.unwrap_or_default();
        if let Some(k) = names.keys().find(|k| !matches!(k.as_str(), "S" | "N")) {
            return Err(ApiError::new(
                StatusCode::UNPROCESSABLE_ENTITY,
                "bad-field",
                format!("names takes \"S\" and \"N\", not \"{k}\""),
            ));
        }
        let pick = |k: &str| names.get(k).cloned().unwrap_or_default();
        let new = NewGame::parse(
            req.opponent.as_deref().unwrap_or("easy"),
            human.as_deref(),
            req.rules.as_deref(),
            req.ogn,
            BySide::new(pick("S"), pick("N")),
        )?;
        let kind = match new.opponent {
            Opponent::Computer(_) => "a game against the computer",
            _ => "a game on one device",
        };
        not_applicable(
            kind,
            &[
                ("clock", req.clock.is_some()),
                ("color", req.color.is_some()),
                ("name", req.name.is_some()),
                ("lobby", req.lobby.is_some()),
            ],
        )?;
        Ok(NewRequest::Game(new))
    }
}

/// 422 `not-applicable` naming the `options` given (`true`) that `kind` has no use for.
fn not_applicable(kind: &str, options: &[(&str, bool)]) -> Result<(), ApiError> {
    let given: Vec<String> = options
        .iter()
        .filter(|(_, given)| *given)
        .map(|(name, _)| format!("\"{name}\""))
        .collect();
    if given.is_empty() {
        return Ok(());
    }
    let verb = if given.len() == 1 { "does" } else { "do" };
    Err(ApiError::new(
        StatusCode::UNPROCESSABLE_ENTITY,
        "not-applicable",
        format!(
            "{} {verb} not apply to {kind}; leave it out",
            given.join(" and ")
        ),
    ))
}

async fn create(
    State(s): State<Shared>,
    ConnectInfo(peer): ConnectInfo<std::net::SocketAddr>,
    ApiJson(req): ApiJson<CreateReq>,
) -> Result<Response, ApiError> {
    let new = match req.parse(s.games.min_initial_s())? {
        NewRequest::Game(new) => new,
        NewRequest::Online(new) => {
            let created = s.games.create_online(new, Some(client(peer))).await?;
            let body = serde_json::json!({
                "id": created.id,
                "token": created.token,
                "state": created.state,
            });
            return Ok((StatusCode::CREATED, Json(body)).into_response());
        }
    };
    let engine_job = matches!(new.opponent, Opponent::Computer(_));
    s.limits.create_game(peer.ip(), engine_job)?;
    let created = s.games.create(new).await?;
    let body = serde_json::json!({
        "id": created.id,
        "token": created.token,
        "state": created.state,
    });
    Ok((StatusCode::CREATED, Json(body)).into_response())
}

async fn state(
    State(s): State<Shared>,
    ConnectInfo(peer): ConnectInfo<std::net::SocketAddr>,
    Path(id): Path<String>,
    headers: HeaderMap,
    Query(q): Query<HashMap<String, String>>,
) -> Result<Json<view::StateView>, ApiError> {
    match q.get("since") {
        None => Ok(Json(s.games.state_for(&id, token(&headers)).await?)),
        Some(v) => {
            let since: u64 = v
                .parse()
                .map_err(|_| ApiError::bad_request("since must be a version number"))?;
            let wait = q
                .get("wait_ms")
                .map(|w| w.parse::<u64>())
                .transpose()
                .map_err(|_| ApiError::bad_request("wait_ms must be a number"))?
                .unwrap_or(25_000)
                .min(60_000);
            let _slot = s.limits.open_stream(peer.ip())?;
            Ok(Json(
                s.games
                    .wait_state(&id, since, Duration::from_millis(wait))
                    .await?,
            ))
        }
    }
}

async fn events(
    State(s): State<Shared>,
    ConnectInfo(peer): ConnectInfo<std::net::SocketAddr>,
    Path(id): Path<String>,
    Query(q): Query<HashMap<String, String>>,
) -> Result<Response, ApiError> {
    let slot = s.limits.open_stream(peer.ip())?;
    let (first, rx, guard) = s
        .games
        .subscribe_present(&id, q.get("presence").map(String::as_str))
        .await?;
    Ok(events::sse_held(first, rx, s.shutdown.clone(), (guard, slot)).into_response())
}

async fn lobby(State(s): State<Shared>) -> Json<serde_json::Value> {
    Json(s.games.lobby())
}

async fn lobby_events(
    State(s): State<Shared>,
    ConnectInfo(peer): ConnectInfo<std::net::SocketAddr>,
) -> Result<Response, ApiError> {
    let slot = s.limits.open_stream(peer.ip())?;
    let (first, rx) = s.games.subscribe_lobby();
    Ok(events::sse_held(first, rx, s.shutdown.clone(), slot).into_response())
}

fn seat_body(r: SeatReply) -> Json<serde_json::Value> {
    Json(serde_json::json!({ "id": r.id, "token": r.token, "state": r.state }))
}

/// `POST /api/games/{id}/join` body (optional).
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct JoinReq {
    /// The joiner's name.
    name: Option<String>,
}

async fn join(
    State(s): State<Shared>,
    Path(id): Path<String>,
    headers: HeaderMap,
    OptionalJson(req): OptionalJson<JoinReq>,
) -> Result<Json<serde_json::Value>, ApiError> {
    let r = s
        .games
        .join(&id, token(&headers), req.name.as_deref().unwrap_or(""))
        .await?;
    Ok(seat_body(r))
}

async fn cancel(
    State(s): State<Shared>,
    Path(id): Path<String>,
    headers: HeaderMap,
    OptionalJson(NoBody {}): OptionalJson<NoBody>,
) -> Result<Json<view::StateView>, ApiError> {
    Ok(Json(s.games.cancel(&id, token(&headers)).await?))
}

async fn resign(
    State(s): State<Shared>,
    Path(id): Path<String>,
    headers: HeaderMap,
    OptionalJson(NoBody {}): OptionalJson<NoBody>,
) -> Result<Json<view::StateView>, ApiError> {
    Ok(Json(s.games.resign(&id, token(&headers)).await?))
}

async fn abort(
    State(s): State<Shared>,
    Path(id): Path<String>,
    headers: HeaderMap,
    OptionalJson(NoBody {}): OptionalJson<NoBody>,
) -> Result<Json<view::StateView>, ApiError> {
    Ok(Json(s.games.abort(&id, token(&headers)).await?))
}

/// Body of the offers (`draw`, `takeback`, `rematch`).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct OfferReq {
    /// `offer`, `accept`, `decline` or `withdraw`.
    action: String,
}

async fn draw(
    State(s): State<Shared>,
    Path(id): Path<String>,
    headers: HeaderMap,
    ApiJson(req): ApiJson<OfferReq>,
) -> Result<Json<view::StateView>, ApiError> {
    Ok(Json(
        s.games
            .offer(&id, token(&headers), OfferKind::Draw, &req.action)
            .await?,
    ))
}

async fn takeback(
    State(s): State<Shared>,
    Path(id): Path<String>,
    headers: HeaderMap,
    ApiJson(req): ApiJson<OfferReq>,
) -> Result<Json<view::StateView>, ApiError> {
    Ok(Json(
        s.games
            .offer(&id, token(&headers), OfferKind::Takeback, &req.action)
            .await?,
    ))
}

/// `POST /api/games/{id}/claim` body.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ClaimReq {
    /// `win` or `draw`.
    result: String,
}

async fn claim(
    State(s): State<Shared>,
    Path(id): Path<String>,
    headers: HeaderMap,
    ApiJson(req): ApiJson<ClaimReq>,
) -> Result<Json<view::StateView>, ApiError> {
    Ok(Json(
        s.games.claim(&id, token(&headers), &req.result).await?,
    ))
}

async fn rematch(
    State(s): State<Shared>,
    ConnectInfo(peer): ConnectInfo<std::net::SocketAddr>,
    Path(id): Path<String>,
    headers: HeaderMap,
    ApiJson(req): ApiJson<OfferReq>,
) -> Result<Json<serde_json::Value>, ApiError> {
    let ip = Some(client(peer));
    match s
        .games
        .rematch(&id, token(&headers), &req.action, ip)
        .await?
    {
        (Some(seat), _) => Ok(seat_body(seat)),
        (None, state) => Ok(Json(serde_json::json!(state))),
    }
}

async fn seat(
    State(s): State<Shared>,
    Path(id): Path<String>,
    headers: HeaderMap,
    OptionalJson(NoBody {}): OptionalJson<NoBody>,
) -> Result<Json<serde_json::Value>, ApiError> {
    Ok(seat_body(s.games.seat(&id, token(&headers)).await?))
}

async fn presence(
    State(s): State<Shared>,
    Path(id): Path<String>,
    headers: HeaderMap,
    OptionalJson(NoBody {}): OptionalJson<NoBody>,
) -> Result<Json<serde_json::Value>, ApiError> {
    let key = s.games.presence_key(&id, token(&headers)).await?;
    Ok(Json(serde_json::json!({ "key": key })))
}

/// `POST /api/games/{id}/moves` body: a letter or a pit number.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoveReq {
    /// A move letter of the side to move, e.g. `"C"`.
    #[serde(rename = "move")]
    pub text: Option<String>,
    /// The side to move's pit, 0–5 from its left.
    pub pit: Option<i64>,
}

impl MoveReq {
    /// The move asked for: exactly one of `move` and `pit`, else a 400.
    pub fn input(&self) -> Result<MoveInput<'_>, ApiError> {
        match (self.text.as_deref(), self.pit) {
            (Some(t), None) => Ok(MoveInput::Text(t)),
            (None, Some(p)) => Ok(MoveInput::Pit(p)),
            _ => Err(GameError::BadRequest(
                "give either \"move\" (a letter like \"C\") or \"pit\" (0 to 5)".into(),
            )
            .into()),
        }
    }
}

async fn play(
    State(s): State<Shared>,
    Path(id): Path<String>,
    headers: HeaderMap,
    ApiJson(req): ApiJson<MoveReq>,
) -> Result<Json<serde_json::Value>, ApiError> {
    let input = req.input()?;
    let reply = s.games.play(&id, token(&headers), input).await?;
    Ok(Json(
        serde_json::json!({ "detail": reply.detail, "state": reply.state }),
    ))
}

async fn undo(
    State(s): State<Shared>,
    Path(id): Path<String>,
    headers: HeaderMap,
    OptionalJson(NoBody {}): OptionalJson<NoBody>,
) -> Result<Json<view::StateView>, ApiError> {
    Ok(Json(s.games.undo(&id, token(&headers)).await?))
}

async fn redo(
    State(s): State<Shared>,
    Path(id): Path<String>,
    headers: HeaderMap,
    OptionalJson(NoBody {}): OptionalJson<NoBody>,
) -> Result<Json<view::StateView>, ApiError> {
    Ok(Json(s.games.redo(&id, token(&headers)).await?))
}

async fn ogn(State(s): State<Shared>, Path(id): Path<String>) -> Result<Response, ApiError> {
    let text = s.games.ogn(&id).await?;
    let disposition = format!(
        "attachment; filename=\"oware-{}.ogn\"",
        &id[..id.len().min(8)]
    );
    Ok((
        [
            (
                header::CONTENT_TYPE,
                "text/plain; charset=utf-8".to_string(),
            ),
            (header::CONTENT_DISPOSITION, disposition),
        ],
        text,
    )
        .into_response())
}

/// `POST /api/games/{id}/analysis` body.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AnalysisReq {
    /// The ply to analyse (default: the current position).
    pub ply: Option<usize>,
    /// Thinking time in milliseconds (default 2000, at most 20000).
    pub movetime_ms: Option<u64>,
    /// `hint` or `analysis`.
    pub purpose: Option<String>,
}

impl AnalysisReq {
    /// The thinking time: `movetime_ms` (default 2000) within 50 ms to 20 s.
    pub fn movetime(&self) -> Duration {
        Duration::from_millis(self.movetime_ms.unwrap_or(2000).clamp(50, 20_000))
    }
}

async fn analyse(
    State(s): State<Shared>,
    ConnectInfo(peer): ConnectInfo<std::net::SocketAddr>,
    Path(id): Path<String>,
    headers: HeaderMap,
    ApiJson(req): ApiJson<AnalysisReq>,
) -> Result<Response, ApiError> {
    s.limits.start_engine_job(peer.ip())?;
    let seq = s
        .games
        .analyse(
            &id,
            token(&headers),
            watcher(&headers),
            req.ply,
            req.movetime(),
            req.purpose.as_deref().unwrap_or("analysis"),
        )
        .await?;
    Ok((
        StatusCode::ACCEPTED,
        Json(serde_json::json!({ "seq": seq })),
    )
        .into_response())
}

async fn stop_analysis(
    State(s): State<Shared>,
    Path(id): Path<String>,
    headers: HeaderMap,
    OptionalJson(NoBody {}): OptionalJson<NoBody>,
) -> Result<StatusCode, ApiError> {
    s.games
        .stop_analysis(&id, token(&headers), watcher(&headers))
        .await?;
    Ok(StatusCode::NO_CONTENT)
}

/// `POST /api/games/{id}/review` body (optional).
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReviewReq {
    /// The review's depth in plies (default 16, from 2 to 18).
    pub depth: Option<i64>,
}

async fn review(
    State(s): State<Shared>,
    Path(id): Path<String>,
    ConnectInfo(peer): ConnectInfo<std::net::SocketAddr>,
    headers: HeaderMap,
    // The body is optional: no body asks for the default depth.
    OptionalJson(req): OptionalJson<ReviewReq>,
) -> Result<Response, ApiError> {
    let depth = crate::review::parse_depth(req.depth)?;
    s.limits.start_engine_job(peer.ip())?;
    let (started, view) = s
        .games
        .start_review(&id, token(&headers), depth, Some(client(peer)))
        .await?;
    let status = if started || view.status == "running" {
        StatusCode::ACCEPTED
    } else {
        StatusCode::OK
    };
    Ok((status, Json(view)).into_response())
}

async fn review_state(
    State(s): State<Shared>,
    Path(id): Path<String>,
) -> Result<Json<crate::review::ReviewView>, ApiError> {
    Ok(Json(s.games.review_state(&id).await?))
}
