//! The JSON the page receives: game state, move details, analysis events. Everything here is
//! computed by the rules core; the page only draws it.

use oware_core::{ogn, BySide, EndReason, Game, Move, MoveDetail, PlayError, Position, Side};
use serde::Serialize;

use crate::egdb_view::{PitValue, Tables};

/// What a [`StateView`] is drawn from: a game and the facts around it, as plain data (the
/// session module fills it; the view knows nothing of sessions, caches or locks).
#[derive(Clone, Copy)]
pub struct GameSnapshot<'a> {
    /// The game id.
    pub id: &'a str,
    /// The stored version.
    pub version: u64,
    /// `friend` or the computer's level.
    pub opponent: &'static str,
    /// The token holder's side in a game against the computer, `None` with a friend.
    pub human: Option<Side>,
    /// The players' names.
    pub names: &'a BySide<String>,
    /// The game.
    pub game: &'a Game,
    /// How many undone moves redo could replay.
    pub redo_len: usize,
    /// Whether the computer is thinking.
    pub thinking: bool,
    /// Whether the computer is to move.
    pub computer_to_move: bool,
    /// Why the computer's last reply failed, if it did (cleared by the next change).
    pub engine_error: Option<&'a str>,
    /// The endgame tables, if the server has them.
    pub egdb: Option<&'a Tables>,
}

/// A value per side, written `{"S": …, "N": …}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Pair<T> {
    /// South's value.
    #[serde(rename = "S")]
    pub south: T,
    /// North's value.
    #[serde(rename = "N")]
    pub north: T,
}

impl<T> From<BySide<T>> for Pair<T> {
    fn from(b: BySide<T>) -> Self {
        Pair {
            south: b.south,
            north: b.north,
        }
    }
}

/// One of the six pits of the side to move: may it be played, and if not, why.
#[derive(Debug, Clone, Serialize)]
pub struct PitInfo {
    /// The pit's letter.
    pub letter: char,
    /// The absolute pit, 0–11.
    pub pit: usize,
    /// Whether the move is legal.
    pub legal: bool,
    /// Why not: a short code (`empty-pit`, `must-feed`, `grand-slam`, `game-over`).
    pub code: Option<&'static str>,
    /// Why not, for people.
    pub reason: Option<String>,
}

/// A move in the move list.
#[derive(Debug, Clone, Serialize)]
pub struct MoveView {
    /// 1 for the first move.
    pub ply: usize,
    /// Who played it.
    pub side: Side,
    /// The letter.
    pub letter: char,
    /// The letter with the capture suffix, as in OGN (`F+2`).
    pub text: String,
}

/// A position of the game's history.
#[derive(Debug, Clone, Serialize)]
pub struct PositionView {
    /// Seed counts `A`–`F`, `a`–`f`.
    pub pits: [u8; 12],
    /// Captured seeds.
    pub stores: Pair<u8>,
    /// The side to move.
    pub turn: Side,
    /// The position text.
    pub text: String,
}

impl PositionView {
    fn of(p: &Position) -> PositionView {
        PositionView {
            pits: p.pits(),
            stores: p.stores().into(),
            turn: p.turn(),
            text: p.to_string(),
        }
    }
}

/// What a move did, seed by seed, for the animation.
#[derive(Debug, Clone, Serialize)]
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

/// How the game ended.
#[derive(Debug, Clone, Serialize)]
pub struct OutcomeView {
    /// `capture`, `draw`, `no-feed` or `cycle`.
    pub reason: EndReason,
    /// Final scores (captured plus allocated), possibly with a half.
    pub scores: Pair<f64>,
    /// Seeds captured during play.
    pub captured: Pair<u8>,
    /// The winner, or `null` for a draw.
    pub winner: Option<Side>,
    /// The rule that gave out the seeds left (`own-row`, `even`) when some were left.
    pub allocation: Option<String>,
}

/// Everything the page needs to draw a game.
#[derive(Debug, Clone, Serialize)]
pub struct StateView {
    /// The game id.
    pub id: String,
    /// Bumped on every change; events with a lower version are stale.
    pub version: u64,
    /// `friend` or the computer's level.
    pub opponent: &'static str,
    /// The token holder's side against the computer (`null` with a friend).
    pub human: Option<Side>,
    /// The side drawn at the bottom.
    pub view_side: Side,
    /// The rules' text form (`abapa`, or options).
    pub rules: String,
    /// The rule options one by one.
    pub rule_options: RuleOptions,
    /// The players' names.
    pub names: Pair<String>,
    /// The current position.
    pub position: PositionView,
    /// The moves played so far.
    pub ply: usize,
    /// The six pits of the side to move (all illegal once the game is over).
    pub pits_info: Vec<PitInfo>,
    /// The move list.
    pub moves: Vec<MoveView>,
    /// Every position from the start (one more than the moves).
    pub history: Vec<PositionView>,
    /// The last move, for marking.
    pub last: Option<MoveDetailView>,
    /// How the game ended.
    pub outcome: Option<OutcomeView>,
    /// Whether the computer is thinking.
    pub thinking: bool,
    /// Why the computer's last reply failed (`null` normally); asking for the state again
    /// retries it.
    pub engine_error: Option<String>,
    /// Whether the computer is to move.
    pub computer_to_move: bool,
    /// Whether undo would do something.
    pub can_undo: bool,
    /// Whether redo would do something.
    pub can_redo: bool,
    /// The game as an OGN record.
    pub ogn: String,
    /// Endgame database values of the legal moves, when the databases cover them.
    pub egdb: Option<Vec<PitValue>>,
    /// Online games only: seats, clock, offers, presence, the end (see `online/`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub online: Option<crate::online::OnlineView>,
}

