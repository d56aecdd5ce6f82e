//! The routes of a game's review: start one, read it ([`crate::review::Reviews`], which reads the
//! game and checks who may see or review it).

use axum::extract::{ConnectInfo, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use oware_protocol::ReviewReq;

use super::error::{ApiError, OptionalJson, Path};
use super::{client, token, Shared};
use crate::review::ReviewView;

pub(super) async fn review(
    State(s): State<Shared>,
    Path(id): Path<String>,
    ConnectInfo(peer): ConnectInfo<std::net::SocketAddr>,
    headers: HeaderMap,
    // The body is optional: no body asks for the default depth.
    OptionalJson(req): OptionalJson<ReviewReq>,
) -> Result<Response, ApiError> {
    let depth = crate::review::parse_depth(req.depth)?;
    s.budget.start_engine_job(peer.ip())?;
    let game = s.reviews.target(&id, token(&headers), true).await?;
    let (started, view) = s
        .reviews
        .start(&id, game, depth, Some(client(peer)))
        .await?;
    let status = if started || view.status == crate::review::ReviewStatus::Running {
        StatusCode::ACCEPTED
    } else {
        StatusCode::OK
    };
    Ok((status, Json(view)).into_response())
}

pub(super) async fn review_state(
    State(s): State<Shared>,
    Path(id): Path<String>,
) -> Result<Json<ReviewView>, ApiError> {
    // Anyone who may see the game may see its review.
    let game = s.reviews.target(&id, None, false).await?;
    Ok(Json(s.reviews.state(&id, &game.moves).await?))
}
