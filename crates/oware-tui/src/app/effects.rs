//! What a handler asks of the runtime ([`Effect`]) and what the engine threads report back
//! ([`EngineEvent`]): the state's only ways in and out besides keys, clicks and the network's
//! reports.

use oware_core::{Game, Move, Side};
use oware_engine::{Info, Level};

/// Something the runtime must do for the state: the only way the state reaches outside.
#[derive(Debug, Clone)]
pub enum Effect {
    /// Choose the computer's move in `game` at `level` (seeded by `seed`) and report it as
    /// [`EngineEvent::ComputerMove`] with `id`.
    Think {
        /// Which request this is.
        id: u64,
        /// The game so far.
        game: Game,
        /// The level.
        level: Level,
        /// The level's random seed.
        seed: u64,
        /// Whether the computer may first propose to end the game as a cycle (reported as
        /// [`EngineEvent::CycleProposal`] instead of a move).
        propose: bool,
    },
    /// Answer, as the computer at `level` playing `side`, the person's proposal to end `game`
    /// as a cycle, reported as [`EngineEvent::CycleAnswer`].
    AnswerCycle {
        /// Which request this is.
        id: u64,
        /// The game so far.
        game: Game,
        /// The level.
        level: Level,
        /// The computer's side.
        side: Side,
    },
    /// Analyse `game` until stopped, reporting [`EngineEvent::Info`] after each depth and
    /// [`EngineEvent::AnalysisDone`] at the end.
    Analyse {
        /// Which request this is.
        id: u64,
        /// The game so far.
        game: Game,
    },
    /// Stop the analysis running, if any.
    StopAnalysis,
    /// Find a good move for the side to move and report it as [`EngineEvent::Hint`].
    Hint {
        /// Which request this is.
        id: u64,
        /// The game so far.
        game: Game,
    },
    /// Put this text on the terminal's clipboard (OSC 52).
    Copy(String),
    /// Send this request to the online game's server.
    Net(crate::net::Request),
    /// Leave the program.
    Quit,
}

/// What the engine threads report. Reports whose `id` is not the state's current request are
/// stale (the game changed meanwhile) and ignored.
#[derive(Debug, Clone)]
pub enum EngineEvent {
    /// The computer's move (`None`: the game was over).
    ComputerMove {
        /// The request.
        id: u64,
        /// The move.
        mv: Option<Move>,
    },
    /// The computer proposes to end the game as a cycle (instead of moving).
    CycleProposal {
        /// The request.
        id: u64,
    },
    /// The computer's answer to the person's proposal to end the game as a cycle.
    CycleAnswer {
        /// The request.
        id: u64,
        /// Whether it accepts.
        accept: bool,
    },
    /// The analysis finished a depth.
    Info {
        /// The request.
        id: u64,
        /// The search's report.
        info: Info,
    },
    /// The analysis ended (stopped, or nothing more to find).
    AnalysisDone {
        /// The request.
        id: u64,
    },
    /// A hint.
    Hint {
        /// The request.
        id: u64,
        /// The suggested move.
        mv: Option<Move>,
        /// Its score, from the side to move's view.
        score: i32,
    },
}
