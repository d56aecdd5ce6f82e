//! Each account's event stream (`GET /api/stream/event`): a broadcast channel per account
//! with a stream open on this instance, fed by this instance's challenges and games and by the
//! other instances' (a notice `account USER JSON` through the store, `store/postgres/notices.rs`).
//!
//! The table is bounded ([`HUB_ACCOUNTS_MAX`] accounts); an account's channel goes when its
//! last stream closes (checked as streams open and events are sent).

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex};

use oware_protocol::AccountEvent;
use tokio::sync::broadcast;

use super::BotError;
use crate::events::to_json;
use crate::store::{Notice, Store};

/// Accounts with an event stream open on one instance, at most.
pub const HUB_ACCOUNTS_MAX: usize = 10_000;
/// Events an account's slow stream may fall behind by before it skips some.
const BACKLOG: usize = 64;

/// The account event channels of this instance.
pub struct Hub {
    store: Arc<dyn Store>,
    channels: Mutex<HashMap<String, broadcast::Sender<Arc<str>>>>,
    /// The bot accounts among them, so that the bots online are found however many people
    /// hold streams (pruned as they are listed).
    bots: Mutex<HashSet<String>>,
}

impl Hub {
    /// A hub relaying through `store`.
    pub fn new(store: Arc<dyn Store>) -> Arc<Hub> {
        Arc::new(Hub {
            store,
            channels: Mutex::new(HashMap::new()),
            bots: Mutex::new(HashSet::new()),
        })
    }

    fn table(&self) -> std::sync::MutexGuard<'_, HashMap<String, broadcast::Sender<Arc<str>>>> {
        self.channels.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// A receiver of account `user`'s events (JSON lines).
    pub fn subscribe(&self, user: &str) -> Result<broadcast::Receiver<Arc<str>>, BotError> {
        let mut t = self.table();
        if let Some(tx) = t.get(user) {
            return Ok(tx.subscribe());
        }
        if t.len() >= HUB_ACCOUNTS_MAX {
            t.retain(|_, tx| tx.receiver_count() > 0);
            if t.len() >= HUB_ACCOUNTS_MAX {
                return Err(BotError::Crowded);
            }
        }
        let (tx, rx) = broadcast::channel(BACKLOG);
        t.insert(user.to_string(), tx);
        Ok(rx)
    }

    /// Notes that account `user`, which has a stream open, is a bot.
    pub fn mark_bot(&self, user: &str) {
        let mut bots = self.bots.lock().unwrap_or_else(|e| e.into_inner());
        if bots.len() < HUB_ACCOUNTS_MAX {
            bots.insert(user.to_string());
        }
    }

    /// Up to `max` bot accounts with a stream open on this instance (those marked by
    /// [`Hub::mark_bot`]; the ones whose streams closed are forgotten).
    pub fn listening_bots(&self, max: usize) -> Vec<String> {
        let table = self.table();
        let mut bots = self.bots.lock().unwrap_or_else(|e| e.into_inner());
        bots.retain(|b| table.get(b).is_some_and(|tx| tx.receiver_count() > 0));
        let mut out: Vec<String> = bots.iter().cloned().collect();
        out.sort();
        out.truncate(max);
        out
    }

    /// Whether account `user` has a stream open on this instance.
    pub fn is_listening(&self, user: &str) -> bool {
        self.table()
            .get(user)
            .is_some_and(|tx| tx.receiver_count() > 0)
    }

    /// Sends `line` to account `user`'s streams on this instance.
    fn deliver(&self, user: &str, line: Arc<str>) {
        let mut t = self.table();
        if let Some(tx) = t.get(user) {
            if tx.send(line).is_err() {
                t.remove(user);
            }
        }
    }

    /// Sends `event` to account `user`'s streams, here and on the other instances.
    pub async fn send(&self, user: &str, event: &AccountEvent) {
        let json = to_json(event);
        self.deliver(user, json.clone().into());
        if self.store.shared() {
            if let Err(e) = self.store.announce(format!("account {user} {json}")).await {
                tracing::warn!(user, "an account event could not be announced: {e}");
            }
        }
    }

    /// Relays the other instances' account events to this instance's streams, until
    /// `shutdown`.
    pub fn follow_notices(self: &Arc<Self>, mut shutdown: tokio::sync::watch::Receiver<bool>) {
        let Some(mut notices) = self.store.notices() else {
            return;
        };
        let hub = Arc::clone(self);
        tokio::spawn(async move {
            loop {
                tokio::select! {
                    _ = async { let _ = shutdown.wait_for(|down| *down).await; } => return,
                    n = notices.recv() => match n {
                        Ok(Notice::Account { user, data }) => hub.deliver(&user, data.into()),
                        Ok(_) | Err(broadcast::error::RecvError::Lagged(_)) => {}
                        Err(broadcast::error::RecvError::Closed) => return,
                    },
                }
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn the_bots_online_are_found_however_many_people_hold_streams() {
        let dir = tempfile::tempdir().unwrap();
        let store = crate::SqliteStore::open(&dir.path().join("h.sqlite")).unwrap();
        let hub = Hub::new(Arc::new(store));
        let mut held = Vec::new();
        for i in 0..200 {
            held.push(hub.subscribe(&format!("person{i:03}")).unwrap());
        }
        held.push(hub.subscribe("zz-bot").unwrap());
        hub.mark_bot("zz-bot");
        assert_eq!(hub.listening_bots(50), vec!["zz-bot".to_string()]);
        // Its stream closes: it is no longer listed.
        held.pop();
        assert!(hub.listening_bots(50).is_empty());
    }

    #[test]
    fn a_channel_goes_with_its_last_stream() {
        let dir = tempfile::tempdir().unwrap();
        let store: Arc<dyn Store> =
            Arc::new(crate::store::SqliteStore::open(&dir.path().join("hub.sqlite")).unwrap());
        let hub = Hub::new(store);
        let rx = hub.subscribe("u").unwrap();
        hub.deliver("u", "{}".into());
        assert_eq!(hub.table().len(), 1);
        drop(rx);
        hub.deliver("u", "{}".into());
        assert!(hub.table().is_empty(), "no receiver: the channel is gone");
    }
}
