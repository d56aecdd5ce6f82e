//! Games that start with both seats taken: those the quick-pairing pools and tournaments
//! make. Each player gets a seat token (an account's seat also follows the account:
//! `POST /api/games/{id}/seat`), and the game is `playing` from the start: the clock starts
//! at the first move, as after a join.
//!
//! [`Round::finished`] tells the services that made such games (pools, tournaments) when an
//! online game ends on this instance: its id, status and winner; [`Round::started`] tells the
//! bots' service of each paired game made here (its players' `gameStart`).

use oware_core::{BySide, Game, Rules, Side};
use oware_protocol::SeatRating;
use tokio::sync::broadcast;

use super::{players, Round};
use crate::accounts::User;
use crate::games::{random_hex, Finished, GameError};
use crate::online::{Online, OnlineError, TimeControl};

/// One player of a paired game.
#[derive(Debug, Clone)]
pub struct PairedPlayer {
    /// The name shown (an account's name for an account).
    pub name: String,
    /// The account, `None` for a guest.
    pub user: Option<User>,
}

/// A game to start with both seats taken.
#[derive(Debug, Clone)]
pub struct NewPaired {
    /// The rules.
    pub rules: Rules,
    /// The clock.
    pub clock: Option<TimeControl>,
    /// Whether the result is rated (both players need accounts: see `players::rated_refusal`).
    pub rated: bool,
    /// South's player (South moves first).
    pub south: PairedPlayer,
    /// North's player.
    pub north: PairedPlayer,
}

/// A paired game: its id and each side's seat token.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Paired {
    /// The game.
    pub id: String,
    /// The seat tokens.
    pub tokens: BySide<String>,
}

impl Round {
    /// Starts a game between two players, both seats taken (pools, tournaments).
    pub async fn create_paired(&self, req: NewPaired) -> Result<Paired, GameError> {
        if req.rated {
            for p in [&req.south, &req.north] {
                if let Some(why) =
                    players::rated_refusal(&req.rules, req.clock.as_ref(), p.user.as_ref())
                {
                    return Err(OnlineError::refused("not-rated", why).into());
                }
            }
        }
        let tokens = BySide::new(random_hex(24)?, random_hex(24)?);
        let now = self.base.now();
        let mut online = Online::new(
            Side::South,
            req.south.name.clone(),
            tokens.south.clone(),
            req.clock,
            false,
            now,
        );
        online.join(None, req.north.name.clone(), tokens.north.clone(), now)?;
        online.rated = req.rated;
        for (side, p) in [(Side::South, &req.south), (Side::North, &req.north)] {
            let rating: Option<SeatRating> = match &p.user {
                Some(u) => self.base.rating_snapshot(u, req.clock.as_ref()).await?,
                None => None,
            };
            let bot = self.base.is_bot(p.user.as_ref()).await?;
            let seat = match side {
                Side::South => &mut online.south,
                Side::North => &mut online.north,
            };
            seat.user = p.user.as_ref().map(|u| u.id.clone());
            seat.rating = rating;
            seat.bot = bot;
        }
        let id = random_hex(16)?;
        self.base
            .insert_online(&id, &tokens.south, Game::new(req.rules), online)
            .await?;
        // The first move's deadline runs from now (`Online::first_move_deadline`): the game's
        // timer is armed where it was made, so that a pairing nobody plays is aborted.
        let live = self.base.games.live(&id).await?;
        self.clocks.arm_clock(&live, &*live.lock().await);
        tracing::debug!(game = %id, "paired game created");
        let _ = self.started.send(id.clone());
        Ok(Paired { id, tokens })
    }

    /// The paired games made on this instance from now on (pools, tournaments, challenges).
    pub fn started(&self) -> broadcast::Receiver<String> {
        self.started.subscribe()
    }

    /// The online games that end on this instance from now on.
    pub fn finished(&self) -> broadcast::Receiver<Finished> {
        self.finished.subscribe()
    }
}
