//! The quick-pairing pools' routes: join a pool (a ticket), read or wait for the ticket, its
//! event stream (closing it leaves the pool), leave.

use oware_protocol::ErrorCode;
use std::collections::HashMap;
use std::time::Duration;

use axum::extract::{ConnectInfo, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use oware_protocol::{LeftAnswer, PoolReq};

use super::error::{ApiError, OptionalJson, Path, Query};
use super::{client, NoBody, Shared};
use crate::events;
use crate::games::GameError;
use crate::pool::{PoolError, TicketView, POOLS};

impl From<PoolError> for ApiError {
    fn from(e: PoolError) -> Self {
        match e {
            PoolError::NoSuchPool(p) => {
                let names: Vec<&str> = POOLS.iter().map(|(n, _, _)| *n).collect();
                ApiError::new(
                    StatusCode::NOT_FOUND,
                    ErrorCode::NoSuchPool,
                    format!(
                        "there is no pool \"{p}\"; the pools are {}",
                        names.join(", ")
                    ),
                )
            }
            PoolError::NoSuchTicket => ApiError::new(
                StatusCode::NOT_FOUND,
                ErrorCode::NoSuchTicket,
                "no such ticket: it left the pool, or waited too long without its page",
            ),
            PoolError::AlreadyWaiting { pool } => ApiError::new(
                StatusCode::CONFLICT,
                ErrorCode::AlreadyWaiting,
                format!("you are already waiting in the {pool} pool: leave it first"),
            ),
            PoolError::Full => ApiError::new(
                StatusCode::TOO_MANY_REQUESTS,
                ErrorCode::PoolFull,
                "the pools are full; try again in a minute, or post a challenge in the lobby",
            )
            .retry_after(60),
            PoolError::AddressFull => ApiError::new(
                StatusCode::TOO_MANY_REQUESTS,
                ErrorCode::TooManyTickets,
                "guests from your address already wait in the pools; wait for their games, \
                 or log in",
            )
            .retry_after(30),
            PoolError::Store(e) => ApiError::from(GameError::from(e)),
            PoolError::Game(e) => ApiError::from(e),
        }
    }
}

pub(super) async fn join(
    State(s): State<Shared>,
    ConnectInfo(peer): ConnectInfo<std::net::SocketAddr>,
    Path(pool): Path<String>,
    headers: HeaderMap,
    OptionalJson(req): OptionalJson<PoolReq>,
) -> Result<Response, ApiError> {
    let user = super::accounts::viewer(&s, &headers).await?;
    s.bots.may_join_pool(user.as_ref()).await?;
    s.classes
        .may_go_public(user.as_ref().map(|u| u.id.as_str()))
        .await?;
    let ticket = s
        .pools
        .join(
            &pool,
            user.as_ref(),
            req.name.as_deref().unwrap_or(""),
            req.bots.unwrap_or(true),
            client(peer),
        )
        .await?;
    Ok((StatusCode::CREATED, Json(ticket)).into_response())
}

pub(super) async fn ticket(
    State(s): State<Shared>,
    ConnectInfo(peer): ConnectInfo<std::net::SocketAddr>,
    Path(id): Path<String>,
    Query(q): Query<HashMap<String, String>>,
) -> Result<Json<TicketView>, ApiError> {
    match q.get("wait_ms") {
        None => Ok(Json(s.pools.ticket(&id).await?)),
        Some(w) => {
            let wait = w
                .parse::<u64>()
                .map_err(|_| ApiError::bad_request("wait_ms must be a number"))?
                .min(60_000);
            let _slot = s.budget.open_stream(peer.ip())?;
            Ok(Json(s.pools.wait(&id, Duration::from_millis(wait)).await?))
        }
    }
}

pub(super) async fn ticket_events(
    State(s): State<Shared>,
    ConnectInfo(peer): ConnectInfo<std::net::SocketAddr>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let slot = s.budget.open_stream(peer.ip())?;
    let (first, rx, guard) = s.pools.subscribe(&id, true).await?;
    Ok(events::sse_held(first, rx, s.shutdown.clone(), (guard, slot)).into_response())
}

pub(super) async fn leave(
    State(s): State<Shared>,
    Path(id): Path<String>,
    OptionalJson(_): OptionalJson<NoBody>,
) -> Result<Response, ApiError> {
    match s.pools.leave(&id).await? {
        None => Ok(Json(LeftAnswer { left: true }).into_response()),
        Some(view) if view.paired.is_some() => Err(ApiError::new(
            StatusCode::CONFLICT,
            ErrorCode::AlreadyPaired,
            "too late to leave: your game has started (GET the ticket for it)",
        )),
        Some(_) => Ok(Json(LeftAnswer { left: true }).into_response()),
    }
}
