//! The puzzles' routes (`/api/puzzle/…`, lichess's paths where they fit): the puzzle of the
//! day, the next puzzle, one by id, a round's moves, a vote, a player's history. Guests play
//! too (their rating travels with their requests); a vote needs an account.

use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::Json;
use oware_protocol::ErrorCode;
use oware_protocol::{
    DailyPuzzle, NextQuery, OfflineRoundsAnswer, OfflineRoundsReq, PuzzleHistory,
    PuzzleHistoryQuery, PuzzleThemes, PuzzleView, RoundAnswer, RoundReq, VoteAnswer, VoteReq,
};

use super::accounts::{logged_in, viewer};
use super::error::{ApiError, ApiJson, Path, Query};
use super::Shared;
use crate::accounts::AccountError;
use crate::games::GameError;
use crate::training::TrainingError;

impl From<TrainingError> for ApiError {
    fn from(e: TrainingError) -> Self {
        let message = e.to_string();
        let (status, code) = match e {
            TrainingError::NoSuchPuzzle(_) => (StatusCode::NOT_FOUND, ErrorCode::NoSuchPuzzle),
            TrainingError::NoneLeft => (StatusCode::NOT_FOUND, ErrorCode::NoPuzzleLeft),
            TrainingError::BadTheme(..) => (StatusCode::UNPROCESSABLE_ENTITY, ErrorCode::BadTheme),
            TrainingError::BadMoves(_) => (StatusCode::UNPROCESSABLE_ENTITY, ErrorCode::BadMoves),
            TrainingError::Illegal(_) => (StatusCode::UNPROCESSABLE_ENTITY, ErrorCode::IllegalMove),
            TrainingError::BadField(_) => (StatusCode::UNPROCESSABLE_ENTITY, ErrorCode::BadField),
            TrainingError::NotPlayed => (StatusCode::CONFLICT, ErrorCode::NotPlayed),
            TrainingError::Store(e) => return ApiError::from(GameError::from(e)),
        };
        ApiError::new(status, code, message)
    }
}

/// `GET /api/puzzle/daily`.
pub(super) async fn daily(
    State(s): State<Shared>,
    headers: HeaderMap,
) -> Result<Json<DailyPuzzle>, ApiError> {
    let user = viewer(&s, &headers).await?;
    Ok(Json(s.training.daily(user.as_ref()).await?))
}

/// `GET /api/puzzle/themes`.
pub(super) async fn themes(State(s): State<Shared>) -> Json<PuzzleThemes> {
    Json(s.training.themes())
}

/// `GET /api/puzzle/next?theme=…&streak=…&rating=…&after=…`.
pub(super) async fn next(
    State(s): State<Shared>,
    headers: HeaderMap,
    Query(q): Query<NextQuery>,
) -> Result<Json<PuzzleView>, ApiError> {
    let user = viewer(&s, &headers).await?;
    Ok(Json(s.training.next(user.as_ref(), &q).await?))
}

/// `GET /api/puzzle/{id}`.
pub(super) async fn puzzle(
    State(s): State<Shared>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Result<Json<PuzzleView>, ApiError> {
    let user = viewer(&s, &headers).await?;
    Ok(Json(s.training.puzzle(user.as_ref(), &id).await?))
}

/// `POST /api/puzzle/{id}/round`.
pub(super) async fn round(
    State(s): State<Shared>,
    headers: HeaderMap,
    Path(id): Path<String>,
    ApiJson(req): ApiJson<RoundReq>,
) -> Result<Json<RoundAnswer>, ApiError> {
    let user = viewer(&s, &headers).await?;
    Ok(Json(s.training.round(user.as_ref(), &id, &req).await?))
}

/// `POST /api/puzzle/offline`: rounds played without the network, checked and recorded
/// unrated on the logged-in account; the account's budget counts them (a refusal counts
/// nothing).
pub(super) async fn offline(
    State(s): State<Shared>,
    headers: HeaderMap,
    ApiJson(req): ApiJson<OfflineRoundsReq>,
) -> Result<Json<OfflineRoundsAnswer>, ApiError> {
    let user = logged_in(&s, &headers).await?;
    let checked = s.training.check_offline(&req)?;
    s.budget.offline_rounds(&user.id, checked.len())?;
    Ok(Json(s.training.record_offline(&user, &checked).await?))
}

/// `POST /api/puzzle/{id}/vote`.
pub(super) async fn vote(
    State(s): State<Shared>,
    headers: HeaderMap,
    Path(id): Path<String>,
    ApiJson(req): ApiJson<VoteReq>,
) -> Result<Json<VoteAnswer>, ApiError> {
    let user = logged_in(&s, &headers).await?;
    Ok(Json(s.training.vote(&user, &id, req.up).await?))
}

/// `GET /api/puzzle/history?user=NAME&page=N`: a player's puzzles (the logged-in player's
/// without `user`).
pub(super) async fn history(
    State(s): State<Shared>,
    headers: HeaderMap,
    Query(q): Query<PuzzleHistoryQuery>,
) -> Result<Json<PuzzleHistory>, ApiError> {
    let (id, name) = match q.user.as_deref() {
        Some(name) => {
            let row = s.accounts.find(name).await?.ok_or_else(|| {
                ApiError::new(
                    StatusCode::NOT_FOUND,
                    ErrorCode::NoSuchPlayer,
                    format!(
                        "there is no player \"{}\"",
                        name.chars().take(40).collect::<String>()
                    ),
                )
            })?;
            (row.id, row.name)
        }
        None => {
            let u = logged_in(&s, &headers)
                .await
                .map_err(|_| ApiError::from(AccountError::NotLoggedIn))?;
            (u.id, u.name)
        }
    };
    let page = q.page.unwrap_or(1);
    Ok(Json(s.training.history(&id, &name, page).await?))
}
