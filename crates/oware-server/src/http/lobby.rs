//! The lobby's routes: the open challenges and their event stream.

use axum::extract::{ConnectInfo, State};
use axum::response::{IntoResponse, Response};
use axum::Json;

use super::error::ApiError;
use super::Shared;
use crate::events;

pub(super) async fn lobby(State(s): State<Shared>) -> Json<oware_protocol::Lobby> {
    Json(s.lobby.challenges_now())
}

pub(super) async fn lobby_events(
    State(s): State<Shared>,
    ConnectInfo(peer): ConnectInfo<std::net::SocketAddr>,
) -> Result<Response, ApiError> {
    let slot = s.budget.open_stream(peer.ip())?;
    let (first, rx) = s.lobby.subscribe();
    Ok(events::sse_held(first, rx, s.shutdown.clone(), slot).into_response())
}
