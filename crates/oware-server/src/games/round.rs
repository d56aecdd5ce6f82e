//! Online play's actions on a game: create (and the lobby), join, moves, resign, abort,
//! offers, claims, rematch, seat recovery, and each player's view of the state.

use std::sync::Arc;

use oware_core::{fen, Game, Rules, Side};
use oware_protocol::SeatAnswer;
use tokio::sync::broadcast;

use super::error::GameError;
use super::local::{online_columns, Created, MoveInput, MoveReply, Opponent};
use super::session::{clean_name, online_names, online_of, Session};
use super::{players, random_hex, Games, Live};
use crate::events::Event;
use crate::online::{
    parse_action, Claim, ControlChecks, OfferAction, OfferKind, Online, OnlineError, TimeControl,
};
use crate::store::GameRow;
use crate::view::{self, StateView};

/// An online game to create (already parsed from the request).
#[derive(Debug, Clone)]
pub struct NewOnline {
    /// The rules; `None` = abapa.
    pub rules: Option<Rules>,
    /// The clock, `None` for none.
    pub clock: Option<TimeControl>,
    /// The creator's side, `None` = drawn at random.
    pub color: Option<Side>,
    /// The creator's name.
    pub name: String,
    /// Whether to list the challenge in the lobby.
    pub lobby: bool,
    /// Whether the game is rated (the creator must be logged in).
    pub rated: bool,
    /// The creator's account, if logged in: the seat is theirs on any device.
    pub user: Option<crate::accounts::User>,
    /// The ratings a joiner must have, both ends included (needs a clock: a category).
    pub range: Option<[i32; 2]>,
    /// Whether the game is open to advice: the players read the spectators' chat room too
    /// (casual games only).
    pub advice: bool,
}

/// An online game ended by one player: the creator cancelling an open challenge, a player
/// resigning or aborting (before both sides have moved).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ending {
    /// The creator withdraws the open challenge.
    Cancel,
    /// The token's side resigns.
    Resign,
    /// The token's side aborts: no result.
    Abort,
}

impl Ending {
    fn name(self) -> &'static str {
        match self {
            Ending::Cancel => "cancel",
            Ending::Resign => "resign",
            Ending::Abort => "abort",
        }
    }
}

impl NewOnline {
    /// Parses the request's fields; `clock` is the JSON value (`null` = no clock).
    pub fn parse(
        rules: Option<&str>,
        clock: Option<&serde_json::Value>,
        color: Option<&str>,
        name: Option<&str>,
        lobby: bool,
        min_initial_s: u64,
    ) -> Result<NewOnline, GameError> {
        let rules = rules
            .map(|r| {
                r.parse::<Rules>()
                    .map_err(|e| GameError::invalid("bad-rules", e.to_string()))
            })
            .transpose()?;
        let clock = match clock {
            None | Some(serde_json::Value::Null) => None,
            Some(serde_json::Value::Object(m)) if m.contains_key("days") => {
                if m.len() > 1 {
                    return Err(GameError::invalid(
                        "bad-clock",
                        "a correspondence clock takes \"days\" alone",
                    ));
                }
                let days = m["days"].as_f64().ok_or_else(|| {
                    GameError::invalid("bad-clock", "days must be a number of days per move")
                })?;
                Some(TimeControl::correspondence(days)?)
            }
            Some(serde_json::Value::Object(m)) => {
                let num = |k: &str| -> Result<Option<f64>, GameError> {
                    match m.get(k) {
                        None | Some(serde_json::Value::Null) => Ok(None),
                        Some(v) => v.as_f64().map(Some).ok_or_else(|| {
                            GameError::invalid("bad-clock", format!("{k} must be a number"))
                        }),
                    }
                };
                Some(TimeControl::checked(
                    num("initial_s")?,
                    num("increment_s")?,
                    min_initial_s,
                )?)
            }
            Some(_) => {
                return Err(GameError::invalid(
                    "bad-clock",
                    "clock must be null or {\"initial_s\": N, \"increment_s\": M}",
                ))
            }
        };
        let color = match color.unwrap_or("random") {
            "random" => None,
            c => Some(c.parse::<Side>().map_err(|_| {
                GameError::invalid(
                    "bad-color",
                    format!("color must be random, S or N, not \"{c}\""),
                )
            })?),
        };
        Ok(NewOnline {
            rules,
            clock,
            color,
            name: clean_name(name.unwrap_or("")),
            lobby,
            rated: false,
            user: None,
            range: None,
            advice: false,
        })
    }
}

impl Games {
    /// The smallest initial time a clock may have, in seconds.
    pub fn min_initial_s(&self) -> u64 {
        self.online.min_initial_s
    }

