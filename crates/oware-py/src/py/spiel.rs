//! An OpenSpiel-shaped game and state, for training code written against `pyspiel`'s `oware`:
//! the same action numbers (the mover's pit 0–5 from the mover's left), players (0 South, who
//! moves first; 1 North), observation layout (pits 0–11 then the two stores, divided by 48),
//! returns (+1 / −1 / 0) and game-length limit (1000 plies).

use std::collections::BTreeMap;

use numpy::PyArray1;
use oware_core::{fen, Game, Move, Position, Rules, Side};
use pyo3::prelude::*;
use pyo3::types::PyType;

use super::rules::{position_arg, PyGame, PyPosition, PyRules};
use super::{parse_error, play_error, rules_arg, IllegalMoveError, OwareError, ParseError};

/// OpenSpiel's id of the terminal "player".
const TERMINAL_PLAYER: i64 = -4;

/// OpenSpiel's parameters of `oware`, at the only values this game supports.
const PARAMETERS: [(&str, i64); 2] = [("num_houses_per_player", 6), ("num_seeds_per_house", 4)];

/// The game: rules and limits, and a factory of states (`pyspiel.load_game("oware")`'s shape).
/// Games with the same rules and length limit are equal (and hash alike).
#[pyclass(name = "SpielGame", module = "oware", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct SpielGame {
    rules: Rules,
    max_game_length: usize,
}

#[pymethods]
impl SpielGame {
    /// `rules` default to `playstrategy`, the rules of OpenSpiel's `oware` (first repetition
    /// ends the game, each player taking their own row).
    #[new]
    #[pyo3(signature = (rules = None, max_game_length = 1000))]
    fn new(rules: Option<&Bound<'_, PyAny>>, max_game_length: usize) -> PyResult<Self> {
        Ok(SpielGame {
            rules: rules_arg(rules, Rules::PLAYSTRATEGY)?,
            max_game_length,
        })
    }

    /// A state at the start position, or at `position` (a Position or position text).
    #[pyo3(signature = (position = None))]
    fn new_initial_state(&self, position: Option<&Bound<'_, PyAny>>) -> PyResult<SpielState> {
        let start = match position {
            Some(p) if !p.is_none() => position_arg(p)?,
            _ => Position::start(),
        };
        Ok(SpielState {
            game: Game::from_position(start, self.rules),
            spec: self.clone(),
        })
    }

    /// `[new_initial_state()]`: the one start (Oware has no chance at the start).
    fn new_initial_states(&self) -> PyResult<Vec<SpielState>> {
        Ok(vec![self.new_initial_state(None)?])
    }

    /// The state that `state.serialize()` wrote: the actions, one a line (OpenSpiel's format),
    /// after the position text of the start when it is not the usual one. Raises `ParseError`
    /// for text that is not that, `IllegalMoveError` for an action that cannot be played.
    fn deserialize_state(&self, text: &str) -> PyResult<SpielState> {
        // A line a ply: a few bytes each, and the start's position text.
        let cap = self.max_game_length.saturating_mul(8).saturating_add(256);
        if text.len() > cap {
            return Err(ParseError::new_err(format!(
                "a serialized state of {} bytes is longer than any of this game ({cap} bytes at most)",
                text.len()
            )));
        }
        let mut lines = text
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .peekable();
        let start = match lines.peek() {
            Some(first) if first.contains('-') => {
                let pos = fen::parse(first).map_err(parse_error)?;
                lines.next();
                pos
            }
            _ => Position::start(),
        };
        let mut state = SpielState {
            game: Game::from_position(start, self.rules),
            spec: self.clone(),
        };
        for line in lines {
            let action: i64 = line.parse().map_err(|_| {
                ParseError::new_err(format!(
                    "'{line}' is not an action (a serialized state has one number a line)"
                ))
            })?;
            state.apply_action(action)?;
        }
        Ok(state)
    }

