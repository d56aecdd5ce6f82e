//! Who watches an online game: the players' and spectators' event streams ([`PresenceGuard`]),
//! presence keys.

use std::sync::Arc;

use oware_core::Side;
use tokio::sync::broadcast;

use super::error::GameError;
use super::session::{constant_time_eq, Watcher};
use super::{random_hex, Games, Live};
use crate::events::Event;

/// Keeps a player's or spectator's presence while its event stream is open.
pub struct PresenceGuard {
    games: Arc<Games>,
    live: Live,
    side: Option<Side>,
    /// A spectator's stream handle.
    watcher: Option<String>,
    /// A player's filtered stream's forwarder (a game not open to advice: `chat.rs`).
    filter: Option<tokio::task::AbortHandle>,
}

impl Drop for PresenceGuard {
    fn drop(&mut self) {
        if let Some(f) = self.filter.take() {
            f.abort();
        }
        let Ok(rt) = tokio::runtime::Handle::try_current() else {
            return;
        };
        let games = Arc::clone(&self.games);
        let live = Arc::clone(&self.live);
        let side = self.side;
        let watcher = self.watcher.take();
        rt.spawn(async move {
            let mut s = live.lock().await;
            // The creator's grace (a challenge in the lobby) counts from this time.
            let now = games.now();
            s.presence.close(side, now);
            if let Some(handle) = watcher {
                // Its forwarder and analysis stop with it.
                s.watchers.remove(&handle);
            }
            if side.is_some() {
                games.publish_update(&s, None, "presence", None);
            } else {
                s.publish_spectators(now);
            }
            games.announce_presence(&s);
            if side.is_some() {
                games.recheck_lobby_later(&live, &s);
            }
        });
    }
}

impl Games {
    /// Subscribes to game `id`'s events as a player (presence `key`) or a spectator: the
    /// stream counts as connected until the guard is dropped (the page left). A spectator's
    /// stream opened by an account holding a seat (`viewer`) is filtered as a player's is
    /// (no spectators' room unless the game is open to advice), and its handle gets no
    /// analysis while the game is live.
    pub async fn subscribe_present(
        self: &Arc<Self>,
        id: &str,
        key: Option<&str>,
        viewer: Option<&str>,
    ) -> Result<(Event, broadcast::Receiver<Event>, Option<PresenceGuard>), GameError> {
        let live = self.live(id).await?;
        let mut s = live.lock().await;
        if s.online.is_none() {
            drop(s);
            let (first, rx) = self.subscribe(id).await?;
            return Ok((first, rx, None));
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
        let mut filter = None;
        let (rx, watcher) = match side {
            Some(_) if advice => {
                self.publish_update(&s, None, "presence", None);
                (s.channel.subscribe(), None)
            }
            Some(_) => {
                // The players of a game not open to advice never see the spectators' room: their
                // stream is the game's without those messages.
                self.publish_update(&s, None, "presence", None);
                let (own, rx) = broadcast::channel(64);
                let mut game_events = s.channel.subscribe();
                filter = Some(
                    tokio::spawn(async move {
                        loop {
                            match game_events.recv().await {
                                Ok(ev) if super::chat::hidden_from_players(&ev) => {}
                                Ok(ev) => {
                                    if own.send(ev).is_err() {
                                        return;
                                    }
                                }
                                Err(broadcast::error::RecvError::Lagged(_)) => continue,
                                Err(broadcast::error::RecvError::Closed) => return,
                            }
                        }
                    })
                    .abort_handle(),
                );
                (rx, None)
            }
            None => {
                // A spectator: a stream of its own (see [`Watcher`]), and only the count
                // changes for the others.
                s.publish_spectators(self.now());
                let handle = random_hex(12)?;
                let (own, rx) = broadcast::channel(64);
                let mut game_events = s.channel.subscribe();
                let to = own.clone();
                let forwarder = tokio::spawn(async move {
                    loop {
                        match game_events.recv().await {
                            Ok(ev)
                                if seated && !advice && super::chat::hidden_from_players(&ev) => {}
                            Ok(ev) => {
                                if to.send(ev).is_err() {
                                    return;
                                }
                            }
                            Err(broadcast::error::RecvError::Lagged(_)) => continue,
                            Err(broadcast::error::RecvError::Closed) => return,
                        }
                    }
                })
                .abort_handle();
                s.watchers.insert(
                    handle.clone(),
                    Watcher {
                        events: own,
                        forwarder,
                        analysis: None,
                        seated,
                    },
                );
                (rx, Some(handle))
            }
        };
        self.announce_presence(&s);
        self.sync_lobby(&s);
        let first = oware_protocol::UpdateEvent {
            cause: "connect".into(),
            detail: None,
            state: self.view(&s),
            watcher: Some(watcher.clone()),
        };
        let first = Event {
            name: oware_protocol::EventKind::Update.name(),
            data: crate::events::to_json(&first).into(),
        };
        Ok((
            first,
            rx,
            Some(PresenceGuard {
                games: Arc::clone(self),
                live: Arc::clone(&live),
                side,
                watcher,
                filter,
            }),
        ))
    }
}
