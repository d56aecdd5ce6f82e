//! One review in the background: its search on the engine's review slots, its `review`
//! events (and their announcements to other instances), its result stored, and its claim
//! held while it runs (several instances).

use std::net::IpAddr;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use oware_core::Game;
use tokio::sync::{broadcast, mpsc};

use super::view::{ReviewEvent, ReviewStatus, ReviewView, Stored, ENDED};
use super::{now_ms, Reviews};
use crate::engine::Ticket;
use crate::events::Event;
use crate::store::Store;
use oware_protocol::EventKind;

/// One review in the background.
pub(super) struct Job {
    /// The moves it judges (the store's text).
    pub(super) moves: String,
    pub(super) depth: u32,
    /// Its run ([`ReviewView::run`]).
    pub(super) run: u64,
    /// Who asked (for the per-client limit).
    pub(super) client: Option<IpAddr>,
    pub(super) done: AtomicUsize,
    pub(super) total: usize,
    /// Why it failed, once it has.
    pub(super) failed: Mutex<Option<String>>,
    pub(super) stop: Arc<AtomicBool>,
}

impl Job {
    pub(super) fn failure(&self) -> Option<String> {
        self.failed
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone()
    }

    pub(super) fn view(&self, current_moves: &str) -> ReviewView {
        match self.failure() {
            Some(error) => ReviewView {
                status: ReviewStatus::Failed,
                error: Some(error),
                run: self.run,
                step: ENDED,
                ..ReviewView::none()
            },
            None => {
                let done = self.done.load(Ordering::Relaxed);
                ReviewView {
                    status: ReviewStatus::Running,
                    done,
                    total: self.total,
                    depth: Some(self.depth),
                    plies: Some(self.total),
                    current: self.moves == current_moves,
                    run: self.run,
                    step: done as u64,
                    ..ReviewView::none()
                }
            }
        }
    }

    /// A `running` event's data at `done` positions.
    pub(super) fn progress(&self, done: usize) -> ReviewEvent {
        ReviewEvent::running(self.run, done, self.total)
    }
}

/// With a shared store: the queue of a review's announcements (`review ID JSON`), sent to
/// the other instances one after the other, in order, by [`start_relay`]'s task.
pub(super) type Relay = Option<(mpsc::UnboundedSender<String>, String)>;

/// Starts the task that announces review `id`'s events to the other instances in the order
/// they were published (ends when the review's last sender is dropped).
pub(super) fn start_relay(store: Arc<dyn Store>, id: &str) -> Relay {
    let (tx, mut rx) = mpsc::unbounded_channel::<String>();
    tokio::spawn(async move {
        while let Some(message) = rx.recv().await {
            if let Err(e) = store.announce(message).await {
                tracing::warn!("a review's progress could not be announced: {e}");
            }
        }
    });
    Some((tx, id.to_string()))
}

/// Sends a `review` event (nobody watching is fine) and, with a shared store, queues it for
/// the other instances (from any thread).
pub(super) fn publish(events: &broadcast::Sender<Event>, relay: &Relay, data: ReviewEvent) {
    let text = serde_json::to_string(&data).unwrap_or_default();
    if let Some((tx, id)) = relay {
        let _ = tx.send(format!("review {id} {text}"));
    }
    let _ = events.send(Event::new(EventKind::Review.name(), text));
}

/// The claim key of game `id`'s review.
pub(super) fn claim_key(id: &str) -> String {
    format!("review {id}")
}

