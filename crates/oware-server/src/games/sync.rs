//! Instance sync (a shared store): the store's notices of other instances' writes, the
//! presence counts they hold (a heartbeat), a refresh from the store when notices were lost,
//! and this server's sign of life (the alive heartbeat).

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use tokio::sync::broadcast;

use super::session::Session;
use super::{Games, Live};
use crate::online::Status;
use crate::store::Notice;

/// How long another instance's count of open streams holds without news (it re-announces
/// them every [`PRESENCE_HEARTBEAT`]).
pub(super) const REMOTE_PRESENCE_TTL_MS: u64 = 30_000;

/// How often a server records in the store that it is alive (see [`Games::resume_online`]).
pub(super) const ALIVE_EVERY: Duration = Duration::from_secs(5);

/// How often an instance re-announces the streams it holds (a shared store).
pub(super) const PRESENCE_HEARTBEAT: Duration = Duration::from_secs(10);

/// The longest presence notification sent (PostgreSQL refuses payloads of 8,000 bytes).
pub(super) const PRESENCE_MESSAGE_BYTES: usize = 7_000;

/// One game's entry in a presence notice: `ID S N SPEC`, the streams this instance holds for
/// South's seat, North's seat and spectators.
pub(super) fn presence_entry(s: &Session) -> String {
    let p = &s.presence;
    format!(
        "{} {} {} {}",
        s.id, p.connected[0], p.connected[1], p.spectators
    )
}

impl Games {
    /// Follows other instances' changes (a shared store): cached games are refreshed (their
    /// watchers here get the update), new open challenges join this instance's lobby. Ends
    /// when the games are dropped.
    pub(crate) fn follow_notices(self: &Arc<Self>) {
        let Some(mut rx) = self.store.notices() else {
            return;
        };
        self.presence_heartbeat();
        let weak = Arc::downgrade(self);
        tokio::spawn(async move {
            loop {
                let notice = match rx.recv().await {
                    Ok(n) => n,
                    Err(broadcast::error::RecvError::Lagged(n)) => {
                        tracing::warn!(
                            skipped = n,
                            "fell behind other instances' notices; resyncing"
                        );
                        Notice::Resync
                    }
                    Err(broadcast::error::RecvError::Closed) => return,
                };
                let Some(games) = weak.upgrade() else { return };
                match notice {
                    // A change costs a read of the game's row: each is followed in a task of its
                    // own, so one game's read does not hold up the others' (the game's lock and
                    // its version keep one game's changes in order; an older one finds the newer
                    // already loaded and does nothing).
                    Notice::Changed { id, version } => {
                        tokio::spawn(async move { games.on_changed(&id, version).await });
                    }
                    Notice::Presence {
                        instance,
                        id,
                        counts,
                    } => games.on_presence(instance, &id, counts).await,
                    Notice::Review { id, data } => games.on_review_notice(&id, data).await,
                    Notice::Chat { id, data } => games.on_chat_notice(&id, data).await,
                    Notice::Resync => games.resync().await,
                }
            }
        });
    }

    /// Tells the other instances (a shared store) how many streams of online game `s` this
    /// one holds.
    pub(super) fn announce_presence(&self, s: &Session) {
        if !self.store.shared() || s.online.is_none() {
            return;
        }
        self.announce_presences(vec![presence_entry(s)]);
    }

    /// Sends presence `entries` ([`presence_entry`]) to the other instances, as few
    /// notifications as fit (PostgreSQL takes payloads under 8,000 bytes).
    pub(super) fn announce_presences(&self, entries: Vec<String>) {
        let mut messages = Vec::new();
        let mut message = String::new();
        for entry in entries {
            if !message.is_empty() && message.len() + 1 + entry.len() > PRESENCE_MESSAGE_BYTES {
                messages.push(std::mem::take(&mut message));
            }
            message.push_str(if message.is_empty() { "presence " } else { ";" });
            message.push_str(&entry);
        }
        if !message.is_empty() {
            messages.push(message);
        }
        let store = Arc::clone(&self.store);
        tokio::spawn(async move {
            for message in messages {
                if let Err(e) = store.announce(message).await {
                    tracing::warn!("presence could not be announced: {e}");
                }
            }
        });
    }

