//! `POST /api/position`: the analysis board's and the board editor's position (`study.rs`).

use axum::extract::State;
use axum::Json;
use oware_protocol::{PositionAnswer, PositionReq};

use super::error::{ApiError, ApiJson};
use super::Shared;

/// A position checked and a line played from it, or a record read (`crate::study::answer`).
pub(super) async fn position(
    State(s): State<Shared>,
    ApiJson(req): ApiJson<PositionReq>,
) -> Result<Json<PositionAnswer>, ApiError> {
    Ok(Json(crate::study::answer(&req, s.games.tables())?))
}
