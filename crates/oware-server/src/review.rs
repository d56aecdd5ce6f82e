//! Game reviews on the server: the computer's verdict on every move of a game (`oware-review`),
//! computed in the background on the engine's review slots, its progress sent as `review`
//! events on the game's stream, and its result stored with the game so that a reload or a
//! restart shows it without searching again.
//!
//! One review per game runs at a time; a client (an address) has at most
//! [`REVIEWS_PER_CLIENT`] running at once. A review takes one slot per position it searches
//! at once: it waits for one, then takes as many more as are free (up to the server's
//! `engine_threads`), so two reviews share the slots and never delay a reply or an analysis
//! (those have their own).
//!
//! **Several instances** (a shared store): a review is claimed in the database (`review ID`,
//! [`REVIEW_LEASE`]) before it starts, so one instance runs it; asked on another instance
//! meanwhile, the answer is "running". Its `review` events are announced to the other
//! instances, which pass them to the streams they hold and remember the progress for
//! `GET …/review`; the result is read from the store by any instance. The claimer renews its
//! claim while the review runs; one that dies leaves it to run out ([`REVIEW_LEASE`], 30 s),
//! and the next request starts the review again on another instance.
//!
//! A stored review says which moves it judged (the game's moves as the store writes them) and
//! at which depth: asking again for the same moves at that depth or a shallower one answers the
//! stored one (so nobody replaces a deep review with a shallow one); a deeper request reviews
//! again, and its result replaces the stored one only once it is finished. A game that went on
//! since (a local game in progress) is reviewed again when asked.
//!
//! **The engine's review lane** (`engine.rs`) has a bounded queue like the other lanes: a
//! review is given its place (a slot, or one in the queue) before it starts, and when the queue
//! is full the request is refused at once (503 `engine-busy`, as for replies and analyses)
//! rather than left waiting behind all the others.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use oware_core::Game;
use serde::{Deserialize, Serialize};
use tokio::sync::{broadcast, mpsc};

use crate::engine::Ticket;
use crate::events::Event;
use crate::games::{now_ms, GameError, Games};
use crate::store::Store;

/// Reviews one client (address) may have running at once.
pub const REVIEWS_PER_CLIENT: usize = 2;

/// The deepest review a request may ask for (depth 18, to 24 near a line: about 11.5 s of CPU,
/// 6 s of two cores, for 60 moves; `docs/review.md`).
pub const MAX_DEPTH: u32 = 18;

/// The shallowest.
pub const MIN_DEPTH: u32 = 2;

/// How long a review's claim holds with several instances without being renewed. The
/// instance running the review renews it every [`REVIEW_RENEW`], so only a claimer that died
/// lets it run out, and then another instance may run the review when it is asked again.
pub const REVIEW_LEASE: Duration = Duration::from_secs(30);

/// How often the instance running a review renews its claim.
pub const REVIEW_RENEW: Duration = Duration::from_secs(10);

/// How long another instance's last progress of a review counts as "running" without news
/// (it sends one at every position reviewed, a few seconds apart at most): as long as a
/// claim holds unrenewed.
const REMOTE_PROGRESS_TTL_MS: u64 = REVIEW_LEASE.as_millis() as u64;

/// The running reviews, by game id.
#[derive(Default)]
pub struct Reviews {
    jobs: Mutex<HashMap<String, Arc<Job>>>,
    /// Reviews running on other instances (a shared store): the last progress heard,
    /// `(done, total, when)`, by game id.
    remote: Mutex<HashMap<String, (usize, usize, u64)>>,
    /// Reviews this instance started searching since start (`/api/health`).
    started: AtomicUsize,
}

/// One review in the background.
struct Job {
    /// The moves it judges (the store's text).
    moves: String,
    depth: u32,
    /// Who asked (for the per-client limit).
    client: Option<IpAddr>,
    done: AtomicUsize,
    total: usize,
    /// Why it failed, once it has.
    failed: Mutex<Option<String>>,
    stop: Arc<AtomicBool>,
}

impl Job {
    fn failure(&self) -> Option<String> {
        self.failed
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone()
    }

