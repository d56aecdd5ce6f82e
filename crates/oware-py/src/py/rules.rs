//! `Rules`, `Position`, `Outcome` and `Game`: the rules core as Python classes.

use std::collections::HashMap;

use numpy::PyArray1;
use oware_core::movetext::{self, MoveText};
use oware_core::{
    fen, ogn, BySide, CycleSeeds, GrandSlam, Move, Outcome, Position, Repetition, Rules, Setup,
    Side,
};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyType};

use super::{parse_error, play_error, rules_arg, IllegalMoveError, ParseError};

/// A rule set: the grand slam rule, when a repetition ends the game, and how the seeds left are
/// shared after a cycle.
#[pyclass(name = "Rules", module = "oware", frozen, eq, hash)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PyRules {
    pub(crate) inner: Rules,
}

#[pymethods]
impl PyRules {
    #[new]
    #[pyo3(signature = (spec = "abapa", *, grand_slam = None, repetition = None, cycle_seeds = None))]
    fn new(
        spec: &str,
        grand_slam: Option<&str>,
        repetition: Option<&str>,
        cycle_seeds: Option<&str>,
    ) -> PyResult<Self> {
        let mut inner: Rules = spec.parse().map_err(parse_error)?;
        if let Some(g) = grand_slam {
            inner.grand_slam = g.parse::<GrandSlam>().map_err(parse_error)?;
        }
        if let Some(r) = repetition {
            inner.repetition = r.parse::<Repetition>().map_err(parse_error)?;
        }
        if let Some(c) = cycle_seeds {
            inner.cycle_seeds = c.parse::<CycleSeeds>().map_err(parse_error)?;
        }
        Ok(PyRules { inner })
    }

    /// Abapa (the default): grand slam captures nothing, third repetition, own row.
    #[staticmethod]
    fn abapa() -> Self {
        PyRules {
            inner: Rules::ABAPA,
        }
    }

    /// PlayStrategy's and OpenSpiel's rules: abapa with cycles ending at the first repeat.
    #[staticmethod]
    fn playstrategy() -> Self {
        PyRules {
            inner: Rules::PLAYSTRATEGY,
        }
    }

    /// The Olympiad Awari rules: grand slam illegal unless forced, third repetition, seeds split.
    #[staticmethod]
    fn awari() -> Self {
        PyRules {
            inner: Rules::AWARI,
        }
    }

    /// The preset names.
    #[staticmethod]
    fn presets() -> Vec<&'static str> {
        Rules::PRESETS.iter().map(|(n, _)| *n).collect()
    }

    /// Every option and its possible values.
    #[staticmethod]
    fn options() -> HashMap<&'static str, Vec<&'static str>> {
        HashMap::from([
            (
                "grand_slam",
                GrandSlam::ALL.iter().map(|g| g.name()).collect(),
            ),
            (
                "repetition",
                Repetition::ALL.iter().map(|r| r.name()).collect(),
            ),
            (
                "cycle_seeds",
                CycleSeeds::ALL.iter().map(|c| c.name()).collect(),
            ),
        ])
    }

    /// The grand slam rule: no-capture, illegal, to-opponent, leave-last or leave-first.
    #[getter]
    fn grand_slam(&self) -> &'static str {
        self.inner.grand_slam.name()
    }

    /// When a repetition ends the game: third or first.
    #[getter]
    fn repetition(&self) -> &'static str {
        self.inner.repetition.name()
    }

    /// How the seeds left are shared after a cycle: own-row or even.
    #[getter]
    fn cycle_seeds(&self) -> &'static str {
        self.inner.cycle_seeds.name()
    }

    /// The preset these rules equal, or None.
    #[getter]
    fn name(&self) -> Option<&'static str> {
        self.inner.preset_name()
    }

    fn __str__(&self) -> String {
        self.inner.to_string()
    }

    fn __repr__(&self) -> String {
        format!("Rules('{}')", self.inner)
    }
}

/// The move argument: a letter (`"F"`, `"c"`, with an optional `+N` capture suffix) or the
/// mover's pit 0–5 (OpenSpiel's action).
pub(crate) enum MoveArg {
    Text(MoveText),
    Index(Move),
}

