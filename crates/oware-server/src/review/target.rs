//! What a review gets of a game: a copy of its moves and its event sender (a [`ReviewTarget`]),
//! read from the live games under the same access rules as an analysis.

use super::{ReviewTarget, Reviews};
use crate::games::{GameError, Session};

impl Reviews {
    /// Game `id` as a review sees it: a copy of its moves and its event sender. With `ask`
    /// (starting a review, which spends engine time), the same access rules as an analysis: a
    /// game on one device needs its seat token; an online game is reviewed only once it is
    /// over, by anyone who may watch it. A game without moves has nothing to review.
    pub async fn target(
        &self,
        id: &str,
        token: Option<&str>,
        ask: bool,
    ) -> Result<ReviewTarget, GameError> {
        let (_, s) = self.games.hold(id).await?;
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
}
