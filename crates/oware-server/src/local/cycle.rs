//! Ending a game as an endless cycle by agreement (`POST /api/games/{id}/cycle`): each side
//! takes the seeds on its own row ([`oware_core::Game::agree_cycle`], reason `agreed-cycle`).
//!
//! - Online: a proposal like a draw offer (`online/offers.rs`), lapsing with the next move.
//! - Against the computer: the person proposes and the computer answers honestly at once
//!   (`oware_engine::answer_cycle_proposal` on the level's reply lane); the computer proposes
//!   instead of moving when a cycle is all that is left (`computer.rs`), and the person
//!   accepts or declines.
//! - Two people on one device: the page has asked the other player; `offer` or `accept` ends
//!   the game.

use std::sync::Arc;

use oware_core::Game;

use super::{busy, Local};
use crate::games::{Change, GameError, Live, Opponent, Session};
use crate::online::{OfferAction, OnlineError};
use crate::view::StateView;

/// The computer proposes only with this many seeds on the board or fewer: a cycle with more is
/// rare, and the question costs half a move's time (as the terminal client does).
const PROPOSE_MAX_SEEDS: u8 = 16;

/// `game` ended as an agreed cycle, or the refusal when the rules do not allow it here (a row
/// is empty, the game is over).
fn agreed(game: &Game) -> Result<Game, GameError> {
    let mut game = game.clone();
    game.agree_cycle()
        .map_err(|e| OnlineError::refused("cannot-agree-cycle", e.to_string()))?;
    Ok(game)
}

impl Local {
    /// A step of a proposal to end game `live` (on one device) as a cycle (see the module
    /// docs); the cycle's route is `round/`'s, which hands such a game over.
    pub(crate) async fn cycle(
        &self,
        live: Live,
        token: Option<&str>,
        action: OfferAction,
    ) -> Result<StateView, GameError> {
        let mut s = live.lock().await;
        s.authorize(token)?;
        let level = match s.opponent {
            Opponent::Computer(level) => level,
            _ => {
                // Two people on one device: the page asked the other one.
                if matches!(action, OfferAction::Offer | OfferAction::Accept) {
                    return self.end_as_cycle(&live, &mut s).await;
                }
                return Ok(self.games.view(&s));
            }
        };
        let computer = s.human.other();
        match action {
            OfferAction::Accept | OfferAction::Decline if s.cycle_offer != Some(computer) => {
                Err(OnlineError::refused(
                    "no-offer",
                    "the computer has not proposed to end the game as a cycle",
                )
                .into())
            }
            OfferAction::Accept => self.end_as_cycle(&live, &mut s).await,
            OfferAction::Decline => {
                s.cycle_offer = None;
                s.cycle_declined = Some(s.game.position().seeds_on_board());
                self.games.publish_update(&s, None, "cycle", None);
                let state = self.games.view(&s);
                drop(s);
                // The computer moves instead.
                self.spawn_computer(Arc::clone(&live));
                Ok(state)
            }
            OfferAction::Withdraw => Err(OnlineError::refused(
                "no-offer",
                "you have no proposal to withdraw: the computer answers at once",
            )
            .into()),
            OfferAction::Offer => {
                agreed(&s.game)?;
                if s.cycle_offer == Some(computer) {
                    // Proposing while the computer proposes is accepting.
                    return self.end_as_cycle(&live, &mut s).await;
                }
                if s.game.position().turn() != s.human || s.thinking {
                    return Err(GameError::refused(
                        "not-your-turn",
                        "propose on your turn, once the computer has moved",
                    ));
                }
                if s.cycle_refused_at == Some(s.version) {
                    return Err(GameError::refused(
                        "cycle-declined",
                        "the computer has already declined to end the game here: play on",
                    ));
                }
                let (game, version) = (s.game.clone(), s.version);
                drop(s);
                let accept = self
                    .engine
                    .answer_cycle(game, level, computer)
                    .await
                    .map_err(busy)?;
                let mut s = live.lock().await;
                if s.version != version {
                    return Err(GameError::Conflict);
                }
                if !accept {
                    s.cycle_refused_at = Some(version);
                    return Ok(self.games.view(&s));
                }
                self.end_as_cycle(&live, &mut s).await
            }
        }
    }

    /// Ends the local game in `s` (`live`) as an agreed cycle, saved and announced.
    async fn end_as_cycle(&self, live: &Live, s: &mut Session) -> Result<StateView, GameError> {
        let game = agreed(&s.game)?;
        self.games
            .commit(live, s, Change::local(game, Vec::new()), "cycle")
            .await?;
        Ok(self.games.view(s))
    }
}

/// Whether the computer, about to move in `s`, may propose to end the game as a cycle
/// (few seeds left, not declined since the last capture, both rows hold seeds).
pub(super) fn computer_may_propose(s: &Session) -> bool {
    let pos = s.game.position();
    let seeds = pos.seeds_on_board();
    s.online.is_none()
        && s.cycle_offer.is_none()
        && seeds <= PROPOSE_MAX_SEEDS
        && s.cycle_declined != Some(seeds)
        && pos.agreed_cycle_outcome(s.game.rules()).is_ok()
}
