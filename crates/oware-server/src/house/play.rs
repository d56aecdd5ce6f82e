//! One house bot's game: it watches the game's events (holding a bot's game stream, so it
//! counts as present) and, after each, looks at the game and does what it asks of the bot:
//! a move on its turn, an answer to an offer, a claim when the opponent has gone.

use std::time::Duration;

use oware_core::Side;
use oware_engine::Level;
use oware_protocol::{OfferKind, OnlineView, Status};
use tokio::sync::watch;

use super::{House, HouseBot};
use crate::engine::EngineError;

/// What the game asks of the bot after a look.
enum Next {
    /// Nothing until the next event.
    Wait,
    /// Nothing until the next event or this time of the server's clock (a claim that
    /// becomes possible, a move another instance claimed, an engine lane that was full).
    Until(u64),
    /// The game is over: a rematch offer may still come (declined) until [`LINGER_MS`].
    Over,
    /// The game is no longer the bot's to follow.
    Done,
}

/// How long after its game ends a house bot still answers (declines) a rematch offer (ms of
/// the server's clock). A rematch is a new game the pairing did not make: a house bot plays the
/// games it is paired into or challenged to.
const LINGER_MS: u64 = 60_000;

/// A house bot searches as its level does unless its clock is shorter than this many of
/// the level's search times: then it plays as `medium` (a 4-ply search, milliseconds).
const HURRY_MOVES: u64 = 15;

impl House {
    /// Plays game `id` as `bot` until it ends or `shutdown`.
    pub(super) async fn play_game(
        &self,
        bot: &HouseBot,
        id: &str,
        shutdown: Option<watch::Receiver<bool>>,
    ) {
        let stream = match self.bots.game_stream(id, &bot.user).await {
            Ok(s) => s,
            Err(e) => {
                tracing::warn!(game = %id, bot = %bot.user.name, "a house bot cannot follow its game: {e}");
                return;
            }
        };
        let mut events = stream.events;
        let _present = stream.guard;
        let mut shutdown = shutdown;
        let mut ended: Option<u64> = None;
        loop {
            let until = match self.look(bot, id).await {
                Next::Done => return,
                Next::Wait => None,
                Next::Until(at) => Some(at),
                Next::Over => {
                    let end = *ended
                        .get_or_insert_with(|| self.play.clock.now_ms().saturating_add(LINGER_MS));
                    if self.play.clock.now_ms() >= end {
                        return;
                    }
                    Some(end)
                }
            };
            let timer = async {
                match until {
                    Some(at) => self.play.clock.sleep_until(at).await,
                    None => std::future::pending().await,
                }
            };
            let stop = async {
                match shutdown.as_mut() {
                    Some(rx) => {
                        let _ = rx.wait_for(|down| *down).await;
                    }
                    None => std::future::pending().await,
                }
            };
            tokio::select! {
                _ = stop => return,
                _ = timer => {}
                // Any event (a lag skipped) wakes the bot; the stream ends with the game's channel.
                ev = futures_util::StreamExt::next(&mut events) => if ev.is_none() {
                    return;
                },
            }
        }
    }

    /// Looks at game `id` and does the bot's part.
    async fn look(&self, bot: &HouseBot, id: &str) -> Next {
        let seat = match self.play.round.accounts.seat(id, &bot.user).await {
            Ok(seat) => seat,
            Err(_) => return Next::Done,
        };
        let Some(online) = seat.state.online else {
            return Next::Done;
        };
        let Some(me) = online.you else {
            return Next::Done;
        };
        if online.status != Status::Playing {
            if online.rematch_offer == Some(me.other()) {
                if let Err(e) = self
                    .bots
                    .answer_offer(id, &bot.user, OfferKind::Rematch, false)
                    .await
                {
                    tracing::debug!(game = %id, "a house bot's answer to a rematch was refused: {e}");
                }
                return Next::Done;
            }
            return Next::Over;
        }
        let (game, version) = match self.play.games.live(id).await {
            Ok(live) => {
                let s = live.lock().await;
                (s.game.clone(), s.version)
            }
            Err(_) => return Next::Done,
        };
        if let Some(next) = self.answer_offers(bot, id, me, &online, &game).await {
            return next;
        }
        if game.is_over() {
            return Next::Done;
        }
        if game.position().turn() != me {
            // The opponent's turn: claim the game once they have gone long enough.
            return match online.claimable_ms {
                Some(0) => {
                    if let Err(e) = self.bots.claim_victory(id, &bot.user).await {
                        tracing::debug!(game = %id, "a house bot's claim was refused: {e}");
                    }
                    Next::Wait
                }
                Some(ms) => Next::Until(self.play.clock.now_ms().saturating_add(ms)),
                None => Next::Wait,
            };
        }
        self.move_in(bot, id, game, version, &online).await
    }

