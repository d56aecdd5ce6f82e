//! The one place where failures become HTTP answers: a status, a code and a message the page
//! can show, and a log line whose level says whose fault it was.
//!
//! | kind | status | logged at |
//! | --- | --- | --- |
//! | bad request, bad JSON, bad field | 400 / 415 / 422 | debug |
//! | illegal move, bad settings ([`GameError::Invalid`]), a review's bad depth | 422 | debug |
//! | no / wrong seat token, not a player of this game | 401 / 403 | info |
//! | too many games created from one address ([`GameError::TooMany`]), too many engine jobs or open streams from one address | 429 + `Retry-After` | info |
//! | a request body that stops arriving | 408 | info |
//! | a request body over [`BODY_LIMIT`] (any route), over [`SMALL_BODY_LIMIT`] (a chat message, a name) | 413 `body-too-large` | debug |
//! | a `Host` the server does not answer to (`host.rs`) | 421 `unknown-host` | debug |
//! | a client's engine work over its limit ([`GameError::Limited`]; [`ReviewError::TooMany`]) | 429 | info |
//! | unknown game or route | 404 | debug |
//! | not your turn, nothing to undo ([`GameError::Refused`]) | 409 | debug |
//! | lost a race with another writer ([`GameError::Conflict`]) | 409 | info |
//! | storage failed ([`GameError::Storage`]) | 503 | warn, naming the database |
//! | the engine's queue is full ([`GameError::Busy`], [`ReviewError::Busy`]) | 503 + `Retry-After` | info (a designed refusal) |
//! | a ceiling of the budget (`budget/`: the server's streams) or a per-address limit's table full of live addresses (`too-many-clients`) | 503 + `Retry-After` | info (a designed refusal) |
//! | our own bug or damaged data ([`GameError::Internal`]) | 500 | error |

use axum::extract::rejection::{BytesRejection, JsonRejection, PathRejection, QueryRejection};
use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use oware_protocol::ErrorCode;
use serde::de::DeserializeOwned;

use crate::games::GameError;
use crate::limits::LimitError;
use crate::review::ReviewError;

/// The largest request body any route reads (axum's `DefaultBodyLimit` in `api.rs`, and the
/// `Content-Length` check in front of every route).
pub(crate) const BODY_LIMIT: usize = 256 * 1024;

/// The largest request body of the routes whose body is a short text and a name only (a chat
/// message, joining a game or a pool): a chat message is at most 8,960 bytes and a name is
/// read up to 4,096, which JSON's `\u` escapes may make six times longer at worst; 32 KiB is
/// room for what any client writes, and the most such a request makes the server read.
pub(crate) const SMALL_BODY_LIMIT: usize = 32 * 1024;

/// 413 `body-too-large`, on every route, when the limit is not known (a body cut as it is read).
pub(crate) fn body_too_large() -> ApiError {
    ApiError::new(
        StatusCode::PAYLOAD_TOO_LARGE,
        ErrorCode::BodyTooLarge,
        format!(
            "the request body is larger than the server accepts ({} KiB; {} KiB for a chat \
             message or a name)",
            BODY_LIMIT / 1024,
            SMALL_BODY_LIMIT / 1024
        ),
    )
}

/// 413 `body-too-large` for a body over `limit` bytes.
pub(crate) fn body_too_large_for(limit: usize) -> ApiError {
    ApiError::new(
        StatusCode::PAYLOAD_TOO_LARGE,
        ErrorCode::BodyTooLarge,
        format!(
            "the request body is larger than the {} KiB this route accepts",
            limit / 1024
        ),
    )
}

