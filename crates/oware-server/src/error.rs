//! The one place where failures become HTTP answers: a status, a code and a message the page
//! can show, and a log line whose level says whose fault it was.
//!
//! | kind | status | logged at |
//! | --- | --- | --- |
//! | bad request, bad JSON, bad field | 400 / 415 / 422 | debug |
//! | illegal move, bad settings ([`GameError::Invalid`]) | 422 | debug |
//! | no / wrong seat token, not a player of this game | 401 / 403 | info |
//! | too many games created from one address ([`GameError::TooMany`]) | 429 | info |
//! | a client's engine work over its limit ([`GameError::Limited`]) | 429 | info |
//! | unknown game or route | 404 | debug |
//! | not your turn, nothing to undo ([`GameError::Refused`]) | 409 | debug |
//! | lost a race with another writer ([`GameError::Conflict`]) | 409 | info |
//! | storage failed ([`GameError::Storage`]) | 503 | warn, naming the database |
//! | our own bug or damaged data ([`GameError::Internal`]) | 500 | error |

use axum::extract::rejection::JsonRejection;
use axum::extract::{FromRequest, Request};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::de::DeserializeOwned;

use crate::session::GameError;

/// An error answer: `{"error": message, "code": code}` with a 4xx (the user's mistake) or 5xx
/// (ours) status.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApiError {
    /// The HTTP status.
    pub status: StatusCode,
    /// A short machine-readable code, e.g. `illegal-move`.
    pub code: &'static str,
    /// A sentence for people.
    pub message: String,
    /// What the log gets beyond the message (e.g. the database file and its error); never
    /// sent to the client.
    pub detail: Option<String>,
}

impl ApiError {
    /// An error with this status, code and message.
    pub fn new(status: StatusCode, code: &'static str, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            code,
            message: message.into(),
            detail: None,
        }
    }

    /// 400: the request is malformed.
    pub fn bad_request(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, "bad-request", message)
    }
}

impl From<GameError> for ApiError {
    fn from(e: GameError) -> Self {
        let status = match &e {
            GameError::BadRequest(_) => StatusCode::BAD_REQUEST,
            GameError::Invalid { .. } => StatusCode::UNPROCESSABLE_ENTITY,
            GameError::NotFound => StatusCode::NOT_FOUND,
            GameError::NoToken => StatusCode::UNAUTHORIZED,
            GameError::WrongToken | GameError::Forbidden { .. } => StatusCode::FORBIDDEN,
            GameError::TooMany(_) | GameError::Limited { .. } => StatusCode::TOO_MANY_REQUESTS,
            GameError::Refused { .. } | GameError::Conflict => StatusCode::CONFLICT,
            GameError::Storage(_) => StatusCode::SERVICE_UNAVAILABLE,
            GameError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        };
        let detail = match &e {
            GameError::Storage(se) => Some(se.to_string()),
            _ => None,
        };
        ApiError {
            status,
            code: e.code(),
            message: e.to_string(),
            detail,
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let detail = self.detail.as_deref().unwrap_or("");
        let (status, code, message) = (self.status.as_u16(), self.code, &self.message);
        match self.status {
            StatusCode::SERVICE_UNAVAILABLE => {
                tracing::warn!(status, code, detail, "{message}");
            }
            s if s.is_server_error() => tracing::error!(status, code, detail, "{message}"),
            StatusCode::UNAUTHORIZED | StatusCode::FORBIDDEN | StatusCode::TOO_MANY_REQUESTS => {
                tracing::info!(status, code, "{message}");
            }
            StatusCode::CONFLICT if self.code == "conflict" => {
                tracing::info!(status, code, "{message}");
            }
            _ => tracing::debug!(status, code, "{message}"),
        }
        let body = serde_json::json!({ "error": self.message, "code": self.code });
        (self.status, axum::Json(body)).into_response()
    }
}

/// A JSON body whose rejections (bad JSON, wrong content type, missing fields, too large) are
/// answered as [`ApiError`]s with the reason.
#[derive(Debug, Clone, Copy, Default)]
pub struct ApiJson<T>(pub T);

impl<S, T> FromRequest<S> for ApiJson<T>
where
    S: Send + Sync,
    T: DeserializeOwned,
{
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, ApiError> {
        match axum::Json::<T>::from_request(req, state).await {
            Ok(axum::Json(v)) => Ok(ApiJson(v)),
            Err(rejection) => Err(json_error(rejection)),
        }
    }
}

fn json_error(rejection: JsonRejection) -> ApiError {
    let status = rejection.status();
    let status = if status.is_client_error() {
        status
    } else {
        StatusCode::BAD_REQUEST
    };
    let code = match &rejection {
        JsonRejection::MissingJsonContentType(_) => "content-type",
        JsonRejection::JsonSyntaxError(_) => "bad-json",
        JsonRejection::JsonDataError(_) => "bad-field",
        _ => "bad-body",
    };
    ApiError::new(status, code, rejection.body_text())
}
