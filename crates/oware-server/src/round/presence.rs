//! Who watches an online game: the players' and spectators' event streams ([`PresenceGuard`]),
//! presence keys.

use std::sync::Arc;

use oware_core::Side;
use tokio::sync::broadcast;

use super::base::Base;
use crate::events::{Event, Feed};
use crate::games::{
    announce_presence, constant_time_eq, online_of, random_hex, GameError, Live, Watcher,
};

/// The events a spectator's own channel holds (its analysis, which nobody else gets) before a
/// slow stream skips the older ones. A channel keeps its slots from the start, and every
/// spectator has one: with 6,000 spectators of a game, 64 slots were 28 MiB.
const OWN_BACKLOG: usize = 8;

/// Keeps a player's or spectator's presence while its event stream is open.
pub struct PresenceGuard {
    base: Arc<Base>,
    live: Live,
    side: Option<Side>,
    /// A spectator's stream handle.
    watcher: Option<String>,
}

impl Drop for PresenceGuard {
    fn drop(&mut self) {
        let Ok(rt) = tokio::runtime::Handle::try_current() else {
            return;
        };
        let base = Arc::clone(&self.base);
        let live = Arc::clone(&self.live);
        let side = self.side;
        let watcher = self.watcher.take();
        rt.spawn(async move {
            let mut s = live.lock().await;
            // The creator's grace (a challenge in the lobby) counts from this time.
            let now = base.now();
            s.presence.close(side, now);
            if let Some(handle) = watcher {
                // Its analysis stops with it.
                s.watchers.remove(&handle);
            }
            if side.is_some() {
                base.games.publish_update(&s, None, "presence", None);
            } else {
                base.spectators_changed(&live, &mut s);
            }
            announce_presence(&base.store, &s);
            if side.is_some() {
                base.recheck_lobby_later(&live, &s);
            }
        });
    }
}

/// The event streams of online games' players and spectators.
pub struct Watchers {
    pub(super) base: Arc<Base>,
}

impl Watchers {
    /// Subscribes to game `id`'s events as a player (presence `key`) or a spectator: the
    /// stream counts as connected until the guard is dropped (the page left). A spectator's
    /// stream opened by an account holding a seat (`viewer`) is filtered as a player's is
    /// (no spectators' room unless the game is open to advice), and its handle gets no
    /// analysis while the game is live. The stream reads its [`Feed`] itself: the game's
    /// events (less those hidden from its reader) and, for a spectator, its own channel.
    pub async fn subscribe_present(
        &self,
        id: &str,
        key: Option<&str>,
        viewer: Option<&str>,
    ) -> Result<(Event, Feed, Option<PresenceGuard>), GameError> {
        let (live, mut s) = self.base.games.hold(id).await?;
        if s.online.is_none() {
            drop(s);
            let (first, rx) = self.base.games.subscribe(id).await?;
            return Ok((first, Feed::new(rx), None));
        }
        let side = match key {
            None => None,
            Some(k) => Some(
                Side::ALL
                    .into_iter()
                    .find(|&side| {
                        s.presence_key_of(side)
                            .is_some_and(|want| constant_time_eq(k.as_bytes(), want.as_bytes()))
                    })
                    .ok_or_else(|| GameError::Forbidden {
                        code: "bad-presence-key",
                        message: "this presence key is not one of this game's (ask for a new one)"
                            .into(),
                    })?,
            ),
        };
        s.presence.open(side);
        let advice = s.online.as_ref().is_some_and(|o| o.advice);
        let seated = s.online.as_ref().is_some_and(|o| o.seated_account(viewer));
        let (feed, watcher) = match side {
            Some(_) if advice => {
                self.base.games.publish_update(&s, None, "presence", None);
                (Feed::new(s.channel.subscribe()), None)
            }
            Some(_) => {
                // The players of a game not open to advice never see the spectators' room: their
                // stream is the game's without those messages.
                self.base.games.publish_update(&s, None, "presence", None);
                let feed =
                    Feed::new(s.channel.subscribe()).hiding(crate::chat::hidden_from_players);
                (feed, None)
            }
            None => {
                // A spectator: a channel of its own besides the game's (see [`Watcher`]), and
                // only the count changes for the others (at most once a second).
                self.base.spectators_changed(&live, &mut s);
                let handle = random_hex(12)?;
                let (own, own_rx) = broadcast::channel(OWN_BACKLOG);
                let mut feed = Feed::new(s.channel.subscribe()).with_own(own_rx);
                if seated && !advice {
                    feed = feed.hiding(crate::chat::hidden_from_players);
                }
                s.watchers.insert(
                    handle.clone(),
                    Watcher {
                        events: own,
                        analysis: None,
                        seated,
                    },
                );
                (feed, Some(handle))
            }
        };
        announce_presence(&self.base.store, &s);
        self.base.lobby.sync_game(&s);
        let first = oware_protocol::UpdateEvent {
            cause: "connect".into(),
            detail: None,
            state: self.base.games.view(&s),
            watcher: Some(watcher.clone()),
        };
        let first = Event::new(
            oware_protocol::EventKind::Update.name(),
            crate::events::to_json(&first),
        );
        Ok((
            first,
            feed,
            Some(PresenceGuard {
                base: Arc::clone(&self.base),
                live: Arc::clone(&live),
                side,
                watcher,
            }),
        ))
    }

    /// A presence key for the token's seat: the page opens the events with `?presence=KEY`.
    pub async fn key(&self, id: &str, token: Option<&str>) -> Result<String, GameError> {
        let (_, s) = self.base.games.hold(id).await?;
        let side = online_of(&s)?.player(token)?;
        s.presence_key_of(side)
            .ok_or_else(|| GameError::Internal("a seat without a token".into()))
    }
}
