//! Instance sync (a shared store): the store's notices of other instances' writes, the
//! presence counts they hold (a heartbeat), a refresh from the store when notices were lost.
//! Notices for other services (a chat message, a review's progress) are events passed on to
//! the streams this instance holds, by their kind: the games do not know those services.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use tokio::sync::broadcast;

use super::session::Session;
use super::{Games, Live, Touch};
use crate::online::Status;
use crate::store::{Notice, Store};

/// How often an instance re-announces the streams it holds (a shared store).
const PRESENCE_HEARTBEAT: Duration = Duration::from_secs(10);

/// The longest presence notification sent (PostgreSQL refuses payloads of 8,000 bytes).
const PRESENCE_MESSAGE_BYTES: usize = 7_000;

/// One game's entry in a presence notice: `ID S N SPEC`, the streams this instance holds for
/// South's seat, North's seat and spectators.
fn presence_entry(s: &Session) -> String {
    let p = &s.presence;
    format!(
        "{} {} {} {}",
        s.id, p.connected[0], p.connected[1], p.spectators
    )
}

/// Follows other instances' changes (a shared store): cached games are refreshed (their
/// watchers here get the update), new open challenges reach the followers (the lobby). Ends
/// when the games are dropped.
pub(crate) fn follow_notices(games: &Arc<Games>) {
    let Some(mut rx) = games.store.notices() else {
        return;
    };
    presence_heartbeat(games);
    let weak = Arc::downgrade(games);
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
                    tokio::spawn(async move { on_changed(&games, &id, version).await });
                }
                Notice::Presence {
                    instance,
                    id,
                    counts,
                } => on_presence(&games, instance, &id, counts).await,
                // Another instance's review progress: the reviews remember it themselves.
                Notice::Review { id, data } => games.relay(&id, "review", data).await,
                Notice::Chat { id, data } => {
                    games
                        .relay(&id, oware_protocol::EventKind::Chat.name(), data)
                        .await
                }
                Notice::Resync => resync(&games).await,
                // An account's event: the bots' hub relays it (`bot/hub.rs`).
                Notice::Account { .. } => {}
            }
        }
    });
}

/// Tells the other instances (a shared store) how many streams of online game `s` this
/// one holds.
pub(crate) fn announce_presence(store: &Arc<dyn Store>, s: &Session) {
    if !store.shared() || s.online.is_none() {
        return;
    }
    announce_presences(store, vec![presence_entry(s)]);
}

/// Sends presence `entries` ([`presence_entry`]) to the other instances, as few
/// notifications as fit (PostgreSQL takes payloads under 8,000 bytes).
fn announce_presences(store: &Arc<dyn Store>, entries: Vec<String>) {
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
    let store = Arc::clone(store);
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
fn presence_heartbeat(games: &Arc<Games>) {
    let weak = Arc::downgrade(games);
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
                games.touch(&live, &s, Touch::Watched);
            }
            announce_presences(&games.store, entries);
            if watched.is_empty() {
                continue;
            }
            let ids = watched.keys().cloned().collect();
            match games.store.versions(ids).await {
                Ok(stored) => {
                    for (id, version) in stored {
                        if watched.get(&id).is_some_and(|&held| version > held) {
                            let games = Arc::clone(&games);
                            tokio::spawn(async move { on_changed(&games, &id, version).await });
                        }
                    }
                }
                Err(e) => tracing::warn!("the watched games' versions could not be read: {e}"),
            }
        }
    });
}

async fn on_presence(games: &Arc<Games>, instance: String, id: &str, counts: [u32; 3]) {
    let cached = games.cache().get(id).cloned();
    let Some(live) = cached else { return };
    let mut s = live.lock().await;
    let before = s.remote.get(&instance).map(|r| r.0);
    let now = games.now();
    s.remote.insert(instance, (counts, now));
    let players = |c: Option<[u32; 3]>| c.map(|c| [c[0], c[1]]);
    if players(before) != players(Some(counts)) {
        games.publish_update(&s, None, "presence", None);
    } else if before != Some(counts) {
        s.publish_spectators(now);
    }
    games.touch(&live, &s, Touch::Watched);
}

async fn on_changed(games: &Arc<Games>, id: &str, version: u64) {
    let cached = games.cache().get(id).cloned();
    let result = match cached {
        Some(live) => {
            let mut s = live.lock().await;
            if s.version >= version {
                return;
            }
            games.reload_into(&live, &mut s).await
        }
        None => {
            // Not cached here: it matters only if it is (or may become) an open challenge
            // in the lobby. The row tells.
            match games.store.load(id.to_string()).await {
                Ok(Some(row)) if row.online_status == Status::Open.name() => {
                    games.live(id).await.map(|_| ())
                }
                Ok(Some(_)) => {
                    for f in games.followers.get().into_iter().flatten() {
                        if let Some(f) = f.upgrade() {
                            f.unlisted(id);
                        }
                    }
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
    let cached = games.cache().get(id).cloned();
    if let Some(live) = cached {
        let s = live.lock().await;
        games.touch(&live, &s, Touch::Watched);
    }
}

/// Checks every cached game and the lobby against the store (after notices were lost).
async fn resync(games: &Arc<Games>) {
    let cached: Vec<Live> = games.cache().values().cloned().collect();
    for live in cached {
        if let Err(e) = games.check_fresh(&live).await {
            tracing::warn!("a cached game could not be checked: {e}");
        }
    }
    match games.store.live_online().await {
        Ok(rows) => {
            for row in rows
                .iter()
                .filter(|r| r.online_status == Status::Open.name())
            {
                if let Ok(live) = games.live(&row.id).await {
                    let s = live.lock().await;
                    games.touch(&live, &s, Touch::Watched);
                }
            }
        }
        Err(e) => tracing::warn!("the lobby could not be rebuilt: {e}"),
    }
}