    fn view(&self, current_moves: &str) -> ReviewView {
        match self.failure() {
            Some(error) => ReviewView {
                status: "failed",
                error: Some(error),
                ..ReviewView::none()
            },
            None => ReviewView {
                status: "running",
                done: self.done.load(Ordering::Relaxed),
                total: self.total,
                depth: Some(self.depth),
                plies: Some(self.total),
                current: self.moves == current_moves,
                ..ReviewView::none()
            },
        }
    }
}

impl Reviews {
    fn jobs(&self) -> std::sync::MutexGuard<'_, HashMap<String, Arc<Job>>> {
        self.jobs.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn remote(&self) -> std::sync::MutexGuard<'_, HashMap<String, (usize, usize, u64)>> {
        self.remote.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Reviews this instance started searching since start.
    pub fn started(&self) -> usize {
        self.started.load(Ordering::Relaxed)
    }

    /// Stops every running review (the server is shutting down).
    pub fn stop_all(&self) {
        for job in self.jobs().values() {
            job.stop.store(true, Ordering::Relaxed);
        }
    }
}

/// A review as the store keeps it (JSON text).
#[derive(Debug, Serialize, Deserialize)]
struct Stored {
    /// The moves judged, as the store writes a game's moves.
    moves: String,
    /// The review's depth.
    depth: u32,
    /// When it finished, in milliseconds since the Unix epoch.
    computed_at: u64,
    /// `oware_review::ReviewJson`.
    review: serde_json::Value,
}

impl Stored {
    /// Whether it answers a request for `moves` at `depth`: the same moves, judged at least
    /// that deep.
    fn covers(&self, moves: &str, depth: u32) -> bool {
        self.moves == moves && self.depth >= depth
    }
}

/// What `GET /api/games/{id}/review` answers (and `POST` too).
#[derive(Debug, Clone, Serialize)]
pub struct ReviewView {
    /// `none`, `running`, `done` or `failed`.
    pub status: &'static str,
    /// Positions reviewed so far.
    pub done: usize,
    /// Positions to review.
    pub total: usize,
    /// The review's depth.
    pub depth: Option<u32>,
    /// The number of moves it judges.
    pub plies: Option<usize>,
    /// Whether it judges the game's moves as they are now (false once the game went on or
    /// moves were taken back).
    pub current: bool,
    /// When it finished (milliseconds since the Unix epoch).
    pub computed_at: Option<u64>,
    /// Why it failed.
    pub error: Option<String>,
    /// The review itself (`status` `done`): see `docs/review.md`, "JSON".
    pub review: Option<serde_json::Value>,
}

impl ReviewView {
    fn none() -> ReviewView {
        ReviewView {
            status: "none",
            done: 0,
            total: 0,
            depth: None,
            plies: None,
            current: false,
            computed_at: None,
            error: None,
            review: None,
        }
    }

    fn stored(s: Stored, current_moves: &str) -> ReviewView {
        let plies = s.review["moves"].as_array().map_or(0, Vec::len);
        ReviewView {
            status: "done",
            done: plies,
            total: plies,
            depth: Some(s.depth),
            plies: Some(plies),
            current: s.moves == current_moves,
            computed_at: Some(s.computed_at),
            review: Some(s.review),
            ..ReviewView::none()
        }
    }
}

/// Checks a requested depth.
pub fn parse_depth(depth: Option<i64>) -> Result<u32, GameError> {
    match depth {
        None => Ok(oware_review::DEFAULT_DEPTH.min(MAX_DEPTH)),
        Some(d) if (i64::from(MIN_DEPTH)..=i64::from(MAX_DEPTH)).contains(&d) => Ok(d as u32),
        Some(d) => Err(GameError::Invalid {
            code: "bad-depth",
            message: format!(
                "depth must be {MIN_DEPTH} to {MAX_DEPTH} plies, not {d} (default {})",
                oware_review::DEFAULT_DEPTH
            ),
        }),
    }
}

