//! A game's state as the page draws it ([`StateView`]: `GET /api/games/{id}`, every `update`
//! event, the actions' answers), what a move did ([`MoveDetailView`]) and an analysis step
//! ([`AnalysisEvent`]). The server computes every field with the rules core; clients only draw.

use oware_core::{BySide, Side};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::{EndReason, OnlineView, Purpose};

/// The default of a side field missing from what a client reads.
fn south() -> Side {
    Side::South
}

/// One of the six pits of the side to move: may it be played, and if not, why.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, JsonSchema)]
pub struct PitInfo {
    /// The pit's letter.
    pub letter: char,
    /// The absolute pit, 0–11.
    pub pit: usize,
    /// Whether the move is legal.
    pub legal: bool,
    /// Why not: a short code (`empty-pit`, `must-feed`, `grand-slam`, `game-over`).
    #[serde(default)]
    pub code: Option<String>,
    /// Why not, for people.
    #[serde(default)]
    pub reason: Option<String>,
}

/// A move in the move list.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct MoveView {
    /// 1 for the first move.
    #[serde(default)]
    pub ply: usize,
    /// Who played it.
    #[serde(default = "south")]
    pub side: Side,
    /// The letter (`A`–`F` South, `a`–`f` North).
    pub letter: char,
    /// The letter with the capture suffix, as in OGN (`F+2`).
    #[serde(default)]
    pub text: String,
}

/// A position of the game's history.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct PositionView {
    /// Seed counts `A`–`F`, `a`–`f`.
    #[serde(default)]
    pub pits: [u8; 12],
    /// Captured seeds.
    #[serde(default, with = "crate::by_side")]
    #[ts(as = "crate::ts::BySideTs<u8>")]
    #[schemars(with = "crate::ts::BySideTs<u8>")]
    pub stores: BySide<u8>,
    /// The side to move.
    #[serde(default = "south")]
    pub turn: Side,
    /// The position text.
    pub text: String,
}

impl Default for PositionView {
    /// No seeds, South to move, no text: what a client reads when a position is missing.
    fn default() -> PositionView {
        PositionView {
            pits: [0; 12],
            stores: BySide::default(),
            turn: Side::South,
            text: String::new(),
        }
    }
}

/// The endgame databases' value of a legal move.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct PitValue {
    /// The move's letter.
    pub letter: char,
    /// The mover's pit, 0–5.
    pub pit: usize,
    /// The fewest seeds (of those now on the board) the mover ends with, in half seeds.
    pub lo_halves: u8,
    /// The most, in half seeds (equal to `lo_halves` when exact).
    pub hi_halves: u8,
    /// E.g. `wins 14 of the 18 seeds`.
    pub text: String,
}

/// What a move did, seed by seed, for the animation.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct MoveDetailView {
    /// The ply after this move (1 for the first move).
    pub ply: usize,
    /// Who played it.
    pub side: Side,
    /// Its letter.
    pub letter: char,
    /// The absolute pit emptied.
    pub from: usize,
    /// The pits that received a seed, in order.
    pub sown: Vec<usize>,
    /// The pits captured, from the last seed's pit backwards.
    pub captured_pits: Vec<usize>,
    /// Seeds captured.
    pub captured: u8,
    /// Whether the move was a grand slam.
    pub grand_slam: bool,
    /// The position before the move.
    pub before: PositionView,
    /// The position after it.
    pub after: PositionView,
}

/// How the game ended by the rules.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, JsonSchema)]
pub struct OutcomeView {
    /// `capture`, `draw`, `no-feed` or `cycle`.
    pub reason: EndReason,
    /// Final scores (captured plus allocated), possibly with a half.
    #[serde(with = "crate::by_side")]
    #[ts(as = "crate::ts::BySideTs<f64>")]
    #[schemars(with = "crate::ts::BySideTs<f64>")]
    pub scores: BySide<f64>,
    /// Seeds captured during play.
    #[serde(with = "crate::by_side")]
    #[ts(as = "crate::ts::BySideTs<u8>")]
    #[schemars(with = "crate::ts::BySideTs<u8>")]
    pub captured: BySide<u8>,
    /// The winner, or `null` for a draw.
    #[serde(default)]
    pub winner: Option<Side>,
    /// The rule that gave out the seeds left (`own-row`, `even`) when some were left.
    #[serde(default)]
    pub allocation: Option<String>,
}