    /// Answers the opponent's standing offer, if there is one: draws, takebacks and rematches
    /// are declined (a house bot plays its games out), an offer to end a cycle is answered as
    /// the page's computer answers it (the engine's honest judgement).
    async fn answer_offers(
        &self,
        bot: &HouseBot,
        id: &str,
        me: Side,
        online: &OnlineView,
        game: &oware_core::Game,
    ) -> Option<Next> {
        let theirs = |offer: Option<Side>| offer == Some(me.other());
        let kind = if theirs(online.cycle_offer) {
            OfferKind::Cycle
        } else if theirs(online.draw_offer) {
            OfferKind::Draw
        } else if theirs(online.takeback_offer) {
            OfferKind::Takeback
        } else {
            return None;
        };
        let yes = match kind {
            OfferKind::Cycle => self
                .engine
                .answer_cycle(game.clone(), bot.level, me)
                .await
                .unwrap_or(false),
            _ => false,
        };
        if let Err(e) = self.bots.answer_offer(id, &bot.user, kind, yes).await {
            tracing::debug!(game = %id, "a house bot's answer to an offer was refused: {e}");
        }
        Some(Next::Wait)
    }

    /// Searches and plays the bot's move in `game` (at `version`), claimed first when
    /// several instances share the store.
    async fn move_in(
        &self,
        bot: &HouseBot,
        id: &str,
        game: oware_core::Game,
        version: u64,
        online: &OnlineView,
    ) -> Next {
        let ply = game.moves().len();
        let key = format!("house move {id} {ply}");
        if self.play.store.shared() {
            match self.play.store.claim(key.clone(), self.lease).await {
                Ok(true) => {}
                // Another instance plays this move; look again when its claim would lapse.
                Ok(false) => return Next::Until(self.retry_at(self.lease)),
                Err(e) => {
                    tracing::warn!(game = %id, "a house bot's move could not be claimed: {e}");
                    return Next::Until(self.retry_at(Duration::from_secs(1)));
                }
            }
        }
        let level = hurried(bot.level, online);
        let seed = crate::engine::reply_seed(id, ply);
        let side = game.position().turn();
        let chosen = self.engine.reply(game, level, seed).await;
        let next = match chosen {
            Ok(mv) => {
                let letter = mv.letter(side).to_string();
                match self.bots.play(id, &bot.user, &letter).await {
                    Ok(()) => Next::Wait,
                    Err(e) => {
                        // The game changed under the search (a takeback, an end): look again.
                        tracing::debug!(game = %id, version, "a house bot's move was refused: {e}");
                        Next::Wait
                    }
                }
            }
            Err(EngineError::NoMove) => Next::Done,
            Err(e) => {
                let after = Duration::from_secs(e.retry_after_s().max(1));
                tracing::warn!(game = %id, "a house bot's search failed: {e}; trying again");
                Next::Until(self.retry_at(after))
            }
        };
        if self.play.store.shared() {
            let _ = self.play.store.release(key).await;
        }
        next
    }

    fn retry_at(&self, after: Duration) -> u64 {
        let ms = u64::try_from(after.as_millis()).unwrap_or(u64::MAX);
        self.play.clock.now_ms().saturating_add(ms)
    }
}

/// The level to search at: `level`, or `medium` when the bot's clock is short for it.
fn hurried(level: Level, online: &OnlineView) -> Level {
    let (Some(clock), Some(me)) = (online.clock.as_ref(), online.you) else {
        return level;
    };
    let per_move = u64::try_from(level.spec().movetime.as_millis()).unwrap_or(u64::MAX);
    let left = *clock.remaining_ms.get(me);
    if matches!(level, Level::Hard | Level::Expert) && left < per_move.saturating_mul(HURRY_MOVES) {
        Level::Medium
    } else {
        level
    }
}
