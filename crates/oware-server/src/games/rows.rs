//! A game and its stored row: the moves replayed from their letters, the redo list, the columns
//! of the online part, a new online game's row; ids and tokens.

use std::fmt;

use oware_core::movetext;
use oware_core::{fen, Game, Move, Position, Rules};

use super::error::GameError;
use super::kinds::Opponent;
use super::session::{online_names, Session, AGREED_CYCLE_MARK};
use crate::online::Online;
use crate::store::GameRow;

/// Replays stored move letters (and the end by agreement after them: `row_moves`).
pub(crate) fn replay(start: Position, rules: Rules, moves: &str) -> Result<Game, String> {
    let mut game = Game::from_position(start, rules);
    let (moves, agreed) = match moves.strip_suffix(AGREED_CYCLE_MARK) {
        Some(m) => (m, true),
        None => (moves, false),
    };
    for m in movetext::parse_list(moves).map_err(|e| e.to_string())? {
        game.play_text(&m).map_err(|e| e.to_string())?;
    }
    if agreed {
        game.agree_cycle().map_err(|e| e.to_string())?;
    }
    Ok(game)
}

/// The game and the redo list a stored row holds (a damaged row is an internal error, logged).
pub(crate) fn game_of_row(row: &GameRow) -> Result<(Game, Vec<Move>), GameError> {
    let damaged = |what: &str, e: &dyn fmt::Display| {
        tracing::error!(game = %row.id, "stored game has a damaged {what}: {e}");
        GameError::Internal(format!("the stored game has a damaged {what}"))
    };
    let rules: Rules = row.rules.parse().map_err(|e| damaged("rule set", &e))?;
    let start = fen::parse(&row.start).map_err(|e| damaged("start position", &e))?;
    let game = replay(start, rules, &row.moves).map_err(|e| damaged("move list", &e))?;
    let mut redo_game = game.clone();
    let mut redo = Vec::new();
    let stored_redo = movetext::parse_list(&row.redo).unwrap_or_else(|e| {
        tracing::warn!(game = %row.id, "stored redo list unreadable, dropped: {e}");
        Vec::new()
    });
    for m in stored_redo {
        match redo_game.play_text(&m) {
            Ok(_) => redo.push(m.mv),
            Err(e) => {
                tracing::warn!(game = %row.id, "stored redo list cut at an illegal move: {e}");
                break;
            }
        }
    }
    redo.reverse();
    Ok((game, redo))
}

/// `bytes` random bytes in hexadecimal (ids, tokens, stream handles).
pub(crate) fn random_hex(bytes: usize) -> Result<String, GameError> {
    let mut buf = vec![0u8; bytes];
    getrandom::fill(&mut buf).map_err(|e| GameError::Internal(format!("random: {e}")))?;
    Ok(buf.iter().map(|b| format!("{b:02x}")).collect())
}

/// South or North, by a fair coin (a random first seat).
pub(crate) fn random_side() -> Result<oware_core::Side, GameError> {
    let mut b = [0u8; 1];
    getrandom::fill(&mut b).map_err(|e| GameError::Internal(format!("random: {e}")))?;
    Ok(if b[0] & 1 == 0 {
        oware_core::Side::South
    } else {
        oware_core::Side::North
    })
}

/// Whether `id` looks like one of our ids (so junk never reaches the database).
pub(crate) fn plausible_id(id: &str) -> bool {
    !id.is_empty() && id.len() <= 64 && id.bytes().all(|b| b.is_ascii_alphanumeric())
}

/// The accounts in a game's seats (South, North), as the store's columns.
type SeatUsers = [Option<String>; 2];

/// The store's columns of a game's online part: its JSON, its status and the accounts in its
/// seats (empty texts and no accounts for a game on one device).
pub(super) fn online_columns(
    online: Option<&Online>,
) -> Result<(String, String, SeatUsers), GameError> {
    let Some(o) = online else {
        return Ok(Default::default());
    };
    Ok((
        serde_json::to_string(o).map_err(|e| GameError::Internal(e.to_string()))?,
        o.status.name().to_string(),
        [o.south.user.clone(), o.north.user.clone()],
    ))
}

/// What an account's list of games shows of an online game (`GET /api/account/games`), kept
/// in the games' `listing` column and written with each change of the game, so that the list
/// is read from the store's columns alone: never the online part's JSON, never the moves.
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
pub(crate) struct Listing {
    /// The side to move.
    pub(crate) turn: oware_core::Side,
    /// Whether the game is rated.
    pub(crate) rated: bool,
    /// Each seat's player (South, North): its name, empty while the seat is free.
    pub(crate) names: [String; 2],
    /// Whether each seat's player is a bot (South, North).
    pub(crate) bots: [bool; 2],
    /// The clock, if the game has one.
    pub(crate) clock: Option<crate::online::Clock>,
}

/// The `listing` column of a game (empty for a game on one device).
pub(crate) fn listing_column(online: Option<&Online>, game: &Game) -> Result<String, GameError> {
    let Some(o) = online else {
        return Ok(String::new());
    };
    let name = |seat: &crate::online::Seat| {
        if seat.token.is_some() {
            seat.name.clone()
        } else {
            String::new()
        }
    };
    let listing = Listing {
        turn: game.position().turn(),
        rated: o.rated,
        names: [name(&o.south), name(&o.north)],
        bots: [o.south.bot, o.north.bot],
        clock: o.clock.clone(),
    };
    serde_json::to_string(&listing).map_err(|e| GameError::Internal(e.to_string()))
}

/// The stored row of a new online game `id` (creator's token `token`).
pub(crate) fn online_row(
    id: &str,
    token: &str,
    game: &Game,
    online: &Online,
) -> Result<GameRow, GameError> {
    let names = online_names(online);
    let (online_text, online_status, [south_user, north_user]) = online_columns(Some(online))?;
    Ok(GameRow {
        id: id.to_string(),
        token: token.to_string(),
        opponent: Opponent::Online.name().to_string(),
        human: online.creator.char().to_string(),
        rules: game.rules().to_string(),
        start: fen::write(game.start()),
        moves: String::new(),
        redo: String::new(),
        version: 1,
        south_name: names.south,
        north_name: names.north,
        online: online_text,
        online_status,
        south_user,
        north_user,
        listing: listing_column(Some(online), game)?,
    })
}

/// The stored row of a new game on one device.
pub(crate) fn local_row(
    id: String,
    token: String,
    opponent: Opponent,
    human: oware_core::Side,
    game: &Game,
    names: &oware_core::BySide<String>,
) -> GameRow {
    GameRow {
        id,
        token,
        opponent: opponent.name().to_string(),
        human: human.char().to_string(),
        rules: game.rules().to_string(),
        start: fen::write(game.start()),
        moves: Session::row_moves(game),
        redo: String::new(),
        version: 1,
        south_name: names.south.clone(),
        north_name: names.north.clone(),
        online: String::new(),
        online_status: String::new(),
        south_user: None,
        north_user: None,
        listing: String::new(),
    }
}
