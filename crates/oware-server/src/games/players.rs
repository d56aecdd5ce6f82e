//! Accounts in games: a logged-in player's seat (its account, its rating before the game),
//! which games are rated, what the store records when a game with account seats ends, and a
//! seat found again by its account on another device.

use std::sync::Arc;

use oware_core::{Rules, Side};
use oware_protocol::SeatRating;
use oware_rating::{Category, TimeControl as RatedControl};

use super::session::online_of;
use super::{GameError, Games};
use crate::accounts::User;
use crate::online::{Online, OnlineError, Status, TimeControl};
use crate::store::accounts::{GameEnd, PlayerGame};
use oware_protocol::SeatAnswer;

/// The rating category of a game with this clock (`None`: no clock, not rated).
pub fn category(clock: Option<&TimeControl>) -> Option<Category> {
    let t = clock?;
    if let Some(days) = t.days_per_move() {
        return RatedControl::Correspondence {
            days_per_move: u32::try_from(days).unwrap_or(u32::MAX),
        }
        .category();
    }
    RatedControl::Clock {
        initial_secs: u32::try_from(t.initial_s).unwrap_or(u32::MAX),
        increment_secs: u32::try_from(t.increment_s).unwrap_or(u32::MAX),
    }
    .category()
}

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

/// What the store records when `before` becomes `after` (a game of `plies` moves): `Some`
/// when the game has just ended with a result and a seat is an account's. The result is rated
/// only when both sides have moved: a game resigned, lost on time or claimed before that put
/// nothing at stake, and rating it would let two accounts trade points without playing.
pub fn game_end(
    before: Option<&Online>,
    after: Option<&Online>,
    plies: usize,
    now: u64,
) -> Option<GameEnd> {
    let (before, after) = (before?, after?);
    if before.status != Status::Playing || after.status != Status::Over {
        return None;
    }
    let south_user = after.south.user.clone();
    let north_user = after.north.user.clone();
    if south_user.is_none() && north_user.is_none() {
        return None;
    }
    let south_score = match after.winner {
        Some(Side::South) => 1.0,
        Some(Side::North) => 0.0,
        None => 0.5,
    };
    let category = category(after.clock.as_ref().map(|c| c.control()).as_ref())
        .map(|c| c.name().to_string())
        .unwrap_or_default();
    Some(GameEnd {
        rated: after.rated
            && plies >= 2
            && south_user.is_some()
            && north_user.is_some()
            && !category.is_empty(),
        category,
        south_score,
        south_user,
        north_user,
        at_ms: now,
    })
}

/// The seat ratings a view shows: the snapshot taken at the start and, once recorded, the
/// game's change.
pub fn seat_rating(o: &Online, side: Side, players: &[PlayerGame]) -> Option<SeatRating> {
    let mut r = o.seat(side).rating?;
    let letter = if side == Side::South { "S" } else { "N" };
    if let Some(line) = players.iter().find(|l| l.side == letter) {
        if let (Some(b), Some(a)) = (line.before, line.after) {
            r.diff = Some(a.round() as i32 - b.round() as i32);
        }
    }
    Some(r)
}

impl Games {
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

    /// The recorded players of finished game `o` (`id`), for its view.
    pub(super) async fn recorded_players(
        &self,
        id: &str,
        o: Option<&Online>,
    ) -> Result<Vec<PlayerGame>, GameError> {
        match o {
            Some(o)
                if o.status == Status::Over
                    && (o.south.user.is_some() || o.north.user.is_some()) =>
            {
                Ok(self.store.accounts().game_players(id.to_string()).await?)
            }
            _ => Ok(Vec::new()),
        }
    }

    /// The seat `user` holds in online game `id`, with its token: the game on another device.
    pub async fn seat_of_account(
        self: &Arc<Self>,
        id: &str,
        user: &User,
    ) -> Result<SeatAnswer, GameError> {
        let live = self.live(id).await?;
        let s = live.lock().await;
        let o = online_of(&s)?;
        let side = [Side::South, Side::North]
            .into_iter()
            .find(|&side| o.seat(side).user.as_deref() == Some(user.id.as_str()))
            .ok_or_else(OnlineError::not_your_seat)?;
        self.seat_reply(&s, side)
    }
}