    /// Every [`PRESENCE_HEARTBEAT`]: re-announces the streams this instance holds (in a few
    /// notifications for all games), lets the lobby forget creators whose instance went quiet,
    /// and checks the stored versions of the games watched here in one query, so that a change
    /// whose notice was lost (its instance died between the write and the notice) still
    /// reaches the watchers. Ends when the games are dropped.
    pub(super) fn presence_heartbeat(self: &Arc<Self>) {
        let weak = Arc::downgrade(self);
        tokio::spawn(async move {
            loop {
                tokio::time::sleep(PRESENCE_HEARTBEAT).await;
                let Some(games) = weak.upgrade() else { return };
                let cached: Vec<Live> = games.cache().values().cloned().collect();
                let mut entries = Vec::new();
                let mut watched = HashMap::new();
                for live in cached {
                    let s = live.lock().await;
                    if s.online.is_none() {
                        continue;
                    }
                    let p = &s.presence;
                    if p.connected.iter().sum::<u32>() + p.spectators > 0 {
                        entries.push(presence_entry(&s));
                        watched.insert(s.id.clone(), s.version);
                    }
                    games.sync_lobby(&s);
                }
                games.announce_presences(entries);
                if watched.is_empty() {
                    continue;
                }
                let ids = watched.keys().cloned().collect();
                match games.store.versions(ids).await {
                    Ok(stored) => {
                        for (id, version) in stored {
                            if watched.get(&id).is_some_and(|&held| version > held) {
                                let games = Arc::clone(&games);
                                tokio::spawn(async move { games.on_changed(&id, version).await });
                            }
                        }
                    }
                    Err(e) => tracing::warn!("the watched games' versions could not be read: {e}"),
                }
            }
        });
    }

    pub(super) async fn on_presence(
        self: &Arc<Self>,
        instance: String,
        id: &str,
        counts: [u32; 3],
    ) {
        let cached = self.cache().get(id).cloned();
        let Some(live) = cached else { return };
        let mut s = live.lock().await;
        let before = s.remote.get(&instance).map(|r| r.0);
        let now = self.now();
        s.remote.insert(instance, (counts, now));
        let players = |c: Option<[u32; 3]>| c.map(|c| [c[0], c[1]]);
        if players(before) != players(Some(counts)) {
            self.publish_update(&s, None, "presence", None);
        } else if before != Some(counts) {
            s.publish_spectators(now);
        }
        self.sync_lobby(&s);
    }

    pub(super) async fn on_changed(self: &Arc<Self>, id: &str, version: u64) {
        let cached = self.cache().get(id).cloned();
        let result = match cached {
            Some(live) => {
                let mut s = live.lock().await;
                if s.version >= version {
                    return;
                }
                self.reload_into(&live, &mut s).await
            }
            None => {
                // Not cached here: it matters only if it is (or may become) an open challenge
                // in the lobby. The row tells.
                match self.store.load(id.to_string()).await {
                    Ok(Some(row)) if row.online_status == Status::Open.name() => {
                        self.live(id).await.map(|_| ())
                    }
                    Ok(Some(_)) => {
                        self.unlist(id);
                        Ok(())
                    }
                    Ok(None) => Ok(()),
                    Err(e) => Err(e.into()),
                }
            }
        };
        if let Err(e) = result {
            tracing::warn!(game = %id, "another instance's change could not be followed: {e}");
        }
        let cached = self.cache().get(id).cloned();
        if let Some(live) = cached {
            let s = live.lock().await;
            self.sync_lobby(&s);
        }
    }

    /// Checks every cached game and the lobby against the store (after notices were lost).
    pub(super) async fn resync(self: &Arc<Self>) {
        let cached: Vec<Live> = self.cache().values().cloned().collect();
        for live in cached {
            if let Err(e) = self.check_fresh(&live).await {
                tracing::warn!("a cached game could not be checked: {e}");
            }
        }
        match self.store.live_online().await {
            Ok(rows) => {
                for row in rows
                    .iter()
                    .filter(|r| r.online_status == Status::Open.name())
                {
                    if let Ok(live) = self.live(&row.id).await {
                        let s = live.lock().await;
                        self.sync_lobby(&s);
                    }
                }
            }
            Err(e) => tracing::warn!("the lobby could not be rebuilt: {e}"),
        }
    }

    /// Takes game `id` out of this instance's lobby (it is no longer open).
    pub(super) fn unlist(&self, id: &str) {
        self.lobby.remove(id);
    }
}

impl Games {
    /// Every [`ALIVE_EVERY`], records in the store that this server is alive. Ends when the
    /// games are dropped.
    pub(super) fn alive_heartbeat(self: &Arc<Self>) {
        let weak = Arc::downgrade(self);
        tokio::spawn(async move {
            loop {
                tokio::time::sleep(ALIVE_EVERY).await;
                let Some(games) = weak.upgrade() else { return };
                if let Err(e) = games.store.mark_alive(games.now()).await {
                    tracing::warn!("the store could not record that this server is alive: {e}");
                }
            }
        });
    }
}
