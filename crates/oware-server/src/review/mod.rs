//! Game reviews on the server, a service of their own ([`Reviews`]): the computer's verdict on
//! every move of a game (`oware-review`), computed in the background on the engine's review
//! slots, its progress sent as `review` events on the game's stream, and its result stored with
//! the game so that a reload or a restart shows it without searching again.
//!
//! One review per game runs at a time; a client (an address) has at most
//! [`REVIEWS_PER_CLIENT`] running at once. A review takes one slot per position it searches
//! at once: it waits for one, then takes as many more as are free (up to the server's
//! `engine_threads`), so two reviews share the slots and never delay a reply or an analysis
//! (those have their own).
//!
//! **Several instances** (a shared store): a review is claimed in the database (`review ID`,
//! `online::REVIEW_LEASE`) before it starts, so one instance runs it; asked on another instance
//! meanwhile, the answer is "running". Its `review` events are announced to the other
//! instances, which pass them to the streams they hold and remember the progress for
//! `GET …/review`; the result is read from the store by any instance. The claimer renews its
//! claim while the review runs; one that dies leaves it to run out (`online::REVIEW_LEASE`, 30 s),
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

//! **No game code here**: a review gets what it needs of a game as a [`ReviewTarget`] (a copy
//! of its moves and its event sender), which the HTTP handler asks `games` for first (`games` knows
//! this one type of the reviews'). Every answer and event carries its version
//! ([`ReviewView::run`], [`ReviewView::step`]), so that a client drops one older than what it
//! shows.
//!
//! | file | job |
//! | --- | --- |
//! | `mod.rs` | [`Reviews`]: reading a review, starting one, other instances' progress |
//! | `job.rs` | one review in the background: the search, its events, the result stored, its claim |
//! | `view.rs` | [`ReviewView`] (answers), the stored form, the version |
//! | `error.rs` | [`ReviewError`] |

mod error;
mod job;
mod target;
mod view;

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, Weak};
use std::time::Duration;

use oware_core::Game;
use tokio::sync::broadcast;

use crate::engine::EngineJobs;
use crate::events::Event;
use crate::store::{Notice, Store};
use job::{claim_key, publish, start_relay, Job};
use view::Stored;

pub use error::ReviewError;
pub use view::{ReviewStatus, ReviewView, ENDED};

/// Reviews one client (address) may have running at once.
pub const REVIEWS_PER_CLIENT: usize = 2;

/// The deepest review a request may ask for (depth 18, to 24 near a line: about 11.5 s of CPU,
/// 6 s of two cores, for 60 moves; `docs/review.md`).
pub const MAX_DEPTH: u32 = 18;

/// The shallowest.
pub const MIN_DEPTH: u32 = 2;

// Milliseconds since the Unix epoch by the system's time (the reviews' dates are not game time).
use crate::time::system_now_ms as now_ms;

/// What a review gets of a game: the HTTP handler asks `games` for it (which checks who may
/// see or review the game), then gives it to [`Reviews`].
pub struct ReviewTarget {
    /// The game as it is now.
    pub game: Game,
    /// Its moves as the store writes them (what a stored review is compared with).
    pub moves: String,
    /// Its event channel.
    pub events: broadcast::Sender<Event>,
}

/// Another instance's last progress of a review: its run, `done`, `total`, and when it was
/// heard (epoch ms).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Heard {
    run: u64,
    done: usize,
    total: usize,
    at: u64,
}

/// The reviews of this server: the running ones by game id, what other instances said of
/// theirs, and the store and engine slots they use.
pub struct Reviews {
    /// The live games, a review's copy of a game comes from (`target.rs`).
    games: Arc<crate::games::Games>,
    store: Arc<dyn Store>,
    engine: Arc<EngineJobs>,
    jobs: Mutex<HashMap<String, Arc<Job>>>,
    /// Reviews running on other instances (a shared store): the last progress heard, by game
    /// id.
    remote: Mutex<HashMap<String, Heard>>,
    /// Reviews this instance started searching since start (`/api/health`).
    started: AtomicUsize,
    /// How long a claim on a review holds unrenewed (`online::REVIEW_LEASE` by default).
    lease: Duration,
}

/// Checks a requested depth.
pub fn parse_depth(depth: Option<i64>) -> Result<u32, ReviewError> {
    match depth {
        None => Ok(oware_review::DEFAULT_DEPTH.min(MAX_DEPTH)),
        Some(d) if (i64::from(MIN_DEPTH)..=i64::from(MAX_DEPTH)).contains(&d) => Ok(d as u32),
        Some(d) => Err(ReviewError::BadDepth(format!(
            "depth must be {MIN_DEPTH} to {MAX_DEPTH} plies, not {d} (default {})",
            oware_review::DEFAULT_DEPTH
        ))),
    }
}

