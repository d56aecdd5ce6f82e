//! The engine off the screen's thread: the computer's move, the analysis and hints each run on
//! a thread of their own and report through a channel, so the screen keeps answering keys
//! while they think.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::Sender;
use std::sync::Arc;
use std::thread::JoinHandle;

use oware_core::{Game, Side};
use oware_engine::{
    answer_cycle_proposal, choose_move_with, should_propose, CycleAnswer, Engine, Level, LevelSpec,
    Limits, Prober, PROPOSE_DEPTH,
};

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
    /// level's own search limits and random choices). With `propose`, it first asks
    /// [`should_propose`] (half the level's time) and reports a proposal to end the game as a
    /// cycle instead of a move when a cycle is all that is left.
    pub fn think(&mut self, id: u64, game: Game, level: Level, seed: u64, propose: bool) {
        let tx = self.tx.clone();
        let egdb = self.prober(&game);
        self.spawn(move || {
            let side = game.position().turn();
            if propose {
                // To a fixed depth: a time-limited search's best line is cut to one move, and
                // should_propose reads the whole line (the computer asks with few seeds only).
                let (mut engine, _) = cycle_engine(level.spec(), egdb.clone(), 0.5);
                let limits = Limits::depth(PROPOSE_DEPTH);
                if should_propose(&game, side, &mut engine, &limits) {
                    let _ = tx.send(EngineEvent::CycleProposal { id });
                    return;
                }
            }
            let mv = choose_move_with(&game, level.spec(), seed, 1.0, egdb);
            let _ = tx.send(EngineEvent::ComputerMove { id, mv });
        });
    }

    /// The computer's honest answer, at `level` playing `side`, to the person's proposal to end
    /// the game as a cycle ([`answer_cycle_proposal`] with the level's search and tables).
    pub fn answer_cycle(&mut self, id: u64, game: Game, level: Level, side: Side) {
        let tx = self.tx.clone();
        let egdb = self.prober(&game);
        self.spawn(move || {
            let (mut engine, limits) = cycle_engine(level.spec(), egdb, 1.0);
            let answer = answer_cycle_proposal(&game, side, &mut engine, &limits);
            let _ = tx.send(EngineEvent::CycleAnswer {
                id,
                accept: answer == CycleAnswer::Accept,
            });
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

/// The engine and limits of a level for a cycle agreement: its table size, threads and tables
/// (if the level uses them), and its search limits with the time scaled by `time_scale`.
fn cycle_engine(spec: &LevelSpec, egdb: Option<Arc<Prober>>, time_scale: f64) -> (Engine, Limits) {
    let mut engine = Engine::new(spec.hash_mb);
    engine.set_threads(spec.thread_count());
    if spec.egdb {
        engine.set_egdb(egdb);
    }
    (engine, spec.limits(time_scale))
}

impl Drop for Workers {
    fn drop(&mut self) {
        self.stop_analysis();
    }
}