    /// OpenSpiel's description of the game (a `pyspiel.GameType` when `pyspiel` is loaded in
    /// the process, else `oware.openspiel.GameType` with the same fields and values).
    fn get_type<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        py.import("oware.openspiel")?.call_method0("game_type")
    }

    /// OpenSpiel's parameters: `{'num_houses_per_player': 6, 'num_seeds_per_house': 4}`.
    fn get_parameters(&self) -> BTreeMap<&'static str, i64> {
        PARAMETERS.into_iter().collect()
    }

    /// 6: an action is the mover's pit 0–5.
    fn num_distinct_actions(&self) -> usize {
        6
    }

    /// 2.
    fn num_players(&self) -> usize {
        2
    }

    /// 0: no chance.
    fn max_chance_outcomes(&self) -> usize {
        0
    }

    /// -1.
    fn min_utility(&self) -> f64 {
        -1.0
    }

    /// 1.
    fn max_utility(&self) -> f64 {
        1.0
    }

    /// 0: zero-sum.
    fn utility_sum(&self) -> f64 {
        0.0
    }

    /// [14].
    fn observation_tensor_shape(&self) -> Vec<usize> {
        vec![crate::OBSERVATION_SIZE]
    }

    /// 14.
    fn observation_tensor_size(&self) -> usize {
        crate::OBSERVATION_SIZE
    }

    /// The most plies a game may have (OpenSpiel's is 1000).
    fn max_game_length(&self) -> usize {
        self.max_game_length
    }

    /// The rules.
    #[getter]
    fn rules(&self) -> PyRules {
        PyRules { inner: self.rules }
    }

    fn __str__(&self) -> String {
        "oware()".to_string()
    }

    /// Pickling: the class and its arguments (the rules as text).
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyType>, (String, usize))> {
        let me = slf.get();
        Ok((slf.get_type(), (me.rules.to_string(), me.max_game_length)))
    }

    fn __repr__(&self) -> String {
        format!(
            "SpielGame(rules='{}', max_game_length={})",
            self.rules, self.max_game_length
        )
    }
}

/// One action of a state's history, as OpenSpiel's `full_history()` lists them.
#[pyclass(name = "PlayerAction", module = "oware", frozen, eq, hash)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PlayerAction {
    /// The player who played it (0 South, 1 North).
    #[pyo3(get)]
    player: i64,
    /// The action (the player's pit 0–5).
    #[pyo3(get)]
    action: i64,
}

#[pymethods]
impl PlayerAction {
    fn __repr__(&self) -> String {
        format!(
            "PlayerAction(player={}, action={})",
            self.player, self.action
        )
    }
}

/// A state: a game in progress, driven by actions. States compare equal when their games,
/// starts and actions are; they change, so they have no hash (key a dict by `history_str()`
/// or `serialize()`).
#[pyclass(name = "SpielState", module = "oware")]
#[derive(Clone)]
pub struct SpielState {
    game: Game,
    spec: SpielGame,
}

impl SpielState {
    /// The position the game started from.
    fn start(&self) -> &Position {
        &self.game.positions()[0]
    }

    fn player_of(&self, player: Option<i64>) -> PyResult<Option<Side>> {
        match player {
            None => Ok(None),
            Some(p) => usize::try_from(p)
                .ok()
                .and_then(Side::from_index)
                .map(Some)
                .ok_or_else(|| OwareError::new_err(format!("player {p} is not 0 or 1"))),
        }
    }
}

#[pymethods]
impl SpielState {
    /// The player to move (0 South, 1 North), or -4 once the game is over.
    fn current_player(&self) -> i64 {
        if self.game.is_over() {
            TERMINAL_PLAYER
        } else {
            self.game.position().turn().index() as i64
        }
    }

    /// The legal actions, ascending; none once over, or for any `player` but the one to move
    /// (as OpenSpiel answers, for 2 or -4 too).
    #[pyo3(signature = (player = None))]
    fn legal_actions(&self, player: Option<i64>) -> Vec<usize> {
        if let Some(p) = player {
            if p != self.current_player() {
                return Vec::new();
            }
        }
        self.game.legal_moves().iter().map(|m| m.index()).collect()
    }

    /// Six 0/1 flags, one per action.
    #[pyo3(signature = (player = None))]
    fn legal_actions_mask(&self, player: Option<i64>) -> Vec<i32> {
        let mut mask = vec![0; 6];
        for a in self.legal_actions(player) {
            mask[a] = 1;
        }
        mask
    }

    /// Plays `action` (the mover's pit 0–5). Raises `IllegalMoveError` for an illegal action, a
    /// finished game or a game at its length limit; nothing changes then.
    fn apply_action(&mut self, action: i64) -> PyResult<()> {
        let m = usize::try_from(action)
            .ok()
            .and_then(Move::new)
            .ok_or_else(|| {
                IllegalMoveError::new_err(format!(
                    "action {action} is not a move (expected the mover's pit 0 to 5)"
                ))
            })?;
        if self.game.moves().len() >= self.spec.max_game_length && !self.game.is_over() {
            return Err(IllegalMoveError::new_err(format!(
                "the game has reached its length limit of {} plies",
                self.spec.max_game_length
            )));
        }
        self.game.play(m).map(|_| ()).map_err(play_error)
    }

    /// `apply_action`, which checks every action already (OpenSpiel's name for the checked one).
    fn apply_action_with_legality_check(&mut self, action: i64) -> PyResult<()> {
        self.apply_action(action)
    }