impl Reviews {
    /// The reviews of games kept in `store`, searched on `engine`'s review lane, their claims
    /// (several instances) holding `lease` unrenewed.
    pub(crate) fn new(
        games: Arc<crate::games::Games>,
        store: Arc<dyn Store>,
        engine: Arc<EngineJobs>,
        lease: Duration,
    ) -> Arc<Reviews> {
        Arc::new(Reviews {
            games,
            store,
            engine,
            jobs: Mutex::new(HashMap::new()),
            remote: Mutex::new(HashMap::new()),
            started: AtomicUsize::new(0),
            lease,
        })
    }

    /// The lease in milliseconds: how long another instance's news of a review keeps it
    /// running here.
    fn lease_ms(&self) -> u64 {
        u64::try_from(self.lease.as_millis()).unwrap_or(u64::MAX)
    }

    /// How often the instance running a review renews its claim: a third of the lease.
    pub(super) fn renew_every(&self) -> Duration {
        (self.lease / 3).max(Duration::from_millis(100))
    }

    fn jobs(&self) -> std::sync::MutexGuard<'_, HashMap<String, Arc<Job>>> {
        self.jobs.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn remote(&self) -> std::sync::MutexGuard<'_, HashMap<String, Heard>> {
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

    /// The stored review of game `id`, if any (a damaged one is logged and treated as none).
    async fn stored(&self, id: &str) -> Result<Option<Stored>, ReviewError> {
        let Some(text) = self.store.load_review(id.to_string()).await? else {
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

    /// The review of game `id` (`moves`: the game's moves now, from its [`ReviewTarget`]):
    /// running (with its progress), done (with the result), failed, or none.
    pub async fn state(&self, id: &str, moves: &str) -> Result<ReviewView, ReviewError> {
        let job = self.jobs().get(id).cloned();
        if let Some(job) = job {
            return Ok(job.view(moves));
        }
        if let Some(view) = self.remote_review(id) {
            return Ok(view);
        }
        if let Some(s) = self.stored(id).await? {
            return Ok(view::stored(s, moves));
        }
        if let Remote::Stopped { run } = self.remote_state(id) {
            return Ok(ReviewView {
                status: ReviewStatus::Failed,
                error: Some(
                    "the server running this review stopped before it ended; ask for the \
                     review again"
                        .into(),
                ),
                run,
                step: ENDED,
                ..ReviewView::none()
            });
        }
        Ok(ReviewView::none())
    }

    /// Starts a review of game `id` (`target`, which `games` allowed this client to have
    /// reviewed) at `depth` for `client`, unless one is running (answered as it is) or the
    /// stored one already judges these moves at this depth or deeper (answered without
    /// searching again). Refused when the client has [`REVIEWS_PER_CLIENT`] running, or the
    /// engine's review lane is full. `true` with the view when a review was started.
    pub async fn start(
        self: &Arc<Self>,
        id: &str,
        target: ReviewTarget,
        depth: u32,
        client: Option<IpAddr>,
    ) -> Result<(bool, ReviewView), ReviewError> {
        if let Some(job) = self.jobs().get(id).cloned() {
            if job.failure().is_none() {
                return Ok((false, job.view(&target.moves)));
            }
        }
        // The new run comes after every run this game had.
        let mut last_run = 0;
        if let Some(s) = self.stored(id).await? {
            if s.covers(&target.moves, depth) {
                return Ok((false, view::stored(s, &target.moves)));
            }
            last_run = s.run();
        }
        let shared = self.store.shared();
        if shared && !self.jobs().contains_key(id) {
            if !self.store.claim(claim_key(id), self.lease).await? {
                // Another instance runs this game's review: answered as running, its
                // progress comes through the notices.
                let view = self.remote_review(id).unwrap_or_else(|| ReviewView {
                    status: ReviewStatus::Running,
                    total: target.game.moves().len(),
                    ..ReviewView::none()
                });
                return Ok((false, view));
            }
            // Claimed: another instance may have stored this very review just before it gave
            // the claim back (it stores first, then releases).
            if let Some(s) = self.stored(id).await? {
                if s.covers(&target.moves, depth) {
                    self.release_claim(id);
                    return Ok((false, view::stored(s, &target.moves)));
                }
                last_run = last_run.max(s.run());
            }
            if let Some(heard) = self.remote().get(id) {
                last_run = last_run.max(heard.run);
            }
        }
        let (job, ticket) = {
            let mut jobs = self.jobs();
            if let Some(job) = jobs.get(id) {
                if job.failure().is_none() {
                    return Ok((false, job.view(&target.moves)));
                }
                last_run = last_run.max(job.run);
            }
            if let Some(ip) = client {
                let running = jobs
                    .values()
                    .filter(|j| j.client == Some(ip) && j.failure().is_none())
                    .count();
                if running >= REVIEWS_PER_CLIENT {
                    if shared {
                        self.release_claim(id);
                    }
                    return Err(ReviewError::TooMany(format!(
                        "{REVIEWS_PER_CLIENT} reviews of yours are running already: wait for \
                         one to finish"
                    )));
                }
            }
            let ticket = match self.engine.review_ticket() {
                Ok(t) => t,
                Err(e) => {
                    if shared {
                        self.release_claim(id);
                    }
                    return Err(ReviewError::Busy {
                        retry_after_s: e.retry_after_s(),
                        message: e.to_string(),
                    });
                }
            };
            let job = Arc::new(Job {
                moves: target.moves.clone(),
                depth,
                run: now_ms().max(last_run + 1),
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
        self.started.fetch_add(1, Ordering::Relaxed);
        let relay = if shared {
            start_relay(Arc::clone(&self.store), id)
        } else {
            None
        };
        publish(&target.events, &relay, job.progress(0));
        tracing::debug!(game = %id, depth, plies = job.total, run = job.run, "review started");
        let reviews = Arc::clone(self);
        let id = id.to_string();
        let claim = shared.then(|| reviews.hold_claim(&id));
        tokio::spawn(async move {
            Arc::clone(&reviews)
                .run(id.clone(), target.game, job, ticket, target.events, relay)
                .await;
            if let Some(ended) = claim {
                // The holder gives the claim back once it has stopped renewing it.
                let _ = ended.send(());
            }
        });
        Ok((true, view))
    }

    /// Follows other instances' `review` events (a shared store), remembered for
    /// [`Reviews::state`]; `games` passes the events themselves to the streams it holds. Ends
    /// when the reviews are dropped.
    pub fn follow_notices(self: &Arc<Self>) {
        let Some(mut rx) = self.store.notices() else {
            return;
        };
        let weak: Weak<Reviews> = Arc::downgrade(self);
        tokio::spawn(async move {
            loop {
                let notice = match rx.recv().await {
                    Ok(n) => n,
                    // Progress skipped is made up by the next one.
                    Err(broadcast::error::RecvError::Lagged(_)) => continue,
                    Err(broadcast::error::RecvError::Closed) => return,
                };
                let Some(reviews) = weak.upgrade() else {
                    return;
                };
                if let Notice::Review { id, data } = notice {
                    reviews.on_notice(&id, &data);
                }
            }
        });
    }

    /// Another instance's `review` event for game `id`: its progress remembered.
    fn on_notice(&self, id: &str, data: &str) {
        let Ok(v) = serde_json::from_str::<serde_json::Value>(data) else {
            tracing::warn!(game = %id, "an unreadable review notice was ignored");
            return;
        };
        let mut remote = self.remote();
        if v["status"] == "running" {
            let n = |k: &str| v[k].as_u64().unwrap_or(0);
            let heard = Heard {
                run: n("run"),
                done: n("done") as usize,
                total: n("total") as usize,
                at: now_ms(),
            };
            remote.insert(id.to_string(), heard);
        } else {
            remote.remove(id);
        }
    }

    /// A review running on another instance, as last heard (`None`: none heard of lately).
    fn remote_review(&self, id: &str) -> Option<ReviewView> {
        match self.remote_state(id) {
            Remote::Running(h) => Some(ReviewView {
                status: ReviewStatus::Running,
                done: h.done,
                total: h.total,
                plies: Some(h.total),
                run: h.run,
                step: h.done as u64,
                ..ReviewView::none()
            }),
            Remote::Unknown | Remote::Stopped { .. } => None,
        }
    }

    fn remote_state(&self, id: &str) -> Remote {
        Remote::of(self.remote().get(id).copied(), now_ms(), self.lease_ms())
    }
}

/// What this instance knows of a review on another instance, from its last progress heard,
/// as of `now` (epoch ms).
#[derive(Debug, Clone, PartialEq, Eq)]
enum Remote {
    /// None heard of.
    Unknown,
    /// Running, with news within the lease.
    Running(Heard),
    /// Heard running (run `run`), then nothing for as long as a claim holds unrenewed: its
    /// instance stopped before the end.
    Stopped { run: u64 },
}

impl Remote {
    /// What `heard` says at `now`, a progress older than `ttl_ms` meaning stopped.
    fn of(heard: Option<Heard>, now: u64, ttl_ms: u64) -> Remote {
        match heard {
            None => Remote::Unknown,
            Some(h) if now.saturating_sub(h.at) < ttl_ms => Remote::Running(h),
            Some(h) => Remote::Stopped { run: h.run },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TTL: u64 = 30_000;

    #[test]
    fn a_remote_review_is_running_while_news_comes_and_stopped_after_a_lease_of_silence() {
        assert_eq!(Remote::of(None, 1_000_000, TTL), Remote::Unknown);
        let h = Heard {
            run: 7,
            done: 3,
            total: 40,
            at: 1_000_000,
        };
        assert_eq!(
            Remote::of(Some(h), 1_000_000 + TTL - 1, TTL),
            Remote::Running(h)
        );
        assert_eq!(
            Remote::of(Some(h), 1_000_000 + TTL, TTL),
            Remote::Stopped { run: 7 }
        );
        // A clock that went back counts as news just heard.
        assert_eq!(Remote::of(Some(h), 999_000, TTL), Remote::Running(h));
    }
}
