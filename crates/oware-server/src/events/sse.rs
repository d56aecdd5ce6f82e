//! The SSE answer of an event stream: the body writes each event's shared frame
//! ([`Event::frame`]) as it comes, with a keep-alive comment after [`KEEP_ALIVE`] without one,
//! as axum's `Sse` with its default `KeepAlive` does (axum's `Sse` takes its own event type,
//! which it writes for each stream anew: 6,000 spectators would write each move 6,000 times).
//! `http/compress.rs` never compresses it: its predicate leaves `text/event-stream` alone.

use std::convert::Infallible;
use std::future::Future;
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;

use axum::body::{Body, Bytes};
use axum::http::{header, HeaderValue};
use axum::response::Response;
use futures_util::stream::{Stream, StreamExt};
use tokio::sync::watch;

use super::{Event, Feed};

/// The longest time without a byte on an open stream: then a comment line keeps proxies and
/// the browser from taking it for dead (axum's default).
pub(crate) const KEEP_ALIVE: Duration = Duration::from_secs(15);

/// The keep-alive comment (an empty one, as axum writes it).
const COMMENT: &[u8] = b":\n\n";

/// The SSE answer: `first` (the state on connecting), then the events of `feed` until the page
/// leaves, the feed ends or `stop` turns true (the server shuts down, the stream's credentials
/// are revoked), with keep-alive comments in between. The stream holds `guard` for as long as
/// it is open (a player's presence, a spectator's count, the client's place among its open
/// streams): dropping the stream drops the guard.
pub fn sse_held<G: Send + 'static>(
    first: Event,
    feed: impl Into<Feed>,
    mut stop: watch::Receiver<bool>,
    guard: G,
) -> Response {
    let ended = async move {
        let _ = stop.wait_for(|down| *down).await;
    };
    let body = Frames {
        first: Some(first),
        feed: feed.into(),
        ended: Box::pin(ended),
        alive: Box::pin(tokio::time::sleep(KEEP_ALIVE)),
        _guard: guard,
    };
    let mut r = Response::new(Body::from_stream(body));
    let headers = r.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/event-stream"),
    );
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    r
}

/// The bytes of an SSE answer (see [`sse_held`]).
struct Frames<G> {
    first: Option<Event>,
    feed: Feed,
    ended: Pin<Box<dyn Future<Output = ()> + Send>>,
    alive: Pin<Box<tokio::time::Sleep>>,
    _guard: G,
}

impl<G> Frames<G> {
    fn sent(&mut self, frame: Bytes) -> Poll<Option<Result<Bytes, Infallible>>> {
        let next = tokio::time::Instant::now() + KEEP_ALIVE;
        self.alive.as_mut().reset(next);
        Poll::Ready(Some(Ok(frame)))
    }
}

// `Frames` holds no self-reference: the futures it polls are boxed.
impl<G> Unpin for Frames<G> {}

impl<G> Stream for Frames<G> {
    type Item = Result<Bytes, Infallible>;

    fn poll_next(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        let this = self.get_mut();
        if this.ended.as_mut().poll(cx).is_ready() {
            return Poll::Ready(None);
        }
        if let Some(first) = this.first.take() {
            return this.sent(first.frame());
        }
        match this.feed.poll_next_unpin(cx) {
            Poll::Ready(Some(ev)) => this.sent(ev.frame()),
            Poll::Ready(None) => Poll::Ready(None),
            Poll::Pending => match this.alive.as_mut().poll(cx) {
                Poll::Ready(()) => this.sent(Bytes::from_static(COMMENT)),
                Poll::Pending => Poll::Pending,
            },
        }
    }
}