/// The rule options of a game, each in its text form.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct RuleOptions {
    /// Grand slam rule.
    pub grand_slam: String,
    /// Repetition rule.
    pub repetition: String,
    /// Cycle seeds rule.
    pub cycle_seeds: String,
}

/// Everything the page needs to draw a game.
///
/// Read leniently (see the crate's docs): only `id`, `version` and `rules` are required.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS, JsonSchema)]
pub struct StateView {
    /// The game id.
    pub id: String,
    /// Bumped on every change; events with a lower version are stale.
    pub version: u64,
    /// `friend`, `online` or the computer's level.
    #[serde(default)]
    pub opponent: String,
    /// The token holder's side against the computer (`null` with a friend or online).
    #[serde(default)]
    pub human: Option<Side>,
    /// The side drawn at the bottom.
    #[serde(default = "south")]
    pub view_side: Side,
    /// The rules' text form (`abapa`, or options).
    pub rules: String,
    /// The rule options one by one.
    #[serde(default)]
    pub rule_options: RuleOptions,
    /// The players' names.
    #[serde(default, with = "crate::by_side")]
    #[ts(as = "crate::ts::BySideTs<String>")]
    #[schemars(with = "crate::ts::BySideTs<String>")]
    pub names: BySide<String>,
    /// The current position.
    #[serde(default)]
    pub position: PositionView,
    /// The moves played so far.
    #[serde(default)]
    pub ply: usize,
    /// The six pits of the side to move (all illegal once the game is over).
    #[serde(default)]
    pub pits_info: Vec<PitInfo>,
    /// The move list.
    #[serde(default)]
    pub moves: Vec<MoveView>,
    /// Every position from the start (one more than the moves).
    #[serde(default)]
    pub history: Vec<PositionView>,
    /// The last move, for marking.
    #[serde(default)]
    pub last: Option<MoveDetailView>,
    /// How the game ended by the rules.
    #[serde(default)]
    pub outcome: Option<OutcomeView>,
    /// Whether the computer is thinking.
    #[serde(default)]
    pub thinking: bool,
    /// Why the computer's last reply failed (`null` normally); asking for the state again
    /// retries it.
    #[serde(default)]
    pub engine_error: Option<String>,
    /// Whether the computer is to move.
    #[serde(default)]
    pub computer_to_move: bool,
    /// Whether undo would do something.
    #[serde(default)]
    pub can_undo: bool,
    /// Whether redo would do something.
    #[serde(default)]
    pub can_redo: bool,
    /// The game as an OGN record.
    #[serde(default)]
    pub ogn: String,
    /// Endgame database values of the legal moves, when the databases cover them.
    #[serde(default)]
    pub egdb: Option<Vec<PitValue>>,
    /// Online games only: seats, clock, offers, presence, the end. Absent for other games.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub online: Option<OnlineView>,
    /// A game against the computer: the computer's side while it proposes to end the game as
    /// an endless cycle (the player accepts or declines with `POST /api/games/{id}/cycle`).
    /// Online games have theirs in `online.cycle_offer`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub cycle_offer: Option<Side>,
    /// Present when this state carries only the end of the game's record, as every `update`
    /// event after a stream's first does and a move's answer when asked (`MoveReq::since`):
    /// `history` then holds the positions from ply `since` on (its first is the position the
    /// client already holds there), `moves` the moves after ply `since`, and `ogn` is empty
    /// (`GET /api/games/{id}/ogn` gives it). A client joins the two at `since`; one that does
    /// not hold that position (it missed an event) asks for the whole state again with
    /// `GET /api/games/{id}`. Absent: the whole record.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub since: Option<usize>,
}

