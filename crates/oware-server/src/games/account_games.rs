//! A logged-in player's games still going (open challenges and games being played), for the
//! home page's "your turn" list: whose turn it is and the time left, correspondence games
//! first among equals.

use oware_core::Side;
use serde::Serialize;

use super::{game_of_row, GameError, Games};
use crate::accounts::User;
use crate::online::{Online, Status};

/// One of an account's games still going.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct AccountGame {
    /// The game.
    pub id: String,
    /// The account's side.
    pub side: Side,
    /// The opponent's name (empty while the challenge is open).
    pub opponent: String,
    /// `open` or `playing`.
    pub status: Status,
    /// Whether the account is to move (in a game being played).
    pub your_turn: bool,
    /// Days per move of a correspondence game.
    pub days_per_move: Option<u64>,
    /// The account's time left now (ms of the server's clock), with a clock.
    pub time_left_ms: Option<u64>,
    /// Whether the game is rated.
    pub rated: bool,
}

impl Games {
    /// `user`'s online games still going: the player's turn first, the least time left first.
    /// Read from the store ([`crate::GameStore::live_online_of`], by the seat columns'
    /// indexes), so every instance answers the same.
    pub async fn account_games(&self, user: &User) -> Result<Vec<AccountGame>, GameError> {
        let rows = self.store.live_online_of(user.id.clone()).await?;
        let now = self.now();
        let mut games = Vec::new();
        for row in rows {
            let Ok(o) = serde_json::from_str::<Online>(&row.online) else {
                continue;
            };
            let Some(side) = [Side::South, Side::North]
                .into_iter()
                .find(|&s| o.seat(s).user.as_deref() == Some(user.id.as_str()))
            else {
                continue;
            };
            let Ok((game, _)) = game_of_row(&row) else {
                continue;
            };
            let playing = o.status == Status::Playing;
            games.push(AccountGame {
                id: row.id,
                side,
                opponent: if o.seat(side.other()).token.is_some() {
                    o.seat(side.other()).name.clone()
                } else {
                    String::new()
                },
                status: o.status,
                your_turn: playing && game.position().turn() == side,
                days_per_move: o.clock.as_ref().and_then(|c| c.control().days_per_move()),
                time_left_ms: o.clock.as_ref().map(|c| c.left_at(side, now)),
                rated: o.rated,
            });
        }
        games.sort_by_key(|g| (!g.your_turn, g.time_left_ms.unwrap_or(u64::MAX)));
        Ok(games)
    }
}
