//! The routes of a game on one device, and those every game shares: create, the state and its
//! long poll, the event stream, moves, undo, redo, the OGN record, analyses.

use oware_protocol::ErrorCode;
use std::collections::HashMap;
use std::time::Duration;

use axum::extract::{ConnectInfo, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use oware_core::{BySide, Side};
use oware_protocol::{
    AnalysisReq, AnalysisStarted, ClockReq, Color, CreateReq, EngineSeat, MoveAnswer, MoveReq,
    SeatAnswer, Starts,
};

use super::error::{ApiError, ApiJson, OptionalJson, Path, Query};
use super::{client, token, watcher, NoBody, Shared};
use crate::events;
use crate::games::{GameError, MoveInput, Opponent};
use crate::local::NewGame;
use crate::round::NewOnline;
use crate::view;

/// What a `POST /api/games` body asks for, read and checked by [`parse_create`].
#[derive(Debug)]
pub enum NewRequest {
    /// A game on one device (against the computer or a friend).
    Game(NewGame),
    /// An online game (a challenge).
    Online(NewOnline),
}

/// Reads a `POST /api/games` body into a game to create: the `human`/`starts` pair, the
/// rules, the clock (at least `min_initial_s` seconds), the names. Every refusal is a 4xx.
pub fn parse_create(req: CreateReq, min_initial_s: u64) -> Result<NewRequest, ApiError> {
    {
        if req
            .opponent
            .as_deref()
            .is_some_and(|o| o.trim().eq_ignore_ascii_case("online"))
        {
            let mut new = NewOnline::parse(
                req.rules.as_deref(),
                req.clock.map(ClockReq::to_value).as_ref(),
                req.color.map(Color::name),
                req.name.as_deref(),
                req.lobby.unwrap_or(false),
                min_initial_s,
            )?;
            new.rated = req.rated.unwrap_or(false);
            new.range = req.range;
            new.advice = req.advice.unwrap_or(false);
            not_applicable(
                "an online game",
                &[
                    ("human", req.human.is_some()),
                    ("starts", req.starts.is_some()),
                    ("ogn", req.ogn.is_some()),
                    ("names", req.names.is_some()),
                    ("engine", req.engine.is_some()),
                ],
            )?;
            return Ok(NewRequest::Online(new));
        }
        let human = match (req.human, req.starts) {
            (Some(_), Some(_)) => {
                return Err(ApiError::new(
                    StatusCode::UNPROCESSABLE_ENTITY,
                    ErrorCode::ConflictingOptions,
                    "give either \"human\" or \"starts\", not both",
                ))
            }
            (Some(h), None) => Some(h),
            (None, Some(Starts::You)) => Some(Side::South),
            (None, Some(Starts::Computer)) => Some(Side::North),
            (None, None) => None,
        };
        let names = req.names.unwrap_or_default();
        if let Some(k) = names.keys().find(|k| !matches!(k.as_str(), "S" | "N")) {
            return Err(ApiError::new(
                StatusCode::UNPROCESSABLE_ENTITY,
                ErrorCode::BadField,
                format!("names takes \"S\" and \"N\", not \"{k}\""),
            ));
        }
        let pick = |k: &str| names.get(k).cloned().unwrap_or_default();
        let page_engine = req.engine == Some(EngineSeat::Page);
        let mut new = NewGame::parse(
            req.opponent.as_deref().unwrap_or("easy"),
            human.map(|h| if h == Side::South { "S" } else { "N" }),
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
                ("rated", req.rated.is_some()),
                ("range", req.range.is_some()),
                ("advice", req.advice.is_some()),
            ],
        )?;
        if page_engine && !matches!(new.opponent, Opponent::Computer(_)) {
            not_applicable(kind, &[("engine", true)])?;
        }
        new.page_engine = page_engine;
        Ok(NewRequest::Game(new))
    }
}

/// 422 `not-applicable` naming the `options` given (`true`) that `kind` has no use for.
pub(super) fn not_applicable(kind: &str, options: &[(&str, bool)]) -> Result<(), ApiError> {
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
        ErrorCode::NotApplicable,
        format!(
            "{} {verb} not apply to {kind}; leave it out",
            given.join(" and ")
        ),
    ))
}

pub(super) async fn create(
    State(s): State<Shared>,
    ConnectInfo(peer): ConnectInfo<std::net::SocketAddr>,
    headers: axum::http::HeaderMap,
    ApiJson(req): ApiJson<CreateReq>,
) -> Result<Response, ApiError> {
    let new = match parse_create(req, s.round.min_initial_s())? {
        NewRequest::Game(new) => new,
        NewRequest::Online(mut new) => {
            new.user = super::accounts::viewer(&s, &headers).await?;
            let created = s.round.create_online(new, Some(client(peer))).await?;
            let body = SeatAnswer {
                id: created.id,
                token: created.token,
                state: created.state,
            };
            return Ok((StatusCode::CREATED, Json(body)).into_response());
        }
    };
    let engine_job = matches!(new.opponent, Opponent::Computer(_));
    s.budget.create_game(peer.ip(), engine_job)?;
    let created = s.local.create(new).await?;
    let body = SeatAnswer {
        id: created.id,
        token: created.token,
        state: created.state,
    };
    Ok((StatusCode::CREATED, Json(body)).into_response())
}