    /// Counts a creation by `ip` (a challenge, or a pool's ticket: each may become a game);
    /// refuses beyond the limit in the window.
    pub(crate) fn count_creation(&self, ip: Option<std::net::IpAddr>) -> Result<(), GameError> {
        self.creation(ip, true)
    }

    /// Whether [`Games::count_creation`] would count a creation by `ip` now, counting nothing.
    pub(crate) fn may_create(&self, ip: Option<std::net::IpAddr>) -> Result<(), GameError> {
        self.creation(ip, false)
    }

    fn creation(&self, ip: Option<std::net::IpAddr>, count: bool) -> Result<(), GameError> {
        let Some(ip) = ip else { return Ok(()) };
        let seen = if count {
            self.creations.take(ip)
        } else {
            self.creations.check(ip)
        };
        seen.map_err(|o| GameError::TooMany {
            code: if o.full {
                "too-many-clients"
            } else {
                "too-many-games"
            },
            message: if o.full {
                o.crowded()
            } else {
                format!(
                    "you have created {} in the last {}; wait {} s before creating another",
                    crate::text::count(o.held as u64, "online game"),
                    crate::text::last_span(self.creations.window()),
                    o.wait_s
                )
            },
            retry_after_s: o.wait_s,
        })
    }

    /// Creates an open online game (a challenge) for a creator at address `ip`.
    pub async fn create_online(
        self: &Arc<Self>,
        req: NewOnline,
        ip: Option<std::net::IpAddr>,
    ) -> Result<Created, GameError> {
        if req.advice && req.rated {
            return Err(OnlineError::refused(
                "no-advice-in-rated-games",
                "a rated game cannot be opened to advice: spectators may not advise its players",
            )
            .into());
        }
        let place = req.lobby.then(|| self.lobby.reserve(ip)).transpose();
        let place = place.map_err(|r| GameError::Limited {
            code: r.code,
            message: r.message,
        })?;
        self.count_creation(ip)?;
        let side = match req.color {
            Some(s) => s,
            None => {
                let mut b = [0u8; 1];
                getrandom::fill(&mut b).map_err(|e| GameError::Internal(format!("random: {e}")))?;
                if b[0] & 1 == 0 {
                    Side::South
                } else {
                    Side::North
                }
            }
        };
        let rules = req.rules.unwrap_or_default();
        if req.rated {
            if let Some(why) = players::rated_refusal(&rules, req.clock.as_ref(), req.user.as_ref())
            {
                return Err(OnlineError::refused("not-rated", why).into());
            }
        }
        let token = random_hex(24)?;
        let name = match (&req.user, req.name.is_empty()) {
            (Some(u), _) => u.name.clone(),
            (None, true) => "Anonymous".to_string(),
            (None, false) => req.name,
        };
        let mut online = Online::new(side, name, token.clone(), req.clock, req.lobby, self.now());
        online.rated = req.rated;
        if let Some([low, high]) = req.range {
            if players::category(req.clock.as_ref()).is_none() {
                return Err(GameError::invalid(
                    "bad-range",
                    "a rating range needs a clock (ratings are per kind of clock)",
                ));
            }
            if !(0..=4000).contains(&low) || !(0..=4000).contains(&high) || low > high {
                return Err(GameError::invalid(
                    "bad-range",
                    format!(
                        "the range is two ratings from 0 to 4000, the lower first, not [{low}, {high}]"
                    ),
                ));
            }
            online.range = Some([low, high]);
        }
        online.advice = req.advice;
        if let Some(u) = &req.user {
            let rating = self.rating_snapshot(u, req.clock.as_ref()).await?;
            let seat = if side == Side::South {
                &mut online.south
            } else {
                &mut online.north
            };
            seat.user = Some(u.id.clone());
            seat.rating = rating;
        }
        let game = Game::new(rules);
        let id = random_hex(16)?;
        self.insert_online(&id, &token, game, online).await?;
        let live = self.live(&id).await?;
        let s = live.lock().await;
        if let Some(place) = place {
            self.lobby.assign(place, &id);
        }
        self.sync_lobby(&s);
        if s.online.as_ref().is_some_and(|o| o.lobby) {
            self.recheck_lobby_later(&live, &s);
        }
        tracing::debug!(game = %id, "online game created");
        Ok(Created {
            id,
            token,
            state: self.view_for(&s, Some(side)),
        })
    }

    pub(super) async fn insert_online(
        self: &Arc<Self>,
        id: &str,
        token: &str,
        game: Game,
        online: Online,
    ) -> Result<(), GameError> {
        self.store
            .insert(online_row(id, token, &game, &online)?)
            .await?;
        Ok(())
    }

