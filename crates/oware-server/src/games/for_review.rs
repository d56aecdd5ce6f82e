//! What other services get of a game, without knowing `Games`: a review's copy of a game
//! (a `ReviewTarget`, the one type of the review service `games` knows; the HTTP handler
//! passes it on), and another instance's `review` events passed to the streams this instance
//! holds.

use std::sync::Arc;

use super::session::Session;
use super::{GameError, Games};
use crate::events::Event;
use crate::review::ReviewTarget;

impl Games {
    /// Game `id` as a review sees it: a copy of its moves and its event sender. With `ask`
    /// (starting a review, which spends engine time), the same access rules as an analysis: a
    /// game on one device needs its seat token; an online game is reviewed only once it is
    /// over, by anyone who may watch it. A game without moves has nothing to review.
    pub async fn review_target(
        self: &Arc<Self>,
        id: &str,
        token: Option<&str>,
        ask: bool,
    ) -> Result<ReviewTarget, GameError> {
        let live = self.live(id).await?;
        let s = live.lock().await;
        if ask {
            match &s.online {
                Some(o) if o.is_live() => {
                    return Err(GameError::refused(
                        "review-after-the-game",
                        "an online game is reviewed once it is over",
                    ))
                }
                Some(_) => {}
                None => s.authorize(token)?,
            }
            if s.game.moves().is_empty() {
                return Err(GameError::invalid(
                    "nothing-to-review",
                    "the game has no moves to review yet",
                ));
            }
        }
        Ok(ReviewTarget {
            game: s.game.clone(),
            moves: Session::row_moves(&s.game),
            events: s.channel.sender(),
        })
    }

    /// Another instance's `review` event for game `id`: passed to the streams this instance
    /// holds for the game (the reviews remember its progress themselves).
    pub(crate) async fn on_review_notice(self: &Arc<Self>, id: &str, data: String) {
        if let Some(events) = self.cached_events(id).await {
            let _ = events.send(Event {
                name: "review",
                data: data.into(),
            });
        }
    }
}
