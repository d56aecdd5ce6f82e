//! Event fan-out: each game's channel to the pages watching it, as server-sent events (SSE)
//! and as a version number that long polls wait on.
//!
//! A game's [`Channel`] has two parts: a broadcast of [`Event`]s (`update`, `thinking`,
//! `analysis`; a page that falls behind skips events, which is safe because every `update`
//! carries the whole state) and a watch of the game's version. Publishing never waits for a
//! reader. Online play adds event names here; several server instances will feed the same
//! channels from the database's notifications.
//!
//! The cost of an event is paid once, not once per reader: an [`Event`] is written as its SSE
//! frame (`event: …` and `data: …` lines) at most once, by the first stream that sends it, and
//! every other stream sends the same bytes ([`Event::frame`]). A stream is read by the
//! connection's own task, with nothing in between: a [`Feed`] merges the game's broadcast with
//! what is for this stream alone (a spectator's own analysis) and leaves out what its reader
//! may not see (the spectators' room, for the players of a game not open to advice), so 6,000
//! spectators of one game cost 6,000 wake-ups and writes of one shared frame a move
//! (`events/sse.rs`).

mod sse;

pub use sse::sse_held;

use std::pin::Pin;
use std::sync::{Arc, OnceLock};
use std::task::{Context, Poll};

use axum::body::Bytes;
use futures_util::stream::{Stream, StreamExt};
use tokio::sync::{broadcast, watch};
use tokio_stream::wrappers::errors::BroadcastStreamRecvError;
use tokio_stream::wrappers::BroadcastStream;

/// Events a slow page may fall behind by before it skips some.
const BACKLOG: usize = 64;

/// An event sent to every page watching a game: a name and its JSON data. Its clones (one per
/// reader of a broadcast) share one SSE frame, written at the first [`Event::frame`].
#[derive(Debug, Clone)]
pub struct Event {
    /// `update`, `thinking` or `analysis`.
    pub name: &'static str,
    /// The JSON text.
    pub data: Arc<str>,
    /// The SSE frame, once written.
    frame: Arc<OnceLock<Bytes>>,
}

impl Event {
    /// The event `name` (a constant of the protocol: no line break) with `data`.
    pub fn new(name: &'static str, data: impl Into<Arc<str>>) -> Event {
        Event {
            name,
            data: data.into(),
            frame: Arc::default(),
        }
    }

    /// The event as an SSE frame: `event: NAME`, a `data: ` line for each line of the data
    /// (none for empty data) and an empty line, byte for byte as axum's `Sse` writes it. Written once, shared
    /// by every clone: each further call is a reference count.
    pub fn frame(&self) -> Bytes {
        self.frame
            .get_or_init(|| {
                let mut text = String::with_capacity(self.data.len() + self.name.len() + 16);
                text.push_str("event: ");
                text.push_str(self.name);
                text.push('\n');
                if !self.data.is_empty() {
                    // Each line break ends a `data: ` line and starts the next one.
                    text.push_str("data: ");
                    let mut from = 0;
                    for (at, _) in self.data.match_indices(['\n', '\r']) {
                        text.push_str(&self.data[from..=at]);
                        text.push_str("data: ");
                        from = at + 1;
                    }
                    text.push_str(&self.data[from..]);
                    text.push('\n');
                }
                text.push('\n');
                Bytes::from(text)
            })
            .clone()
    }
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
        let _ = self.events.send(Event::new(name, data));
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

/// What one event stream reads: a broadcast (a game's, the lobby's…) shared with every other
/// reader, less the events `hide` picks, merged with the stream's `own` channel (a spectator's
/// analysis) if it has one. Read by the stream's own task (no task copies one channel into the
/// other). A reader that falls behind a channel skips the events it missed (each channel holds
/// at most [`BACKLOG`]); the others are not held up. The feed ends when the shared broadcast
/// closes (its sender, the game, is gone), not when its own channel does.
pub struct Feed {
    shared: BroadcastStream<Event>,
    hide: Option<fn(&Event) -> bool>,
    own: Option<BroadcastStream<Event>>,
    /// Which channel is looked at first on the next poll: they take turns, so a busy game
    /// does not hold back a spectator's analysis.
    own_first: bool,
}

impl Feed {
    /// The events of `shared`, all of them.
    pub fn new(shared: broadcast::Receiver<Event>) -> Feed {
        Feed {
            shared: BroadcastStream::new(shared),
            hide: None,
            own: None,
            own_first: false,
        }
    }

    /// Leaves out the events of the shared broadcast for which `hide` is true.
    pub fn hiding(mut self, hide: fn(&Event) -> bool) -> Feed {
        self.hide = Some(hide);
        self
    }

