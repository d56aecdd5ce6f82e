//! The [`StateView`] of a game and its parts, built from the rules core: what the page draws.
//! The server builds every view it sends with these functions, and the page's WebAssembly core
//! (`oware-wasm`) builds the views of a game played offline with the same ones, so the page
//! draws both alike.

use oware_core::movetext::MoveText;
use oware_core::{ogn, BySide, EndReason, Game, Move, MoveDetail, PlayError, Position, Side};

use crate::{
    MoveDetailView, MoveView, OutcomeView, PitInfo, PitValue, PositionView, RuleOptions, StateView,
};

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
    /// The endgame database values of the legal moves, when tables cover the position (the
    /// server's `egdb_view::pit_values`; `None` without tables or once the game is over).
    pub egdb: Option<Vec<PitValue>>,
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
    let egdb = if over { None } else { e.egdb.clone() };
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
