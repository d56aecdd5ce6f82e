//! TV's routes: the featured game of a channel and the list of games in play (`tv.rs`).

use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use oware_protocol::ErrorCode;
use oware_protocol::{LiveGames, LiveGamesQuery, TvAnswer, TvQuery};

use super::error::{ApiError, Query};
use super::Shared;
use crate::tv::{Channel, ListFilter, MAX_PAGE, PER_PAGE};

/// How many running tournaments the tournament channel looks into for a game in play.
const TOURNAMENTS_LOOKED_AT: usize = 3;

/// `GET /api/tv`: the channel's featured game (`null` when none is in play there).
pub(super) async fn featured(
    State(s): State<Shared>,
    Query(q): Query<TvQuery>,
) -> Result<Json<TvAnswer>, ApiError> {
    let name = q.channel.as_deref().unwrap_or("best");
    let channel = Channel::parse(name).ok_or_else(|| {
        ApiError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            ErrorCode::BadChannel,
            format!("the channels are best, bots and tournament, not \"{name}\""),
        )
    })?;
    let mut game = None;
    if channel == Channel::Tournament {
        // The running tournaments, soonest started first: the first with a game in play.
        let list = s.tournaments.list().await?;
        for t in list.running.iter().take(TOURNAMENTS_LOOKED_AT) {
            let view = s.tournaments.view(&t.id, None).await?;
            let playing: Vec<String> = view
                .games
                .into_iter()
                .filter(|g| g.result.is_none())
                .map(|g| g.id)
                .collect();
            game = s.tv.featured(channel, &playing);
            if game.is_some() {
                break;
            }
        }
    } else {
        game = s.tv.featured(channel, &[]);
    }
    Ok(Json(TvAnswer {
        channel: channel.name().to_string(),
        game,
    }))
}

/// `GET /api/tv/games`: a page of the games in play, highest-rated first.
pub(super) async fn games(
    State(s): State<Shared>,
    Query(q): Query<LiveGamesQuery>,
) -> Result<Json<LiveGames>, ApiError> {
    let bad = |code: ErrorCode, message: String| {
        ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, code, message)
    };
    let page = q.page.unwrap_or(1);
    if !(1..=MAX_PAGE).contains(&page) {
        return Err(bad(
            ErrorCode::BadQuery,
            format!("the page is a number from 1 to {MAX_PAGE}"),
        ));
    }
    let clock = match q.clock.as_deref() {
        None => None,
        Some(c @ ("blitz" | "rapid" | "correspondence" | "none")) => Some(c.to_string()),
        Some(other) => {
            return Err(bad(
                ErrorCode::BadClock,
                format!(
                    "the time controls are blitz, rapid, correspondence and none, not \"{other}\""
                ),
            ))
        }
    };
    let bots = match q.bots.as_deref() {
        None | Some("with") => None,
        Some("only") => Some(true),
        Some("without") => Some(false),
        Some(other) => {
            return Err(bad(
                ErrorCode::BadBots,
                format!("bots is with, without or only, not \"{other}\""),
            ))
        }
    };
    let filter = ListFilter {
        clock,
        rated: q.rated,
        bots,
    };
    let (games, total) = s.tv.page(&filter, page);
    Ok(Json(LiveGames {
        page,
        total,
        per_page: PER_PAGE,
        games,
    }))
}
