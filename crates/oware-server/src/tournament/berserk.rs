//! What tournaments ask of a paired game: a side's berserk (half its own clock, no
//! increment; arenas only, before that side's first move) and the game's end as stored
//! (status, winner, moves of each side), for the points of a tournament game.

use oware_core::Side;

use super::Tournaments;
use crate::games::{online_of, Change, GameError};
use crate::online::{OnlineError, Status};

/// A tournament game as it stands: its status, winner and the moves each side made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameStanding {
    /// `playing`, `over`, `aborted`…
    pub status: Status,
    /// The winner of a game that is over (`None`: a draw, or not over).
    pub winner: Option<Side>,
    /// South's moves.
    pub south_moves: u32,
    /// North's moves.
    pub north_moves: u32,
}

impl Tournaments {
    /// `side` of online game `id` berserks: half its initial time, no increment from now on.
    /// Refused once that side has moved, without a clock, or when the game is over.
    pub(super) async fn berserk_game(&self, id: &str, side: Side) -> Result<(), GameError> {
        let (live, mut s) = self.games.hold(id).await?;
        let mut o = online_of(&s)?.clone();
        if o.status != Status::Playing {
            return Err(OnlineError::game_over().into());
        }
        let moved = s.game.moves().len() > usize::from(side == Side::North);
        let Some(clock) = o.clock.as_mut() else {
            return Err(GameError::refused("no-clock", "this game has no clock"));
        };
        if moved {
            return Err(GameError::refused(
                "berserk-too-late",
                "berserk only before your first move",
            ));
        }
        if clock.berserk.contains(&side) {
            return Ok(());
        }
        clock.berserk(side);
        let game = s.game.clone();
        self.games
            .commit(&live, &mut s, Change::online(game, o), "berserk")
            .await?;
        Ok(())
    }

    /// Game `id` as it stands now (read from the store): `None` when it is not an online game.
    pub(super) async fn standing(&self, id: &str) -> Result<Option<GameStanding>, GameError> {
        let (_, s) = self.games.hold(id).await?;
        let Some(o) = s.online.as_ref() else {
            return Ok(None);
        };
        let plies = s.game.moves().len() as u32;
        Ok(Some(GameStanding {
            status: o.status,
            winner: o.winner,
            south_moves: plies.div_ceil(2),
            north_moves: plies / 2,
        }))
    }
}