    /// A new state: this one after `action` (this one unchanged).
    fn child(&self, action: i64) -> PyResult<Self> {
        let mut next = Clone::clone(self);
        next.apply_action(action)?;
        Ok(next)
    }

    /// Takes back the last action, which `player` played as `action` (OpenSpiel's signature).
    fn undo_action(&mut self, player: i64, action: i64) -> PyResult<()> {
        let n = self.game.moves().len();
        let last = n.checked_sub(1).map(|i| {
            (
                self.game.positions()[i].turn().index() as i64,
                self.game.moves()[i].index() as i64,
            )
        });
        if last != Some((player, action)) {
            return Err(OwareError::new_err(format!(
                "the last action is not {action} by player {player}"
            )));
        }
        self.game.undo();
        Ok(())
    }

    /// Whether the game is over.
    fn is_terminal(&self) -> bool {
        self.game.is_over()
    }

    /// Whether a player is to move (not over).
    fn is_player_node(&self) -> bool {
        !self.game.is_over()
    }

    /// False: Oware has no chance.
    fn is_chance_node(&self) -> bool {
        false
    }

    /// False: moves alternate.
    fn is_simultaneous_node(&self) -> bool {
        false
    }

    /// False: not a mean-field game.
    fn is_mean_field_node(&self) -> bool {
        false
    }

    /// Whether no action has been played.
    fn is_initial_state(&self) -> bool {
        self.game.moves().is_empty()
    }

    /// [1, -1] when South has won, [-1, 1] when North has, [0, 0] for a draw or a game going on.
    fn returns(&self) -> [f64; 2] {
        match self.game.outcome().map(|o| o.winner()) {
            Some(Some(Side::South)) => [1.0, -1.0],
            Some(Some(Side::North)) => [-1.0, 1.0],
            _ => [0.0, 0.0],
        }
    }

    /// The returns at the end, zeros before (the reward of the last transition).
    fn rewards(&self) -> [f64; 2] {
        self.returns()
    }

    /// `player`'s return.
    fn player_return(&self, player: i64) -> PyResult<f64> {
        let side = self.player_of(Some(player))?.unwrap_or(Side::South);
        Ok(self.returns()[side.index()])
    }

    /// `player`'s reward for the last transition (its return at the end, 0 before).
    fn player_reward(&self, player: i64) -> PyResult<f64> {
        self.player_return(player)
    }