/// The rule options of a game.
#[derive(Debug, Clone, Serialize)]
pub struct RuleOptions {
    /// Grand slam rule.
    pub grand_slam: String,
    /// Repetition rule.
    pub repetition: String,
    /// Cycle seeds rule.
    pub cycle_seeds: String,
}

/// The detail of move `m` played in `before`, the game's move number `ply` (1 for the first).
pub fn move_detail(ply: usize, before: &Position, m: Move, d: &MoveDetail) -> MoveDetailView {
    MoveDetailView {
        ply,
        side: before.turn(),
        letter: m.letter(before.turn()),
        from: d.from,
        sown: d.sown.clone(),
        captured_pits: d.captured_pits.clone(),
        captured: d.captured,
        grand_slam: d.grand_slam,
        before: PositionView::of(before),
        after: PositionView::of(&d.after),
    }
}

/// Says why a move cannot be played, in words for the page: a short code and a sentence. The
/// reason itself comes from the rules core; `you` is the token holder's side in a game against
/// the computer (addressed as "you").
pub fn explain_error(
    e: &PlayError,
    names: &BySide<String>,
    you: Option<Side>,
) -> (&'static str, String) {
    let row = |side: Side| {
        if side == Side::South {
            "A–F"
        } else {
            "a–f"
        }
    };
    match e {
        PlayError::GameOver => ("game-over", "The game is over.".to_string()),
        PlayError::EmptyPit { pit } => ("empty-pit", format!("Pit {pit} is empty.")),
        PlayError::MustFeed { opponent } if you == Some(*opponent) => (
            "must-feed",
            "You have no seeds: the computer must play a pit that gives you seeds.".to_string(),
        ),
        PlayError::MustFeed { opponent } => (
            "must-feed",
            format!(
                "{} has no seeds: you must play a pit that gives {} seeds.",
                names[*opponent], names[*opponent]
            ),
        ),
        PlayError::GrandSlam => (
            "grand-slam",
            "That would capture every seed of your opponent (a grand slam), which these rules \
             forbid while another move exists."
                .to_string(),
        ),
        PlayError::WrongSide { turn } if you == Some(*turn) => (
            "wrong-side",
            format!("It is your turn: play one of your pits ({}).", row(*turn)),
        ),
        PlayError::WrongSide { turn } => (
            "wrong-side",
            format!("It is {}'s turn (pits {}).", names[*turn], row(*turn)),
        ),
        PlayError::WrongCapture { .. } => ("wrong-capture", format!("{e}.")),
    }
}

/// The OGN record of an online game: extra tags (`TimeControl`, `Termination`) and, for an end
/// the rules did not make (time, resignation, …), its result.
pub fn ogn_text_with(
    game: &Game,
    names: &BySide<String>,
    extra: &[(&str, String)],
    result: Option<&str>,
) -> String {
    let mut tags: Vec<(&str, &str)> = vec![
        ("Site", "oware serve"),
        ("South", &names.south),
        ("North", &names.north),
    ];
    tags.extend(extra.iter().map(|(n, v)| (*n, v.as_str())));
    let mut record = ogn::Record::from_game(game, &tags);
    if let Some(r) = result {
        record.set_tag("Result", r);
        record.result = Some(r.to_string());
    }
    record.to_string()
}

/// The OGN record of a game.
pub fn ogn_text(game: &Game, names: &BySide<String>) -> String {
    let record = ogn::Record::from_game(
        game,
        &[
            ("Site", "oware serve"),
            ("South", &names.south),
            ("North", &names.north),
        ],
    );
    record.to_string()
}

