//! The players' routes: profiles, rating histories, game histories (JSON pages, or every game
//! as OGN), leaderboards.

use oware_protocol::ErrorCode;
use std::sync::Arc;

use axum::body::Body;
use axum::extract::State;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use oware_protocol::{
    HistoryPage, HistoryQuery, Leaderboards, LeadersQuery, Profile, RatingHistory,
    RatingHistoryQuery,
};
use oware_rating::Category;

use super::error::{ApiError, Path, Query};
use super::Shared;
use crate::players::{HistoryFilter, Players};

fn category(text: &str) -> Result<Category, ApiError> {
    text.parse::<Category>().map_err(|_| {
        ApiError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            ErrorCode::BadCategory,
            format!("category must be blitz, rapid or correspondence, not \"{text}\""),
        )
    })
}

/// `GET /api/user/{name}`.
pub(super) async fn profile(
    State(s): State<Shared>,
    Path(name): Path<String>,
) -> Result<Json<Profile>, ApiError> {
    let mut profile = s.players.profile(&name).await?;
    // The tournaments they played in (issue 31), newest first.
    if let Some(user) = s.accounts.find(&name).await? {
        profile.tournaments = Some(s.tournaments.of_player(&user.id).await?);
        profile.lessons = Some(s.learn.completed(&user.id).await?);
    }
    Ok(Json(profile))
}

/// `GET /api/user/{name}/rating-history`: `{category: [[epoch ms, rating], …]}` for the one
/// category asked, or for each.
pub(super) async fn rating_history(
    State(s): State<Shared>,
    Path(name): Path<String>,
    Query(q): Query<RatingHistoryQuery>,
) -> Result<Json<RatingHistory>, ApiError> {
    let cats = match q.category.as_deref() {
        Some(c) => vec![category(c)?],
        None => Category::ALL.to_vec(),
    };
    let mut out = RatingHistory::default();
    for c in cats {
        let points = Some(s.players.rating_history(&name, c).await?);
        match c {
            Category::Blitz => out.blitz = points,
            Category::Rapid => out.rapid = points,
            Category::Correspondence => out.correspondence = points,
        }
    }
    Ok(Json(out))
}

/// `GET /api/user/{name}/games`: a page of finished games, newest first.
pub(super) async fn games(
    State(s): State<Shared>,
    Path(name): Path<String>,
    Query(q): Query<HistoryQuery>,
) -> Result<Json<HistoryPage>, ApiError> {
    let result = q.result.map(|r| r.to_string());
    let page = q.page.unwrap_or(1).clamp(1, 100_000);
    let filter = HistoryFilter {
        page,
        category: q.category.as_deref().map(category).transpose()?,
        result,
    };
    let games = s.players.history(&name, &filter).await?;
    Ok(Json(HistoryPage { page, games }))
}

/// `GET /api/games/user/{name}`: every finished game of the player as OGN, newest first,
/// streamed a page at a time (a blank line between records).
pub(super) async fn export(
    State(s): State<Shared>,
    Path(name): Path<String>,
) -> Result<Response, ApiError> {
    // The player must exist before the answer starts: a 404, not an empty stream.
    s.players.profile(&name).await?;
    let (games, players) = (Arc::clone(&s.local), Arc::clone(&s.players));
    const BATCH: u32 = 50;
    let stream = futures_util::stream::unfold(Some(0u32), move |offset| {
        let (games, players, name) = (
            Arc::clone(&games),
            Arc::<Players>::clone(&players),
            name.clone(),
        );
        async move {
            let offset = offset?;
            let page = match players.games_of(&name, offset, BATCH).await {
                Ok(p) => p,
                Err(e) => {
                    tracing::warn!("exporting {name}'s games: {e}");
                    return None;
                }
            };
            if page.is_empty() {
                return None;
            }
            let mut text = String::new();
            for g in &page {
                match games.ogn(&g.id).await {
                    Ok(ogn) => {
                        text.push_str(ogn.trim_end());
                        text.push_str("\n\n");
                    }
                    Err(e) => tracing::warn!(game = %g.id, "not exported: {e}"),
                }
            }
            let next = (page.len() == BATCH as usize).then_some(offset + BATCH);
            Some((Ok::<_, std::io::Error>(text), next))
        }
    });
    Ok((
        [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
        Body::from_stream(stream),
    )
        .into_response())
}

/// `GET /api/player`: the leaderboard of each category.
/// `GET /api/player` (`?bots=true`: the bots' boards).
pub(super) async fn leaderboards(
    State(s): State<Shared>,
    Query(q): Query<LeadersQuery>,
) -> Result<Json<Leaderboards>, ApiError> {
    let bots = q.bots.unwrap_or(false);
    Ok(Json(Leaderboards {
        blitz: s.players.leaderboard(Category::Blitz, bots).await?,
        rapid: s.players.leaderboard(Category::Rapid, bots).await?,
        correspondence: s
            .players
            .leaderboard(Category::Correspondence, bots)
            .await?,
    }))
}
