//! Accounts in online games: which games can be rated, and a logged-in player's rating when
//! the game starts (what the seat shows).

use oware_core::Rules;
use oware_protocol::SeatRating;

use super::base::Base;
use crate::accounts::User;
use crate::games::{category, GameError};
use crate::online::TimeControl;

/// Why a rated game cannot be made as asked (`None`: it can).
pub fn rated_refusal(
    rules: &Rules,
    clock: Option<&TimeControl>,
    user: Option<&User>,
) -> Option<&'static str> {
    if user.is_none() {
        return Some("log in to play a rated game");
    }
    if *rules != Rules::default() {
        return Some("only games under the standard abapa rules are rated");
    }
    if category(clock).is_none() {
        return Some("a rated game needs a clock");
    }
    None
}

impl Base {
    /// Whether `user` is a bot's account (the seat's mark).
    pub(crate) async fn is_bot(&self, user: Option<&User>) -> Result<bool, GameError> {
        match user {
            Some(u) => Ok(self.store.bots().is_bot(u.id.clone()).await?),
            None => Ok(false),
        }
    }

    /// `user`'s rating snapshot for a game with `clock` (`None` without a category).
    pub(crate) async fn rating_snapshot(
        &self,
        user: &User,
        clock: Option<&TimeControl>,
    ) -> Result<Option<SeatRating>, GameError> {
        let Some(cat) = category(clock) else {
            return Ok(None);
        };
        let rows = self.store.accounts().ratings(user.id.clone()).await?;
        let now = self.now();
        let row = rows
            .into_iter()
            .find(|(c, _)| c == cat.name())
            .map_or(crate::rating::START, |(_, r)| r);
        let at = row.now(now);
        Ok(Some(SeatRating {
            rating: at.rounded(),
            provisional: at.provisional(),
            diff: None,
        }))
    }
}