    /// Keeps the lobby in step with game `s` and tells its watchers when it changed.
    pub(super) fn sync_lobby(&self, s: &Session) {
        if let Some(o) = &s.online {
            let now = self.now();
            self.lobby
                .sync(&s.id, o, s.game.rules(), &s.presence_now(now), now);
        }
    }

    /// Looks at game `live`'s lobby entry again once the creator's grace has run out, so that a
    /// challenge whose creator left (or never opened the page) leaves the lobby. The grace
    /// counts from the time the creator's seat has had no stream since (in `s`).
    pub(super) fn recheck_lobby_later(self: &Arc<Self>, live: &Live, s: &Session) {
        let Some(o) = &s.online else { return };
        let since = s.presence.gone_since[usize::from(o.creator == Side::North)];
        let (games, live) = (Arc::clone(self), Arc::clone(live));
        self.lobby
            .after_grace(since, async move { games.sync_lobby(&*live.lock().await) });
    }

    /// The lobby: open challenges, oldest first.
    pub fn lobby(&self) -> oware_protocol::Lobby {
        self.lobby.challenges_now()
    }

    /// The lobby now as a first event, and a subscription to its changes (`lobby.rs`).
    pub fn subscribe_lobby(&self) -> (Event, broadcast::Receiver<Event>) {
        self.lobby.subscribe()
    }

    /// After a stored online change: tell the watchers, keep the lobby, arm the flag's timer.
    pub(super) fn online_changed(self: &Arc<Self>, live: &Live, s: &Session, cause: &str) {
        self.publish_update(s, None, cause, None);
        self.sync_lobby(s);
        self.arm_clock(live, s);
    }
}

impl Games {
    /// Whether the running side's flag of game `s` has fallen by `now`: if so the game's end by
    /// time (in `o`) is stored and published, and the caller refuses its request.
    pub(super) async fn flag_fell(
        self: &Arc<Self>,
        live: &Live,
        s: &mut Session,
        o: &mut Online,
        now: u64,
    ) -> Result<bool, GameError> {
        if !o.check_flag(now) {
            return Ok(false);
        }
        let game = s.game.clone();
        self.persist_all(s, game, Vec::new(), Some(o.clone()))
            .await?;
        self.online_changed(live, s, "time");
        Ok(true)
    }

    /// Plays a move of an online game (the token's side, on its turn, before its flag falls).
    pub(super) async fn play_online(
        self: &Arc<Self>,
        live: &Live,
        s: &mut Session,
        token: Option<&str>,
        input: MoveInput<'_>,
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
        let ply = game.moves().len();
        self.persist_all(s, game, Vec::new(), Some(o)).await?;
        let detail = view::move_detail(ply, &pos, m, &explained);
        self.publish_update(s, Some(&detail), "move", None);
        self.sync_lobby(s);
        self.arm_clock(live, s);
        Ok(MoveReply {
            detail,
            state: self.view_for(s, Some(side)),
        })
    }

    /// Runs `f` on copies of game `id`'s online part and of its game, for the token's side
    /// (after the flag is checked), stores them, tells the watchers and answers the state for
    /// that side. What `f` answers besides is dropped.
    pub(super) async fn online_action<R>(
        self: &Arc<Self>,
        id: &str,
        token: Option<&str>,
        cause: &str,
        f: impl FnOnce(&mut Online, Side, &Session, &mut Game, u64) -> Result<R, OnlineError>,
    ) -> Result<StateView, GameError> {
        let live = self.live(id).await?;
        let mut s = live.lock().await;
        let now = self.now();
        let mut o = online_of(&s)?.clone();
        let side = o.player(token)?;
        if self.flag_fell(&live, &mut s, &mut o, now).await? {
            return Err(OnlineError::game_over().into());
        }
        let mut game = s.game.clone();
        f(&mut o, side, &s, &mut game, now)?;
        self.persist_all(&mut s, game, Vec::new(), Some(o)).await?;
        self.online_changed(&live, &s, cause);
        Ok(self.view_for(&s, Some(side)))
    }

    /// Takes the free seat of open game `id` (a token of another game is fine; the creator's
    /// own is refused). Of two racing joiners one gets the seat: the write is checked against
    /// the version read, so even two server instances cannot both fill it.
    pub async fn join(
        self: &Arc<Self>,
        id: &str,
        token: Option<&str>,
        name: &str,
        user: Option<&crate::accounts::User>,
    ) -> Result<SeatAnswer, GameError> {
        retry_conflicts(|| self.join_once(id, token, name, user)).await
    }

