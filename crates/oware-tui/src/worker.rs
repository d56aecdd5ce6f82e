//! The engine off the screen's thread: the computer's move, the analysis and hints each run on
//! a thread of their own and report through a channel, so the screen keeps answering keys
//! while they think.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::Sender;
use std::sync::Arc;
use std::thread::JoinHandle;

use oware_core::Game;
use oware_engine::{choose_move_with, Engine, Level, Limits, Prober};

use crate::app::EngineEvent;

/// Table size of the analysis and hint searches, in MB.
const ANALYSIS_HASH_MB: usize = 32;

/// Runs the engine's jobs and keeps the one analysis that may be running.
pub struct Workers {
    tx: Sender<EngineEvent>,
    egdb: Option<Arc<Prober>>,
    analysis: Option<(Arc<AtomicBool>, JoinHandle<()>)>,
    others: Vec<JoinHandle<()>>,
}

impl Workers {
    /// Workers reporting to `tx`, probing the endgame tables `egdb` (opened once, at the
    /// start: [`crate::Tables::open`]) where a level or the analysis uses them.
    pub fn new(tx: Sender<EngineEvent>, egdb: Option<Arc<Prober>>) -> Workers {
        Workers {
            tx,
            egdb,
            analysis: None,
            others: Vec::new(),
        }
    }

    /// The tables for `game`: the opened ones when they are for its rules (a game loaded with
    /// other rules is searched without tables).
    fn prober(&self, game: &Game) -> Option<Arc<Prober>> {
        self.egdb
            .clone()
            .filter(|p| p.egdb().rules() == game.rules())
    }

    /// Chooses the computer's move exactly as the level defines it (`choose_move_with`, the
    /// level's own search limits and random choices).
    pub fn think(&mut self, id: u64, game: Game, level: Level, seed: u64) {
        let tx = self.tx.clone();
        let egdb = self.prober(&game);
        self.spawn(move || {
            let mv = choose_move_with(&game, level.spec(), seed, 1.0, egdb);
            let _ = tx.send(EngineEvent::ComputerMove { id, mv });
        });
    }

    /// Analyses until [`Workers::stop_analysis`], reporting every completed depth.
    pub fn analyse(&mut self, id: u64, game: Game) {
        self.stop_analysis();
        let stop = Arc::new(AtomicBool::new(false));
        let flag = Arc::clone(&stop);
        let tx = self.tx.clone();
        let egdb = self.prober(&game);
        let handle = std::thread::spawn(move || {
            let mut engine = Engine::new(ANALYSIS_HASH_MB);
            engine.set_egdb(egdb);
            engine.search(&game, &Limits::default(), &flag, &mut |info| {
                let _ = tx.send(EngineEvent::Info {
                    id,
                    info: info.clone(),
                });
            });
            let _ = tx.send(EngineEvent::AnalysisDone { id });
        });
        self.analysis = Some((stop, handle));
    }

    /// Stops the analysis, if one runs, and waits for its thread.
    pub fn stop_analysis(&mut self) {
        if let Some((stop, handle)) = self.analysis.take() {
            stop.store(true, Ordering::Relaxed);
            let _ = handle.join();
        }
    }

    /// Finds a hint: the `hard` level's search (no random moves).
    pub fn hint(&mut self, id: u64, game: Game) {
        let tx = self.tx.clone();
        let egdb = self.prober(&game);
        self.spawn(move || {
            let spec = Level::Hard.spec();
            let mut engine = Engine::new(spec.hash_mb);
            engine.set_egdb(egdb);
            let r = engine.search(
                &game,
                &spec.limits(1.0),
                &AtomicBool::new(false),
                &mut |_| {},
            );
            let _ = tx.send(EngineEvent::Hint {
                id,
                mv: r.best,
                score: r.info.score,
            });
        });
    }

    fn spawn(&mut self, f: impl FnOnce() + Send + 'static) {
        self.others.retain(|h| !h.is_finished());
        self.others.push(std::thread::spawn(f));
    }
}

impl Drop for Workers {
    fn drop(&mut self) {
        self.stop_analysis();
    }
}