    /// The observation (float32, shape (14,)): pits 0–11 then South's and North's stores, each
    /// divided by 48; the same for both players, as in OpenSpiel. At the end it shows the
    /// position as it stands (OpenSpiel shows the board after sweeping each row to its owner).
    #[pyo3(signature = (player = None))]
    fn observation_tensor<'py>(
        &self,
        py: Python<'py>,
        player: Option<i64>,
    ) -> PyResult<Bound<'py, PyArray1<f32>>> {
        self.player_of(player)?;
        Ok(PyArray1::from_slice(
            py,
            &crate::observation(self.game.position()),
        ))
    }

    /// OpenSpiel's observation string: `player | south north | pits 0–11`. At the end, as the
    /// tensor, it shows the position as it stands (OpenSpiel's, after its sweep, an empty board).
    #[pyo3(signature = (player = None))]
    fn observation_string(&self, player: Option<i64>) -> PyResult<String> {
        self.player_of(player)?;
        let pos = self.game.position();
        let pits: Vec<String> = pos.pits().iter().map(|p| p.to_string()).collect();
        Ok(format!(
            "{} | {} {} | {}",
            pos.turn().index(),
            pos.store(Side::South),
            pos.store(Side::North),
            pits.join(" ")
        ))
    }

    /// The actions played.
    fn history(&self) -> Vec<usize> {
        self.game.moves().iter().map(|m| m.index()).collect()
    }

    /// The actions played, as OpenSpiel writes them: `"5, 0, 1"` (the start is not in it).
    fn history_str(&self) -> String {
        let actions: Vec<String> = self
            .game
            .moves()
            .iter()
            .map(|m| m.index().to_string())
            .collect();
        actions.join(", ")
    }

    /// The actions played with their players (`.player`, `.action`).
    fn full_history(&self) -> Vec<PlayerAction> {
        self.game
            .positions()
            .iter()
            .zip(self.game.moves())
            .map(|(pos, m)| PlayerAction {
                player: pos.turn().index() as i64,
                action: m.index() as i64,
            })
            .collect()
    }

    /// The state as text for `game.deserialize_state`: OpenSpiel's format (the actions, one a
    /// line), after the start's position text when the game did not start from the usual one.
    fn serialize(&self) -> String {
        let mut out = String::new();
        if *self.start() != Position::start() {
            out.push_str(&fen::write(self.start()));
            out.push('\n');
        }
        for m in self.game.moves() {
            out.push_str(&m.index().to_string());
            out.push('\n');
        }
        out
    }

    /// The number of actions played.
    fn move_number(&self) -> usize {
        self.game.moves().len()
    }

    /// An action's letter: `A`–`F` for player 0, `a`–`f` for player 1. Called as
    /// `action_to_string(player, action)` or `action_to_string(action)` (the player to move).
    #[pyo3(signature = (player_or_action, action = None))]
    fn action_to_string(&self, player_or_action: i64, action: Option<i64>) -> PyResult<String> {
        let (side, action) = match action {
            Some(a) => (
                self.player_of(Some(player_or_action))?
                    .unwrap_or(Side::South),
                a,
            ),
            None => (self.game.position().turn(), player_or_action),
        };
        usize::try_from(action)
            .ok()
            .and_then(Move::new)
            .map(|m| m.letter(side).to_string())
            .ok_or_else(|| OwareError::new_err(format!("action {action} is not 0 to 5")))
    }

    /// The action of a letter (`A`–`F` or `a`–`f`).
    #[pyo3(signature = (player_or_text, text = None))]
    fn string_to_action(
        &self,
        player_or_text: &Bound<'_, PyAny>,
        text: Option<&str>,
    ) -> PyResult<usize> {
        let text: String = match text {
            Some(t) => t.to_string(),
            None => player_or_text.extract()?,
        };
        let mut chars = text.trim().chars();
        match (chars.next().and_then(Move::from_letter), chars.next()) {
            (Some((_, m)), None) => Ok(m.index()),
            _ => Err(super::ParseError::new_err(format!(
                "'{text}' is not a move (expected A-F or a-f)"
            ))),
        }
    }

    /// 6.
    fn num_distinct_actions(&self) -> usize {
        6
    }

    /// 2.
    fn num_players(&self) -> usize {
        2
    }

    /// The game this state belongs to.
    fn get_game(&self) -> SpielGame {
        self.spec.clone()
    }

    /// The game's `get_type()`.
    fn get_type<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.spec.get_type(py)
    }

    /// Whether `other` is a state of an equal game, from the same start, with the same actions.
    fn __eq__(&self, other: PyRef<'_, Self>) -> bool {
        self.spec == other.spec
            && self.start() == other.start()
            && self.game.moves() == other.game.moves()
    }

    /// States change: no hash (as for lists).
    #[classattr]
    const __hash__: Option<Py<PyAny>> = None;

    /// Pickling: the game's `deserialize_state` and this state's `serialize()`.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        let game = Bound::new(py, self.spec.clone())?;
        Ok((game.getattr("deserialize_state")?, (self.serialize(),)))
    }

    /// A copy.
    fn clone(&self) -> Self {
        Clone::clone(self)
    }

    fn __copy__(&self) -> Self {
        Clone::clone(self)
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Self {
        Clone::clone(self)
    }

    /// The current position.
    fn position(&self) -> PyPosition {
        PyPosition {
            inner: *self.game.position(),
        }
    }

    /// The game so far, as an `oware.Game`.
    fn to_game(&self) -> PyGame {
        PyGame {
            inner: self.game.clone(),
        }
    }

    /// The board as OpenSpiel prints it: North's row from f to a over South's from A to F, the
    /// scores, `[PLAYING]` after the player to move, `[FINISHED]` at the end. At the end it shows
    /// the position as it stands (OpenSpiel's shows the board after its sweep).
    fn __str__(&self) -> String {
        let pos = self.game.position();
        let over = self.game.is_over();
        let mark = |side: Side| {
            if !over && pos.turn() == side {
                " [PLAYING]"
            } else {
                ""
            }
        };
        let row = |pits: &[u8]| -> String { pits.iter().map(|p| format!("{p:>3}")).collect() };
        let pits = pos.pits();
        let mut north: Vec<u8> = pits[6..].to_vec();
        north.reverse();
        format!(
            "{}Player 1 score = {}{}\n  f  e  d  c  b  a\n{}\n{}\n  A  B  C  D  E  F\nPlayer 0 score = {}{}\n",
            if over { "[FINISHED]\n" } else { "" },
            pos.store(Side::North),
            mark(Side::North),
            row(&north),
            row(&pits[..6]),
            pos.store(Side::South),
            mark(Side::South),
        )
    }

    fn __repr__(&self) -> String {
        format!("SpielState('{}')", fen::write(self.game.position()))
    }
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<SpielGame>()?;
    m.add_class::<SpielState>()?;
    m.add_class::<PlayerAction>()?;
    Ok(())
}
