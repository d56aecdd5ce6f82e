//! The event streams of the tournaments watched on this instance ([`Feed`]): a `standings`
//! event with the tournament's version whenever it moves (a join, a pairing, a result, the
//! start, the end; here or on another instance).

use std::collections::HashMap;
use std::sync::Arc;

use tokio::sync::broadcast;

use crate::events::Event;
use crate::store::tournaments::TournamentStore;
use crate::store::Store;

const EVENT_BACKLOG: usize = 16;

/// Each watched tournament's events and the version last told.
pub(super) struct Feed {
    store: Arc<dyn Store>,
    channels: std::sync::Mutex<HashMap<String, (broadcast::Sender<Event>, u64)>>,
}

impl Feed {
    pub(super) fn new(store: Arc<dyn Store>) -> Feed {
        Feed {
            store,
            channels: std::sync::Mutex::new(HashMap::new()),
        }
    }

    fn tables(&self) -> &dyn TournamentStore {
        self.store.tournaments()
    }

    /// A stream of tournament `id`, at `version` now: its first event and the subscription.
    pub(super) fn subscribe(&self, id: &str, version: u64) -> (Event, broadcast::Receiver<Event>) {
        let mut channels = self.channels.lock().unwrap_or_else(|e| e.into_inner());
        let (tx, _) = channels
            .entry(id.to_string())
            .or_insert_with(|| (broadcast::channel(EVENT_BACKLOG).0, version));
        (standings_event(version), tx.subscribe())
    }

    /// Tells tournament `id`'s watchers on this instance if its version moved.
    pub(super) async fn tell(&self, id: &str) {
        if !self.watched(id) {
            return;
        }
        if let Ok(v) = self
            .tables()
            .tournament_versions(vec![id.to_string()])
            .await
        {
            self.publish(v);
        }
    }

    fn watched(&self, id: &str) -> bool {
        self.channels
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .contains_key(id)
    }

    /// Checks every watched tournament's version (changes by other instances too) and tells
    /// its watchers; drops the channels nobody watches.
    pub(super) async fn tell_watchers(&self) {
        let ids: Vec<String> = {
            let mut channels = self.channels.lock().unwrap_or_else(|e| e.into_inner());
            channels.retain(|_, (tx, _)| tx.receiver_count() > 0);
            channels.keys().cloned().collect()
        };
        if ids.is_empty() {
            return;
        }
        match self.tables().tournament_versions(ids).await {
            Ok(v) => self.publish(v),
            Err(e) => tracing::warn!("tournament versions not read: {e}"),
        }
    }

    fn publish(&self, versions: Vec<(String, u64)>) {
        let mut channels = self.channels.lock().unwrap_or_else(|e| e.into_inner());
        for (id, v) in versions {
            if let Some((tx, seen)) = channels.get_mut(&id) {
                if v != *seen {
                    *seen = v;
                    let _ = tx.send(standings_event(v));
                }
            }
        }
    }
}

fn standings_event(version: u64) -> Event {
    Event::new(
        "standings",
        serde_json::json!({ "version": version }).to_string(),
    )
}