    /// Adds the events of the stream's own channel `own`.
    pub fn with_own(mut self, own: broadcast::Receiver<Event>) -> Feed {
        self.own = Some(BroadcastStream::new(own));
        self
    }

    /// The next event of the own channel if one is ready; forgets the channel once closed.
    fn poll_own(&mut self, cx: &mut Context<'_>) -> Option<Event> {
        let own = self.own.as_mut()?;
        loop {
            match own.poll_next_unpin(cx) {
                Poll::Ready(Some(Ok(ev))) => return Some(ev),
                Poll::Ready(Some(Err(BroadcastStreamRecvError::Lagged(n)))) => {
                    tracing::debug!(skipped = n, "a page fell behind its own events");
                }
                Poll::Ready(None) => {
                    self.own = None;
                    return None;
                }
                Poll::Pending => return None,
            }
        }
    }
}

impl From<broadcast::Receiver<Event>> for Feed {
    fn from(shared: broadcast::Receiver<Event>) -> Feed {
        Feed::new(shared)
    }
}

impl Stream for Feed {
    type Item = Event;

    fn poll_next(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Event>> {
        let this = self.get_mut();
        this.own_first = !this.own_first;
        if this.own_first {
            if let Some(ev) = this.poll_own(cx) {
                return Poll::Ready(Some(ev));
            }
        }
        loop {
            match this.shared.poll_next_unpin(cx) {
                Poll::Ready(Some(Ok(ev))) => {
                    if !this.hide.is_some_and(|hide| hide(&ev)) {
                        return Poll::Ready(Some(ev));
                    }
                }
                Poll::Ready(Some(Err(BroadcastStreamRecvError::Lagged(n)))) => {
                    tracing::debug!(skipped = n, "a page fell behind its game's events");
                }
                Poll::Ready(None) => return Poll::Ready(None),
                Poll::Pending => break,
            }
        }
        if !this.own_first {
            if let Some(ev) = this.poll_own(cx) {
                return Poll::Ready(Some(ev));
            }
        }
        Poll::Pending
    }
}

/// The items of `rx` as a stream, skipping those a slow reader missed; it ends when `rx`'s
/// channel closes.
pub(crate) fn skipping_lagged<T: Clone + Send + 'static>(
    rx: broadcast::Receiver<T>,
) -> impl Stream<Item = T> + Send + Unpin {
    BroadcastStream::new(rx).filter_map(|r| std::future::ready(r.ok()))
}

/// The JSON text of an event's data (the protocol's types always serialise).
pub(crate) fn to_json<T: serde::Serialize>(data: &T) -> String {
    serde_json::to_string(data).unwrap_or_else(|e| {
        tracing::warn!("an event could not be written as JSON: {e}");
        String::from("{}")
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use futures_util::FutureExt;

    fn ev(name: &'static str, data: &str) -> Event {
        Event::new(name, data.to_string())
    }

    /// The next event of `feed` if one is ready now.
    fn ready(feed: &mut Feed) -> Option<Option<Event>> {
        feed.next().now_or_never()
    }

    /// What axum's `Sse` writes for `name` and `data`, which the pages' `EventSource` reads.
    async fn axum_frame(name: &str, data: &str) -> Vec<u8> {
        use axum::response::sse::{Event as SseEvent, Sse};
        use axum::response::IntoResponse;
        let one = SseEvent::default().event(name).data(data);
        let items = futures_util::stream::iter([Ok::<_, std::convert::Infallible>(one)]);
        let body = Sse::new(items).into_response().into_body();
        axum::body::to_bytes(body, 1 << 20).await.unwrap().to_vec()
    }

    #[tokio::test]
    async fn an_events_frame_is_what_axums_sse_writes() {
        for (name, data) in [
            ("update", r#"{"cause":"move","state":{"a":[1,2]}}"#),
            ("chat", "two\nlines"),
            ("chat", "carriage\r\nreturn"),
            ("thinking", ""),
            ("analysis", " leading space"),
        ] {
            let frame = ev(name, data).frame();
            assert_eq!(
                frame.as_ref(),
                axum_frame(name, data).await.as_slice(),
                "{name} {data:?}: {}",
                String::from_utf8_lossy(&frame)
            );
        }
        assert_eq!(
            ev("update", "{}").frame().as_ref(),
            b"event: update\ndata: {}\n\n"
        );
    }

    #[test]
    fn an_events_clones_share_one_frame() {
        let (tx, mut a) = broadcast::channel(4);
        let mut b = tx.subscribe();
        tx.send(ev("update", "{\"n\":1}")).unwrap();
        let first = a.try_recv().unwrap().frame();
        let second = b.try_recv().unwrap().frame();
        assert_eq!(first, second);
        assert_eq!(
            first.as_ptr(),
            second.as_ptr(),
            "the second reader sends the bytes the first wrote"
        );
        // A new event with the same text is written anew (a frame belongs to one event).
        assert_ne!(ev("update", "{\"n\":1}").frame().as_ptr(), first.as_ptr());
    }

    #[test]
    fn a_feed_merges_the_game_and_its_own_channel_and_hides_what_it_must() {
        let (game, game_rx) = broadcast::channel(BACKLOG);
        let (own, own_rx) = broadcast::channel(BACKLOG);
        let mut feed = Feed::new(game_rx)
            .with_own(own_rx)
            .hiding(|e| e.name == "secret");
        assert!(ready(&mut feed).is_none(), "nothing yet");
        game.send(ev("update", "1")).unwrap();
        own.send(ev("analysis", "mine")).unwrap();
        game.send(ev("secret", "hidden")).unwrap();
        game.send(ev("update", "2")).unwrap();
        let mut got = Vec::new();
        while let Some(Some(e)) = ready(&mut feed) {
            got.push(format!("{} {}", e.name, e.data));
        }
        got.sort();
        assert_eq!(got, ["analysis mine", "update 1", "update 2"]);
        // Its own channel closing (the spectator's analysis sender gone) ends nothing.
        drop(own);
        assert!(ready(&mut feed).is_none());
        game.send(ev("update", "3")).unwrap();
        assert_eq!(ready(&mut feed).flatten().unwrap().data.as_ref(), "3");
        // The game's channel closing ends the feed.
        drop(game);
        assert!(matches!(ready(&mut feed), Some(None)));
    }

    #[test]
    fn a_busy_game_does_not_hold_back_a_spectators_own_events() {
        let (game, game_rx) = broadcast::channel(BACKLOG);
        let (own, own_rx) = broadcast::channel(BACKLOG);
        let mut feed = Feed::new(game_rx).with_own(own_rx);
        for n in 0..10 {
            game.send(ev("update", &n.to_string())).unwrap();
        }
        own.send(ev("analysis", "mine")).unwrap();
        let names: Vec<_> = (0..3)
            .map(|_| ready(&mut feed).flatten().unwrap().name)
            .collect();
        assert!(names.contains(&"analysis"), "{names:?}");
    }

    #[test]
    fn a_lagging_reader_skips_what_it_missed_and_holds_up_no_one() {
        let (game, rx) = broadcast::channel(BACKLOG);
        let mut quick = Feed::new(rx);
        let mut slow = Feed::new(game.subscribe());
        let sent = BACKLOG + 10;
        for n in 0..sent {
            game.send(ev("update", &n.to_string())).unwrap();
            // The quick reader reads each event as it comes, while the slow one reads nothing.
            assert_eq!(
                ready(&mut quick).flatten().unwrap().data.as_ref(),
                n.to_string()
            );
        }
        // The slow reader gets the last BACKLOG events, then waits like the others.
        let mut got = Vec::new();
        while let Some(Some(e)) = ready(&mut slow) {
            got.push(e.data.to_string());
        }
        let want: Vec<String> = (sent - BACKLOG..sent).map(|n| n.to_string()).collect();
        assert_eq!(got, want);
        game.send(ev("update", "next")).unwrap();
        assert_eq!(ready(&mut slow).flatten().unwrap().data.as_ref(), "next");
        assert_eq!(ready(&mut quick).flatten().unwrap().data.as_ref(), "next");
    }

    #[tokio::test]
    async fn an_sse_answer_sends_the_shared_frames_and_ends_with_its_stop() {
        let (game, rx) = broadcast::channel(BACKLOG);
        let (stop_tx, stop) = watch::channel(false);
        let guard = Arc::new(());
        let first = ev("update", "first");
        let answer = sse_held(first.clone(), rx, stop, Arc::clone(&guard));
        assert_eq!(answer.headers()["content-type"], "text/event-stream");
        assert_eq!(answer.headers()["cache-control"], "no-cache");
        let mut body = answer.into_body().into_data_stream();
        assert_eq!(body.next().await.unwrap().unwrap(), first.frame());
        let update = ev("update", "second");
        game.send(update.clone()).unwrap();
        let sent = body.next().await.unwrap().unwrap();
        assert_eq!(sent.as_ptr(), update.frame().as_ptr(), "the shared frame");
        assert_eq!(Arc::strong_count(&guard), 2, "the stream holds its guard");
        stop_tx.send_replace(true);
        assert!(body.next().await.is_none(), "the stop ends the stream");
        drop(body);
        assert_eq!(
            Arc::strong_count(&guard),
            1,
            "the guard goes with the stream"
        );
    }
}
