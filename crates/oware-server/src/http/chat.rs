//! The routes of an online game's chat: read it, write in it (`chat.rs` has the rules).

use axum::extract::{ConnectInfo, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use oware_protocol::{ChatLog, ChatReq};

use super::error::{ApiError, ApiJson, Path};
use super::{client, token, Shared};
use crate::chat::ChatPoster;

pub(super) async fn post(
    State(s): State<Shared>,
    ConnectInfo(peer): ConnectInfo<std::net::SocketAddr>,
    Path(id): Path<String>,
    headers: HeaderMap,
    ApiJson(req): ApiJson<ChatReq>,
) -> Result<Response, ApiError> {
    let user = super::accounts::viewer(&s, &headers).await?;
    // A pupil's account chats only with its class (`classes/safety.rs`).
    s.classes
        .may_chat(user.as_ref().map(|u| u.id.as_str()), &id)
        .await?;
    let poster = ChatPoster {
        token: token(&headers).map(str::to_string),
        user,
        name: req.name,
        client: Some(client(peer)),
    };
    let message = s
        .chat
        .post_chat(&id, poster, req.room.as_deref(), &req.text)
        .await?;
    Ok((StatusCode::CREATED, Json(message)).into_response())
}

pub(super) async fn log(
    State(s): State<Shared>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Json<ChatLog>, ApiError> {
    let viewer = super::accounts::viewer(&s, &headers).await?;
    let viewer = viewer.as_ref().map(|u| u.id.as_str());
    Ok(Json(s.chat.chat_log(&id, token(&headers), viewer).await?))
}
