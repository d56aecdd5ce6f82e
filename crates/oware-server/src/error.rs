//! The one place where failures become HTTP answers: a status and a message the page can show.

use axum::extract::rejection::JsonRejection;
use axum::extract::{FromRequest, Request};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::de::DeserializeOwned;

use crate::store::StoreError;

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
}

impl ApiError {
    /// An error with this status, code and message.
    pub fn new(status: StatusCode, code: &'static str, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            code,
            message: message.into(),
        }
    }

    /// 400: the request is malformed.
    pub fn bad_request(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, "bad-request", message)
    }

    /// 404: no such game.
    pub fn no_game() -> ApiError {
        ApiError::new(
            StatusCode::NOT_FOUND,
            "unknown-game",
            "there is no game with this id",
        )
    }

    /// 500: something of ours failed.
    pub fn internal(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "internal", message)
    }
}

impl From<StoreError> for ApiError {
    fn from(e: StoreError) -> Self {
        ApiError::internal(e.to_string())
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
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