    pub(super) async fn join_once(
        self: &Arc<Self>,
        id: &str,
        token: Option<&str>,
        name: &str,
        user: Option<&crate::accounts::User>,
    ) -> Result<SeatAnswer, GameError> {
        let live = self.live(id).await?;
        let mut s = live.lock().await;
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
        }
        let game = s.game.clone();
        self.persist_all(&mut s, game, Vec::new(), Some(o)).await?;
        s.names = online_names(online_of(&s)?);
        // Both sides are "gone" from now until their streams open.
        s.presence.gone_since[usize::from(side == Side::North)] = self.now();
        self.online_changed(&live, &s, "join");
        Ok(SeatAnswer {
            id: id.to_string(),
            token: new_token,
            state: self.view_for(&s, Some(side)),
        })
    }

    /// The token's side ends online game `id` as `how` says (see [`Ending`]).
    pub async fn end(
        self: &Arc<Self>,
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
        self: &Arc<Self>,
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
        self: &Arc<Self>,
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
        self: &Arc<Self>,
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
    /// theirs with [`Games::seat`]. An accept that lost a race to another (a second tab,
    /// another instance) answers the seat of the rematch the winner made.
    pub async fn rematch(
        self: &Arc<Self>,
        id: &str,
        token: Option<&str>,
        action: &str,
        ip: Option<std::net::IpAddr>,
    ) -> Result<(Option<SeatAnswer>, StateView), GameError> {
        let action = parse_action(action)?;
        retry_conflicts(|| self.rematch_once(id, token, action, ip)).await
    }

    pub(super) async fn rematch_once(
        self: &Arc<Self>,
        id: &str,
        token: Option<&str>,
        action: OfferAction,
        ip: Option<std::net::IpAddr>,
    ) -> Result<(Option<SeatAnswer>, StateView), GameError> {
        let live = self.live(id).await?;
        let mut s = live.lock().await;
        let now = self.now();
        let mut o = online_of(&s)?.clone();
        let side = o.player(token)?;
        if let (Some(next), OfferAction::Offer | OfferAction::Accept) = (&o.rematch_id, action) {
            // Already made (by this player's other request, or the opponent's): its seat.
            let next = next.clone();
            let state = self.view_for(&s, Some(side));
            drop(s);
            return Ok((Some(self.seat(&next, token).await?), state));
        }
        if !o.rematch(side, action, now)? {
            let game = s.game.clone();
            self.persist_all(&mut s, game, Vec::new(), Some(o)).await?;
            self.online_changed(&live, &s, "rematch");
            return Ok((None, self.view_for(&s, Some(side))));
        }
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
        self.persist_with(&mut s, old_game, Vec::new(), Some(o), Some(row))
            .await?;
        self.online_changed(&live, &s, "rematch");
        let old_state = self.view_for(&s, Some(side));
        drop(s);
        let new_live = self.live(&new_id).await?;
        let ns = new_live.lock().await;
        let token = match side {
            Side::South => south_next,
            Side::North => north_next,
        };
        Ok((
            Some(SeatAnswer {
                id: new_id,
                token,
                state: self.view_for(&ns, Some(side.other())),
            }),
            old_state,
        ))
    }

    /// The seat in rematch `id` of the holder of `old_token`, a player of the previous game.
    pub async fn seat(
        self: &Arc<Self>,
        id: &str,
        old_token: Option<&str>,
    ) -> Result<SeatAnswer, GameError> {
        let live = self.live(id).await?;
        let previous = {
            let s = live.lock().await;
            online_of(&s)?.rematch_of.clone()
        };
        let Some(previous) = previous else {
            return Err(OnlineError::not_your_seat().into());
        };
        let old_side = {
            let old = self.live(&previous).await?;
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
            state: self.view_for(s, Some(side)),
        })
    }

    /// A presence key for the token's seat: the page opens the events with `?presence=KEY`.
    pub async fn presence_key(
        self: &Arc<Self>,
        id: &str,
        token: Option<&str>,
    ) -> Result<String, GameError> {
        let live = self.live(id).await?;
        let s = live.lock().await;
        let side = online_of(&s)?.player(token)?;
        s.presence_key_of(side)
            .ok_or_else(|| GameError::Internal("a seat without a token".into()))
    }
}

impl Games {
    /// The state of game `id` as the holder of `token` sees it (`you` set for a player).
    pub async fn state_for(
        self: &Arc<Self>,
        id: &str,
        token: Option<&str>,
    ) -> Result<StateView, GameError> {
        if token.is_none() {
            return self.state(id).await;
        }
        let live = self.live(id).await?;
        let s = live.lock().await;
        let you = s.online.as_ref().and_then(|o| o.side_of(token));
        Ok(self.view_for(&s, you))
    }
}

/// The stored row of a new online game `id` (creator's token `token`).
pub(super) fn online_row(
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
    })
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