/// An error answer: `{"error": message, "code": code}` with a 4xx (the user's mistake) or 5xx
/// (ours) status.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApiError {
    /// The HTTP status.
    pub status: StatusCode,
    /// A short machine-readable code, e.g. `illegal-move`.
    pub code: ErrorCode,
    /// A sentence for people.
    pub message: String,
    /// What the log gets beyond the message (e.g. the database file and its error); never
    /// sent to the client.
    pub detail: Option<String>,
    /// Seconds after which the request may be tried again (the `Retry-After` header of a 429
    /// or 503).
    pub retry_after: Option<u64>,
    /// The values the message's translations put in (`error-{code}` in the catalogue's
    /// `errors.ftl`, `i18n::localize_errors`): a name and its value, numbers as digits.
    pub args: Vec<(&'static str, String)>,
}

/// What an error answer tells `i18n::localize_errors` (as a response extension), which writes
/// its sentence again in the request's language.
#[derive(Debug, Clone)]
pub(crate) struct ErrorText {
    /// The error's code.
    pub code: ErrorCode,
    /// The values its message puts in (`seconds` is the `Retry-After`'s).
    pub args: Vec<(&'static str, String)>,
}

impl ApiError {
    /// An error with this status, code and message.
    pub fn new(status: StatusCode, code: ErrorCode, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            code,
            message: message.into(),
            detail: None,
            retry_after: None,
            args: Vec::new(),
        }
    }

    /// This error, with a value its translated message puts in as `{ $name }`.
    pub fn arg(mut self, name: &'static str, value: impl ToString) -> ApiError {
        self.args.push((name, value.to_string()));
        self
    }

    /// This error, telling the client to try again after `seconds` (`Retry-After`).
    pub fn retry_after(mut self, seconds: u64) -> ApiError {
        self.retry_after = Some(seconds);
        self
    }

    /// 400: the request is malformed.
    pub fn bad_request(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, ErrorCode::BadRequest, message)
    }
}

/// The [`ErrorCode`] of a code a service gave as text (the services, outside `http/`, name
/// their codes as `&'static str`; the test `every_code_of_the_sources_is_an_error_code` finds
/// each of them in the sources and checks that it is one). Never fails: an unknown code, a
/// bug that test catches, is answered as `internal`.
pub(crate) fn service_code(code: &'static str) -> ErrorCode {
    code.parse().unwrap_or_else(|_| {
        tracing::error!(code, "an error code that ErrorCode lacks");
        ErrorCode::Internal
    })
}

impl From<GameError> for ApiError {
    fn from(e: GameError) -> Self {
        let status = match &e {
            GameError::BadRequest(_) => StatusCode::BAD_REQUEST,
            GameError::Invalid { .. } => StatusCode::UNPROCESSABLE_ENTITY,
            GameError::NotFound => StatusCode::NOT_FOUND,
            GameError::NoToken => StatusCode::UNAUTHORIZED,
            GameError::WrongToken | GameError::Forbidden { .. } => StatusCode::FORBIDDEN,
            GameError::TooMany { .. } | GameError::Limited { .. } => StatusCode::TOO_MANY_REQUESTS,
            GameError::Busy { .. } => StatusCode::SERVICE_UNAVAILABLE,
            GameError::Refused { .. } | GameError::Conflict => StatusCode::CONFLICT,
            GameError::Storage(_) => StatusCode::SERVICE_UNAVAILABLE,
            GameError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        };
        let detail = match &e {
            GameError::Storage(se) => Some(se.to_string()),
            _ => None,
        };
        let retry_after = match &e {
            GameError::TooMany { retry_after_s, .. } | GameError::Busy { retry_after_s, .. } => {
                Some(*retry_after_s)
            }
            _ => None,
        };
        // The values of the chat's limits, which the messages say.
        let code = service_code(e.code());
        let args = match code {
            ErrorCode::MessageTooLong => vec![("max", crate::chat::TEXT_MAX.to_string())],
            ErrorCode::TooManyMarks => vec![("max", crate::chat::MARKS_MAX.to_string())],
            // A record's fault: "line L: column C: …" (`oware_core::record::parse_any`).
            ErrorCode::BadRecord => {
                let text = e.to_string();
                let mut parts = text.splitn(3, ": ");
                match (parts.next(), parts.next()) {
                    (Some(l), Some(c)) => [
                        ("line", l.strip_prefix("line ")),
                        ("column", c.strip_prefix("column ")),
                    ]
                    .into_iter()
                    .filter_map(|(name, v)| v.map(|v| (name, v.to_string())))
                    .collect(),
                    _ => Vec::new(),
                }
            }
            _ => Vec::new(),
        };
        ApiError {
            status,
            code,
            message: e.to_string(),
            detail,
            retry_after,
            args,
        }
    }
}

