//! The tournaments' routes: the list, one tournament, create, join, withdraw (an arena's
//! pause), berserk, and a tournament's event stream.

use axum::extract::{ConnectInfo, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;

use super::accounts::{logged_in, viewer};
use super::error::{ApiError, ApiJson, OptionalJson, Path};
use super::{NoBody, Shared};
use crate::events;
use crate::tournament::{NewTournament, TournamentError};

impl From<TournamentError> for ApiError {
    fn from(e: TournamentError) -> Self {
        let message = e.to_string();
        match e {
            TournamentError::NotFound => ApiError::new(StatusCode::NOT_FOUND, "not-found", message),
            TournamentError::Invalid { code, .. } => {
                ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, code, message)
            }
            TournamentError::Refused { code, .. } => {
                ApiError::new(StatusCode::CONFLICT, code, message)
            }
            TournamentError::Unavailable => {
                ApiError::new(StatusCode::SERVICE_UNAVAILABLE, "unavailable", message)
            }
            TournamentError::Storage(se) => {
                let mut out = ApiError::new(
                    StatusCode::SERVICE_UNAVAILABLE,
                    "storage",
                    "the database failed; try again",
                );
                out.detail = Some(se.to_string());
                out
            }
            TournamentError::Game(ge) => ge.into(),
        }
    }
}

/// `GET /api/tournaments`: upcoming, running, finished.
pub(super) async fn list(State(s): State<Shared>) -> Result<Response, ApiError> {
    Ok(Json(s.tournaments.list().await?).into_response())
}

/// `POST /api/tournaments`: a logged-in player's tournament.
pub(super) async fn create(
    State(s): State<Shared>,
    headers: HeaderMap,
    ApiJson(req): ApiJson<NewTournament>,
) -> Result<Response, ApiError> {
    let user = logged_in(&s, &headers).await?;
    let view = s.tournaments.create(&user, req).await?;
    Ok((StatusCode::CREATED, Json(view)).into_response())
}

/// `GET /api/tournaments/{id}`.
pub(super) async fn tournament(
    State(s): State<Shared>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let user = viewer(&s, &headers).await?;
    Ok(Json(s.tournaments.view(&id, user.as_ref()).await?).into_response())
}

/// `POST /api/tournaments/{id}/join`.
pub(super) async fn join(
    State(s): State<Shared>,
    headers: HeaderMap,
    Path(id): Path<String>,
    OptionalJson(_): OptionalJson<NoBody>,
) -> Result<Response, ApiError> {
    let user = logged_in(&s, &headers).await?;
    Ok(Json(s.tournaments.join(&id, &user).await?).into_response())
}

/// `POST /api/tournaments/{id}/withdraw`.
pub(super) async fn withdraw(
    State(s): State<Shared>,
    headers: HeaderMap,
    Path(id): Path<String>,
    OptionalJson(_): OptionalJson<NoBody>,
) -> Result<Response, ApiError> {
    let user = logged_in(&s, &headers).await?;
    Ok(Json(s.tournaments.withdraw(&id, &user).await?).into_response())
}

/// `POST /api/tournaments/{id}/berserk`.
pub(super) async fn berserk(
    State(s): State<Shared>,
    headers: HeaderMap,
    Path(id): Path<String>,
    OptionalJson(_): OptionalJson<NoBody>,
) -> Result<Response, ApiError> {
    let user = logged_in(&s, &headers).await?;
    Ok(Json(s.tournaments.berserk(&id, &user).await?).into_response())
}

/// `GET /api/tournaments/{id}/events`: `standings` events (the version) on every change.
pub(super) async fn events(
    State(s): State<Shared>,
    ConnectInfo(peer): ConnectInfo<std::net::SocketAddr>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let (first, rx) = s.tournaments.subscribe(&id).await?;
    let slot = s.limits.open_stream(peer.ip())?;
    Ok(events::sse_held(first, rx, s.shutdown.clone(), slot).into_response())
}
