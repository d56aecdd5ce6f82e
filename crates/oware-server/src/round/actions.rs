//! Online play's actions on a game: moves, joining, the ends (resign, abort, cancel) and each
//! player's view of the state.

use oware_core::Side;
use oware_protocol::SeatAnswer;

use super::{Ending, Round};
use crate::games::{
    clean_name, online_of, random_hex, Change, GameError, Live, MoveInput, MoveReply, Session,
};
use crate::online::OnlineError;
use crate::view::{self, StateView};

impl Round {
    /// Plays the token holder's move in game `id`: online, on its turn before its flag falls;
    /// a game on one device is `local/`'s. An online move's answer carries the record after
    /// ply `since` when given (the whole record otherwise).
    pub async fn play(
        &self,
        id: &str,
        token: Option<&str>,
        input: MoveInput<'_>,
        since: Option<usize>,
        ip: Option<std::net::IpAddr>,
    ) -> Result<MoveReply, GameError> {
        let (live, mut s) = self.base.games.hold(id).await?;
        if s.online.is_none() {
            return self
                .base
                .local
                .play_locked(&live, &mut s, token, input, ip)
                .await;
        }
        self.play_online(&live, &mut s, token, input, since).await
    }

    /// Plays a move of an online game (the token's side, on its turn, before its flag falls);
    /// the answer's state carries the record after ply `since` when given.
    pub(super) async fn play_online(
        &self,
        live: &Live,
        s: &mut Session,
        token: Option<&str>,
        input: MoveInput<'_>,
        since: Option<usize>,
    ) -> Result<MoveReply, GameError> {
        let now = self.base.now();
        let mut o = online_of(s)?.clone();
        let side = o.player(token)?;
        if self.base.flag_fell(live, s, &mut o, now).await? {
            return Err(GameError::refused(
                "game-over",
                "your time ran out before this move: the game is over",
            ));
        }
        o.may_move(side, &s.game)?;
        let m = s.parse_move(input)?;
        let pos = *s.game.position();
        let explained = pos.explain(m, s.game.rules()).map_err(|e| s.illegal(&e))?;
        let mut game = s.game.clone();
        game.play(m).map_err(|e| s.illegal(&e))?;
        o.after_move(side, &game, now);
        let detail = view::move_detail(game.moves().len(), &pos, m, &explained);
        let change = Change::online(game, o).with_detail(detail.clone());
        self.base.games.commit(live, s, change, "move").await?;
        Ok(MoveReply {
            detail,
            state: self.base.games.view_since(s, Some(side), since),
        })
    }

    /// Takes the free seat of open game `id` (a token of another game is fine; the creator's
    /// own is refused). Of two racing joiners one gets the seat: the write is checked against
    /// the version read, so even two server instances cannot both fill it.
    pub async fn join(
        &self,
        id: &str,
        token: Option<&str>,
        name: &str,
        user: Option<&crate::accounts::User>,
    ) -> Result<SeatAnswer, GameError> {
        retry_conflicts(|| async move {
            let (live, mut s) = self.base.games.hold(id).await?;
            let mut o = online_of(&s)?.clone();
            let creator_user = o.seat(o.creator).user.clone();
            if o.rated && user.is_none() {
                return Err(OnlineError::refused(
                    "log-in-to-join",
                    "this game is rated: log in to play it",
                )
                .into());
            }
            if user.is_some_and(|u| creator_user.as_deref() == Some(u.id.as_str())) {
                return Err(OnlineError::refused(
                    "own-challenge",
                    "this is your own challenge: send the invite link to your opponent",
                )
                .into());
            }
            let rating = match user {
                Some(u) => {
                    self.base
                        .rating_snapshot(u, o.clock.as_ref().map(|c| c.control()).as_ref())
                        .await?
                }
                None => None,
            };
            if let Some([low, high]) = o.range {
                match &rating {
                    None => {
                        return Err(OnlineError::refused(
                            "log-in-to-join",
                            format!(
                                "this challenge is for ratings {low}–{high}: log in to play it"
                            ),
                        )
                        .into())
                    }
                    Some(r) if !(low..=high).contains(&r.rating) => {
                        return Err(OnlineError::refused(
                            "out-of-range",
                            format!(
                                "this challenge is for ratings {low}–{high}; yours is {}",
                                r.rating
                            ),
                        )
                        .into())
                    }
                    Some(_) => {}
                }
            }
            let bot = self.base.is_bot(user).await?;
            let new_token = random_hex(24)?;
            let name = match (user, clean_name(name)) {
                (Some(u), _) => u.name.clone(),
                (None, n) if n.is_empty() => "Anonymous".to_string(),
                (None, n) => n,
            };
            let side = o.join(token, name, new_token.clone(), self.base.now())?;
            {
                let seat = if side == Side::South {
                    &mut o.south
                } else {
                    &mut o.north
                };
                seat.user = user.map(|u| u.id.clone());
                seat.rating = rating;
                seat.bot = bot;
            }
            let game = s.game.clone();
            // Both sides are "gone" from now until their streams open.
            let now = self.base.now();
            let change = Change::online(game, o)
                .then(move |s| s.presence.gone_since[usize::from(side == Side::North)] = now);
            self.base
                .games
                .commit(&live, &mut s, change, "join")
                .await?;
            Ok(SeatAnswer {
                id: id.to_string(),
                token: new_token,
                state: self.base.games.view_for(&s, Some(side)),
            })
        })
        .await
    }

    /// The token's side ends online game `id` as `how` says (see [`Ending`]).
    pub async fn end(
        &self,
        id: &str,
        token: Option<&str>,
        how: Ending,
    ) -> Result<StateView, GameError> {
        self.base
            .online_action(id, token, how.name(), |o, side, s, _, now| match how {
                Ending::Cancel => o.cancel(side),
                Ending::Resign => o.resign(side, now),
                Ending::Abort => o.abort(side, &s.game, now),
            })
            .await
    }

    /// The state of game `id` as the holder of `token` sees it (`you` set for a player).
    pub async fn state_for(&self, id: &str, token: Option<&str>) -> Result<StateView, GameError> {
        if token.is_none() {
            return self.base.games.state(id).await;
        }
        let (_, s) = self.base.games.hold(id).await?;
        let you = s.online.as_ref().and_then(|o| o.side_of(token));
        Ok(self.base.games.view_for(&s, you))
    }
}

/// Runs `attempt` (three times at the most) until no other writer changed the game under it:
/// each try reads the game again and decides on what it is now.
pub(super) async fn retry_conflicts<T, F>(mut attempt: impl FnMut() -> F) -> Result<T, GameError>
where
    F: std::future::Future<Output = Result<T, GameError>>,
{
    let mut tries = 0;
    loop {
        tries += 1;
        match attempt().await {
            Err(GameError::Conflict) if tries < 3 => continue,
            r => return r,
        }
    }
}
