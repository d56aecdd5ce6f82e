//! Engine jobs: the computer's replies and the analyses, on tokio's blocking pool (never on an
//! async worker), in lanes, each with its own search slots and a bounded queue:
//!
//! | lane | work | why its own |
//! | --- | --- | --- |
//! | quick | easy and medium replies (2- and 4-ply searches, milliseconds) | never wait behind deep searches |
//! | deep | hard and expert replies (1 s and 2 s) | |
//! | analyses | analyses and hints | never delay a computer's reply |
//! | reviews | game reviews (`review.rs`; one review may take several slots) | a long review never delays the rest |
//!
//! A lane runs `threads` searches at once and lets at most `queue` more wait; beyond that a
//! job is refused at once ([`EngineError::Busy`]) rather than queued without end. Callers
//! that must answer a request first ask [`EngineJobs::reply_room`] or take a [`Ticket`], so
//! that a full queue is a 503 with a message and nothing changed.
//!
//! Nothing here knows of games in the cache, HTTP or events: a job gets a [`Game`] and gives
//! back a move or a stream of search reports. Per-client limits are in `limits.rs`, in front.

use std::fmt;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use oware_core::{Game, Move};
use oware_engine::{Info, Level, Limits};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// Why an engine job gave no answer.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EngineError {
    /// The server is shutting down.
    #[error("the engine is shutting down")]
    Closed,
    /// The search failed (it panicked); the message says how.
    #[error("the search failed: {0}")]
    Failed(String),
    /// The position has no move (the game is over).
    #[error("the engine found no move to play")]
    NoMove,
    /// The lane's queue is full; the job was not started.
    #[error(
        "the engine is busy: {waiting} {} are already waiting; try again in a few seconds",
        lane_jobs(.lane)
    )]
    Busy {
        /// `quick`, `deep`, `analyses` or `reviews`.
        lane: &'static str,
        /// How many jobs were waiting.
        waiting: usize,
    },
}

impl EngineError {
    /// Seconds after which a refused job is worth trying again.
    pub fn retry_after_s(&self) -> u64 {
        match self {
            EngineError::Busy { lane: "quick", .. } => 1,
            _ => 3,
        }
    }
}

/// What a busy lane's message calls its jobs.
fn lane_jobs(lane: &str) -> &'static str {
    match lane {
        "analyses" => "analyses and hints",
        "quick" => "easy and medium moves",
        "reviews" => "game reviews",
        _ => "hard and expert moves",
    }
}

/// One lane: its search slots and how many jobs wait for one.
struct Lane {
    name: &'static str,
    slots: Arc<Semaphore>,
    waiting: Arc<AtomicUsize>,
    queue: usize,
}

/// A job's place in a lane: a search slot, or a place in its queue.
pub struct Ticket {
    lane: &'static str,
    slots: Arc<Semaphore>,
    permit: Option<OwnedSemaphorePermit>,
    waiting: Option<Arc<AtomicUsize>>,
}

impl Ticket {
    /// Waits for the search slot (at once when the ticket already holds one).
    pub(crate) async fn slot(mut self) -> Result<OwnedSemaphorePermit, EngineError> {
        if let Some(p) = self.permit.take() {
            return Ok(p);
        }
        let got = Arc::clone(&self.slots).acquire_owned().await;
        // `Drop` leaves the queue.
        got.map_err(|_| EngineError::Closed)
    }
}

impl Drop for Ticket {
    fn drop(&mut self) {
        if let Some(w) = self.waiting.take() {
            w.fetch_sub(1, Ordering::Relaxed);
        }
    }
}

impl fmt::Debug for Ticket {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Ticket")
            .field("lane", &self.lane)
            .field("queued", &self.waiting.is_some())
            .finish()
    }
}

impl Lane {
    fn new(name: &'static str, threads: usize, queue: usize) -> Lane {
        Lane {
            name,
            slots: Arc::new(Semaphore::new(threads.max(1))),
            waiting: Arc::new(AtomicUsize::new(0)),
            queue,
        }
    }

    /// A free slot, else a place in the queue, else [`EngineError::Busy`].
    fn ticket(&self) -> Result<Ticket, EngineError> {
        let mut ticket = Ticket {
            lane: self.name,
            slots: Arc::clone(&self.slots),
            permit: None,
            waiting: None,
        };
        if let Ok(p) = Arc::clone(&self.slots).try_acquire_owned() {
            ticket.permit = Some(p);
            return Ok(ticket);
        }
        let before = self.waiting.fetch_add(1, Ordering::Relaxed);
        ticket.waiting = Some(Arc::clone(&self.waiting));
        if before >= self.queue {
            return Err(EngineError::Busy {
                lane: self.name,
                waiting: before,
            });
        }
        Ok(ticket)
    }

