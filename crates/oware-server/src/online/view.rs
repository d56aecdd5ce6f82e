//! What the state shows of an online game ([`OnlineView`]) and the lobby's entries: never a token.

use std::time::Duration;

use oware_core::{Game, Rules, Side};
use serde::Serialize;

use super::presence::{idx, Presence};
use super::{Online, Status};

/// The lobby's entry of an open challenge (no token).
#[derive(Debug, Clone, Serialize)]
pub struct LobbyEntry {
    /// The game.
    pub id: String,
    /// The creator's name.
    pub name: String,
    /// The creator's side.
    pub color: Side,
    /// The clock, `null` for none.
    pub clock: Option<ClockSetting>,
    /// The rules' text form.
    pub rules: String,
    /// When it was created (epoch ms).
    pub created_ms: u64,
}

/// A clock setting as the lobby shows it.
#[derive(Debug, Clone, Copy, Serialize)]
pub struct ClockSetting {
    /// Seconds each.
    pub initial_s: u64,
    /// Seconds added per move.
    pub increment_s: u64,
}

impl LobbyEntry {
    /// The entry of game `id`.
    pub fn of(id: &str, o: &Online, rules: &Rules) -> LobbyEntry {
        LobbyEntry {
            id: id.to_string(),
            name: o.seat(o.creator).name.clone(),
            color: o.creator,
            clock: o.clock.as_ref().map(|c| {
                let t = c.control();
                ClockSetting {
                    initial_s: t.initial_s,
                    increment_s: t.increment_s,
                }
            }),
            rules: rules.to_string(),
            created_ms: o.created_ms,
        }
    }
}

/// One side's seat as the state shows it.
#[derive(Debug, Clone, Serialize)]
pub struct SeatView {
    /// The name.
    pub name: String,
    /// Whether a player holds it.
    pub taken: bool,
    /// Whether that player has an event stream open.
    pub connected: bool,
}

/// The clock as the state shows it.
#[derive(Debug, Clone, Serialize)]
pub struct ClockView {
    /// Each side's initial time.
    pub initial_ms: u64,
    /// The increment.
    pub increment_ms: u64,
    /// Each side's time left at `as_of_ms`.
    pub remaining_ms: SidePair<u64>,
    /// The side whose time runs.
    pub running: Option<Side>,
    /// When `remaining_ms` was read (epoch ms).
    pub as_of_ms: u64,
}

/// A value per side, `{"S": …, "N": …}`.
#[derive(Debug, Clone, Serialize)]
pub struct SidePair<T> {
    /// South's.
    #[serde(rename = "S")]
    pub south: T,
    /// North's.
    #[serde(rename = "N")]
    pub north: T,
}

/// The `online` part of a game's state. Never holds a token.
#[derive(Debug, Clone, Serialize)]
pub struct OnlineView {
    /// `open`, `playing`, `over`, `aborted` or `cancelled`.
    pub status: &'static str,
    /// The seats.
    pub seats: SidePair<SeatView>,
    /// The side of the request's token holder; `null` in broadcasts.
    pub you: Option<Side>,
    /// The clock.
    pub clock: Option<ClockView>,
    /// Who offers a draw.
    pub draw_offer: Option<Side>,
    /// Who asks for a takeback.
    pub takeback_offer: Option<Side>,
    /// Who offers a rematch.
    pub rematch_offer: Option<Side>,
    /// The rematch's id.
    pub rematch_id: Option<String>,
    /// Watchers without a seat.
    pub spectators: u32,
    /// Milliseconds until the side not to move may claim (the mover being disconnected).
    pub claimable_ms: Option<u64>,
    /// Why it ended.
    pub end: Option<String>,
    /// The winner (with `end`), `null` for a draw or no result.
    pub winner: Option<Side>,
    /// Whether it is listed in the lobby.
    pub lobby: bool,
}

impl Online {
    /// The state's `online` object at `now`, for the holder of `you`'s seat (or nobody).
    pub fn view(
        &self,
        game: &Game,
        presence: &Presence,
        you: Option<Side>,
        claim_delay: Duration,
        now: u64,
    ) -> OnlineView {
        let seat = |side: Side| SeatView {
            name: self.seat(side).name.clone(),
            taken: self.seat(side).token.is_some(),
            connected: presence.connected[idx(side)] > 0,
        };
        let clock = self.clock.as_ref().map(|c| ClockView {
            initial_ms: c.initial_ms,
            increment_ms: c.increment_ms,
            remaining_ms: SidePair {
                south: c.left_at(Side::South, now),
                north: c.left_at(Side::North, now),
            },
            running: c.running,
            as_of_ms: now,
        });
        let claimable_ms = (self.status == Status::Playing)
            .then(|| presence.gone_ms(game.position().turn(), now))
            .flatten()
            .map(|gone| (claim_delay.as_millis() as u64).saturating_sub(gone));
        OnlineView {
            status: self.status.name(),
            seats: SidePair {
                south: seat(Side::South),
                north: seat(Side::North),
            },
            you,
            clock,
            draw_offer: self.draw_offer,
            takeback_offer: self.takeback_offer,
            rematch_offer: self.rematch_offer,
            rematch_id: self.rematch_id.clone(),
            spectators: presence.spectators,
            claimable_ms,
            end: self.end.clone(),
            winner: self.winner,
            lobby: self.lobby,
        }
    }
}
