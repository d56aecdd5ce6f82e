//! Offers to the opponent (lila's drawer and takebacker): draw offers, takebacks, proposals
//! to end the game as a cycle; and claims against an opponent who left.

use std::sync::Arc;

use oware_core::Game;

use super::base::Base;
use crate::games::{GameError, Session};
use crate::online::{parse_action, Claim, OfferAction, OfferKind, Online};
use crate::view::StateView;

/// Draw offers, takebacks, cycle proposals and claims of online games.
pub struct Offers {
    pub(super) base: Arc<Base>,
}

impl Offers {
    /// A step of a draw offer, a takeback or a cycle proposal.
    pub async fn offer(
        &self,
        id: &str,
        token: Option<&str>,
        kind: OfferKind,
        action: &str,
    ) -> Result<StateView, GameError> {
        let action = parse_action(action)?;
        match kind {
            OfferKind::Draw => {
                let step = |o: &mut Online, side, _: &Session, _: &mut Game, now| {
                    o.draw(side, action, now)
                };
                self.base.online_action(id, token, "draw", step).await
            }
            OfferKind::Takeback => self.takeback(id, token, action).await,
            OfferKind::Cycle => self.cycle(id, token, action).await,
            // A rematch's answer is a seat in a new game: it has a step of its own.
            OfferKind::Rematch => Err(GameError::invalid(
                "bad-offer",
                "a rematch is answered with POST /api/games/{id}/rematch",
            )),
        }
    }

    /// A step of a takeback by the token's side: accepted, the moves asked for are undone.
    pub(super) async fn takeback(
        &self,
        id: &str,
        token: Option<&str>,
        action: OfferAction,
    ) -> Result<StateView, GameError> {
        let step = |o: &mut Online, side, _: &Session, game: &mut Game, now| {
            if let Some(n) = o.takeback(side, action, game, now)? {
                for _ in 0..n {
                    game.undo();
                }
                o.after_takeback(game, now);
            }
            Ok(())
        };
        self.base.online_action(id, token, "takeback", step).await
    }

    /// A step of a proposal to end game `id` as a cycle: online, like a draw offer; a game on
    /// one device is `local/`'s.
    pub(super) async fn cycle(
        &self,
        id: &str,
        token: Option<&str>,
        action: OfferAction,
    ) -> Result<StateView, GameError> {
        let live = self.base.games.live(id).await?;
        let online = live.lock().await.online.is_some();
        if !online {
            return self.base.local.cycle(live, token, action).await;
        }
        let step = |o: &mut Online, side, _: &Session, game: &mut Game, now| {
            o.cycle(side, action, game, now)
        };
        self.base.online_action(id, token, "cycle", step).await
    }

    /// The token's side claims the win or a draw against an opponent who left.
    pub async fn claim(
        &self,
        id: &str,
        token: Option<&str>,
        result: &str,
    ) -> Result<StateView, GameError> {
        let claim: Claim = result
            .parse()
            .map_err(|e| GameError::invalid("bad-claim", format!("{e}, not \"{result}\"")))?;
        let cfg = self.base.online.clone();
        self.base
            .online_action(id, token, "claim", |o, side, s, _, now| {
                let gone = s.presence_now(now).gone_ms(s.game.position().turn(), now);
                let delay = o.claim_delay(&cfg).as_millis() as u64;
                o.claim(side, claim, &s.game, gone, delay, now)
            })
            .await
    }
}