impl MoveArg {
    pub(crate) fn extract(arg: &Bound<'_, PyAny>) -> PyResult<MoveArg> {
        if let Ok(i) = arg.extract::<i64>() {
            return usize::try_from(i)
                .ok()
                .and_then(Move::new)
                .map(MoveArg::Index)
                .ok_or_else(|| {
                    IllegalMoveError::new_err(format!(
                        "action {i} is not a move (expected the mover's pit 0 to 5)"
                    ))
                });
        }
        match arg.extract::<String>() {
            Ok(text) => text
                .parse::<MoveText>()
                .map(MoveArg::Text)
                .map_err(parse_error),
            Err(_) => Err(pyo3::exceptions::PyTypeError::new_err(
                "a move is a letter ('A'-'F', 'a'-'f') or an action 0-5",
            )),
        }
    }

    /// The move in `pos`, checked by the core.
    pub(crate) fn to_move(&self, pos: &Position, rules: &Rules) -> PyResult<Move> {
        match self {
            MoveArg::Text(t) => t.to_move(pos, rules).map_err(play_error),
            MoveArg::Index(m) => pos.check_move(*m, rules).map(|()| *m).map_err(play_error),
        }
    }
}

/// A position: 12 pits (South's A–F = 0–5, North's a–f = 6–11, in sowing order), two stores
/// and the side to move. Immutable; `play` returns a new one.
#[pyclass(name = "Position", module = "oware", frozen, eq, hash)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PyPosition {
    pub(crate) inner: Position,
}

/// A position from a Python argument: a `Position` or position text.
pub(crate) fn position_arg(arg: &Bound<'_, PyAny>) -> PyResult<Position> {
    if let Ok(p) = arg.cast::<PyPosition>() {
        return Ok(p.get().inner);
    }
    match arg.extract::<String>() {
        Ok(text) => fen::parse(&text).map_err(parse_error),
        Err(_) => Err(pyo3::exceptions::PyTypeError::new_err(
            "a position is an oware.Position or position text such as '4-4-4-4-4-4-4-4-4-4-4-4-0-0-S'",
        )),
    }
}

fn side_arg(text: &str) -> PyResult<Side> {
    text.parse::<Side>().map_err(parse_error)
}

fn side_char(side: Side) -> String {
    side.char().to_string()
}

#[pymethods]
impl PyPosition {
    /// The position of `text` (`4-4-4-4-4-4-4-4-4-4-4-4-0-0-S`), or the start position.
    #[new]
    #[pyo3(signature = (text = None))]
    fn new(text: Option<&str>) -> PyResult<Self> {
        let inner = match text {
            None => Position::start(),
            Some(t) => fen::parse(t).map_err(parse_error)?,
        };
        Ok(PyPosition { inner })
    }

    /// A position from its 12 pit counts, the stores (South, North) and the side to move.
    #[staticmethod]
    #[pyo3(signature = (pits, stores = (0, 0), turn = "S"))]
    fn from_pits(pits: Vec<i64>, stores: (i64, i64), turn: &str) -> PyResult<Self> {
        let count = |n: i64| {
            u8::try_from(n)
                .ok()
                .filter(|&c| c <= oware_core::TOTAL_SEEDS)
                .ok_or_else(|| {
                    ParseError::new_err(format!("'{n}' is not a seed count from 0 to 48"))
                })
        };
        let pits: Vec<u8> = pits.into_iter().map(count).collect::<PyResult<_>>()?;
        let pits: [u8; oware_core::PITS] = pits.try_into().map_err(|p: Vec<u8>| {
            ParseError::new_err(format!("a position has 12 pits, not {}", p.len()))
        })?;
        let setup = Setup {
            pits,
            stores: BySide::new(count(stores.0)?, count(stores.1)?),
            turn: side_arg(turn)?,
        };
        Position::from_setup(&setup)
            .map(|inner| PyPosition { inner })
            .map_err(parse_error)
    }