impl StateView {
    /// This state completed from `held`, an earlier whole state of the same game: `self` as
    /// it is when it already carries the whole record, `None` when `held` does not reach ply
    /// `since` or holds another position there (the client then asks for the whole state).
    /// The OGN stays empty (it is not rebuilt from pieces).
    pub fn completed(mut self, held: &StateView) -> Option<StateView> {
        let Some(since) = self.since else {
            return Some(self);
        };
        let joins = held.id == self.id
            && held.since.is_none()
            && held.moves.len() >= since
            && held.history.get(since).map(|p| &p.text) == self.history.first().map(|p| &p.text)
            && self.moves.len() + 1 == self.history.len();
        if !joins {
            return None;
        }
        let mut history = held.history[..since].to_vec();
        history.append(&mut self.history);
        let mut moves = held.moves[..since].to_vec();
        moves.append(&mut self.moves);
        self.history = history;
        self.moves = moves;
        self.since = None;
        Some(self)
    }
}

/// One step of an analysis (or its end, with `best`): the `analysis` event.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS, JsonSchema)]
pub struct AnalysisEvent {
    /// The analysis number (a newer one replaces older ones).
    pub seq: u64,
    /// `hint` or `analysis`.
    pub purpose: Purpose,
    /// The ply analysed.
    pub ply: usize,
    /// The side to move there.
    pub side: Side,
    /// Depth completed.
    pub depth: u32,
    /// Score in centi-seeds for the side to move.
    pub score: i32,
    /// The score for people: `+1.50` (seeds ahead), `win in 7` / `loss in 4` (plies to the
    /// end the search found) or `proven win` / `proven loss` (endgame databases).
    pub score_text: String,
    /// Nodes searched.
    pub nodes: u64,
    /// Milliseconds.
    pub time_ms: u64,
    /// The engine's line, as letters.
    pub pv: Vec<char>,
    /// Whether the analysis is finished.
    pub done: bool,
    /// The best move when finished.
    pub best: Option<char>,
    /// The line for people: its letters separated by spaces, e.g. `C d E`.
    pub line_text: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn position(n: u8) -> PositionView {
        PositionView {
            pits: [n; 12],
            text: format!("p{n}"),
            ..PositionView::default()
        }
    }

    fn played(n: usize) -> MoveView {
        MoveView {
            ply: n,
            side: Side::South,
            letter: 'A',
            text: format!("m{n}"),
        }
    }

    /// A whole state at `ply`, or its tail from `since`.
    fn state(ply: usize, since: Option<usize>) -> StateView {
        let from = since.unwrap_or(0);
        let json = serde_json::json!({ "id": "g", "version": ply, "rules": "abapa" });
        let mut s: StateView = serde_json::from_value(json).unwrap();
        s.ply = ply;
        s.history = (from..=ply).map(|n| position(n as u8)).collect();
        s.moves = (from + 1..=ply).map(played).collect();
        s.since = since;
        s
    }

    #[test]
    fn a_tail_joined_to_the_state_held_is_the_whole_state() {
        let held = state(5, None);
        // A move: the position before and after it.
        assert_eq!(state(6, Some(5)).completed(&held), Some(state(6, None)));
        // A change without a move (an offer, a clock): the current position alone.
        assert_eq!(state(5, Some(5)).completed(&held), Some(state(5, None)));
        // Moves taken back: the record cut at the earlier ply.
        assert_eq!(state(3, Some(3)).completed(&held), Some(state(3, None)));
        // A whole state replaces what is held.
        assert_eq!(state(7, None).completed(&held), Some(state(7, None)));
    }

    #[test]
    fn a_tail_the_state_held_does_not_reach_or_contradicts_is_refused() {
        let held = state(5, None);
        // A move was missed: the tail starts past what is held.
        assert_eq!(state(7, Some(6)).completed(&held), None);
        // Another position at the joint.
        let mut other = state(6, Some(5));
        other.history[0].text = "elsewhere".into();
        assert_eq!(other.completed(&held), None);
        // Another game, or a held state that is itself a tail.
        let mut elsewhere = state(6, Some(5));
        elsewhere.id = "h".into();
        assert_eq!(elsewhere.completed(&held), None);
        assert_eq!(state(6, Some(5)).completed(&state(5, Some(4))), None);
        // A tail whose moves and positions do not match in number.
        let mut short = state(6, Some(5));
        short.moves.clear();
        assert_eq!(short.completed(&held), None);
    }
}