/// With a shared store: the queue of a review's announcements (`review ID JSON`), sent to
/// the other instances one after the other, in order, by [`start_relay`]'s task.
type Relay = Option<(mpsc::UnboundedSender<String>, String)>;

/// Starts the task that announces review `id`'s events to the other instances in the order
/// they were published (ends when the review's last sender is dropped).
fn start_relay(store: Arc<dyn Store>, id: &str) -> Relay {
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
fn publish(events: &broadcast::Sender<Event>, relay: &Relay, data: serde_json::Value) {
    let text = data.to_string();
    if let Some((tx, id)) = relay {
        let _ = tx.send(format!("review {id} {text}"));
    }
    let _ = events.send(Event {
        name: "review",
        data: text.into(),
    });
}

/// The claim key of game `id`'s review.
fn claim_key(id: &str) -> String {
    format!("review {id}")
}

impl Games {
    /// The stored review of game `id`, if any (a damaged one is logged and treated as none).
    async fn stored_review(&self, id: &str) -> Result<Option<Stored>, GameError> {
        let Some(text) = self.store().load_review(id.to_string()).await? else {
            return Ok(None);
        };
        match serde_json::from_str(&text) {
            Ok(s) => Ok(Some(s)),
            Err(e) => {
                tracing::warn!(game = %id, "a stored review is damaged and is ignored: {e}");
                Ok(None)
            }
        }
    }

    /// The review of game `id`: running (with its progress), done (with the result), failed,
    /// or none. Anyone who may see the game may see its review.
    pub async fn review_state(self: &Arc<Self>, id: &str) -> Result<ReviewView, GameError> {
        let target = self.review_target(id, None, false).await?;
        let job = self.reviews().jobs().get(id).cloned();
        if let Some(job) = job {
            return Ok(job.view(&target.moves));
        }
        if let Some(view) = self.remote_review(id) {
            return Ok(view);
        }
        if let Some(s) = self.stored_review(id).await? {
            return Ok(ReviewView::stored(s, &target.moves));
        }
        if self.remote_state(id) == Remote::Stopped {
            return Ok(ReviewView {
                status: "failed",
                error: Some(
                    "the server running this review stopped before it ended; ask for the \
                     review again"
                        .into(),
                ),
                ..ReviewView::none()
            });
        }
        Ok(ReviewView::none())
    }

    /// Starts a review of game `id` at `depth` for the holder of `token` asking from `client`,
    /// unless one is running (answered as it is) or the stored one already judges these moves
    /// at this depth or deeper (answered without searching again). Refused when the client has
    /// [`REVIEWS_PER_CLIENT`] running, or the engine's review lane is full. `true` with the view
    /// when a review was started.
    pub async fn start_review(
        self: &Arc<Self>,
        id: &str,
        token: Option<&str>,
        depth: u32,
        client: Option<IpAddr>,
    ) -> Result<(bool, ReviewView), GameError> {
        let target = self.review_target(id, token, true).await?;
        if let Some(job) = self.reviews().jobs().get(id).cloned() {
            if job.failure().is_none() {
                return Ok((false, job.view(&target.moves)));
            }
        }
        if let Some(s) = self.stored_review(id).await? {
            if s.covers(&target.moves, depth) {
                return Ok((false, ReviewView::stored(s, &target.moves)));
            }
        }
        let shared = self.store().shared();
        if shared && !self.reviews().jobs().contains_key(id) {
            if !self.store().claim(claim_key(id), REVIEW_LEASE).await? {
                // Another instance runs this game's review: answered as running, its
                // progress comes through the notices.
                let view = self.remote_review(id).unwrap_or_else(|| ReviewView {
                    status: "running",
                    total: target.game.moves().len(),
                    ..ReviewView::none()
                });
                return Ok((false, view));
            }
            // Claimed: another instance may have stored this very review just before it gave
            // the claim back (it stores first, then releases).
            if let Some(s) = self.stored_review(id).await? {
                if s.covers(&target.moves, depth) {
                    self.release_review_claim(id);
                    return Ok((false, ReviewView::stored(s, &target.moves)));
                }
            }
        }
        let (job, ticket) = {
            let mut jobs = self.reviews().jobs();
            if let Some(job) = jobs.get(id).filter(|j| j.failure().is_none()) {
                return Ok((false, job.view(&target.moves)));
            }
            if let Some(ip) = client {
                let running = jobs
                    .values()
                    .filter(|j| j.client == Some(ip) && j.failure().is_none())
                    .count();
                if running >= REVIEWS_PER_CLIENT {
                    if shared {
                        self.release_review_claim(id);
                    }
                    return Err(GameError::Limited {
                        code: "too-many-reviews",
                        message: format!(
                            "{REVIEWS_PER_CLIENT} reviews of yours are running already: wait \
                             for one to finish"
                        ),
                    });
                }
            }
            let ticket = match self.engine().review_ticket() {
                Ok(t) => t,
                Err(e) => {
                    if shared {
                        self.release_review_claim(id);
                    }
                    return Err(GameError::Busy {
                        retry_after_s: e.retry_after_s(),
                        message: e.to_string(),
                    });
                }
            };
            let job = Arc::new(Job {
                moves: target.moves.clone(),
                depth,
                client,
                done: AtomicUsize::new(0),
                total: target.game.moves().len(),
                failed: Mutex::new(None),
                stop: Arc::new(AtomicBool::new(false)),
            });
            jobs.insert(id.to_string(), Arc::clone(&job));
            (job, ticket)
        };
        let view = job.view(&target.moves);
        self.reviews().started.fetch_add(1, Ordering::Relaxed);
        let relay = if shared {
            start_relay(Arc::clone(self.store()), id)
        } else {
            None
        };
        publish(
            &target.events,
            &relay,
            serde_json::json!({ "status": "running", "done": 0, "total": job.total }),
        );
        tracing::debug!(game = %id, depth, plies = job.total, "review started");
        let games = Arc::clone(self);
        let id = id.to_string();
        let claim = shared.then(|| games.hold_review_claim(&id));
        tokio::spawn(async move {
            Arc::clone(&games)
                .run_review(id.clone(), target.game, job, ticket, target.events, relay)
                .await;
            if let Some(ended) = claim {
                // The holder gives the claim back once it has stopped renewing it.
                let _ = ended.send(());
            }
        });
        Ok((true, view))
    }

    /// Runs a review to its end: searches, stores, tells the watchers.
    async fn run_review(
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
            publish(
                &events,
                &relay,
                serde_json::json!({ "status": "failed", "error": why }),
            );
        };
        let (slots, max) = self.engine().review_slots();
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
                .engine()
                .prober_for(game.rules())
                .map(|p| Arc::new(oware_review::Tables::from_prober(p))),
            ..oware_review::Options::default()
        };
        let worker_job = Arc::clone(&job);
        let worker_events = events.clone();
        let worker_relay = relay.clone();
        let searched = tokio::task::spawn_blocking(move || {
            let _permits = permits;
            let total = worker_job.total;
            let r = oware_review::review(&game, &options, &worker_job.stop, &mut |p| {
                worker_job.done.store(p.done, Ordering::Relaxed);
                publish(
                    &worker_events,
                    &worker_relay,
                    serde_json::json!({ "status": "running", "done": p.done, "total": total }),
                );
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
        if let Err(e) = self.store().save_review(id.clone(), text).await {
            tracing::warn!(game = %id, "a review could not be stored: {e}");
            return fail("the review could not be saved (storage failed); ask again".into());
        }
        // Stored first, then forgotten: a reader sees the job or the stored review, never
        // neither.
        self.reviews().jobs().remove(&id);
        tracing::debug!(game = %id, "review stored");
        publish(
            &events,
            &relay,
            serde_json::json!({
                "status": "done",
                "done": job.total,
                "total": job.total,
                "computed_at": computed_at,
            }),
        );
    }
}

/// What this instance knows of a review on another instance: its last progress `heard`
/// (`(done, total, when)`) as of `now` (epoch ms).
#[derive(Debug, Clone, PartialEq, Eq)]
enum Remote {
    /// None heard of.
    Unknown,
    /// Running, with news within [`REMOTE_PROGRESS_TTL_MS`].
    Running { done: usize, total: usize },
    /// Heard running, then nothing for as long as a claim holds unrenewed: its instance
    /// stopped before the end.
    Stopped,
}

impl Remote {
    fn of(heard: Option<(usize, usize, u64)>, now: u64) -> Remote {
        match heard {
            None => Remote::Unknown,
            Some((done, total, at)) if now.saturating_sub(at) < REMOTE_PROGRESS_TTL_MS => {
                Remote::Running { done, total }
            }
            Some(_) => Remote::Stopped,
        }
    }
}

impl Games {
    /// A review running on another instance, as last heard (`None`: none heard of lately).
    fn remote_review(&self, id: &str) -> Option<ReviewView> {
        match self.remote_state(id) {
            Remote::Running { done, total } => Some(ReviewView {
                status: "running",
                done,
                total,
                plies: Some(total),
                ..ReviewView::none()
            }),
            Remote::Unknown | Remote::Stopped => None,
        }
    }

    fn remote_state(&self, id: &str) -> Remote {
        Remote::of(self.reviews().remote().get(id).copied(), now_ms())
    }

    /// Keeps this instance's claim on game `id`'s review, renewing it every [`REVIEW_RENEW`],
    /// until the sender returned is used or dropped (the review ended); then gives it back.
    /// In one task, so that no renewal can come after the release.
    fn hold_review_claim(&self, id: &str) -> tokio::sync::oneshot::Sender<()> {
        let (ended, mut until) = tokio::sync::oneshot::channel::<()>();
        let store = Arc::clone(self.store());
        let key = claim_key(id);
        tokio::spawn(async move {
            let mut tick = tokio::time::interval(REVIEW_RENEW);
            tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            tick.tick().await; // the first tick is at once: the claim was just taken
            loop {
                tokio::select! {
                    _ = &mut until => break,
                    _ = tick.tick() => match store.claim(key.clone(), REVIEW_LEASE).await {
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
    fn release_review_claim(&self, id: &str) {
        let store = Arc::clone(self.store());
        let key = claim_key(id);
        tokio::spawn(async move {
            if let Err(e) = store.release(key).await {
                tracing::warn!("a review's claim could not be given back (it runs out): {e}");
            }
        });
    }

    /// Another instance's `review` event for game `id`: remembered for `GET …/review`, and
    /// passed to the streams this instance holds for the game.
    pub(crate) async fn on_review_notice(self: &Arc<Self>, id: &str, data: String) {
        let Ok(v) = serde_json::from_str::<serde_json::Value>(&data) else {
            tracing::warn!(game = %id, "an unreadable review notice was ignored");
            return;
        };
        {
            let mut remote = self.reviews().remote();
            if v["status"] == "running" {
                let n = |k: &str| v[k].as_u64().unwrap_or(0) as usize;
                remote.insert(id.to_string(), (n("done"), n("total"), now_ms()));
            } else {
                remote.remove(id);
            }
        }
        if let Some(events) = self.cached_events(id).await {
            let _ = events.send(Event {
                name: "review",
                data: data.into(),
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_remote_review_is_running_while_news_comes_and_stopped_after_a_lease_of_silence() {
        assert_eq!(Remote::of(None, 1_000_000), Remote::Unknown);
        let heard = Some((3, 40, 1_000_000));
        assert_eq!(
            Remote::of(heard, 1_000_000 + REMOTE_PROGRESS_TTL_MS - 1),
            Remote::Running { done: 3, total: 40 }
        );
        assert_eq!(
            Remote::of(heard, 1_000_000 + REMOTE_PROGRESS_TTL_MS),
            Remote::Stopped
        );
        // A clock that went back counts as news just heard.
        assert_eq!(
            Remote::of(heard, 999_000),
            Remote::Running { done: 3, total: 40 }
        );
        assert_eq!(REMOTE_PROGRESS_TTL_MS, REVIEW_LEASE.as_millis() as u64);
    }
}
