//! The JSON the page receives, built: game state, move details, analysis events, each an
//! `oware_protocol` type filled from the rules core; the page only draws it.

use oware_core::movetext::MoveText;
use oware_core::{ogn, BySide, EndReason, Game, Move, MoveDetail, PlayError, Position, Side};
pub use oware_protocol::{
    AnalysisEvent, MoveDetailView, MoveView, OutcomeView, PitInfo, PositionView, Purpose,
    RuleOptions, StateView,
};

use crate::egdb_view::Tables;

/// What a [`StateView`] is drawn from: a game and the facts around it, as plain data (the
/// session module fills it; the view knows nothing of sessions, caches or locks).
#[derive(Clone)]
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
    /// The game's OGN record as the page shows it (an online game's has its tags and result),
    /// written once per view; empty when `since` is set.
    pub ogn: String,
    /// Only the record after this ply (the game's ply when it is past it), see
    /// [`StateView::since`]; `None`: the whole record.
    pub since: Option<usize>,
}

/// A position of the game's history, from the rules core.
pub fn position_view(p: &Position) -> PositionView {
    PositionView {
        pits: p.pits(),
        stores: p.stores(),
        turn: p.turn(),
        text: oware_core::fen::write(p),
    }
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
        before: position_view(before),
        after: position_view(&d.after),
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

/// The state of a game: the whole record, or its tail from `e.since` on. Building a tail costs
/// the same at any ply.
pub fn state(e: &GameSnapshot<'_>) -> StateView {
    let game = e.game;
    let from = e.since.unwrap_or(0).min(game.moves().len());
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
                    (Some(c.to_string()), Some(r))
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
    let moves = game.moves()[from..]
        .iter()
        .zip(&positions[from..])
        .enumerate()
        .map(|(k, (&m, p))| {
            let i = from + k;
            let mut t = MoveText::new(p.turn(), m);
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
            reason: o.reason.into(),
            scores: BySide::new(o.scores.south.as_f64(), o.scores.north.as_f64()),
            captured: pos.stores(),
            winner: o.winner(),
            allocation: match o.reason {
                EndReason::Cycle if left > 0 => Some(rules.cycle_seeds.to_string()),
                EndReason::NoFeed | EndReason::AgreedCycle if left > 0 => {
                    Some("own-row".to_string())
                }
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
        opponent: e.opponent.to_string(),
        human: e.human,
        view_side: e.human.unwrap_or(Side::South),
        rules: rules.to_string(),
        rule_options: RuleOptions {
            grand_slam: rules.grand_slam.to_string(),
            repetition: rules.repetition.to_string(),
            cycle_seeds: rules.cycle_seeds.to_string(),
        },
        names: e.names.clone(),
        position: position_view(&pos),
        ply: game.moves().len(),
        pits_info,
        moves,
        history: positions[from..].iter().map(position_view).collect(),
        last,
        outcome,
        thinking: e.thinking,
        engine_error: e.engine_error.map(str::to_string),
        computer_to_move: e.computer_to_move,
        can_undo,
        can_redo: e.redo_len > 0 && !e.computer_to_move,
        ogn: e.ogn.clone(),
        egdb,
        online: None,
        cycle_offer: None,
        since: e.since.map(|_| from),
    }
}

/// The score for people, from the side to move's view, in the engine's wording: `+1.50`
/// (seeds), `win in 7` / `loss in 4` (plies), `proven win` / `proven loss`.
pub fn score_text(score: i32) -> String {
    oware_engine::score_to_text(score)
}

/// An analysis event from the engine's `info`.
pub fn analysis_event(
    seq: u64,
    purpose: Purpose,
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
