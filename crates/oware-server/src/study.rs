//! The analysis board and the board editor (`POST /api/position`): a position checked by the
//! rules core (48 seeds, a game not already over), a line of moves played from it, or a game
//! record read (OGN or PlayStrategy's export), answered as a game's state. Nothing is stored
//! and no engine runs: the engine's lines come from a game on one device the page creates
//! (see `docs/web.md`, "Analysis board and board editor").

use oware_core::{fen, movetext, BySide, EndReason, Game, Position, Rules, Side};
use oware_protocol::{PositionAnswer, PositionReq};

use crate::egdb_view::Tables;
use crate::games::GameError;
use crate::view::{self, GameSnapshot};

/// The longest position text read, in bytes.
const POSITION_MAX: usize = 200;
/// The longest line of moves read, in bytes.
const MOVES_MAX: usize = 8 * 1024;
/// The most moves a line may hold.
pub(crate) const PLIES_MAX: usize = 1000;
/// The longest game record read, in bytes.
const RECORD_MAX: usize = 64 * 1024;

/// Reads `req` into its line's answer, with the endgame tables' values where `tables` has them.
pub(crate) fn answer(
    req: &PositionReq,
    tables: Option<&Tables>,
) -> Result<PositionAnswer, GameError> {
    let (game, names, format, result) = match &req.record {
        Some(text) => {
            if req.position.is_some() || req.moves.is_some() || req.rules.is_some() {
                return Err(GameError::invalid(
                    "conflicting-options",
                    "give a record, or a position with its moves and rules, not both",
                ));
            }
            read_record(text)?
        }
        None => {
            let game = line(req)?;
            (game, default_names(), None, None)
        }
    };
    let state = view::state(&GameSnapshot {
        id: "",
        version: 0,
        opponent: "analysis",
        human: None,
        names: &names,
        game: &game,
        redo_len: 0,
        thinking: false,
        computer_to_move: false,
        engine_error: None,
        egdb: view::egdb_values(tables, &game),
        ogn: view::ogn_text(&game, &names),
        since: None,
    });
    let moves: String =
        movetext::letters(game.start().turn(), game.moves().iter().copied()).collect();
    Ok(PositionAnswer {
        start: fen::write(game.start()),
        position: fen::write(game.position()),
        moves,
        rules: game.rules().to_string(),
        format,
        result,
        state,
    })
}

fn default_names() -> BySide<String> {
    BySide::new("South".to_string(), "North".to_string())
}

/// The start position of `req` checked, and its moves played.
fn line(req: &PositionReq) -> Result<Game, GameError> {
    let rules: Rules = match &req.rules {
        Some(r) => r
            .parse()
            .map_err(|e| GameError::invalid("bad-rules", format!("{e}")))?,
        None => Rules::default(),
    };
    let start = match &req.position {
        Some(text) => check_position(text, &rules)?,
        None => Position::start(),
    };
    let mut game = Game::from_position(start, rules);
    if let Some(text) = &req.moves {
        if text.len() > MOVES_MAX {
            return Err(GameError::invalid(
                "bad-moves",
                format!("the moves are longer than {MOVES_MAX} bytes"),
            ));
        }
        let list = movetext::parse_list(text)
            .map_err(|e| GameError::invalid("bad-moves", format!("{e}")))?;
        if list.len() > PLIES_MAX {
            return Err(GameError::invalid(
                "bad-moves",
                format!("a line holds at most {PLIES_MAX} moves"),
            ));
        }
        for (i, m) in list.iter().enumerate() {
            game.play_text(m).map_err(|e| {
                let (code, why) = view::explain_error(&e, &default_names(), None);
                GameError::invalid(code, format!("move {} ({m}): {why}", i + 1))
            })?;
        }
    }
    Ok(game)
}

/// Position text read and judged: 48 seeds in all, and a game the rules have not already
/// ended (a store past 24, or a side to move with no legal move).
pub(crate) fn check_position(text: &str, rules: &Rules) -> Result<Position, GameError> {
    if text.len() > POSITION_MAX {
        return Err(GameError::invalid(
            "bad-position",
            format!("position text is longer than {POSITION_MAX} bytes"),
        ));
    }
    let setup =
        fen::parse_setup(text).map_err(|e| GameError::invalid("bad-position", format!("{e}")))?;
    let pos = Position::from_setup(&setup)
        .map_err(|e| GameError::invalid("seed-count", format!("{e}")))?;
    if let Some(outcome) = pos.outcome(rules) {
        let side = |s: Side| if s == Side::South { "South" } else { "North" };
        return Err(match outcome.reason {
            EndReason::Capture => {
                let s = if pos.store(Side::South) > pos.store(Side::North) {
                    Side::South
                } else {
                    Side::North
                };
                GameError::invalid(
                    "position-won",
                    format!(
                        "{} has captured {} seeds: the game is already won",
                        side(s),
                        pos.store(s)
                    ),
                )
            }
            EndReason::Draw => GameError::invalid(
                "position-drawn",
                "each side has captured 24 seeds: the game is already drawn",
            ),
            _ => GameError::invalid(
                "no-legal-move",
                format!(
                    "{} is to move and has no legal move: the rules end the game here",
                    side(pos.turn())
                ),
            ),
        });
    }
    Ok(pos)
}

/// A line read: the game, the players' names, and for a record its format's name and its result
/// as written.
type Read = (Game, BySide<String>, Option<String>, Option<String>);

/// A game record (OGN or PlayStrategy's) replayed.
fn read_record(text: &str) -> Result<Read, GameError> {
    if text.len() > RECORD_MAX {
        return Err(GameError::invalid(
            "bad-ogn",
            format!("the record is longer than {RECORD_MAX} bytes"),
        ));
    }
    let bad = |e: &dyn std::fmt::Display| GameError::invalid("bad-ogn", e.to_string());
    // A PlayStrategy record's fault has a column too: `bad-record`, its place in the message's values.
    let (record, format) = oware_core::record::parse_any(text).map_err(|e| {
        if oware_core::playstrategy::is_playstrategy(text) {
            GameError::invalid("bad-record", e.to_string())
        } else {
            bad(&e)
        }
    })?;
    let rules = record.rules().map_err(|e| bad(&e))?;
    let game = record.to_game_with(rules).map_err(|e| bad(&e))?;
    let mut names = default_names();
    for (side, tag) in [(Side::South, "South"), (Side::North, "North")] {
        if let Some(n) = record.tag(tag).map(str::trim).filter(|n| !n.is_empty()) {
            names[side] = crate::games::clean_name(n);
        }
    }
    let result = record
        .result
        .clone()
        .or_else(|| record.tag("Result").map(str::to_string));
    Ok((game, names, Some(format.to_string()), result))
}
