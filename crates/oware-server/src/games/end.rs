//! What a write records when an online game ends: the rating category of its clock, the end the
//! accounts' store records ([`game_end`]), the seats' ratings a view shows, and the end told to
//! the services that made the game ([`Finished`]).

use oware_core::Side;
use oware_protocol::SeatRating;
use oware_rating::{Category, TimeControl as RatedControl};

use crate::online::{Online, Status, TimeControl};
use crate::store::accounts::{GameEnd, PlayerGame};

/// An online game that ended on this instance.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finished {
    /// The game.
    pub id: String,
    /// `over` or `aborted`.
    pub status: Status,
    /// The winner (`None`: a draw, or no result).
    pub winner: Option<Side>,
}

/// The end that `before` becoming `after` is in game `id`, if it is one.
pub(super) fn finished_between(
    id: &str,
    before: Option<&Online>,
    after: Option<&Online>,
) -> Option<Finished> {
    let (before, after) = (before?, after?);
    (before.status == Status::Playing && matches!(after.status, Status::Over | Status::Aborted))
        .then(|| Finished {
            id: id.to_string(),
            status: after.status,
            winner: after.winner,
        })
}

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

/// What the store records when `before` becomes `after` (a game of `plies` moves): `Some`
/// when the game has just ended with a result and a seat is an account's. The result is rated
/// only when both sides have moved: a game resigned, lost on time or claimed before that put
/// nothing at stake, and rating it would let two accounts trade points without playing.
pub(crate) fn game_end(
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
pub(crate) fn seat_rating(o: &Online, side: Side, players: &[PlayerGame]) -> Option<SeatRating> {
    let mut r = o.seat(side).rating?;
    let letter = if side == Side::South { "S" } else { "N" };
    if let Some(line) = players.iter().find(|l| l.side == letter) {
        if let (Some(b), Some(a)) = (line.before, line.after) {
            r.diff = Some(a.round() as i32 - b.round() as i32);
        }
    }
    Some(r)
}