    /// Whether a job would be taken now.
    fn room(&self) -> Result<(), EngineError> {
        let waiting = self.waiting.load(Ordering::Relaxed);
        if self.slots.available_permits() > 0 || waiting < self.queue {
            Ok(())
        } else {
            Err(EngineError::Busy {
                lane: self.name,
                waiting,
            })
        }
    }
}

/// The engine's lanes.
pub struct EngineJobs {
    /// The server's endgame tables, for the replies' searches.
    egdb: Option<Arc<crate::egdb_view::Tables>>,
    /// Easy and medium replies.
    quick: Lane,
    /// Hard and expert replies.
    deep: Lane,
    /// Analyses and hints have their own slots, so that they never delay a computer's reply.
    analyses: Lane,
    /// Game reviews have theirs too (`review.rs`): a review takes one slot per position it
    /// searches at once, so a long review never delays a reply, a hint or an analysis.
    reviews: Lane,
    /// The number of review slots.
    review_threads: usize,
    /// Replies searched since start (`/api/health` shows it; tests of several instances
    /// count that each reply is searched once).
    replies_started: AtomicU64,
}

/// The depth of the search behind the computer's proposals to end a game as a cycle.
pub use oware_engine::PROPOSE_DEPTH;

/// Jobs that may wait in each lane unless [`EngineJobs::with_queue`] says otherwise.
pub const DEFAULT_QUEUE: usize = 32;

/// What one analysis searches.
pub struct AnalysisJob {
    /// The game up to the position to analyse.
    pub game: Game,
    /// How long to think.
    pub movetime: Duration,
    /// Set to stop the search early (a newer analysis, a stop request).
    pub stop: Arc<AtomicBool>,
}

impl EngineJobs {
    /// At most `threads` searches at once in each lane, [`DEFAULT_QUEUE`] more waiting.
    pub fn new(threads: usize) -> EngineJobs {
        EngineJobs::with_queue(threads, DEFAULT_QUEUE)
    }

    /// At most `threads` searches at once in each lane and `queue` more waiting.
    pub fn with_queue(threads: usize, queue: usize) -> EngineJobs {
        EngineJobs {
            egdb: None,
            quick: Lane::new("quick", threads, queue),
            deep: Lane::new("deep", threads, queue),
            analyses: Lane::new("analyses", threads, queue),
            reviews: Lane::new("reviews", threads, queue),
            review_threads: threads.max(1),
            replies_started: AtomicU64::new(0),
        }
    }

    /// The number of replies searched since start.
    pub fn replies_started(&self) -> u64 {
        self.replies_started.load(Ordering::Relaxed)
    }

    fn reply_lane(&self, level: Level) -> &Lane {
        match level {
            Level::Easy | Level::Medium => &self.quick,
            Level::Hard | Level::Expert => &self.deep,
        }
    }

    /// Whether a reply at `level` would be taken now ([`EngineError::Busy`] when its lane's
    /// queue is full): asked before a move is accepted, so that a full queue refuses the move
    /// rather than leaving the game waiting.
    pub fn reply_room(&self, level: Level) -> Result<(), EngineError> {
        self.reply_lane(level).room()
    }

    /// A place for one analysis, or [`EngineError::Busy`]; taken before anything changes, and
    /// given to [`EngineJobs::analyse`].
    pub fn analysis_ticket(&self) -> Result<Ticket, EngineError> {
        self.analyses.ticket()
    }

    /// A place for one review (its first slot, or a place in the review lane's queue), or
    /// [`EngineError::Busy`]; taken before the review is started.
    pub fn review_ticket(&self) -> Result<Ticket, EngineError> {
        self.reviews.ticket()
    }

    /// The game reviews' slots (a review takes more, when free, beside its ticket's) and how
    /// many there are.
    pub(crate) fn review_slots(&self) -> (Arc<Semaphore>, usize) {
        (Arc::clone(&self.reviews.slots), self.review_threads)
    }

    /// The endgame tables the searches use, for a game under `rules`.
    pub(crate) fn prober_for(
        &self,
        rules: &oware_core::Rules,
    ) -> Option<Arc<oware_engine::Prober>> {
        self.egdb.as_ref().and_then(|t| t.prober_for(rules))
    }

    /// These slots, searching with the server's endgame tables (else the default folder's).
    pub fn with_egdb(mut self, tables: Option<Arc<crate::egdb_view::Tables>>) -> EngineJobs {
        self.egdb = tables;
        self
    }