impl Reviews {
    /// Runs a review to its end: searches, stores, tells the watchers.
    pub(super) async fn run(
        self: Arc<Self>,
        id: String,
        game: Game,
        job: Arc<Job>,
        ticket: Ticket,
        events: broadcast::Sender<Event>,
        relay: Relay,
    ) {
        let fail = |why: String| {
            tracing::warn!(game = %id, "a review failed: {why}");
            *job.failed.lock().unwrap_or_else(|e| e.into_inner()) = Some(why.clone());
            publish(&events, &relay, ReviewEvent::failed(job.run, why));
        };
        let (slots, max) = self.engine.review_slots();
        let Ok(first) = ticket.slot().await else {
            return fail("the engine is shutting down".into());
        };
        let mut permits = vec![first];
        while permits.len() < max.min(job.total) {
            match Arc::clone(&slots).try_acquire_owned() {
                Ok(p) => permits.push(p),
                Err(_) => break,
            }
        }
        let options = oware_review::Options {
            depth: Some(job.depth),
            threads: permits.len(),
            tables: self
                .engine
                .prober_for(game.rules())
                .map(|p| Arc::new(oware_review::Tables::from_prober(p))),
            ..oware_review::Options::default()
        };
        let worker_job = Arc::clone(&job);
        let worker_events = events.clone();
        let worker_relay = relay.clone();
        let searched = tokio::task::spawn_blocking(move || {
            let _permits = permits;
            let r = oware_review::review(&game, &options, &worker_job.stop, &mut |p| {
                worker_job.done.store(p.done, Ordering::Relaxed);
                publish(&worker_events, &worker_relay, worker_job.progress(p.done));
            });
            r.map(|r| oware_review::ReviewJson::from(&r))
        })
        .await;
        let review = match searched {
            Ok(Ok(r)) => r,
            Ok(Err(e)) => return fail(e.to_string()),
            Err(e) => return fail(format!("the review's search failed: {e}")),
        };
        let stored = Stored {
            moves: job.moves.clone(),
            depth: job.depth,
            computed_at: now_ms(),
            run: Some(job.run),
            review: match serde_json::to_value(&review) {
                Ok(v) => v,
                Err(e) => return fail(format!("the review could not be written: {e}")),
            },
        };
        let computed_at = stored.computed_at;
        let text = match serde_json::to_string(&stored) {
            Ok(t) => t,
            Err(e) => return fail(format!("the review could not be written: {e}")),
        };
        if let Err(e) = self.store.save_review(id.clone(), text).await {
            tracing::warn!(game = %id, "a review could not be stored: {e}");
            return fail("the review could not be saved (storage failed); ask again".into());
        }
        // Stored first, then forgotten: a reader sees the job or the stored review, never
        // neither.
        self.jobs().remove(&id);
        tracing::debug!(game = %id, "review stored");
        publish(
            &events,
            &relay,
            ReviewEvent::done(job.run, job.total, computed_at),
        );
    }

    /// Keeps this instance's claim on game `id`'s review, renewing it every third of the lease,
    /// until the sender returned is used or dropped (the review ended); then gives it back.
    /// In one task, so that no renewal can come after the release.
    pub(super) fn hold_claim(&self, id: &str) -> tokio::sync::oneshot::Sender<()> {
        let (ended, mut until) = tokio::sync::oneshot::channel::<()>();
        let store = Arc::clone(&self.store);
        let key = claim_key(id);
        let (lease, renew) = (self.lease, self.renew_every());
        tokio::spawn(async move {
            let mut tick = tokio::time::interval(renew);
            tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            tick.tick().await; // the first tick is at once: the claim was just taken
            loop {
                tokio::select! {
                    _ = &mut until => break,
                    _ = tick.tick() => match store.claim(key.clone(), lease).await {
                        Ok(true) => {}
                        Ok(false) => tracing::warn!(%key, "a review's claim was lost (renewed too late); \
                                                           another instance may run it too"),
                        Err(e) => tracing::warn!(%key, "a review's claim could not be renewed: {e}"),
                    },
                }
            }
            if let Err(e) = store.release(key).await {
                tracing::warn!("a review's claim could not be given back (it runs out): {e}");
            }
        });
        ended
    }

    /// Gives the claim on game `id`'s review back (it ended here), in the background.
    pub(super) fn release_claim(&self, id: &str) {
        let store = Arc::clone(&self.store);
        let key = claim_key(id);
        tokio::spawn(async move {
            if let Err(e) = store.release(key).await {
                tracing::warn!("a review's claim could not be given back (it runs out): {e}");
            }
        });
    }
}