/// The state of a game.
pub fn state(e: &GameSnapshot<'_>) -> StateView {
    let game = e.game;
    let rules = game.rules();
    let pos = *game.position();
    let positions = game.positions();
    let turn = pos.turn();
    let over = game.is_over();
    let pits_info = Move::ALL
        .iter()
        .map(|&m| {
            let check = if over {
                Err(oware_core::PlayError::GameOver)
            } else {
                pos.check_move(m, rules)
            };
            let (code, reason) = match &check {
                Ok(()) => (None, None),
                Err(err) => {
                    let (c, r) = explain_error(err, e.names, e.human);
                    (Some(c), Some(r))
                }
            };
            PitInfo {
                letter: m.letter(turn),
                pit: m.pit(turn),
                legal: check.is_ok(),
                code,
                reason,
            }
        })
        .collect();
    let moves = game
        .move_texts()
        .into_iter()
        .enumerate()
        .map(|(i, mut t)| {
            let captured = positions[i + 1].store(t.side) - positions[i].store(t.side);
            if captured > 0 {
                t.captured = Some(captured);
            }
            MoveView {
                ply: i + 1,
                side: t.side,
                letter: t.letter(),
                text: t.to_string(),
            }
        })
        .collect();
    let last = game.moves().last().and_then(|&m| {
        let n = game.moves().len();
        let before = &positions[n - 1];
        before
            .explain(m, rules)
            .ok()
            .map(|d| move_detail(n, before, m, &d))
    });
    let outcome = game.outcome().map(|o| {
        let left = pos.seeds_on_board();
        OutcomeView {
            reason: o.reason,
            scores: Pair {
                south: o.scores.south.as_f64(),
                north: o.scores.north.as_f64(),
            },
            captured: pos.stores().into(),
            winner: o.winner(),
            allocation: match o.reason {
                EndReason::Cycle if left > 0 => Some(rules.cycle_seeds.to_string()),
                EndReason::NoFeed if left > 0 => Some("own-row".to_string()),
                _ => None,
            },
        }
    });
    let can_undo = match e.human {
        Some(human) => positions[..game.moves().len()]
            .iter()
            .any(|p| p.turn() == human),
        None => !game.moves().is_empty(),
    };
    let egdb = if over {
        None
    } else {
        e.egdb
            .and_then(|t| crate::egdb_view::pit_values(t, &pos, rules))
    };
    StateView {
        id: e.id.to_string(),
        version: e.version,
        opponent: e.opponent,
        human: e.human,
        view_side: e.human.unwrap_or(Side::South),
        rules: rules.to_string(),
        rule_options: RuleOptions {
            grand_slam: rules.grand_slam.to_string(),
            repetition: rules.repetition.to_string(),
            cycle_seeds: rules.cycle_seeds.to_string(),
        },
        names: e.names.clone().into(),
        position: PositionView::of(&pos),
        ply: game.moves().len(),
        pits_info,
        moves,
        history: positions.iter().map(PositionView::of).collect(),
        last,
        outcome,
        thinking: e.thinking,
        engine_error: e.engine_error.map(str::to_string),
        computer_to_move: e.computer_to_move,
        can_undo,
        can_redo: e.redo_len > 0 && !e.computer_to_move,
        ogn: ogn_text(game, e.names),
        egdb,
        online: None,
    }
}

/// One step of an analysis (or its end, with `best`).
#[derive(Debug, Clone, Serialize)]
pub struct AnalysisEvent {
    /// The analysis number (a newer one replaces older ones).
    pub seq: u64,
    /// `hint` or `analysis`.
    pub purpose: &'static str,
    /// The ply analysed.
    pub ply: usize,
    /// The side to move there.
    pub side: Side,
    /// Depth completed.
    pub depth: u32,
    /// Score in centi-seeds for the side to move.
    pub score: i32,
    /// The score for people ([`score_text`]): `+1.50` (seeds ahead), `win in 7` / `loss in 4`
    /// (plies to the end the search found) or `proven win` / `proven loss` (endgame databases).
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
    /// The line for people: its letters separated by spaces, e.g. `C d E` (South's pits in
    /// capitals, North's in small letters).
    pub line_text: String,
}

/// The score for people, from the side to move's view, in the engine's wording: `+1.50`
/// (seeds), `win in 7` / `loss in 4` (plies), `proven win` / `proven loss`.
pub fn score_text(score: i32) -> String {
    oware_engine::score_to_text(score)
}

/// An analysis event from the engine's `info`.
pub fn analysis_event(
    seq: u64,
    purpose: &'static str,
    ply: usize,
    side: Side,
    info: &oware_engine::Info,
    best: Option<Option<Move>>,
) -> AnalysisEvent {
    let pv: Vec<char> = oware_core::movetext::letters(side, info.pv.iter().copied()).collect();
    let line_text = pv.iter().map(char::to_string).collect::<Vec<_>>().join(" ");
    AnalysisEvent {
        seq,
        purpose,
        ply,
        side,
        depth: info.depth,
        score: info.score,
        score_text: score_text(info.score),
        nodes: info.nodes,
        time_ms: u64::try_from(info.time.as_millis()).unwrap_or(u64::MAX),
        pv,
        done: best.is_some(),
        best: best.flatten().map(|m| m.letter(side)),
        line_text,
    }
}