    /// The seeds of pits 0–11.
    #[getter]
    fn pits(&self) -> Vec<u32> {
        self.inner.pits().iter().map(|&p| u32::from(p)).collect()
    }

    /// The stores: (South, North).
    #[getter]
    fn stores(&self) -> (u8, u8) {
        let s = self.inner.stores();
        (s.south, s.north)
    }

    /// The side to move: "S" or "N".
    #[getter]
    fn turn(&self) -> String {
        side_char(self.inner.turn())
    }

    /// The player to move, as OpenSpiel numbers them: 0 South, 1 North.
    #[getter]
    fn player(&self) -> usize {
        self.inner.turn().index()
    }

    /// The seeds on the board.
    #[getter]
    fn seeds_on_board(&self) -> u8 {
        self.inner.seeds_on_board()
    }

    /// The legal moves as letters.
    #[pyo3(signature = (rules = None))]
    fn legal_moves(&self, rules: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<String>> {
        let rules = rules_arg(rules, Rules::default())?;
        let turn = self.inner.turn();
        Ok(self
            .inner
            .legal_moves(&rules)
            .iter()
            .map(|m| m.letter(turn).to_string())
            .collect())
    }

    /// The legal moves as actions (the mover's pit 0–5).
    #[pyo3(signature = (rules = None))]
    fn legal_actions(&self, rules: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<usize>> {
        let rules = rules_arg(rules, Rules::default())?;
        Ok(self
            .inner
            .legal_moves(&rules)
            .iter()
            .map(|m| m.index())
            .collect())
    }

    /// The position after `move` (a letter, optionally with `+N`, or an action 0–5).
    #[pyo3(signature = (r#move, rules = None))]
    fn play(&self, r#move: &Bound<'_, PyAny>, rules: Option<&Bound<'_, PyAny>>) -> PyResult<Self> {
        let rules = rules_arg(rules, Rules::default())?;
        let m = MoveArg::extract(r#move)?.to_move(&self.inner, &rules)?;
        self.inner
            .play(m, &rules)
            .map(|inner| PyPosition { inner })
            .map_err(play_error)
    }

    /// How the game ends here by the position alone (a capture of 25, 24–24, a mover who cannot
    /// move), or None. Cycles need a game's history: see `Game.outcome`.
    #[pyo3(signature = (rules = None))]
    fn outcome(&self, rules: Option<&Bound<'_, PyAny>>) -> PyResult<Option<PyOutcome>> {
        let rules = rules_arg(rules, Rules::default())?;
        Ok(self.inner.outcome(&rules).map(PyOutcome::from))
    }

    /// The same position seen from the other side (rows, stores and turn swapped).
    fn flipped(&self) -> Self {
        PyPosition {
            inner: self.inner.flipped(),
        }
    }

    /// OpenSpiel's observation: pits 0–11 then South's and North's stores, divided by 48
    /// (float32, shape (14,)).
    fn observation<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<f32>> {
        PyArray1::from_slice(py, &crate::observation(&self.inner))
    }

    /// The position text.
    fn text(&self) -> String {
        fen::write(&self.inner)
    }

    fn __str__(&self) -> String {
        fen::write(&self.inner)
    }

    fn __repr__(&self) -> String {
        format!("Position('{}')", fen::write(&self.inner))
    }
}

/// How a game ended: the reason and the final scores.
#[pyclass(name = "Outcome", module = "oware", frozen, eq)]
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct PyOutcome {
    inner: Outcome,
}

impl From<Outcome> for PyOutcome {
    fn from(inner: Outcome) -> Self {
        PyOutcome { inner }
    }
}

#[pymethods]
impl PyOutcome {
    /// Why the game ended: "capture", "draw", "no-feed", "cycle" (by the repetition rule) or
    /// "agreed-cycle" (by the players' agreement).
    #[getter]
    fn reason(&self) -> &'static str {
        self.inner.reason.name()
    }

    /// The final scores (South, North): captures plus the seeds allocated at the end; a cycle's
    /// even split can give halves.
    #[getter]
    fn scores(&self) -> (f64, f64) {
        (
            self.inner.scores.south.as_f64(),
            self.inner.scores.north.as_f64(),
        )
    }

    /// The winner, "S" or "N", or None for a draw.
    #[getter]
    fn winner(&self) -> Option<String> {
        self.inner.winner().map(side_char)
    }

    /// The players' returns as OpenSpiel gives them: [1, -1], [-1, 1] or [0, 0].
    #[getter]
    fn returns(&self) -> [f64; 2] {
        match self.inner.winner() {
            Some(Side::South) => [1.0, -1.0],
            Some(Side::North) => [-1.0, 1.0],
            None => [0.0, 0.0],
        }
    }

    fn __repr__(&self) -> String {
        format!(
            "Outcome(reason='{}', scores=({:?}, {:?}))",
            self.inner.reason,
            self.inner.scores.south.as_f64(),
            self.inner.scores.north.as_f64()
        )
    }
}

/// A game: the start, the moves, the positions they led to and how it ended. Cycles are detected
/// here (they need the history).
#[pyclass(name = "Game", module = "oware")]
#[derive(Clone)]
pub struct PyGame {
    pub(crate) inner: oware_core::Game,
}

#[pymethods]
impl PyGame {
    /// A new game under `rules` (default abapa) from `start` (default the start position).
    #[new]
    #[pyo3(signature = (rules = None, start = None))]
    fn new(rules: Option<&Bound<'_, PyAny>>, start: Option<&Bound<'_, PyAny>>) -> PyResult<Self> {
        let rules = rules_arg(rules, Rules::default())?;
        let start = match start {
            Some(s) if !s.is_none() => position_arg(s)?,
            _ => Position::start(),
        };
        Ok(PyGame {
            inner: oware_core::Game::from_position(start, rules),
        })
    }

    /// A game replayed from a record, OGN or PlayStrategy's export, under `rules` if given, else
    /// the record's (its `Rules` tag; PlayStrategy's rules for its export).
    #[classmethod]
    #[pyo3(signature = (text, rules = None))]
    fn from_ogn(
        _cls: &Bound<'_, PyType>,
        text: &str,
        rules: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        let (record, _) = oware_core::record::parse_any(text).map_err(ogn_error)?;
        let rules = match rules {
            Some(r) if !r.is_none() => rules_arg(Some(r), Rules::default())?,
            _ => record.rules().map_err(ogn_error)?,
        };
        record
            .to_game_with(rules)
            .map(|inner| PyGame { inner })
            .map_err(ogn_error)
    }

    /// The game as an OGN record, with these extra tags (e.g. {"South": "Ama"}).
    #[pyo3(signature = (tags = None))]
    fn to_ogn(&self, tags: Option<&Bound<'_, PyDict>>) -> PyResult<String> {
        let mut pairs: Vec<(String, String)> = Vec::new();
        if let Some(tags) = tags {
            for (k, v) in tags.iter() {
                pairs.push((k.extract()?, v.extract()?));
            }
        }
        let tags: Vec<(&str, &str)> = pairs
            .iter()
            .map(|(n, v)| (n.as_str(), v.as_str()))
            .collect();
        Ok(ogn::Record::from_game(&self.inner, &tags).to_string())
    }

    /// The rules.
    #[getter]
    fn rules(&self) -> PyRules {
        PyRules {
            inner: *self.inner.rules(),
        }
    }

    /// The start position.
    #[getter]
    fn start(&self) -> PyPosition {
        PyPosition {
            inner: *self.inner.start(),
        }
    }

    /// The current position.
    #[getter]
    fn position(&self) -> PyPosition {
        PyPosition {
            inner: *self.inner.position(),
        }
    }

    /// Every position from the start to the current one.
    #[getter]
    fn positions(&self) -> Vec<PyPosition> {
        self.inner
            .positions()
            .iter()
            .map(|&inner| PyPosition { inner })
            .collect()
    }

    /// The moves played, as letters.
    #[getter]
    fn moves(&self) -> Vec<String> {
        self.inner
            .move_texts()
            .iter()
            .map(|t| t.to_string())
            .collect()
    }

    /// The moves played, as actions (each mover's pit 0–5).
    #[getter]
    fn actions(&self) -> Vec<usize> {
        self.inner.moves().iter().map(|m| m.index()).collect()
    }

    /// The legal moves as letters (none once the game is over).
    fn legal_moves(&self) -> Vec<String> {
        let turn = self.inner.position().turn();
        self.inner
            .legal_moves()
            .iter()
            .map(|m| m.letter(turn).to_string())
            .collect()
    }

    /// The legal moves as actions (none once the game is over).
    fn legal_actions(&self) -> Vec<usize> {
        self.inner.legal_moves().iter().map(|m| m.index()).collect()
    }

    /// Plays `move` (a letter, optionally with `+N`, or an action 0–5); returns the new position.
    /// On error nothing changes.
    fn play(&mut self, r#move: &Bound<'_, PyAny>) -> PyResult<PyPosition> {
        let arg = MoveArg::extract(r#move)?;
        let pos = match arg {
            MoveArg::Text(t) => self.inner.play_text(&t),
            MoveArg::Index(m) => self.inner.play(m),
        }
        .map_err(play_error)?;
        Ok(PyPosition { inner: *pos })
    }

    /// Plays a list of moves (`"FcAd"`, `"F c A d"`); all or nothing.
    fn play_line(&mut self, line: &str) -> PyResult<PyPosition> {
        let moves = movetext::parse_list(line).map_err(parse_error)?;
        let mut game = self.inner.clone();
        for (i, m) in moves.iter().enumerate() {
            game.play_text(m)
                .map_err(|e| IllegalMoveError::new_err(format!("move {} ({m}): {e}", i + 1)))?;
        }
        self.inner = game;
        Ok(PyPosition {
            inner: *self.inner.position(),
        })
    }

    /// Ends the game by the players' agreement that it cycles: each takes the seeds on their
    /// own row (reason "agreed-cycle"). Raises IllegalMoveError when the game is over or a row
    /// is empty; then nothing changes.
    fn agree_cycle(&mut self) -> PyResult<PyOutcome> {
        self.inner
            .agree_cycle()
            .map(PyOutcome::from)
            .map_err(|e| IllegalMoveError::new_err(e.to_string()))
    }

    /// Takes back the last move and returns its letter; None at the start.
    fn undo(&mut self) -> Option<String> {
        let before = self.inner.positions().len();
        let m = self.inner.undo()?;
        let turn = self.inner.positions()[before - 2].turn();
        Some(m.letter(turn).to_string())
    }

    /// Whether the game is over.
    #[getter]
    fn is_over(&self) -> bool {
        self.inner.is_over()
    }

    /// How the game ended, or None while it goes on.
    #[getter]
    fn outcome(&self) -> Option<PyOutcome> {
        self.inner.outcome().map(|&o| PyOutcome::from(o))
    }

    /// The game cut back to its first `ply` moves.
    fn truncated(&self, ply: usize) -> Self {
        PyGame {
            inner: self.inner.truncated(ply),
        }
    }

    /// A copy.
    fn copy(&self) -> Self {
        self.clone()
    }

    fn __copy__(&self) -> Self {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Self {
        self.clone()
    }

    /// The number of moves played.
    fn __len__(&self) -> usize {
        self.inner.moves().len()
    }

    fn __repr__(&self) -> String {
        format!(
            "Game(rules='{}', moves='{}', position='{}')",
            self.inner.rules(),
            movetext::write_list(&self.inner.move_texts()),
            fen::write(self.inner.position())
        )
    }
}

/// An OGN error: an illegal move as `IllegalMoveError`, anything else as `ParseError`.
fn ogn_error(e: ogn::OgnError) -> PyErr {
    match e {
        ogn::OgnError::IllegalMove { .. } => IllegalMoveError::new_err(e.to_string()),
        _ => parse_error(e),
    }
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyRules>()?;
    m.add_class::<PyPosition>()?;
    m.add_class::<PyOutcome>()?;
    m.add_class::<PyGame>()?;
    Ok(())
}