impl From<ReviewError> for ApiError {
    fn from(e: ReviewError) -> Self {
        let message = e.to_string();
        match e {
            ReviewError::BadDepth(_) => ApiError::new(
                StatusCode::UNPROCESSABLE_ENTITY,
                service_code(e.code()),
                message,
            )
            .arg("min", crate::review::MIN_DEPTH)
            .arg("max", crate::review::MAX_DEPTH),
            ReviewError::TooMany(_) => ApiError::new(
                StatusCode::TOO_MANY_REQUESTS,
                service_code(e.code()),
                message,
            )
            .arg("count", crate::review::REVIEWS_PER_CLIENT),
            ReviewError::Busy { retry_after_s, .. } => ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                service_code(e.code()),
                message,
            )
            .retry_after(retry_after_s),
            // As a game's storage failure.
            ReviewError::Storage(se) => GameError::from(se).into(),
        }
    }
}

impl From<LimitError> for ApiError {
    fn from(e: LimitError) -> Self {
        // A table of counts full of live clients is the server's state, not this client's.
        let code = service_code(e.code);
        let status = if code == ErrorCode::TooManyClients {
            StatusCode::SERVICE_UNAVAILABLE
        } else {
            StatusCode::TOO_MANY_REQUESTS
        };
        ApiError::new(status, code, e.message).retry_after(e.retry_after_s)
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let detail = self.detail.as_deref().unwrap_or("");
        let (status, code, message) = (self.status.as_u16(), self.code.name(), &self.message);
        match self.status {
            // A designed refusal (a ceiling of the budget, a full queue) is the server working
            // as meant: info, like a 429 (a flood would otherwise fill the log with warnings).
            StatusCode::SERVICE_UNAVAILABLE
                if matches!(
                    self.code,
                    ErrorCode::TooManyClients | ErrorCode::EngineBusy | ErrorCode::Busy
                ) =>
            {
                tracing::info!(status, code, "{message}");
            }
            StatusCode::SERVICE_UNAVAILABLE => {
                tracing::warn!(status, code, detail, "{message}");
            }
            s if s.is_server_error() => tracing::error!(status, code, detail, "{message}"),
            StatusCode::UNAUTHORIZED
            | StatusCode::FORBIDDEN
            | StatusCode::TOO_MANY_REQUESTS
            | StatusCode::REQUEST_TIMEOUT => {
                tracing::info!(status, code, "{message}");
            }
            StatusCode::CONFLICT if self.code == ErrorCode::Conflict => {
                tracing::info!(status, code, "{message}");
            }
            _ => tracing::debug!(status, code, "{message}"),
        }
        let body = oware_protocol::ErrorBody::new(self.code, self.message);
        let mut response = (self.status, axum::Json(body)).into_response();
        let mut args = self.args;
        if let Some(s) = self.retry_after {
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from(s));
            args.push(("seconds", s.to_string()));
        }
        response.extensions_mut().insert(ErrorText {
            code: self.code,
            args,
        });
        response
    }
}

/// A JSON body whose rejections (bad JSON, wrong content type, missing fields, too large) are
/// answered as [`ApiError`]s with the reason (`From<JsonRejection>`).
#[derive(Debug, Clone, Copy, Default, FromRequest)]
#[from_request(via(axum::Json), rejection(ApiError))]
pub struct ApiJson<T>(pub T);

