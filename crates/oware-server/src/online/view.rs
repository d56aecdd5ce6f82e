//! What the state shows of an online game ([`OnlineView`]) and the lobby's entries
//! ([`LobbyEntry`]), built from [`Online`] as `oware_protocol` types: never a token.

use std::time::Duration;

use oware_core::{BySide, Game, Rules, Side};
pub use oware_protocol::{ClockView, LobbyEntry, OnlineView, SeatView};

use super::presence::{idx, Presence};
use super::{Online, Status};

/// The lobby's entry of game `id`.
pub fn lobby_entry(id: &str, o: &Online, rules: &Rules) -> LobbyEntry {
    LobbyEntry {
        id: id.to_string(),
        name: o.seat(o.creator).name.clone(),
        color: o.creator,
        clock: o.clock.as_ref().map(|c| c.control()),
        rules: rules.to_string(),
        created_ms: o.created_ms,
        rated: o.rated,
        rating: o.seat(o.creator).rating,
        range: o.range,
        bot: o.seat(o.creator).bot,
    }
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
            account: self.seat(side).user.is_some(),
            rating: self.seat(side).rating,
            bot: self.seat(side).bot,
        };
        let clock = self.clock.as_ref().map(|c| ClockView {
            initial_ms: c.initial_ms,
            increment_ms: c.increment_ms,
            remaining_ms: BySide::new(c.left_at(Side::South, now), c.left_at(Side::North, now)),
            running: c.running,
            as_of_ms: now,
        });
        let claimable_ms = (self.status == Status::Playing)
            .then(|| presence.gone_ms(game.position().turn(), now))
            .flatten()
            .map(|gone| (claim_delay.as_millis() as u64).saturating_sub(gone));
        OnlineView {
            status: self.status,
            seats: BySide::new(seat(Side::South), seat(Side::North)),
            you,
            clock,
            draw_offer: self.draw_offer,
            takeback_offer: self.takeback_offer,
            rematch_offer: self.rematch_offer,
            rematch_id: self.rematch_id.clone(),
            spectators: presence.spectators,
            claimable_ms,
            end: self.end,
            winner: self.winner,
            lobby: self.lobby,
            rated: self.rated,
            cycle_offer: self.cycle_offer,
            advice: self.advice,
        }
    }
}
