//! `GET /api/egdb/{rules}/{n}`: one endgame table level for the page's WebAssembly engine
//! (issue 57; the service is `egdb_files`). The answer is the level's file as it is on disk
//! (`application/octet-stream`), compressed once per coding like the page's files
//! (`compress.rs`), with a strong entity tag of its own per coding and
//! `Cache-Control: public, max-age=31536000, immutable`: a level's bytes depend only on the rules,
//! the level and the file format, so a browser never asks twice (the page's worker keeps them in
//! a cache of their own as well, for offline play). A level the server does not have is a JSON
//! 404; a level above the page's maximum a 400.

use axum::body::{Body, Bytes};
use axum::extract::State;
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use oware_protocol::ErrorCode;

use super::assets::not_modified;
use super::compress;
use super::error::{ApiError, Path};
use super::Shared;
use crate::egdb_files::LevelFileError;

impl From<LevelFileError> for ApiError {
    fn from(e: LevelFileError) -> Self {
        let (status, code) = match &e {
            LevelFileError::BadLevel(_) => (StatusCode::BAD_REQUEST, ErrorCode::BadField),
            LevelFileError::NoTables(_) | LevelFileError::Missing { .. } => {
                (StatusCode::NOT_FOUND, ErrorCode::NotFound)
            }
        };
        ApiError::new(status, code, e.to_string())
    }
}

/// How long a browser may keep a level without asking again: a year, and never revalidated.
const IMMUTABLE: &str = "public, max-age=31536000, immutable";

/// `GET /api/egdb/{rules}/{n}`.
pub(super) async fn level(
    State(s): State<Shared>,
    Path((rules, n)): Path<(String, String)>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let files = std::sync::Arc::clone(&s.egdb_files);
    // The first request of a level reads and checks its file: off the async threads.
    let file = tokio::task::spawn_blocking(move || files.level(&rules, &n))
        .await
        .map_err(|e| {
            ApiError::new(
                StatusCode::INTERNAL_SERVER_ERROR,
                ErrorCode::Internal,
                format!("reading the table level failed: {e}"),
            )
        })??;
    let mut tag = file.tag.clone();
    let mut body = Bytes::from_owner(std::sync::Arc::clone(&file.bytes));
    let mut coding = None;
    if let Some(chosen) = compress::chosen(&headers) {
        if let Some(packed) = compress::variant(&tag, body.clone(), chosen).await {
            tag = chosen.tag(&tag);
            body = packed;
            coding = Some(chosen);
        }
    }
    let cache = [
        (
            header::ETAG,
            HeaderValue::from_str(&tag).expect("a quoted tag of letters and digits is a header"),
        ),
        (header::CACHE_CONTROL, HeaderValue::from_static(IMMUTABLE)),
        (header::VARY, HeaderValue::from_static("Accept-Encoding")),
    ];
    if not_modified(&headers, &tag) {
        return Ok((StatusCode::NOT_MODIFIED, cache).into_response());
    }
    let mut response = (
        cache,
        [(header::CONTENT_TYPE, "application/octet-stream")],
        Body::from(body),
    )
        .into_response();
    if let Some(coding) = coding {
        response.headers_mut().insert(
            header::CONTENT_ENCODING,
            HeaderValue::from_static(coding.name()),
        );
    }
    Ok(response)
}
