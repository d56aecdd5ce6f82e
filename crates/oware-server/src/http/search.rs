//! Game search's route (`search.rs`).

use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use oware_protocol::ErrorCode;
use oware_protocol::{GameSearchPage, GameSearchQuery};

use super::error::{ApiError, Query};
use super::Shared;
use crate::search::SearchError;

impl From<SearchError> for ApiError {
    fn from(e: SearchError) -> Self {
        match e {
            SearchError::Invalid(m) => {
                ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, ErrorCode::BadQuery, m)
            }
            SearchError::NotFound(m) => {
                ApiError::new(StatusCode::NOT_FOUND, ErrorCode::NotFound, m)
            }
            SearchError::Game(g) => g.into(),
        }
    }
}

/// `GET /api/search/games`: a page of a player's finished games that pass the filters.
pub(super) async fn games(
    State(s): State<Shared>,
    Query(q): Query<GameSearchQuery>,
) -> Result<Json<GameSearchPage>, ApiError> {
    Ok(Json(s.search.search(&q).await?))
}