pub(super) async fn state(
    State(s): State<Shared>,
    ConnectInfo(peer): ConnectInfo<std::net::SocketAddr>,
    Path(id): Path<String>,
    headers: HeaderMap,
    Query(q): Query<HashMap<String, String>>,
) -> Result<Json<view::StateView>, ApiError> {
    match q.get("since") {
        None => Ok(Json(s.round.state_for(&id, token(&headers)).await?)),
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
            let _slot = s.budget.open_stream(peer.ip())?;
            Ok(Json(
                s.games
                    .wait_state(&id, since, Duration::from_millis(wait))
                    .await?,
            ))
        }
    }
}

pub(super) async fn events(
    State(s): State<Shared>,
    ConnectInfo(peer): ConnectInfo<std::net::SocketAddr>,
    Path(id): Path<String>,
    Query(q): Query<HashMap<String, String>>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let viewer = super::accounts::viewer(&s, &headers).await?;
    let holder = crate::budget::Holder {
        account: viewer.as_ref().map(|u| u.id.as_str()),
        token: None,
    };
    let mut slot = s.budget.open_stream_for(peer.ip(), holder)?;
    let stop = slot.stop(s.shutdown.clone());
    let (first, rx, guard) = s
        .round
        .watchers
        .subscribe_present(
            &id,
            q.get("presence").map(String::as_str),
            viewer.as_ref().map(|u| u.id.as_str()),
        )
        .await?;
    Ok(events::sse_held(first, rx, stop, (guard, slot)).into_response())
}

/// The move a `POST /api/games/{id}/moves` body asks for: exactly one of `move` and `pit`,
/// else a 400.
pub fn move_input(req: &MoveReq) -> Result<MoveInput<'_>, ApiError> {
    {
        match (req.text.as_deref(), req.pit) {
            (Some(t), None) => Ok(MoveInput::Text(t)),
            (None, Some(p)) => Ok(MoveInput::Pit(p)),
            _ => Err(GameError::BadRequest(
                "give either \"move\" (a letter like \"C\") or \"pit\" (0 to 5)".into(),
            )
            .into()),
        }
    }
}

pub(super) async fn play(
    State(s): State<Shared>,
    ConnectInfo(peer): ConnectInfo<std::net::SocketAddr>,
    Path(id): Path<String>,
    headers: HeaderMap,
    ApiJson(req): ApiJson<MoveReq>,
) -> Result<Json<MoveAnswer>, ApiError> {
    let input = move_input(&req)?;
    let ip = Some(peer.ip());
    let reply = s
        .round
        .play(&id, token(&headers), input, req.since, ip)
        .await?;
    Ok(Json(MoveAnswer {
        detail: reply.detail,
        state: reply.state,
    }))
}

pub(super) async fn undo(
    State(s): State<Shared>,
    Path(id): Path<String>,
    headers: HeaderMap,
    OptionalJson(NoBody {}): OptionalJson<NoBody>,
) -> Result<Json<view::StateView>, ApiError> {
    Ok(Json(s.local.undo(&id, token(&headers)).await?))
}

pub(super) async fn redo(
    State(s): State<Shared>,
    Path(id): Path<String>,
    headers: HeaderMap,
    OptionalJson(NoBody {}): OptionalJson<NoBody>,
) -> Result<Json<view::StateView>, ApiError> {
    Ok(Json(s.local.redo(&id, token(&headers)).await?))
}

pub(super) async fn ogn(
    State(s): State<Shared>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let text = s.local.ogn(&id).await?;
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

/// An analysis' thinking time: `movetime_ms` (default 2000) within 50 ms to 20 s.
pub fn movetime(req: &AnalysisReq) -> Duration {
    Duration::from_millis(req.movetime_ms.unwrap_or(2000).clamp(50, 20_000))
}

pub(super) async fn analyse(
    State(s): State<Shared>,
    ConnectInfo(peer): ConnectInfo<std::net::SocketAddr>,
    Path(id): Path<String>,
    headers: HeaderMap,
    ApiJson(req): ApiJson<AnalysisReq>,
) -> Result<Response, ApiError> {
    s.budget.start_engine_job(peer.ip())?;
    let viewer = super::accounts::viewer(&s, &headers).await?;
    let seq = s
        .local
        .analyse(
            &id,
            token(&headers),
            viewer.as_ref().map(|u| u.id.as_str()),
            watcher(&headers),
            Some(peer.ip()),
            req.ply,
            movetime(&req),
            req.purpose.unwrap_or_default().name(),
        )
        .await?;
    Ok((StatusCode::ACCEPTED, Json(AnalysisStarted { seq })).into_response())
}

pub(super) async fn stop_analysis(
    State(s): State<Shared>,
    Path(id): Path<String>,
    headers: HeaderMap,
    OptionalJson(NoBody {}): OptionalJson<NoBody>,
) -> Result<StatusCode, ApiError> {
    s.local
        .stop_analysis(&id, token(&headers), watcher(&headers))
        .await?;
    Ok(StatusCode::NO_CONTENT)
}
