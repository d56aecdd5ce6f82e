//! The classes' routes (issue 56): a teacher's classes, pupils and their generated log-ins,
//! the work assigned, the progress page and its CSV, the class's arena; the worksheets.
//! Every route but the worksheet's needs a logged-in account; a class is its teacher's only
//! (another account gets 404).

use axum::extract::State;
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use oware_protocol::ErrorCode;
use oware_protocol::{
    ClassList, ClassSummary, ClassView, NewClassReq, NewPupilsReq, NewWorkReq, OkAnswer,
    PupilLogins, PupilOpenReq, WorkView, Worksheet, WorksheetQuery,
};

use super::accounts::logged_in;
use super::error::{service_code, ApiError, ApiJson, OptionalJson, Path, Query};
use super::i18n::request_lang;
use super::{NoBody, Shared};
use crate::classes::ClassError;

impl From<ClassError> for ApiError {
    fn from(e: ClassError) -> Self {
        let message = e.to_string();
        match e {
            ClassError::NotFound(_) => {
                ApiError::new(StatusCode::NOT_FOUND, ErrorCode::NotFound, message)
            }
            ClassError::Invalid { code, .. } => ApiError::new(
                StatusCode::UNPROCESSABLE_ENTITY,
                service_code(code),
                message,
            ),
            ClassError::Limit(l) => {
                ApiError::new(StatusCode::CONFLICT, service_code(l.code), message)
            }
            ClassError::Safe(_) => {
                ApiError::new(StatusCode::FORBIDDEN, ErrorCode::PupilSafe, message)
            }
            ClassError::Account(a) => a.into(),
            ClassError::Tournament(t) => t.into(),
            ClassError::Store(se) => {
                let mut out = ApiError::new(
                    StatusCode::SERVICE_UNAVAILABLE,
                    ErrorCode::Storage,
                    "the database is not available: try again shortly",
                );
                out.detail = Some(se.to_string());
                out
            }
        }
    }
}

/// `GET /api/classes`: the account's classes, and its own class if it is a pupil.
pub(super) async fn list(
    State(s): State<Shared>,
    headers: HeaderMap,
) -> Result<Json<ClassList>, ApiError> {
    let user = logged_in(&s, &headers).await?;
    Ok(Json(s.classes.list(&user).await?))
}

/// `POST /api/classes`: a new class.
pub(super) async fn create(
    State(s): State<Shared>,
    headers: HeaderMap,
    ApiJson(req): ApiJson<NewClassReq>,
) -> Result<(StatusCode, Json<ClassSummary>), ApiError> {
    let user = logged_in(&s, &headers).await?;
    Ok((
        StatusCode::CREATED,
        Json(s.classes.create(&user, &req.name).await?),
    ))
}

/// `GET /api/classes/{id}`: the class, its work and each pupil's progress.
pub(super) async fn view(
    State(s): State<Shared>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Result<Json<ClassView>, ApiError> {
    let user = logged_in(&s, &headers).await?;
    Ok(Json(s.classes.view(&user, &id).await?))
}

/// `DELETE /api/classes/{id}`: the class and what is kept for it.
pub(super) async fn delete(
    State(s): State<Shared>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Result<Json<OkAnswer>, ApiError> {
    let user = logged_in(&s, &headers).await?;
    s.classes.delete(&user, &id).await?;
    Ok(Json(OkAnswer { ok: true }))
}

/// `GET /api/classes/{id}/progress.csv`: the progress as a CSV file.
pub(super) async fn csv(
    State(s): State<Shared>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let user = logged_in(&s, &headers).await?;
    let text = s.classes.csv(&user, &id, request_lang(&headers)).await?;
    let disposition = format!(
        "attachment; filename=\"class-{}.csv\"",
        &id[..id.len().min(16)]
    );
    Ok((
        [
            (header::CONTENT_TYPE, "text/csv; charset=utf-8".to_string()),
            (header::CONTENT_DISPOSITION, disposition),
        ],
        text,
    )
        .into_response())
}

/// `POST /api/classes/{id}/pupils`: new pupils and their log-ins (shown once).
pub(super) async fn add_pupils(
    State(s): State<Shared>,
    headers: HeaderMap,
    Path(id): Path<String>,
    ApiJson(req): ApiJson<NewPupilsReq>,
) -> Result<(StatusCode, Json<PupilLogins>), ApiError> {
    let user = logged_in(&s, &headers).await?;
    let logins = s
        .classes
        .add_pupils(&s.accounts, &user, &id, &req.names)
        .await?;
    Ok((StatusCode::CREATED, Json(logins)))
}

/// `POST /api/classes/{id}/pupils/{username}/password`: a new password for a pupil.
pub(super) async fn reset(
    State(s): State<Shared>,
    headers: HeaderMap,
    Path((id, username)): Path<(String, String)>,
    OptionalJson(NoBody {}): OptionalJson<NoBody>,
) -> Result<Json<PupilLogins>, ApiError> {
    let user = logged_in(&s, &headers).await?;
    Ok(Json(
        s.classes.reset(&s.accounts, &user, &id, &username).await?,
    ))
}

/// `POST /api/classes/{id}/pupils/{username}/open`: opens or closes a pupil's account.
pub(super) async fn set_open(
    State(s): State<Shared>,
    headers: HeaderMap,
    Path((id, username)): Path<(String, String)>,
    ApiJson(req): ApiJson<PupilOpenReq>,
) -> Result<Json<OkAnswer>, ApiError> {
    let user = logged_in(&s, &headers).await?;
    s.classes.set_open(&user, &id, &username, req.open).await?;
    Ok(Json(OkAnswer { ok: true }))
}

/// `POST /api/classes/{id}/work`: work for the whole class.
pub(super) async fn assign(
    State(s): State<Shared>,
    headers: HeaderMap,
    Path(id): Path<String>,
    ApiJson(req): ApiJson<NewWorkReq>,
) -> Result<(StatusCode, Json<WorkView>), ApiError> {
    let user = logged_in(&s, &headers).await?;
    Ok((
        StatusCode::CREATED,
        Json(s.classes.assign(&user, &id, &req).await?),
    ))
}

/// `DELETE /api/classes/{id}/work/{work}`.
pub(super) async fn unassign(
    State(s): State<Shared>,
    headers: HeaderMap,
    Path((id, work)): Path<(String, String)>,
) -> Result<Json<OkAnswer>, ApiError> {
    let user = logged_in(&s, &headers).await?;
    s.classes.unassign(&user, &id, &work).await?;
    Ok(Json(OkAnswer { ok: true }))
}

/// `POST /api/classes/{id}/arena`: the class's arena (a tournament), its id in the answer's
/// `Location`-like body.
pub(super) async fn arena(
    State(s): State<Shared>,
    headers: HeaderMap,
    Path(id): Path<String>,
    OptionalJson(NoBody {}): OptionalJson<NoBody>,
) -> Result<Response, ApiError> {
    let user = logged_in(&s, &headers).await?;
    let tid = s.classes.arena(&user, &id, &s.tournaments).await?;
    let view = s.tournaments.view(&tid, Some(&user)).await?;
    Ok((StatusCode::CREATED, Json(view)).into_response())
}

/// `GET /api/worksheet?level=&theme=&sheet=`: a printable sheet (no account needed).
pub(super) async fn worksheet(
    State(s): State<Shared>,
    Query(q): Query<WorksheetQuery>,
) -> Result<Json<Worksheet>, ApiError> {
    Ok(Json(crate::classes::worksheet::worksheet(
        &q,
        s.classes.training().shipped(),
    )?))
}
