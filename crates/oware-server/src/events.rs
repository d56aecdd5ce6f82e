//! Event fan-out: each game's channel to the pages watching it, as server-sent events (SSE)
//! and as a version number that long polls wait on.
//!
//! A game's [`Channel`] has two parts: a broadcast of [`Event`]s (`update`, `thinking`,
//! `analysis`; a page that falls behind skips events, which is safe because every `update`
//! carries the whole state) and a watch of the game's version. Publishing never waits for a
//! reader. Online play adds event names here; several server instances will feed the same
//! channels from the database's notifications.

use std::convert::Infallible;
use std::sync::Arc;

use axum::response::sse::{Event as SseEvent, KeepAlive, Sse};
use futures_util::stream::{self, Stream, StreamExt};
use tokio::sync::{broadcast, watch};
use tokio_stream::wrappers::errors::BroadcastStreamRecvError;
use tokio_stream::wrappers::BroadcastStream;

/// Events a slow page may fall behind by before it skips some.
const BACKLOG: usize = 64;

/// An event sent to every page watching a game: a name and its JSON data.
#[derive(Debug, Clone)]
pub struct Event {
    /// `update`, `thinking` or `analysis`.
    pub name: &'static str,
    /// The JSON text.
    pub data: Arc<str>,
}

/// One game's events and version.
pub struct Channel {
    events: broadcast::Sender<Event>,
    version: watch::Sender<u64>,
}

impl Channel {
    /// A channel for a game now at `version`.
    pub fn new(version: u64) -> Channel {
        let (events, _) = broadcast::channel(BACKLOG);
        let (version, _) = watch::channel(version);
        Channel { events, version }
    }

    /// Sends an event to every page watching (none is fine).
    pub fn publish(&self, name: &'static str, data: String) {
        let _ = self.events.send(Event {
            name,
            data: data.into(),
        });
    }

    /// A sender for work that outlives the game's lock (analyses).
    pub fn sender(&self) -> broadcast::Sender<Event> {
        self.events.clone()
    }

    /// Whether any page is watching the events.
    pub fn watched(&self) -> bool {
        self.events.receiver_count() > 0
    }

    /// Wakes the long polls waiting for a version above the previous one.
    pub fn set_version(&self, version: u64) {
        self.version.send_replace(version);
    }

    /// Subscribes to the events.
    pub fn subscribe(&self) -> broadcast::Receiver<Event> {
        self.events.subscribe()
    }

    /// A receiver of the version, to wait for changes.
    pub fn watch_version(&self) -> watch::Receiver<u64> {
        self.version.subscribe()
    }
}

/// The SSE answer: `first` (the state on connecting), then the game's events until the page
/// leaves or the server shuts down, with keep-alive comments in between. The stream holds
/// `guard` for as long as it is open (a player's presence, a spectator's count, the client's
/// place among its open streams): dropping the stream drops the guard.
pub fn sse_held<G: Send + Sync + 'static>(
    first: Event,
    rx: broadcast::Receiver<Event>,
    mut shutdown: watch::Receiver<bool>,
    guard: G,
) -> Sse<impl Stream<Item = Result<SseEvent, Infallible>>> {
    let initial = stream::once(async move { first });
    let rest = BroadcastStream::new(rx).filter_map(|r| async move {
        match r {
            Ok(ev) => Some(ev),
            Err(BroadcastStreamRecvError::Lagged(n)) => {
                tracing::debug!(skipped = n, "a page fell behind its game's events");
                None
            }
        }
    });
    let ended = async move {
        let _ = shutdown.wait_for(|down| *down).await;
    };
    let events = initial
        .chain(rest)
        .map(move |ev| {
            let _held = &guard;
            Ok(SseEvent::default().event(ev.name).data(&*ev.data))
        })
        .take_until(ended);
    Sse::new(events).keep_alive(KeepAlive::default())
}

/// The JSON text of an event's data (the protocol's types always serialise).
pub(crate) fn to_json<T: serde::Serialize>(data: &T) -> String {
    serde_json::to_string(data).unwrap_or_else(|e| {
        tracing::warn!("an event could not be written as JSON: {e}");
        String::from("{}")
    })
}
