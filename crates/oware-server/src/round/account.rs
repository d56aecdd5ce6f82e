//! A logged-in account's online games: those still going (open challenges and games being
//! played), for the home page's "your turn" list (whose turn it is and the time left,
//! correspondence games first among equals), and its seat in a game on another device.

use oware_core::Side;

use oware_protocol::SeatAnswer;

use std::sync::Arc;

use super::base::Base;
use crate::accounts::User;
use crate::games::{game_of_row, listing_column, online_of, GameError, Listing};
use crate::online::{Online, OnlineError, Status};

/// The most games a page of an account's games holds (`GET /api/account/games?offset=N`;
/// a page this long may have another after it). The budget's games per account
/// ([`crate::ServerLimits::live_games_per_account`], 100) fit in one page.
pub const ACCOUNT_GAMES_PAGE: u64 = 100;

/// One of an account's games still going.
pub use oware_protocol::AccountGame;

/// An account's online games: those going, its seat in one on another device.
pub struct AccountGames {
    pub(super) base: Arc<Base>,
}

impl AccountGames {
    /// A page of `user`'s online games still going: at most `ACCOUNT_GAMES_PAGE` (100) after the
    /// first `offset` (oldest first in the store), the player's turn first, the least time left
    /// first within the page. Read from the store's columns ([`crate::GameStore::listed_online_of`],
    /// by the seat columns' indexes: the status, the seats' accounts and the `listing` each
    /// change of a game writes), so every instance answers the same, no request reads more
    /// than a page's rows however many games the account has, and no game's online part or
    /// moves are read (a row written before the `listing` column is read whole, once).
    pub async fn games(&self, user: &User, offset: u64) -> Result<Vec<AccountGame>, GameError> {
        let rows = self
            .base
            .store
            .listed_online_of(user.id.clone(), offset, ACCOUNT_GAMES_PAGE)
            .await?;
        let now = self.base.now();
        let mut games = Vec::new();
        for row in rows {
            let Some(side) = [
                (Side::South, &row.south_user),
                (Side::North, &row.north_user),
            ]
            .into_iter()
            .find(|(_, u)| u.as_deref() == Some(user.id.as_str()))
            .map(|(s, _)| s) else {
                continue;
            };
            let Ok(status) = row.online_status.parse::<Status>() else {
                continue;
            };
            let listing = match serde_json::from_str::<Listing>(&row.listing) {
                Ok(l) => l,
                Err(_) => match self.listing_of_row(&row.id).await {
                    Some(l) => l,
                    None => continue,
                },
            };
            let other = match side.other() {
                Side::South => 0,
                Side::North => 1,
            };
            let playing = status == Status::Playing;
            games.push(AccountGame {
                id: row.id,
                side,
                opponent: listing.names[other].clone(),
                opponent_bot: listing.bots[other],
                status,
                your_turn: playing && listing.turn == side,
                days_per_move: listing
                    .clock
                    .as_ref()
                    .and_then(|c| c.control().days_per_move()),
                time_left_ms: listing.clock.as_ref().map(|c| c.left_at(side, now)),
                rated: listing.rated,
            });
        }
        games.sort_by_key(|g| (!g.your_turn, g.time_left_ms.unwrap_or(u64::MAX)));
        Ok(games)
    }

    /// The listing of game `id` from its whole row, for a row written before the `listing`
    /// column (none if it cannot be read).
    async fn listing_of_row(&self, id: &str) -> Option<Listing> {
        let row = self.base.store.load(id.to_string()).await.ok()??;
        let online = serde_json::from_str::<Online>(&row.online).ok()?;
        let (game, _) = game_of_row(&row).ok()?;
        let text = listing_column(Some(&online), &game).ok()?;
        serde_json::from_str(&text).ok()
    }

    /// The seat `user` holds in online game `id`, with its token: the game on another device.
    pub async fn seat(&self, id: &str, user: &User) -> Result<SeatAnswer, GameError> {
        let (_, s) = self.base.games.hold(id).await?;
        let o = online_of(&s)?;
        let side = [Side::South, Side::North]
            .into_iter()
            .find(|&side| o.seat(side).user.as_deref() == Some(user.id.as_str()))
            .ok_or_else(OnlineError::not_your_seat)?;
        self.base.seat_reply(&s, side)
    }
}
