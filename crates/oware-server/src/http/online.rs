//! The routes of online play: join, cancel, resign, abort, offers, claims, rematch, seat, presence.

use axum::extract::{ConnectInfo, State};
use axum::http::HeaderMap;
use axum::Json;
use oware_protocol::{ClaimReq, JoinReq, OfferReq, PresenceAnswer, RematchAnswer, SeatAnswer};

use super::error::{ApiError, ApiJson, OptionalJson, Path, Query};
use super::{client, token, NoBody, Shared};
use crate::games::OfferKind;
use crate::round::Ending;
use crate::view;
use futures_util::future::BoxFuture;

pub(super) async fn join(
    State(s): State<Shared>,
    Path(id): Path<String>,
    headers: HeaderMap,
    OptionalJson(req): OptionalJson<JoinReq>,
) -> Result<Json<SeatAnswer>, ApiError> {
    let user = super::accounts::viewer(&s, &headers).await?;
    // A pupil's account plays only with its class (`classes/safety.rs`).
    s.classes
        .may_join_game(user.as_ref().map(|u| u.id.as_str()), &id)
        .await?;
    let r = s
        .round
        .join(
            &id,
            token(&headers),
            req.name.as_deref().unwrap_or(""),
            user.as_ref(),
        )
        .await?;
    Ok(Json(r))
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
        Box::pin(async move { Ok(Json(s.round.end(&id, token(&headers), how).await?)) })
    }
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
            let state = s
                .round
                .offers
                .offer(&id, token(&headers), kind, req.action.name());
            Ok(Json(state.await?))
        })
    }
}

pub(super) async fn claim(
    State(s): State<Shared>,
    Path(id): Path<String>,
    headers: HeaderMap,
    ApiJson(req): ApiJson<ClaimReq>,
) -> Result<Json<view::StateView>, ApiError> {
    Ok(Json(
        s.round
            .offers
            .claim(&id, token(&headers), req.result.name())
            .await?,
    ))
}

pub(super) async fn rematch(
    State(s): State<Shared>,
    ConnectInfo(peer): ConnectInfo<std::net::SocketAddr>,
    Path(id): Path<String>,
    headers: HeaderMap,
    ApiJson(req): ApiJson<OfferReq>,
) -> Result<Json<RematchAnswer>, ApiError> {
    let ip = Some(client(peer));
    let (seat, state) = s
        .round
        .rematches
        .rematch(&id, token(&headers), req.action.name(), ip)
        .await?;
    Ok(Json(RematchAnswer {
        state,
        rematch: seat,
    }))
}

pub(super) async fn seat(
    State(s): State<Shared>,
    Path(id): Path<String>,
    headers: HeaderMap,
    OptionalJson(NoBody {}): OptionalJson<NoBody>,
) -> Result<Json<SeatAnswer>, ApiError> {
    // Without a seat token, a logged-in player's seat follows the account (another device).
    if token(&headers).is_none() {
        if let Some(user) = super::accounts::viewer(&s, &headers).await? {
            return Ok(Json(s.round.accounts.seat(&id, &user).await?));
        }
    }
    Ok(Json(s.round.rematches.seat(&id, token(&headers)).await?))
}

pub(super) async fn presence(
    State(s): State<Shared>,
    Path(id): Path<String>,
    headers: HeaderMap,
    OptionalJson(NoBody {}): OptionalJson<NoBody>,
) -> Result<Json<PresenceAnswer>, ApiError> {
    let key = s.round.watchers.key(&id, token(&headers)).await?;
    Ok(Json(PresenceAnswer { key }))
}

/// `GET /api/account/games[?offset=N]`: a page of the logged-in player's games still going
/// (401 for a guest).
pub(super) async fn account_games(
    State(s): State<Shared>,
    headers: HeaderMap,
    Query(q): Query<std::collections::HashMap<String, String>>,
) -> Result<Json<oware_protocol::AccountGames>, ApiError> {
    let offset = match q.get("offset") {
        None => 0,
        Some(v) => v
            .parse::<u64>()
            .map_err(|_| ApiError::bad_request("offset must be a whole number"))?,
    };
    let user = super::accounts::logged_in(&s, &headers).await?;
    let games = s.round.accounts.games(&user, offset).await?;
    Ok(Json(oware_protocol::AccountGames { games }))
}
