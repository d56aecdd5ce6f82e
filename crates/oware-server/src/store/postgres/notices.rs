//! How one instance hears the others: a dedicated connection (outside the pool) that runs
//! `LISTEN` on the notification channel and hands each notification from another instance to
//! the subscribers of [`crate::store::NoticeStore::notices`], reconnecting when it drops.

use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::Duration;

use futures_util::StreamExt;
use tokio::sync::broadcast;
use tokio_postgres::{AsyncMessage, NoTls};

use super::sql::CHANNEL;
use super::PostgresStore;
use crate::store::{Notice, StoreError};

impl PostgresStore {
    /// Opens the listening connection (an error if it cannot at start) and keeps it open.
    pub(super) async fn listen(&self) -> Result<(), StoreError> {
        let first = listen_once(&self.config, &self.instance, &self.notices)
            .await
            .map_err(|e| self.failed(format!("cannot listen for notifications: {e}")))?;
        let (config, instance, notices, closed, resource) = (
            self.config.clone(),
            self.instance.clone(),
            self.notices.clone(),
            Arc::clone(&self.closed),
            self.resource.clone(),
        );
        tokio::spawn(async move {
            let mut done = first;
            loop {
                // Wait for the connection to end.
                let _ = (&mut done).await;
                if closed.load(Ordering::Relaxed) {
                    return;
                }
                tracing::warn!("{resource}: the notification connection dropped; reconnecting");
                let mut pause = Duration::from_millis(200);
                loop {
                    tokio::time::sleep(pause).await;
                    if closed.load(Ordering::Relaxed) {
                        return;
                    }
                    match listen_once(&config, &instance, &notices).await {
                        Ok(d) => {
                            done = d;
                            tracing::info!("{resource}: listening for notifications again");
                            let _ = notices.send(Notice::Resync);
                            break;
                        }
                        Err(e) => {
                            tracing::debug!("{resource}: cannot listen yet: {e}");
                            pause = (pause * 2).min(Duration::from_secs(5));
                        }
                    }
                }
            }
        });
        Ok(())
    }
}

/// Connects, subscribes, and forwards notifications until the connection ends (the returned
/// receiver then resolves).
async fn listen_once(
    config: &tokio_postgres::Config,
    instance: &str,
    notices: &broadcast::Sender<Notice>,
) -> Result<tokio::sync::oneshot::Receiver<()>, tokio_postgres::Error> {
    let (client, mut connection) = config.connect(NoTls).await?;
    let (done_tx, done_rx) = tokio::sync::oneshot::channel();
    let notices = notices.clone();
    let me = instance.to_string();
    tokio::spawn(async move {
        let mut messages = futures_util::stream::poll_fn(move |cx| connection.poll_message(cx));
        while let Some(m) = messages.next().await {
            match m {
                Ok(AsyncMessage::Notification(n)) => {
                    for notice in parse_notice(n.payload(), &me) {
                        let _ = notices.send(notice);
                    }
                }
                Ok(_) => {}
                Err(e) => {
                    tracing::debug!("notification connection: {e}");
                    break;
                }
            }
        }
        let _ = done_tx.send(());
    });
    client.batch_execute(&format!("LISTEN {CHANNEL}")).await?;
    // The client must live as long as the connection: the task below holds it until then.
    let (relay_tx, relay_rx) = tokio::sync::oneshot::channel();
    tokio::spawn(async move {
        let _ = done_rx.await;
        drop(client);
        let _ = relay_tx.send(());
    });
    Ok(relay_rx)
}

/// Makes the notice of an event (chat, review) of a game from its id and its data.
type EventNotice = fn(String, String) -> Notice;

/// `INSTANCE ID VERSION` from another instance → a change, `INSTANCE presence ID S N SPEC`
/// (or several `ID S N SPEC` entries joined by `;`) → its streams, `INSTANCE review ID JSON` →
/// a review's event, `INSTANCE chat ID JSON` → a chat message's, `INSTANCE account USER JSON` →
/// an account's event (`bot/hub.rs`); our own → nothing. A malformed part is skipped.
fn parse_notice(payload: &str, me: &str) -> Vec<Notice> {
    let Some((from, rest)) = payload.split_once(' ') else {
        return Vec::new();
    };
    if from == me {
        return Vec::new();
    }
    // `chat ID JSON` and `review ID JSON`: the game and the event's data.
    let events: [(&str, EventNotice); 3] = [
        ("chat ", |id, data| Notice::Chat { id, data }),
        ("review ", |id, data| Notice::Review { id, data }),
        ("account ", |user, data| Notice::Account { user, data }),
    ];
    for (kind, notice) in events {
        if let Some(rest) = rest.strip_prefix(kind) {
            return match rest.split_once(' ') {
                Some((id, data)) => vec![notice(id.to_string(), data.to_string())],
                None => Vec::new(),
            };
        }
    }
    if let Some(entries) = rest.strip_prefix("presence ") {
        return entries
            .split(';')
            .filter_map(|entry| {
                let mut parts = entry.split(' ');
                let id = parts.next()?;
                let mut n = || parts.next()?.parse::<u32>().ok();
                let counts = [n()?, n()?, n()?];
                Some(Notice::Presence {
                    instance: from.to_string(),
                    id: id.to_string(),
                    counts,
                })
            })
            .collect();
    }
    let mut parts = rest.split(' ');
    match (parts.next(), parts.next().and_then(|v| v.parse().ok())) {
        (Some(id), Some(version)) if !id.is_empty() => vec![Notice::Changed {
            id: id.to_string(),
            version,
        }],
        _ => Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notices_from_this_instance_are_ignored_and_bad_parts_skipped() {
        assert_eq!(parse_notice("me g1 3", "me"), vec![]);
        assert_eq!(
            parse_notice("you g1 3", "me"),
            vec![Notice::Changed {
                id: "g1".into(),
                version: 3
            }]
        );
        assert_eq!(parse_notice("junk", "me"), vec![]);
        assert_eq!(parse_notice("you g1 x", "me"), vec![]);
        let presence = |id: &str, counts| Notice::Presence {
            instance: "you".into(),
            id: id.into(),
            counts,
        };
        assert_eq!(
            parse_notice("you presence g1 1 0 2", "me"),
            vec![presence("g1", [1, 0, 2])]
        );
        assert_eq!(parse_notice("you presence g1 1 x 2", "me"), vec![]);
        // A heartbeat's batch: each good entry counts, a bad one is skipped.
        assert_eq!(
            parse_notice("you presence g1 1 0 2;g2 oops;g3 0 1 0", "me"),
            vec![presence("g1", [1, 0, 2]), presence("g3", [0, 1, 0])]
        );
        assert_eq!(parse_notice("me presence g1 1 0 2", "me"), vec![]);
        assert_eq!(
            parse_notice(
                "you review g1 {\"status\":\"failed\",\"error\":\"a b\"}",
                "me"
            ),
            vec![Notice::Review {
                id: "g1".into(),
                data: "{\"status\":\"failed\",\"error\":\"a b\"}".into()
            }]
        );
        assert_eq!(parse_notice("me review g1 {}", "me"), vec![]);
        assert_eq!(
            parse_notice("you chat g1 {\"room\":\"players\",\"text\":\"a b\"}", "me"),
            vec![Notice::Chat {
                id: "g1".into(),
                data: "{\"room\":\"players\",\"text\":\"a b\"}".into(),
            }]
        );
        assert_eq!(
            parse_notice("you account u1 {\"type\":\"gameStart\"}", "me"),
            vec![Notice::Account {
                user: "u1".into(),
                data: "{\"type\":\"gameStart\"}".into(),
            }]
        );
    }
}