    /// The computer's move in `game` at `level` (reproducible from `seed`); waits for a slot
    /// in its lane, or is refused at once when the lane's queue is full.
    pub async fn reply(&self, game: Game, level: Level, seed: u64) -> Result<Move, EngineError> {
        let permit = self.reply_lane(level).ticket()?.slot().await?;
        self.replies_started.fetch_add(1, Ordering::Relaxed);
        let prober = self.egdb.as_ref().and_then(|t| t.prober_for(game.rules()));
        let chosen = tokio::task::spawn_blocking(move || {
            let _permit = permit;
            match prober {
                Some(p) => oware_engine::choose_move_with(&game, level.spec(), seed, 1.0, Some(p)),
                None => oware_engine::choose_move(&game, level, seed),
            }
        })
        .await
        .map_err(|e| EngineError::Failed(e.to_string()))?;
        chosen.ok_or(EngineError::NoMove)
    }

    /// The computer's honest answer, playing `side` at `level`, to a proposal to end `game` as
    /// a cycle ([`oware_engine::answer_cycle_proposal`] with the level's search and tables), on
    /// the level's reply lane: `true` accepts.
    pub async fn answer_cycle(
        &self,
        game: Game,
        level: Level,
        side: oware_core::Side,
    ) -> Result<bool, EngineError> {
        self.cycle_job(game, level, 1.0, move |game, engine, limits| {
            oware_engine::answer_cycle_proposal(game, side, engine, limits)
                == oware_engine::CycleAnswer::Accept
        })
        .await
    }

    /// Whether the computer, at `level` and to move in `game`, proposes to end it as a cycle
    /// ([`oware_engine::should_propose`]), on the level's reply lane. The search is to a fixed
    /// depth ([`PROPOSE_DEPTH`]) without a time limit: `should_propose` reads the whole best
    /// line, which a search stopped by the clock does not give (its line is cut to one move),
    /// and the computer proposes only with few seeds on the board, where this takes
    /// milliseconds.
    pub async fn proposes_cycle(&self, game: Game, level: Level) -> Result<bool, EngineError> {
        self.cycle_job(game, level, 1.0, |game, engine, _| {
            let side = game.position().turn();
            oware_engine::should_propose(game, side, engine, &Limits::depth(PROPOSE_DEPTH))
        })
        .await
    }

    async fn cycle_job(
        &self,
        game: Game,
        level: Level,
        time_scale: f64,
        f: impl FnOnce(&Game, &mut oware_engine::Engine, &Limits) -> bool + Send + 'static,
    ) -> Result<bool, EngineError> {
        let permit = self.reply_lane(level).ticket()?.slot().await?;
        let prober = self.egdb.as_ref().and_then(|t| t.prober_for(game.rules()));
        tokio::task::spawn_blocking(move || {
            let _permit = permit;
            let spec = level.spec();
            let mut engine = oware_engine::Engine::new(spec.hash_mb);
            engine.set_threads(spec.thread_count());
            if spec.egdb {
                engine.set_egdb(prober);
            }
            f(&game, &mut engine, &spec.limits(time_scale))
        })
        .await
        .map_err(|e| EngineError::Failed(e.to_string()))
    }

    /// Starts an analysis in the background once `ticket` gets its slot: `report` gets each
    /// completed depth with `None`, then the final report with `Some(best)`. A job stopped
    /// while it waited is dropped without searching. A watchdog stops a search that overruns
    /// its time by half a second.
    pub fn analyse(
        &self,
        ticket: Ticket,
        job: AnalysisJob,
        mut report: impl FnMut(&Info, Option<Option<Move>>) + Send + 'static,
    ) {
        tokio::spawn(async move {
            let Ok(permit) = ticket.slot().await else {
                tracing::warn!("analysis dropped: the engine is shutting down");
                return;
            };
            if job.stop.load(Ordering::Relaxed) {
                // A newer analysis or a stop came while this one waited.
                return;
            }
            let searched = tokio::task::spawn_blocking(move || {
                let _permit = permit;
                let AnalysisJob {
                    game,
                    movetime,
                    stop,
                } = job;
                let limits = Limits {
                    movetime: Some(movetime),
                    ..Limits::default()
                };
                let watchdog_stop = Arc::clone(&stop);
                let deadline = Instant::now() + movetime + Duration::from_millis(500);
                std::thread::spawn(move || {
                    while Instant::now() < deadline {
                        if watchdog_stop.load(Ordering::Relaxed) {
                            return;
                        }
                        std::thread::sleep(Duration::from_millis(50));
                    }
                    watchdog_stop.store(true, Ordering::Relaxed);
                });
                let result = oware_engine::search(&game, &limits, &stop, &mut |info: &Info| {
                    report(info, None);
                });
                stop.store(true, Ordering::Relaxed);
                report(&result.info, Some(result.best));
            })
            .await;
            if let Err(e) = searched {
                tracing::warn!(error = %e, "an analysis failed; its page gets no final report");
            }
        });
    }
}

/// A reproducible seed of the computer's reply in game `id` at ply `ply` (the page's computer,
/// its own engine in the page and the house bots search alike).
pub use oware_engine::reply_seed;
