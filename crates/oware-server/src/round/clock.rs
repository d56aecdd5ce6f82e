//! The clocks of online games: the one flag timer per game, their resumption at start (the
//! downtime charged to nobody), and this server's sign of life in the store (the alive
//! heartbeat) that tells a start how long the service was down.

use std::sync::Arc;
use std::time::Duration;

use super::base::Base;
use crate::games::{Change, GameError, Live, Session};

/// How often a server records in the store that it is alive (see [`Clocks::resume_online`]).
const ALIVE_EVERY: Duration = Duration::from_secs(5);

/// The clocks of online games: one flag timer per clocked game, the clocks resumed at start.
pub struct Clocks {
    pub(super) base: Arc<Base>,
}

impl Clocks {
    /// Starts the timer that ends the game when the running side's flag falls, cancelling the
    /// game's previous timer (a game has at most one; one that has ended or whose clock is
    /// stopped has none). It sleeps on the games' clock until the flag's deadline; its retries
    /// (another instance's claim on the fall, a failed write) wait real time: they are how
    /// often work is tried, not a rule of the game.
    pub(crate) fn arm_clock(&self, live: &Live, s: &Session) {
        let mut timer = s.flag_timer.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(old) = timer.take() {
            old.abort();
        }
        let Some(deadline) = s.online.as_ref().and_then(|o| o.time_deadline()) else {
            return;
        };
        let version = s.version;
        let games = Arc::clone(&self.base.games);
        let (store, clock) = (Arc::clone(&self.base.store), Arc::clone(&self.base.clock));
        let lease = self.base.online.work_lease;
        let live = Arc::clone(live);
        let sleep = self.base.clock.sleep_until(deadline);
        let task = tokio::spawn(async move {
            let mut sleep = sleep;
            loop {
                sleep.await;
                let mut s = live.lock().await;
                if s.version != version {
                    return;
                }
                let Some(mut o) = s.online.clone() else {
                    return;
                };
                if !o.check_flag(clock.now_ms()) {
                    match o.time_deadline() {
                        Some(d) => {
                            sleep = clock.sleep_until(d);
                            continue;
                        }
                        None => return,
                    }
                }
                if store.shared() {
                    // Every instance holding the game has this timer: one writes the fall
                    // (claimed in the database; the version check would refuse a second
                    // write anyway). Another's claim: look again once it could have run out
                    // (its writer's notice ends this timer before then).
                    match store.claim(format!("flag {} {version}", s.id), lease).await {
                        Ok(true) => {}
                        Ok(false) => {
                            sleep = retry(lease + Duration::from_millis(100));
                            continue;
                        }
                        Err(e) => {
                            tracing::warn!(game = %s.id, "the fallen flag could not be claimed, retrying in 1 s: {e}");
                            sleep = retry(Duration::from_secs(1));
                            continue;
                        }
                    }
                }
                let game = s.game.clone();
                match games
                    .commit(&live, &mut s, Change::online(game, o), "time")
                    .await
                {
                    Ok(_) => {
                        tracing::debug!(game = %s.id, "a flag fell");
                        return;
                    }
                    Err(GameError::Conflict) => return,
                    Err(e) => {
                        tracing::warn!(game = %s.id, "the fallen flag could not be stored, retrying in 1 s: {e}");
                        sleep = retry(Duration::from_secs(1));
                    }
                }
            }
        });
        *timer = Some(task.abort_handle());
    }
}

/// A wait of `d` real time before work is tried again.
fn retry(d: Duration) -> crate::time::Sleep {
    Box::pin(tokio::time::sleep(d))
}

impl Clocks {
    /// At start: resumes the clocks of the online games still going and rebuilds the lobby;
    /// answers how many clocks were resumed. A clock charges the time its side used up to the
    /// stop and not the downtime: every server records in the store that it is alive (every
    /// `ALIVE_EVERY` (5 s) and when it stops), and a start that finds the last record older than
    /// that moves each running turn's start forward by the time since. With several instances
    /// on one database, a start while another instance serves (its record is recent) changes
    /// no clock: the service was never down.
    pub async fn resume_online(&self) -> Result<usize, GameError> {
        let now = self.base.now();
        let last = self.base.store.last_alive().await?;
        let shared = self.base.store.shared();
        let down = match last {
            Some(at) if !shared || now.saturating_sub(at) > 2 * ALIVE_EVERY.as_millis() as u64 => {
                now.saturating_sub(at)
            }
            _ => 0,
        };
        // One instance moves the clocks: the others starting meanwhile find its record.
        let mover = down > 0
            && (!shared
                || self
                    .base
                    .store
                    .claim("resume clocks".to_string(), self.base.online.work_lease)
                    .await
                    .unwrap_or(false));
        let result = self.resume_games(if mover { down } else { 0 }).await;
        self.base.store.mark_alive(self.base.now()).await?;
        if mover && shared {
            let _ = self.base.store.release("resume clocks".to_string()).await;
        }
        self.alive_heartbeat();
        result
    }

    /// Every [`ALIVE_EVERY`], records in the store that this server is alive. Ends when the
    /// round is dropped.
    fn alive_heartbeat(&self) {
        let weak = Arc::downgrade(&self.base);
        tokio::spawn(async move {
            loop {
                tokio::time::sleep(ALIVE_EVERY).await;
                let Some(base) = weak.upgrade() else { return };
                if let Err(e) = base.store.mark_alive(base.now()).await {
                    tracing::warn!("the store could not record that this server is alive: {e}");
                }
            }
        });
    }
}

impl Clocks {
    /// [`Clocks::resume_online`]'s work on each game: the running clocks' turns start `down` ms
    /// later.
    async fn resume_games(&self, down: u64) -> Result<usize, GameError> {
        let rows = self.base.store.live_online().await?;
        let mut resumed = 0;
        for row in rows {
            let live = match self.base.games.live(&row.id).await {
                Ok(l) => l,
                Err(e) => {
                    tracing::warn!(game = %row.id, "an online game could not be resumed: {e}");
                    continue;
                }
            };
            let mut s = live.lock().await;
            let Some(mut o) = s.online.clone() else {
                continue;
            };
            // A clock waiting for a first move is moved on too: its deadline counts from
            // the start or the last move (`Online::first_move_deadline`).
            let waiting = o.first_move_deadline().is_some();
            let started = o.started_ms.unwrap_or(o.created_ms);
            let timed = o.clock.as_mut().filter(|c| c.running.is_some() || waiting);
            if let Some(c) = timed.filter(|_| down > 0) {
                c.turn_started_ms = (c.turn_started_ms.max(started) + down).min(self.base.now());
                let game = s.game.clone();
                let change = Change::online(game, o);
                if let Err(e) = self.base.games.commit(&live, &mut s, change, "time").await {
                    tracing::warn!(game = %row.id, "a clock could not be resumed: {e}");
                    continue;
                }
                resumed += 1;
            }
            self.arm_clock(&live, &s);
            self.base.lobby.sync_game(&s);
            if s.online.as_ref().is_some_and(|o| o.lobby) {
                self.base.recheck_lobby_later(&live, &s);
            }
        }
        Ok(resumed)
    }
}
