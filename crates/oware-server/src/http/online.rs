//! The routes of online play: join, cancel, resign, abort, offers, claims, rematch, seat, presence.

use axum::extract::{ConnectInfo, State};
use axum::http::HeaderMap;
use axum::Json;
use serde::Deserialize;

use super::error::{ApiError, ApiJson, OptionalJson, Path};
use super::{client, token, NoBody, Shared};
use crate::games::{Ending, OfferKind, SeatReply};
use crate::view;
use futures_util::future::BoxFuture;

pub(super) fn seat_body(r: SeatReply) -> Json<serde_json::Value> {
    Json(serde_json::json!({ "id": r.id, "token": r.token, "state": r.state }))
}

/// `POST /api/games/{id}/join` body (optional).
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct JoinReq {
    /// The joiner's name.
    name: Option<String>,
}

pub(super) async fn join(
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

/// What the online actions answer: the state for the requester's seat.
type StateAnswer = BoxFuture<'static, Result<Json<view::StateView>, ApiError>>;

/// The handler of `DELETE /api/games/{id}` (cancel), `POST …/resign` and `POST …/abort`: no
/// body, the seat token, the state answered.
pub(super) fn ending(
    how: Ending,
) -> impl Fn(State<Shared>, Path<String>, HeaderMap, OptionalJson<NoBody>) -> StateAnswer
       + Clone
       + Send
       + Sync
       + 'static {
    move |State(s), Path(id), headers, OptionalJson(NoBody {})| {
        Box::pin(async move { Ok(Json(s.games.end(&id, token(&headers), how).await?)) })
    }
}

/// Body of the offers (`draw`, `takeback`, `rematch`).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct OfferReq {
    /// `offer`, `accept`, `decline` or `withdraw`.
    action: String,
}

/// The handler of `POST /api/games/{id}/draw` and `…/takeback`: an offer's step.
pub(super) fn offer(
    kind: OfferKind,
) -> impl Fn(State<Shared>, Path<String>, HeaderMap, ApiJson<OfferReq>) -> StateAnswer
       + Clone
       + Send
       + Sync
       + 'static {
    move |State(s), Path(id), headers, ApiJson(req)| {
        Box::pin(async move {
            let state = s.games.offer(&id, token(&headers), kind, &req.action);
            Ok(Json(state.await?))
        })
    }
}

/// `POST /api/games/{id}/claim` body.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct ClaimReq {
    /// `win` or `draw`.
    result: String,
}

pub(super) async fn claim(
    State(s): State<Shared>,
    Path(id): Path<String>,
    headers: HeaderMap,
    ApiJson(req): ApiJson<ClaimReq>,
) -> Result<Json<view::StateView>, ApiError> {
    Ok(Json(
        s.games.claim(&id, token(&headers), &req.result).await?,
    ))
}

pub(super) async fn rematch(
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

pub(super) async fn seat(
    State(s): State<Shared>,
    Path(id): Path<String>,
    headers: HeaderMap,
    OptionalJson(NoBody {}): OptionalJson<NoBody>,
) -> Result<Json<serde_json::Value>, ApiError> {
    Ok(seat_body(s.games.seat(&id, token(&headers)).await?))
}

pub(super) async fn presence(
    State(s): State<Shared>,
    Path(id): Path<String>,
    headers: HeaderMap,
    OptionalJson(NoBody {}): OptionalJson<NoBody>,
) -> Result<Json<serde_json::Value>, ApiError> {
    let key = s.games.presence_key(&id, token(&headers)).await?;
    Ok(Json(serde_json::json!({ "key": key })))
}
