//! What every part of online play shares ([`Base`]): the games, the store, the clock, the lobby,
//! the settings and the budget, given by the wiring; and the steps the parts all take (an action
//! on a copy of the online part once the flag is checked, a seat's answer, the creation limits,
//! the lobby's recheck, the spectators' count). The ratings at the start are `players.rs`'s.

use std::sync::Arc;

use oware_core::{Game, Side};
use oware_protocol::SeatAnswer;

use crate::budget::Budget;
use crate::games::{online_of, online_row, Change, GameError, Games, Live, Session};
use crate::lobby::Lobby;
use crate::local::Local;
use crate::online::{Online, OnlineConfig, OnlineError};
use crate::store::Store;
use crate::time::Clock;
use crate::view::StateView;

/// The shortest time between two counts of a game's spectators sent to its streams (ms).
pub(crate) const SPECTATORS_EVERY_MS: u64 = 1000;

/// What the parts of online play work with.
pub(crate) struct Base {
    pub(super) games: Arc<Games>,
    pub(super) store: Arc<dyn Store>,
    pub(super) clock: Arc<dyn Clock>,
    /// Games on one device: a move or a cycle proposal of such a game is theirs.
    pub(super) local: Arc<Local>,
    /// The open challenges posted to the lobby and their watchers (`lobby.rs`).
    pub(super) lobby: Arc<Lobby>,
    pub(super) online: OnlineConfig,
    /// The budget: online games created per address, games going per account.
    pub(super) budget: Arc<Budget>,
}

/// A budget's refusal as the games' error (429 with `Retry-After`).
fn too_many(e: crate::limits::LimitError) -> GameError {
    GameError::TooMany {
        code: e.code,
        message: e.message,
        retry_after_s: e.retry_after_s,
    }
}

impl Base {
    pub(super) fn now(&self) -> u64 {
        self.clock.now_ms()
    }

    /// Counts a creation by `ip` (a challenge, or a pool's ticket: each may become a game);
    /// refuses beyond the limit in the window.
    pub(crate) fn count_creation(&self, ip: Option<std::net::IpAddr>) -> Result<(), GameError> {
        self.creation(ip, true)
    }

    /// Whether [`Base::count_creation`] would count a creation by `ip` now, counting nothing.
    pub(crate) fn may_create(&self, ip: Option<std::net::IpAddr>) -> Result<(), GameError> {
        self.creation(ip, false)
    }

    fn creation(&self, ip: Option<std::net::IpAddr>, count: bool) -> Result<(), GameError> {
        let Some(ip) = ip else { return Ok(()) };
        self.budget.online_creation(ip, count).map_err(too_many)
    }

    /// Refuses one more online game for each of `users` (account ids) that has as many going
    /// as the budget allows ([`crate::ServerLimits::live_games_per_account`]): counted in the
    /// store by the seat columns' indexes, so every instance counts the same.
    pub(crate) async fn may_hold_another(&self, users: &[&str]) -> Result<(), GameError> {
        for u in users {
            let going = self.store.live_online_count(u.to_string()).await?;
            self.budget.live_games(going).map_err(too_many)?;
        }
        Ok(())
    }

    pub(super) async fn insert_online(
        &self,
        id: &str,
        token: &str,
        game: Game,
        online: Online,
    ) -> Result<(), GameError> {
        self.store
            .insert(online_row(id, token, &game, &online)?)
            .await?;
        Ok(())
    }

    /// Looks at game `live`'s lobby entry again once the creator's grace has run out, so that a
    /// challenge whose creator left (or never opened the page) leaves the lobby. The grace
    /// counts from the time the creator's seat has had no stream since (in `s`).
    pub(super) fn recheck_lobby_later(&self, live: &Live, s: &Session) {
        let Some(o) = &s.online else { return };
        let since = s.presence.gone_since[usize::from(o.creator == Side::North)];
        let (lobby, live) = (Arc::clone(&self.lobby), Arc::clone(live));
        self.lobby
            .after_grace(since, async move { lobby.sync_game(&*live.lock().await) });
    }

    /// Whether the running side's flag of game `s` has fallen by `now`: if so the game's end by
    /// time (in `o`) is stored and published, and the caller refuses its request.
    pub(super) async fn flag_fell(
        &self,
        live: &Live,
        s: &mut Session,
        o: &mut Online,
        now: u64,
    ) -> Result<bool, GameError> {
        if !o.check_flag(now) {
            return Ok(false);
        }
        let game = s.game.clone();
        self.games
            .commit(live, s, Change::online(game, o.clone()), "time")
            .await?;
        Ok(true)
    }

    /// Runs `f` on copies of game `id`'s online part and of its game, for the token's side
    /// (after the flag is checked), stores them, tells the watchers and answers the state for
    /// that side. What `f` answers besides is dropped.
    pub(super) async fn online_action<R>(
        &self,
        id: &str,
        token: Option<&str>,
        cause: &str,
        f: impl FnOnce(&mut Online, Side, &Session, &mut Game, u64) -> Result<R, OnlineError>,
    ) -> Result<StateView, GameError> {
        let (live, mut s) = self.games.hold(id).await?;
        let now = self.now();
        let mut o = online_of(&s)?.clone();
        let side = o.player(token)?;
        if self.flag_fell(&live, &mut s, &mut o, now).await? {
            return Err(OnlineError::game_over().into());
        }
        let mut game = s.game.clone();
        f(&mut o, side, &s, &mut game, now)?;
        self.games
            .commit(&live, &mut s, Change::online(game, o), cause)
            .await?;
        Ok(self.games.view_for(&s, Some(side)))
    }

    /// `side`'s seat of game `s` with its token (a seat not taken is not anybody's).
    pub(super) fn seat_reply(&self, s: &Session, side: Side) -> Result<SeatAnswer, GameError> {
        let token = online_of(s)?
            .seat(side)
            .token
            .clone()
            .ok_or_else(OnlineError::not_your_seat)?;
        Ok(SeatAnswer {
            id: s.id.clone(),
            token,
            state: self.games.view_for(s, Some(side)),
        })
    }

    /// A spectator arrived or left game `live` (`s`, locked): the count is sent now if none
    /// was in the last [`SPECTATORS_EVERY_MS`], else once that time is up (one timer on the
    /// server's clock for however many arrive meanwhile), so that N arrivals cost N sends at
    /// most once a second rather than N to every one of N streams.
    pub(crate) fn spectators_changed(self: &Arc<Self>, live: &Live, s: &mut crate::games::Session) {
        let now = self.now();
        let next = s.spectators_sent_ms.saturating_add(SPECTATORS_EVERY_MS);
        if now >= next {
            s.spectators_sent_ms = now;
            s.publish_spectators(now);
            return;
        }
        if s.spectators_due {
            return;
        }
        s.spectators_due = true;
        let base = Arc::clone(self);
        let live = Arc::clone(live);
        let due = self.clock.sleep_until(next);
        tokio::spawn(async move {
            due.await;
            let mut s = live.lock().await;
            s.spectators_due = false;
            let now = base.now();
            s.spectators_sent_ms = now;
            s.publish_spectators(now);
        });
    }
}
