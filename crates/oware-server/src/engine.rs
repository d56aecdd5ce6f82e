//! Engine jobs: the computer's replies and the analyses, each kind with its own limit of
//! searches running at once, on tokio's blocking pool (never on an async worker).
//!
//! Nothing here knows of games in the cache, HTTP or events: a job gets a [`Game`] and gives
//! back a move or a stream of search reports. Limits on queues and per-client work belong
//! here, in front of the semaphores.

use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use oware_core::{Game, Move};
use oware_engine::{Info, Level, Limits};
use tokio::sync::Semaphore;

/// Why an engine job gave no answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EngineError {
    /// The server is shutting down.
    Closed,
    /// The search failed (it panicked); the message says how.
    Failed(String),
    /// The position has no move (the game is over).
    NoMove,
}

impl fmt::Display for EngineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineError::Closed => write!(f, "the engine is shutting down"),
            EngineError::Failed(m) => write!(f, "the search failed: {m}"),
            EngineError::NoMove => write!(f, "the engine found no move to play"),
        }
    }
}

impl std::error::Error for EngineError {}

/// The engine's slots.
pub struct EngineJobs {
    /// The server's endgame tables, for the replies' searches.
    egdb: Option<Arc<crate::egdb_view::Tables>>,
    replies: Arc<Semaphore>,
    /// Analyses and hints have their own slots, so that they never delay a computer's reply.
    analyses: Arc<Semaphore>,
    /// Game reviews have theirs too (`review.rs`): a review takes one slot per position it
    /// searches at once, so a long review never delays a reply, a hint or an analysis.
    reviews: Arc<Semaphore>,
    /// The number of review slots.
    review_threads: usize,
}

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
    /// At most `threads` replies and `threads` analyses at once.
    pub fn new(threads: usize) -> EngineJobs {
        EngineJobs {
            egdb: None,
            replies: Arc::new(Semaphore::new(threads.max(1))),
            analyses: Arc::new(Semaphore::new(threads.max(1))),
            reviews: Arc::new(Semaphore::new(threads.max(1))),
            review_threads: threads.max(1),
        }
    }

    /// The game reviews' slots (one per search thread of a review) and how many there are.
    pub(crate) fn review_slots(&self) -> (Arc<Semaphore>, usize) {
        (Arc::clone(&self.reviews), self.review_threads)
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

    /// The computer's move in `game` at `level` (reproducible from `seed`); waits for a slot.
    pub async fn reply(&self, game: Game, level: Level, seed: u64) -> Result<Move, EngineError> {
        let permit = Arc::clone(&self.replies)
            .acquire_owned()
            .await
            .map_err(|_| EngineError::Closed)?;
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

    /// Starts an analysis in the background: `report` gets each completed depth with `None`,
    /// then the final report with `Some(best)`. A watchdog stops a search that overruns its
    /// time by half a second.
    pub fn analyse(
        &self,
        job: AnalysisJob,
        mut report: impl FnMut(&Info, Option<Option<Move>>) + Send + 'static,
    ) {
        let slots = Arc::clone(&self.analyses);
        tokio::spawn(async move {
            let Ok(permit) = slots.acquire_owned().await else {
                tracing::warn!("analysis dropped: the engine is shutting down");
                return;
            };
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
