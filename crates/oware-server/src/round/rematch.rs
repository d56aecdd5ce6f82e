//! Rematches (lila's rematcher): the offer, its answer, the new game made with the colours
//! swapped, and each player's seat in it.

use std::sync::Arc;

use oware_core::{Game, Side};
use oware_protocol::SeatAnswer;

use super::actions::retry_conflicts;
use super::base::Base;
use crate::games::{online_of, online_row, random_hex, Change, GameError};
use crate::online::{parse_action, OfferAction, OnlineError};
use crate::view::StateView;

/// Rematches of online games.
pub struct Rematches {
    pub(super) base: Arc<Base>,
}

impl Rematches {
    /// A rematch step by a player at address `ip`. Accepted: the new game is created (colours
    /// swapped, same settings; it counts as a creation by `ip`, so rematch chains cannot get
    /// round the creation limit) and the accepter's seat in it is answered; the offerer takes
    /// theirs with [`Rematches::seat`]. An accept that lost a race to another (a second tab,
    /// another instance) answers the seat of the rematch the winner made.
    pub async fn rematch(
        &self,
        id: &str,
        token: Option<&str>,
        action: &str,
        ip: Option<std::net::IpAddr>,
    ) -> Result<(Option<SeatAnswer>, StateView), GameError> {
        let action = parse_action(action)?;
        retry_conflicts(|| self.rematch_once(id, token, action, ip)).await
    }

    pub(super) async fn rematch_once(
        &self,
        id: &str,
        token: Option<&str>,
        action: OfferAction,
        ip: Option<std::net::IpAddr>,
    ) -> Result<(Option<SeatAnswer>, StateView), GameError> {
        let (live, mut s) = self.base.games.hold(id).await?;
        let now = self.base.now();
        let mut o = online_of(&s)?.clone();
        let side = o.player(token)?;
        if let (Some(next), OfferAction::Offer | OfferAction::Accept) = (&o.rematch_id, action) {
            // Already made (by this player's other request, or the opponent's): its seat.
            let next = next.clone();
            let state = self.base.games.view_for(&s, Some(side));
            drop(s);
            return Ok((Some(self.seat(&next, token).await?), state));
        }
        if !o.rematch(side, action, now)? {
            let game = s.game.clone();
            self.base
                .games
                .commit(&live, &mut s, Change::online(game, o), "rematch")
                .await?;
            return Ok((None, self.base.games.view_for(&s, Some(side))));
        }
        let users: Vec<String> = [Side::South, Side::North]
            .into_iter()
            .filter_map(|sd| o.seat(sd).user.clone())
            .collect();
        let users: Vec<&str> = users.iter().map(String::as_str).collect();
        self.base.may_hold_another(&users).await?;
        self.base.count_creation(ip)?;
        let (south_next, north_next) = (random_hex(24)?, random_hex(24)?);
        let new = o.rematch_game(id, (south_next.clone(), north_next.clone()), now);
        let new_id = random_hex(16)?;
        let game = Game::from_position(*s.game.start(), *s.game.rules());
        let creator_token = new.seat(new.creator).token.clone().unwrap_or_default();
        // The old game's versioned write and the new game in one transaction: of two racing
        // accepts (two tabs, two instances) only the winner creates a game, and nobody sees
        // the link before the game.
        o.rematch_id = Some(new_id.clone());
        let row = online_row(&new_id, &creator_token, &game, &new)?;
        let old_game = s.game.clone();
        let change = Change {
            insert: Some(row),
            ..Change::online(old_game, o)
        };
        self.base
            .games
            .commit(&live, &mut s, change, "rematch")
            .await?;
        let old_state = self.base.games.view_for(&s, Some(side));
        drop(s);
        let new_live = self.base.games.live(&new_id).await?;
        let ns = new_live.lock().await;
        let token = match side {
            Side::South => south_next,
            Side::North => north_next,
        };
        Ok((
            Some(SeatAnswer {
                id: new_id,
                token,
                state: self.base.games.view_for(&ns, Some(side.other())),
            }),
            old_state,
        ))
    }

    /// The seat in rematch `id` of the holder of `old_token`, a player of the previous game.
    pub async fn seat(&self, id: &str, old_token: Option<&str>) -> Result<SeatAnswer, GameError> {
        let live = self.base.games.live(id).await?;
        let previous = {
            let s = live.lock().await;
            online_of(&s)?.rematch_of.clone()
        };
        let Some(previous) = previous else {
            return Err(OnlineError::not_your_seat().into());
        };
        let old_side = {
            let old = self.base.games.live(&previous).await?;
            let s = old.lock().await;
            online_of(&s)?.player(old_token)?
        };
        let s = live.lock().await;
        self.base.seat_reply(&s, old_side.other())
    }
}
