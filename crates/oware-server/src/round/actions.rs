//! Online play's actions on a game: join, moves, resign, abort, cancel, offers, claims,
//! rematch, seat recovery, presence keys, and each player's view of the state.

use oware_core::{Game, Side};
use oware_protocol::SeatAnswer;

use super::{Ending, Round};
use crate::games::{
    clean_name, online_of, online_row, random_hex, Change, GameError, Live, MoveInput, MoveReply,
    Session,
};
use crate::online::{parse_action, Claim, OfferAction, OfferKind, Online, OnlineError};
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
        let (live, mut s) = self.games.hold(id).await?;
        if s.online.is_none() {
            return self
                .local
                .play_locked(&live, &mut s, token, input, ip)
                .await;
        }
        self.play_online(&live, &mut s, token, input, since).await
    }

    /// A step of a proposal to end game `id` as a cycle: online, like a draw offer; a game on
    /// one device is `local/`'s.
    async fn cycle(
        &self,
        id: &str,
        token: Option<&str>,
        action: OfferAction,
    ) -> Result<StateView, GameError> {
        let live = self.games.live(id).await?;
        let online = live.lock().await.online.is_some();
        if !online {
            return self.local.cycle(live, token, action).await;
        }
        let step = |o: &mut Online, side, _: &Session, game: &mut Game, now| {
            o.cycle(side, action, game, now)
        };
        self.online_action(id, token, "cycle", step).await
    }

    /// Whether the running side's flag of game `s` has fallen by `now`: if so the game's end by
    /// time (in `o`) is stored and published, and the caller refuses its request.
    pub(super) async fn flag_fell(
        &self,
        live: &Live,
        s: &mut Session,
        o: &mut Online,
        now: u64,
    ) -> Result<bool, GameError> {
        if !o.check_flag(now) {
            return Ok(false);
        }
        let game = s.game.clone();
        self.games
            .commit(live, s, Change::online(game, o.clone()), "time")
            .await?;
        Ok(true)
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
        let now = self.now();
        let mut o = online_of(s)?.clone();
        let side = o.player(token)?;
        if self.flag_fell(live, s, &mut o, now).await? {
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
        self.games.commit(live, s, change, "move").await?;
        Ok(MoveReply {
            detail,
            state: self.games.view_since(s, Some(side), since),
        })
    }

    /// Runs `f` on copies of game `id`'s online part and of its game, for the token's side
    /// (after the flag is checked), stores them, tells the watchers and answers the state for
    /// that side. What `f` answers besides is dropped.
    pub(super) async fn online_action<R>(
        &self,
        id: &str,
        token: Option<&str>,
        cause: &str,
        f: impl FnOnce(&mut Online, Side, &Session, &mut Game, u64) -> Result<R, OnlineError>,
    ) -> Result<StateView, GameError> {
        let (live, mut s) = self.games.hold(id).await?;
        let now = self.now();
        let mut o = online_of(&s)?.clone();
        let side = o.player(token)?;
        if self.flag_fell(&live, &mut s, &mut o, now).await? {
            return Err(OnlineError::game_over().into());
        }
        let mut game = s.game.clone();
        f(&mut o, side, &s, &mut game, now)?;
        self.games
            .commit(&live, &mut s, Change::online(game, o), cause)
            .await?;
        Ok(self.games.view_for(&s, Some(side)))
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
        retry_conflicts(|| self.join_once(id, token, name, user)).await
    }

    pub(super) async fn join_once(
        &self,
        id: &str,
        token: Option<&str>,
        name: &str,
        user: Option<&crate::accounts::User>,
    ) -> Result<SeatAnswer, GameError> {
        let (live, mut s) = self.games.hold(id).await?;
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
                self.rating_snapshot(u, o.clock.as_ref().map(|c| c.control()).as_ref())
                    .await?
            }
            None => None,
        };
        if let Some([low, high]) = o.range {
            match &rating {
                None => {
                    return Err(OnlineError::refused(
                        "log-in-to-join",
                        format!("this challenge is for ratings {low}–{high}: log in to play it"),
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
        let bot = self.is_bot(user).await?;
        let new_token = random_hex(24)?;
        let name = match (user, clean_name(name)) {
            (Some(u), _) => u.name.clone(),
            (None, n) if n.is_empty() => "Anonymous".to_string(),
            (None, n) => n,
        };
        let side = o.join(token, name, new_token.clone(), self.now())?;
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
        let now = self.now();
        let change = Change::online(game, o)
            .then(move |s| s.presence.gone_since[usize::from(side == Side::North)] = now);
        self.games.commit(&live, &mut s, change, "join").await?;
        Ok(SeatAnswer {
            id: id.to_string(),
            token: new_token,
            state: self.games.view_for(&s, Some(side)),
        })
    }

    /// The token's side ends online game `id` as `how` says (see [`Ending`]).
    pub async fn end(
        &self,
        id: &str,
        token: Option<&str>,
        how: Ending,
    ) -> Result<StateView, GameError> {
        self.online_action(id, token, how.name(), |o, side, s, _, now| match how {
            Ending::Cancel => o.cancel(side),
            Ending::Resign => o.resign(side, now),
            Ending::Abort => o.abort(side, &s.game, now),
        })
        .await
    }

    /// A step of a draw offer, a takeback or a cycle proposal.
    pub async fn offer(
        &self,
        id: &str,
        token: Option<&str>,
        kind: OfferKind,
        action: &str,
    ) -> Result<StateView, GameError> {
        let action = parse_action(action)?;
        match kind {
            OfferKind::Draw => {
                let step = |o: &mut Online, side, _: &Session, _: &mut Game, now| {
                    o.draw(side, action, now)
                };
                self.online_action(id, token, "draw", step).await
            }
            OfferKind::Takeback => self.takeback(id, token, action).await,
            OfferKind::Cycle => self.cycle(id, token, action).await,
            // A rematch's answer is a seat in a new game: it has a step of its own.
            OfferKind::Rematch => Err(GameError::invalid(
                "bad-offer",
                "a rematch is answered with POST /api/games/{id}/rematch",
            )),
        }
    }

    /// A step of a takeback by the token's side: accepted, the moves asked for are undone.
    pub(super) async fn takeback(
        &self,
        id: &str,
        token: Option<&str>,
        action: OfferAction,
    ) -> Result<StateView, GameError> {
        let step = |o: &mut Online, side, _: &Session, game: &mut Game, now| {
            if let Some(n) = o.takeback(side, action, game, now)? {
                for _ in 0..n {
                    game.undo();
                }
                o.after_takeback(game, now);
            }
            Ok(())
        };
        self.online_action(id, token, "takeback", step).await
    }

    /// The token's side claims the win or a draw against an opponent who left.
    pub async fn claim(
        &self,
        id: &str,
        token: Option<&str>,
        result: &str,
    ) -> Result<StateView, GameError> {
        let claim: Claim = result
            .parse()
            .map_err(|e| GameError::invalid("bad-claim", format!("{e}, not \"{result}\"")))?;
        let cfg = self.online.clone();
        self.online_action(id, token, "claim", |o, side, s, _, now| {
            let gone = s.presence_now(now).gone_ms(s.game.position().turn(), now);
            let delay = o.claim_delay(&cfg).as_millis() as u64;
            o.claim(side, claim, &s.game, gone, delay, now)
        })
        .await
    }

    /// A rematch step by a player at address `ip`. Accepted: the new game is created (colours
    /// swapped, same settings; it counts as a creation by `ip`, so rematch chains cannot get
    /// round the creation limit) and the accepter's seat in it is answered; the offerer takes
    /// theirs with [`Round::seat`]. An accept that lost a race to another (a second tab,
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
        let (live, mut s) = self.games.hold(id).await?;
        let now = self.now();
        let mut o = online_of(&s)?.clone();
        let side = o.player(token)?;
        if let (Some(next), OfferAction::Offer | OfferAction::Accept) = (&o.rematch_id, action) {
            // Already made (by this player's other request, or the opponent's): its seat.
            let next = next.clone();
            let state = self.games.view_for(&s, Some(side));
            drop(s);
            return Ok((Some(self.seat(&next, token).await?), state));
        }
        if !o.rematch(side, action, now)? {
            let game = s.game.clone();
            self.games
                .commit(&live, &mut s, Change::online(game, o), "rematch")
                .await?;
            return Ok((None, self.games.view_for(&s, Some(side))));
        }
        let users: Vec<String> = [Side::South, Side::North]
            .into_iter()
            .filter_map(|sd| o.seat(sd).user.clone())
            .collect();
        let users: Vec<&str> = users.iter().map(String::as_str).collect();
        self.may_hold_another(&users).await?;
        self.count_creation(ip)?;
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
        self.games.commit(&live, &mut s, change, "rematch").await?;
        let old_state = self.games.view_for(&s, Some(side));
        drop(s);
        let new_live = self.games.live(&new_id).await?;
        let ns = new_live.lock().await;
        let token = match side {
            Side::South => south_next,
            Side::North => north_next,
        };
        Ok((
            Some(SeatAnswer {
                id: new_id,
                token,
                state: self.games.view_for(&ns, Some(side.other())),
            }),
            old_state,
        ))
    }

    /// The seat in rematch `id` of the holder of `old_token`, a player of the previous game.
    pub async fn seat(&self, id: &str, old_token: Option<&str>) -> Result<SeatAnswer, GameError> {
        let live = self.games.live(id).await?;
        let previous = {
            let s = live.lock().await;
            online_of(&s)?.rematch_of.clone()
        };
        let Some(previous) = previous else {
            return Err(OnlineError::not_your_seat().into());
        };
        let old_side = {
            let old = self.games.live(&previous).await?;
            let s = old.lock().await;
            online_of(&s)?.player(old_token)?
        };
        let s = live.lock().await;
        self.seat_reply(&s, old_side.other())
    }

    /// `side`'s seat of game `s` with its token (a seat not taken is not anybody's).
    pub(super) fn seat_reply(&self, s: &Session, side: Side) -> Result<SeatAnswer, GameError> {
        let token = online_of(s)?
            .seat(side)
            .token
            .clone()
            .ok_or_else(OnlineError::not_your_seat)?;
        Ok(SeatAnswer {
            id: s.id.clone(),
            token,
            state: self.games.view_for(s, Some(side)),
        })
    }

    /// A presence key for the token's seat: the page opens the events with `?presence=KEY`.
    pub async fn presence_key(&self, id: &str, token: Option<&str>) -> Result<String, GameError> {
        let (_, s) = self.games.hold(id).await?;
        let side = online_of(&s)?.player(token)?;
        s.presence_key_of(side)
            .ok_or_else(|| GameError::Internal("a seat without a token".into()))
    }
}

impl Round {
    /// The state of game `id` as the holder of `token` sees it (`you` set for a player).
    pub async fn state_for(&self, id: &str, token: Option<&str>) -> Result<StateView, GameError> {
        if token.is_none() {
            return self.games.state(id).await;
        }
        let (_, s) = self.games.hold(id).await?;
        let you = s.online.as_ref().and_then(|o| o.side_of(token));
        Ok(self.games.view_for(&s, you))
    }
}

/// Runs `attempt` (three times at the most) until no other writer changed the game under it:
/// each try reads the game again and decides on what it is now.
async fn retry_conflicts<T, F>(mut attempt: impl FnMut() -> F) -> Result<T, GameError>
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