impl From<JsonRejection> for ApiError {
    fn from(rejection: JsonRejection) -> Self {
        if let Some(e) = body_timeout(&rejection) {
            return e;
        }
        let status = rejection.status();
        if status == StatusCode::PAYLOAD_TOO_LARGE {
            return body_too_large();
        }
        let status = if status.is_client_error() {
            status
        } else {
            StatusCode::BAD_REQUEST
        };
        let code = match &rejection {
            JsonRejection::MissingJsonContentType(_) => ErrorCode::ContentType,
            JsonRejection::JsonSyntaxError(_) => ErrorCode::BadJson,
            JsonRejection::JsonDataError(_) => ErrorCode::BadField,
            _ => ErrorCode::BadBody,
        };
        ApiError::new(status, code, rejection.body_text())
    }
}

/// A 408 when `rejection` comes from a request body that stopped arriving (tower-http's
/// `RequestBodyTimeoutLayer` cut it).
pub(crate) fn body_timeout(rejection: &(dyn std::error::Error + 'static)) -> Option<ApiError> {
    let mut e: Option<&(dyn std::error::Error + 'static)> = Some(rejection);
    while let Some(err) = e {
        if err.is::<tower_http::timeout::TimeoutError>() {
            return Some(ApiError::new(
                StatusCode::REQUEST_TIMEOUT,
                ErrorCode::BodyTimeout,
                "the request body stopped arriving before it was complete",
            ));
        }
        e = err.source();
    }
    None
}

/// axum's `Path`, with its rejections (a segment that is not valid UTF-8, not the expected
/// type) answered as [`ApiError`]s (`From<PathRejection>`). `http/mod.rs`'s handlers import it
/// under axum's name, so that every handler gets it.
#[derive(Debug, Clone, Copy, Default, FromRequestParts)]
#[from_request(via(axum::extract::Path), rejection(ApiError))]
pub struct Path<T>(pub T);

impl From<PathRejection> for ApiError {
    fn from(rejection: PathRejection) -> Self {
        let status = match rejection.status() {
            s if s.is_client_error() => s,
            _ => StatusCode::BAD_REQUEST,
        };
        ApiError::new(status, ErrorCode::BadPath, rejection.body_text())
    }
}

/// axum's `Query`, with its rejections answered as [`ApiError`]s (see [`Path`]).
#[derive(Debug, Clone, Copy, Default, FromRequestParts)]
#[from_request(via(axum::extract::Query), rejection(ApiError))]
pub struct Query<T>(pub T);

impl From<QueryRejection> for ApiError {
    fn from(rejection: QueryRejection) -> Self {
        ApiError::new(
            StatusCode::BAD_REQUEST,
            ErrorCode::BadQuery,
            rejection.body_text(),
        )
    }
}

/// The raw body, with its rejections (too large, stopped arriving) answered as [`ApiError`]s
/// (`From<BytesRejection>`).
#[derive(Debug, Clone, Default, FromRequest)]
#[from_request(rejection(ApiError))]
pub struct Bytes(pub axum::body::Bytes);

impl From<BytesRejection> for ApiError {
    fn from(rejection: BytesRejection) -> Self {
        body_timeout(&rejection).unwrap_or_else(|| {
            let status = match rejection.status() {
                StatusCode::PAYLOAD_TOO_LARGE => return body_too_large(),
                s if s.is_client_error() => s,
                _ => StatusCode::BAD_REQUEST,
            };
            ApiError::new(status, ErrorCode::BadBody, rejection.body_text())
        })
    }
}

/// A JSON body that may be left out (nothing, or only white space, gives `T::default()`),
/// read without asking for a content type: the optional bodies (`join`, `review`) and the
/// routes that take none (their `T` is an empty struct that denies unknown fields, so `{}`
/// passes and `{"x": 1}` does not). Refusals as [`ApiJson`]'s: 400 `bad-json` for bad syntax,
/// 422 `bad-field` for a wrong or unknown field, 413 `body-too-large`.
///
/// Written by hand, not derived `via(axum::Json)`: axum's `Json` asks for a JSON content type
/// (415 without one) and for a body, so the same requests would be answered differently.
#[derive(Debug, Clone, Copy, Default)]
pub struct OptionalJson<T>(pub T);

impl<S, T> FromRequest<S> for OptionalJson<T>
where
    S: Send + Sync,
    T: DeserializeOwned + Default,
{
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, ApiError> {
        let Bytes(body) = Bytes::from_request(req, state).await?;
        if body.iter().all(u8::is_ascii_whitespace) {
            return Ok(OptionalJson(T::default()));
        }
        let mut read = serde_json::Deserializer::from_slice(&body);
        serde_path_to_error::deserialize(&mut read)
            .map(OptionalJson)
            .map_err(|e| {
                let (status, code) = match e.inner().classify() {
                    serde_json::error::Category::Data => {
                        (StatusCode::UNPROCESSABLE_ENTITY, ErrorCode::BadField)
                    }
                    _ => (StatusCode::BAD_REQUEST, ErrorCode::BadJson),
                };
                ApiError::new(
                    status,
                    code,
                    format!("bad request body: {}", field_error(&e)),
                )
            })
    }
}

/// A body as lichess's clients send one: a JSON object, or a form
/// (`application/x-www-form-urlencoded`, each value read as text), as one object of fields;
/// empty without a body. The route turns it into its typed request ([`FormOrJson::typed`]).
pub struct FormOrJson(pub serde_json::Map<String, serde_json::Value>);

impl<S> FromRequest<S> for FormOrJson
where
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, ApiError> {
        let form = req
            .headers()
            .get(header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.split(';').next())
            .is_some_and(|v| {
                v.trim()
                    .eq_ignore_ascii_case("application/x-www-form-urlencoded")
            });
        let body = axum::body::Bytes::from_request(req, state).await?;
        if body.iter().all(u8::is_ascii_whitespace) {
            return Ok(FormOrJson(serde_json::Map::new()));
        }
        if form {
            let mut fields = serde_json::Map::new();
            for (k, v) in form_urlencoded::parse(&body) {
                fields.insert(k.into_owned(), serde_json::Value::String(v.into_owned()));
            }
            return Ok(FormOrJson(fields));
        }
        match serde_json::from_slice(&body) {
            Ok(serde_json::Value::Object(fields)) => Ok(FormOrJson(fields)),
            Ok(_) => Err(ApiError::new(
                StatusCode::UNPROCESSABLE_ENTITY,
                ErrorCode::BadField,
                "the body must be a JSON object or a form",
            )),
            Err(e) => Err(ApiError::new(
                StatusCode::BAD_REQUEST,
                ErrorCode::BadJson,
                format!("bad request body: {e}"),
            )),
        }
    }
}

impl FormOrJson {
    /// The fields as the request type `T` (fields set to `null` left out).
    pub fn typed<T: DeserializeOwned>(mut self) -> Result<T, ApiError> {
        self.0.retain(|_, v| !v.is_null());
        serde_path_to_error::deserialize(serde_json::Value::Object(self.0)).map_err(|e| {
            ApiError::new(
                StatusCode::UNPROCESSABLE_ENTITY,
                ErrorCode::BadField,
                format!("bad request body: {}", field_error(&e)),
            )
        })
    }
}

/// A body's data error with the field it is about, as axum's `Json` words it (`action:
/// unknown variant …`); the error alone when it is about the body as a whole.
fn field_error<E: std::fmt::Display>(e: &serde_path_to_error::Error<E>) -> String {
    match e.path().to_string().as_str() {
        "." => e.inner().to_string(),
        path => format!("{path}: {}", e.inner()),
    }
}
