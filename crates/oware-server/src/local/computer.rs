//! The computer's reply: one at a time per game, on the engine's reply lanes, claimed in the
//! store so that one instance answers a move.

use std::sync::Arc;
use std::time::Duration;

use super::Local;
use crate::engine::reply_seed;
use crate::games::{Change, GameError, Live, Opponent, Session};
use crate::view::{self};

impl Local {
    /// Starts the computer's reply in the background.
    pub(super) fn spawn_computer(&self, live: Live) {
        let Some(local) = self.me.upgrade() else {
            return;
        };
        tokio::spawn(async move { local.computer_turn(live).await });
    }

    /// Computes, stores and publishes the computer's reply. A failure is logged and published
    /// (`thinking` off with an `error`, the same in the state), and the next request for the
    /// state tries again: the game is never left "thinking" with nobody working on it.
    /// A game has at most one reply in the engine: while a stale one (the game changed under
    /// it) still searches, the next is started when it ends.
    pub(super) async fn computer_turn(self: Arc<Self>, live: Live) {
        // The mover's place among its address's replies in the engine: given back when this
        // reply ends, however it ends.
        let _hold = live.lock().await.engine_hold.take();
        let (chosen, mut s, id) = loop {
            let (game, level, seed, version, id, propose) = {
                let mut s = live.lock().await;
                let Opponent::Computer(level) = s.opponent else {
                    return;
                };
                if !s.computer_to_move() || s.cycle_offer.is_some() || s.page_plays {
                    // Its proposal to end the game as a cycle waits for the person's answer; a
                    // page that plays the computer itself moves for it.
                    return;
                }
                if s.reply_running {
                    // The running search's end starts this one.
                    if !s.thinking {
                        s.thinking = true;
                        s.publish_thinking();
                    }
                    return;
                }
                s.thinking = true;
                s.reply_running = true;
                s.engine_error = None;
                s.publish_thinking();
                let seed = reply_seed(&s.id, s.game.moves().len());
                let propose = super::cycle::computer_may_propose(&s);
                (
                    s.game.clone(),
                    level,
                    seed,
                    s.version,
                    s.id.clone(),
                    propose,
                )
            };
            if self.store.shared() && !self.claim_reply(&live, &id, version).await {
                // Another instance searches it (or the claim failed): nothing runs here.
                live.lock().await.reply_running = false;
                return;
            }
            if propose {
                // A cycle is all that is left: the computer proposes the split instead of moving.
                if let Ok(true) = self.engine.proposes_cycle(game.clone(), level).await {
                    let mut s = live.lock().await;
                    s.reply_running = false;
                    if s.version == version {
                        s.thinking = false;
                        s.cycle_offer = Some(game.position().turn());
                        s.publish_thinking();
                        self.games.publish_update(&s, None, "cycle", None);
                        return;
                    }
                    continue;
                }
            }
            let chosen = self.engine.reply(game, level, seed).await;
            let mut s = live.lock().await;
            s.reply_running = false;
            if s.version != version {
                tracing::debug!(game = %id, "the computer's reply is stale (the game changed), dropped");
                // The game may need a reply to its new position: the loop starts it.
                continue;
            }
            break (chosen, s, id);
        };
        s.thinking = false;
        let failed = |s: &mut Session, what: String| {
            tracing::warn!(game = %id, "the computer's reply failed: {what}");
            s.engine_error = Some(what);
            s.publish_thinking();
        };
        let m = match chosen {
            Ok(m) => m,
            Err(e) => return failed(&mut s, e.to_string()),
        };
        let pos = *s.game.position();
        let mut next = s.game.clone();
        let explained = match pos.explain(m, s.game.rules()) {
            Ok(d) => d,
            Err(e) => return failed(&mut s, format!("the engine chose an illegal move: {e}")),
        };
        if let Err(e) = next.play(m) {
            return failed(&mut s, format!("the engine chose an illegal move: {e}"));
        }
        let detail = view::move_detail(next.moves().len(), &pos, m, &explained);
        let change = Change::local(next, Vec::new()).with_detail(detail);
        match self.games.commit(&live, &mut s, change, "computer").await {
            Ok(_) => {}
            Err(GameError::Conflict) => {
                // Someone else changed the game; its new owner of the cache takes it from here.
                s.engine_error = Some("the game changed elsewhere; reload it".into());
                s.publish_thinking();
            }
            Err(e) => {
                let what = match &e {
                    GameError::Storage(se) => format!("its move could not be saved: {se}"),
                    e => e.to_string(),
                };
                failed(&mut s, what)
            }
        }
    }

    /// With several instances: claims the computer's reply to game `id` at `version` in the
    /// database, so that one instance searches it. Another instance's claim: this one waits
    /// for its move (a notice) and takes the work over if the claim runs out first (its
    /// claimer died). Answers whether to search here.
    async fn claim_reply(&self, live: &Live, id: &str, version: u64) -> bool {
        let lease = self.online.work_lease;
        match self
            .store
            .claim(format!("reply {id} {version}"), lease)
            .await
        {
            Ok(true) => true,
            Ok(false) => {
                tracing::debug!(game = %id, "another instance computes the reply");
                let me = self.me.clone();
                let live = Arc::clone(live);
                tokio::spawn(async move {
                    tokio::time::sleep(lease + Duration::from_millis(100)).await;
                    let mut s = live.lock().await;
                    if s.version == version && s.thinking {
                        tracing::info!(game = %s.id, "the reply's claim ran out: taking it over");
                        s.thinking = false;
                        drop(s);
                        if let Some(local) = me.upgrade() {
                            local.spawn_computer(live);
                        }
                    }
                });
                false
            }
            Err(e) => {
                let mut s = live.lock().await;
                if s.version == version {
                    s.thinking = false;
                    s.engine_error = Some(format!("its move could not be claimed: {e}"));
                    s.publish_thinking();
                }
                false
            }
        }
    }
}
