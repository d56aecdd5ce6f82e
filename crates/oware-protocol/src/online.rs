//! An online game's part of the state ([`OnlineView`]) and the lobby's entries
//! ([`LobbyEntry`]). Never a seat token.

use oware_core::{BySide, Side};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::{EndReason, Status};

/// A time control, the one clock setting of the protocol: in the lobby's entries, a
/// tournament's summary (flattened: `initial_s`, `increment_s`) and the server's games. A
/// correspondence clock is whole days and no increment ([`TimeControl::days_per_move`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct TimeControl {
    /// Seconds each.
    pub initial_s: u64,
    /// Seconds added per move.
    pub increment_s: u64,
}

impl TimeControl {
    /// A day in seconds.
    pub const DAY_S: u64 = 86_400;

    /// The days per move of a correspondence clock (`None`: a live clock).
    pub fn days_per_move(self) -> Option<u64> {
        let day = TimeControl::DAY_S;
        (self.initial_s >= day && self.initial_s.is_multiple_of(day) && self.increment_s == 0)
            .then_some(self.initial_s / day)
    }

    /// `300+3`, the OGN `TimeControl` tag; `1/86400` (one move in that many seconds) for
    /// correspondence.
    pub fn tag(self) -> String {
        match self.days_per_move() {
            Some(_) => format!("1/{}", self.initial_s),
            None => format!("{}+{}", self.initial_s, self.increment_s),
        }
    }
}

/// The lobby's entry of an open challenge.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct LobbyEntry {
    /// The game.
    pub id: String,
    /// The creator's name (may be empty).
    #[serde(default)]
    pub name: String,
    /// The creator's side: the one who takes the challenge plays the other.
    pub color: Side,
    /// The clock, `null` for none.
    #[serde(default)]
    pub clock: Option<TimeControl>,
    /// The rules' text form.
    pub rules: String,
    /// When it was created (epoch ms).
    #[serde(default)]
    pub created_ms: u64,
    /// Whether the game will be rated (both players need an account).
    #[serde(default)]
    pub rated: bool,
    /// Whether the creator is a bot.
    #[serde(default)]
    pub bot: bool,
    /// The creator's rating in the game's category, for a creator with an account.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub rating: Option<SeatRating>,
    /// The ratings the challenge is open to (`[low, high]`), if it is limited.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub range: Option<[i32; 2]>,
}

/// A player's rating as a seat or a challenge shows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct SeatRating {
    /// The rating (rounded) before the game.
    pub rating: i32,
    /// Whether it is provisional (shown with `?`).
    #[serde(default)]
    pub provisional: bool,
    /// The change the game made (a rated game that is over): `+8`, `-12`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub diff: Option<i32>,
}

/// `GET /api/lobby`: the open challenges, oldest first.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct Lobby {
    /// The challenges.
    pub challenges: Vec<LobbyEntry>,
}

/// One side's seat as the state shows it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct SeatView {
    /// The name.
    #[serde(default)]
    pub name: String,
    /// Whether a player holds it.
    #[serde(default)]
    pub taken: bool,
    /// Whether that player has an event stream open.
    #[serde(default)]
    pub connected: bool,
    /// Whether the seat is an account's (its name links to a profile).
    #[serde(default)]
    pub account: bool,
    /// Whether that account is a bot.
    #[serde(default)]
    pub bot: bool,
    /// The account's rating in the game's category (a rated game).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub rating: Option<SeatRating>,
}

/// The clock as the state shows it (the server's figures as of `as_of_ms`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct ClockView {
    /// Each side's initial time.
    pub initial_ms: u64,
    /// The increment.
    pub increment_ms: u64,
    /// Each side's time left at `as_of_ms`.
    #[serde(with = "crate::by_side")]
    #[ts(as = "crate::ts::BySideTs<u64>")]
    #[schemars(with = "crate::ts::BySideTs<u64>")]
    pub remaining_ms: BySide<u64>,
    /// The side whose time runs.
    #[serde(default)]
    pub running: Option<Side>,
    /// When `remaining_ms` was read (the server's epoch ms).
    #[serde(default)]
    pub as_of_ms: u64,
}

/// The `online` part of a game's state. Never holds a token.
///
/// Read leniently: only `status` is required.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct OnlineView {
    /// `open`, `playing`, `over`, `aborted` or `cancelled`.
    pub status: Status,
    /// The seats.
    #[serde(default, with = "crate::by_side")]
    #[ts(as = "crate::ts::BySideTs<SeatView>")]
    #[schemars(with = "crate::ts::BySideTs<SeatView>")]
    pub seats: BySide<SeatView>,
    /// The side of the request's token holder; `null` in broadcasts.
    #[serde(default)]
    pub you: Option<Side>,
    /// The clock, `null` for an untimed game.
    #[serde(default)]
    pub clock: Option<ClockView>,
    /// Who offers a draw.
    #[serde(default)]
    pub draw_offer: Option<Side>,
    /// Who asks for a takeback.
    #[serde(default)]
    pub takeback_offer: Option<Side>,
    /// Who offers a rematch.
    #[serde(default)]
    pub rematch_offer: Option<Side>,
    /// Who proposes to end the game as an endless cycle (each side takes its own row).
    #[serde(default)]
    pub cycle_offer: Option<Side>,
    /// The rematch's id, once agreed.
    #[serde(default)]
    pub rematch_id: Option<String>,
    /// Watchers without a seat.
    #[serde(default)]
    pub spectators: u32,
    /// Milliseconds until the side not to move may claim (the mover being disconnected).
    #[serde(default)]
    pub claimable_ms: Option<u64>,
    /// Why it ended.
    #[serde(default)]
    pub end: Option<EndReason>,
    /// The winner (with `end`), `null` for a draw or no result.
    #[serde(default)]
    pub winner: Option<Side>,
    /// Whether it is listed in the lobby.
    #[serde(default)]
    pub lobby: bool,
    /// Whether the game is rated.
    #[serde(default)]
    pub rated: bool,
    /// Whether the game is open to advice: the players read the spectators' chat room too.
    #[serde(default)]
    pub advice: bool,
}

impl OnlineView {
    /// Whether moves and offers are still possible.
    pub fn is_playing(&self) -> bool {
        self.status == Status::Playing && self.end.is_none()
    }

    /// Whether the game has ended (a result, an abort or a cancelled challenge).
    pub fn is_finished(&self) -> bool {
        self.status.is_finished() || self.end.is_some()
    }

    /// The standing offer of `kind`, if any.
    pub fn offer(&self, kind: crate::OfferKind) -> Option<Side> {
        match kind {
            crate::OfferKind::Draw => self.draw_offer,
            crate::OfferKind::Takeback => self.takeback_offer,
            crate::OfferKind::Rematch => self.rematch_offer,
            crate::OfferKind::Cycle => self.cycle_offer,
        }
    }
}
