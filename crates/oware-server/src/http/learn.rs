//! The lessons' routes (issue 41): the lessons, one lesson's steps, a step's moves checked by
//! the rules core, an account's stars, the counting trainer's check. Bodies are small (the
//! 32 KiB limit of short texts).

use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::Json;
use oware_protocol::ErrorCode;
use oware_protocol::{
    CountAnswer, CountReq, LessonList, LessonView, ProgressAnswer, ProgressReq, StepAnswer,
    StepMovesReq,
};

use super::accounts::{logged_in, viewer};
use super::error::{ApiError, ApiJson, Path};
use super::i18n::request_lang;
use super::Shared;
use crate::learn::LearnError;

impl From<LearnError> for ApiError {
    fn from(e: LearnError) -> Self {
        let message = e.to_string();
        let (status, code) = match &e {
            LearnError::NoSuchLesson(_) => (StatusCode::NOT_FOUND, ErrorCode::NoSuchLesson),
            LearnError::NoSuchStep { .. } => (StatusCode::NOT_FOUND, ErrorCode::NoSuchStep),
            LearnError::BadMoves(_) => (StatusCode::UNPROCESSABLE_ENTITY, ErrorCode::BadMoves),
            LearnError::BadStars(_) => (StatusCode::UNPROCESSABLE_ENTITY, ErrorCode::BadStars),
            LearnError::NotSolved { .. } => {
                (StatusCode::UNPROCESSABLE_ENTITY, ErrorCode::NotSolved)
            }
            LearnError::BadQuestion(_) => {
                (StatusCode::UNPROCESSABLE_ENTITY, ErrorCode::BadQuestion)
            }
            LearnError::Store(_) => (StatusCode::SERVICE_UNAVAILABLE, ErrorCode::Storage),
        };
        let mut out = ApiError::new(status, code, message);
        if let LearnError::Store(se) = e {
            out.message = "the database is not available: try again shortly".into();
            out.detail = Some(se.to_string());
        }
        out
    }
}

/// `GET /api/learn`: the lessons, and the logged-in account's stars.
pub(super) async fn list(
    State(s): State<Shared>,
    headers: HeaderMap,
) -> Result<Json<LessonList>, ApiError> {
    let user = viewer(&s, &headers).await?;
    let lang = request_lang(&headers);
    Ok(Json(
        s.learn
            .list(user.as_ref().map(|u| u.id.as_str()), lang)
            .await?,
    ))
}

/// `GET /api/learn/{lesson}`, in the request's language.
pub(super) async fn lesson(
    State(s): State<Shared>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Result<Json<LessonView>, ApiError> {
    Ok(Json(s.learn.lesson(&id, request_lang(&headers))?))
}

/// `POST /api/learn/{lesson}/{step}/move`: the moves so far in the step, what they did (in
/// the request's language).
pub(super) async fn play(
    State(s): State<Shared>,
    headers: HeaderMap,
    Path((id, step)): Path<(String, usize)>,
    ApiJson(req): ApiJson<StepMovesReq>,
) -> Result<Json<StepAnswer>, ApiError> {
    let lang = request_lang(&headers);
    let answer = s.learn.play(&id, step, &req.moves, lang)?;
    // A logged-in account's tries are counted here: its stars are the server's (issue 56),
    // and a pupil's time on the lesson is measured.
    if let Some(user) = viewer(&s, &headers).await? {
        let hint = req.hint.unwrap_or(false);
        s.learn.tried(&user.id, &id, step, &answer, hint).await?;
        if !answer.illegal {
            s.classes.worked(&user.id, "lesson", &id).await?;
        }
    }
    Ok(Json(answer))
}

/// `POST /api/learn/progress`: keeps stars on the logged-in account (401 for a guest).
pub(super) async fn progress(
    State(s): State<Shared>,
    headers: HeaderMap,
    ApiJson(req): ApiJson<ProgressReq>,
) -> Result<Json<ProgressAnswer>, ApiError> {
    let user = logged_in(&s, &headers).await?;
    Ok(Json(s.learn.save(&user.id, req.stars).await?))
}

/// `POST /api/counting`: the counting trainer's answer checked, explained in the request's
/// language.
pub(super) async fn count(
    State(s): State<Shared>,
    headers: HeaderMap,
    ApiJson(req): ApiJson<CountReq>,
) -> Result<Json<CountAnswer>, ApiError> {
    let answer = s.learn.count(&req, request_lang(&headers))?;
    // A pupil's right answer counts for the class's counting work (`classes/`), and every
    // answer for the pupil's time on it.
    if let Some(user) = viewer(&s, &headers).await? {
        if answer.correct {
            let seeds = s.learn.pit_seeds(&req).unwrap_or(0);
            s.classes.counted(&user.id, seeds).await?;
        }
        s.classes.worked(&user.id, "counting", "").await?;
    }
    Ok(Json(answer))
}
