//! The tournaments' routes: the list, one tournament, create, join, withdraw (an arena's
//! pause), berserk, and a tournament's event stream.

use axum::extract::{ConnectInfo, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use futures_util::future::BoxFuture;
use oware_protocol::{ErrorCode, TournamentQuery};

use super::accounts::{logged_in, viewer};
use super::error::{service_code, ApiError, ApiJson, OptionalJson, Path, Query};
use super::{NoBody, Shared};
use crate::events;
use crate::tournament::{NewTournament, TournamentError, TournamentView};

impl From<TournamentError> for ApiError {
    fn from(e: TournamentError) -> Self {
        let message = e.to_string();
        match e {
            TournamentError::NotFound => {
                ApiError::new(StatusCode::NOT_FOUND, ErrorCode::NotFound, message)
            }
            TournamentError::Invalid { code, .. } => {
                let code = service_code(code);
                let out = ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, code, message);
                // The site's own names (`error-bad-name` speaks of accounts' by default).
                if code == ErrorCode::BadName {
                    out.arg("of", "tournament")
                } else {
                    out
                }
            }
            TournamentError::Refused { code, .. } => {
                ApiError::new(StatusCode::CONFLICT, service_code(code), message)
            }
            TournamentError::Storage(se) => {
                let mut out = ApiError::new(
                    StatusCode::SERVICE_UNAVAILABLE,
                    ErrorCode::Storage,
                    "the database failed; try again",
                );
                out.detail = Some(se.to_string());
                out
            }
            TournamentError::Game(ge) => ge.into(),
        }
    }
}

/// `GET /api/tournaments`: upcoming, running, finished.
pub(super) async fn list(State(s): State<Shared>) -> Result<Response, ApiError> {
    Ok(Json(s.tournaments.list().await?).into_response())
}

/// `POST /api/tournaments`: a logged-in player's tournament.
pub(super) async fn create(
    State(s): State<Shared>,
    headers: HeaderMap,
    ApiJson(req): ApiJson<NewTournament>,
) -> Result<Response, ApiError> {
    let user = logged_in(&s, &headers).await?;
    let view = s.tournaments.create(&user, req).await?;
    Ok((StatusCode::CREATED, Json(view)).into_response())
}

/// `GET /api/tournaments/{id}`: `?page=N` is the page of the standings (from 1).
pub(super) async fn tournament(
    State(s): State<Shared>,
    headers: HeaderMap,
    Path(id): Path<String>,
    Query(q): Query<TournamentQuery>,
) -> Result<Response, ApiError> {
    let user = viewer(&s, &headers).await?;
    let page = q.page.unwrap_or(1);
    let view = s.tournaments.view_page(&id, user.as_ref(), page).await?;
    Ok(Json(view).into_response())
}

/// What a logged-in player does in a tournament.
#[derive(Clone, Copy)]
pub(super) enum Act {
    Join,
    Withdraw,
    Berserk,
}

/// The handler of `POST /api/tournaments/{id}/join`, `…/withdraw` and `…/berserk`: no body,
/// the player's session cookie, the player's view of the tournament answered.
pub(super) fn act(
    what: Act,
) -> impl Fn(State<Shared>, HeaderMap, Path<String>, OptionalJson<NoBody>) -> ViewAnswer
       + Clone
       + Send
       + Sync
       + 'static {
    move |State(s), headers, Path(id), OptionalJson(NoBody {})| {
        Box::pin(async move {
            let user = logged_in(&s, &headers).await?;
            let t = &s.tournaments;
            let view = match what {
                Act::Join => {
                    s.bots.may_join_arena(&user).await?;
                    s.classes.may_join_tournament(&user.id, &id).await?;
                    t.join(&id, &user).await?
                }
                Act::Withdraw => t.withdraw(&id, &user).await?,
                Act::Berserk => t.berserk(&id, &user).await?,
            };
            Ok(Json(view))
        })
    }
}

type ViewAnswer = BoxFuture<'static, Result<Json<TournamentView>, ApiError>>;

/// `GET /api/tournaments/{id}/events`: `standings` events (the version) on every change.
pub(super) async fn events(
    State(s): State<Shared>,
    ConnectInfo(peer): ConnectInfo<std::net::SocketAddr>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let (first, rx) = s.tournaments.subscribe(&id).await?;
    let slot = s.budget.open_stream(peer.ip())?;
    Ok(events::sse_held(first, rx, s.shutdown.clone(), slot).into_response())
}
