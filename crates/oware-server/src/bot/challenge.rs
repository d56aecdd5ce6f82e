//! Challenges between accounts (`/api/challenge…`): a bot's or a person's invitation to one
//! account, kept in the store (`store/bots.rs`) so that every instance sees it, lapsing
//! unanswered after [`CHALLENGE_TTL_MS`] of the server's clock. Accepting one makes an
//! ordinary online game with both seats taken (`Round::create_paired`), and both accounts'
//! event streams get `gameStart`; each step is told to both (`challenge`,
//! `challengeDeclined`, `challengeCanceled`). A challenge to a bot with no event stream open
//! is declined at once (`later`) rather than left to lapse.

use oware_core::{Rules, Side};
use oware_protocol::{
    AccountEvent, BotPlayer, ChallengeList, ChallengeReq, ChallengeSide, ChallengeStatus,
    ChallengeView, DeclineReason,
};

use super::{event_game, BotError, Bots};
use crate::accounts::User;
use crate::games::{category, random_hex, random_side, GameError};
use crate::online::{ControlChecks, TimeControl};
use crate::round::{NewPaired, PairedPlayer};
pub use crate::store::bots::ChallengeLimits;
use crate::store::bots::{ChallengeRow, Party};

/// How long a challenge waits for an answer (ms of the server's clock).
pub const CHALLENGE_TTL_MS: u64 = 60_000;

impl Default for ChallengeLimits {
    fn default() -> Self {
        ChallengeLimits {
            per_challenger: 10,
            per_target: 20,
        }
    }
}

/// A clock as the challenges' column holds it: `INITIAL+INCREMENT`, empty for none.
fn clock_text(c: Option<TimeControl>) -> String {
    c.map_or_else(String::new, |c| {
        format!("{}+{}", c.initial_s, c.increment_s)
    })
}

/// The clock of a challenges' column.
fn clock_of(text: &str) -> Option<TimeControl> {
    let (i, s) = text.split_once('+')?;
    Some(TimeControl {
        initial_s: i.parse().ok()?,
        increment_s: s.parse().ok()?,
    })
}

/// A decline reason as lichess's clients name it (`tooFast`, `noBot`…) in our spelling
/// (`too-fast`, `no-bot`); lichess's `standard` and `variant` (the site has one rule set) are
/// `generic`. Ours pass unchanged.
fn lichess_reason(r: &str) -> String {
    if r == "standard" || r == "variant" {
        return "generic".into();
    }
    let mut out = String::with_capacity(r.len() + 2);
    for c in r.chars().take(32) {
        if c.is_ascii_uppercase() {
            out.push('-');
            out.push(c.to_ascii_lowercase());
        } else {
            out.push(c);
        }
    }
    out
}

/// A challenge's view at `status`.
fn view(row: &ChallengeRow, status: ChallengeStatus, bots: [bool; 2]) -> ChallengeView {
    ChallengeView {
        id: row.id.clone(),
        status,
        challenger: BotPlayer {
            name: row.challenger_name.clone(),
            bot: bots[0],
            ..BotPlayer::default()
        },
        target: BotPlayer {
            name: row.target_name.clone(),
            bot: bots[1],
            ..BotPlayer::default()
        },
        rated: row.rated,
        clock: clock_of(&row.clock),
        side: row.side.parse().unwrap_or_default(),
        created_ms: row.created_ms,
        expires_ms: row.expires_ms,
        game_id: None,
        decline_reason: None,
    }
}

impl Bots {
    /// Whether each party of `row` is a bot (challenger, target).
    async fn bots_of(&self, row: &ChallengeRow) -> Result<[bool; 2], BotError> {
        let b = self.play.store.bots();
        Ok([
            b.is_bot(row.challenger.clone()).await?,
            b.is_bot(row.target.clone()).await?,
        ])
    }

    /// Whether account `id` is a bot that cannot answer a challenge now: no event stream of it
    /// is open (a house bot's service counts as one). Only a server alone on its database
    /// knows that; with several instances the bot may listen on another, and a challenge
    /// lapses unanswered instead.
    async fn offline_bot(&self, id: &str) -> Result<bool, BotError> {
        if self.play.store.shared() || self.hub.is_listening(id) {
            return Ok(false);
        }
        Ok(self.play.store.bots().is_bot(id.to_string()).await?)
    }

    /// Tells both parties of `view` of `event`.
    async fn tell_both(&self, row: &ChallengeRow, event: AccountEvent) {
        self.hub.send(&row.challenger, &event).await;
        self.hub.send(&row.target, &event).await;
    }

    /// `challenger` challenges account `target` as `req` asks.
    pub async fn challenge(
        &self,
        challenger: &User,
        target: &str,
        req: &ChallengeReq,
    ) -> Result<ChallengeView, BotError> {
        let found = self
            .play
            .store
            .accounts()
            .user_by_name(target.chars().take(64).collect())
            .await?
            .filter(|u| !u.closed)
            .ok_or(BotError::UnknownPlayer)?;
        if found.id == challenger.id {
            return Err(BotError::OwnChallenge);
        }
        let clock = match req.clock {
            None => None,
            Some(c) => Some(
                match c.days_per_move() {
                    Some(d) => TimeControl::correspondence(d as f64),
                    None => TimeControl::checked(
                        Some(c.initial_s as f64),
                        Some(c.increment_s as f64),
                        self.play.round.min_initial_s(),
                    ),
                }
                .map_err(GameError::from)?,
            ),
        };
        self.play
            .round
            .may_hold_another(&[challenger.id.as_str()])
            .await?;
        if req.rated && category(clock.as_ref()).is_none() {
            return Err(BotError::Invalid(
                "not-rated",
                "a rated game needs a clock".into(),
            ));
        }
        let now = self.now();
        let row = ChallengeRow {
            id: random_hex(8)?,
            challenger: challenger.id.clone(),
            challenger_name: challenger.name.clone(),
            target: found.id.clone(),
            target_name: found.name.clone(),
            rated: req.rated,
            clock: clock_text(clock),
            side: req.side.to_string(),
            created_ms: now,
            expires_ms: now + CHALLENGE_TTL_MS,
        };
        if self.offline_bot(&found.id).await? {
            // No one would answer: declined at once (`later`), told to the challenger alone,
            // never stored.
            let bots = [
                self.play.store.bots().is_bot(challenger.id.clone()).await?,
                true,
            ];
            let mut v = view(&row, ChallengeStatus::Declined, bots);
            v.decline_reason = Some(DeclineReason::Later);
            self.hub
                .send(
                    &challenger.id,
                    &AccountEvent::ChallengeDeclined {
                        challenge: v.clone(),
                    },
                )
                .await;
            tracing::debug!(target = %found.name, "a challenge to an offline bot, declined");
            return Ok(v);
        }
        let stored = self
            .play
            .store
            .bots()
            .add_challenge(row.clone(), self.limits)
            .await?;
        if !stored {
            return Err(BotError::TooManyChallenges(format!(
                "too many open challenges: an account may have {} of its own (one to each \
                 player) and receive {}; wait for answers or cancel some",
                self.limits.per_challenger, self.limits.per_target
            )));
        }
        let v = view(&row, ChallengeStatus::Created, self.bots_of(&row).await?);
        self.tell_both(
            &row,
            AccountEvent::Challenge {
                challenge: v.clone(),
            },
        )
        .await;
        Ok(v)
    }

    /// `user`'s open challenges, received and made.
    pub async fn challenges(&self, user: &User) -> Result<ChallengeList, BotError> {
        let rows = self
            .play
            .store
            .bots()
            .challenges_of(user.id.clone(), self.now())
            .await?;
        let mut list = ChallengeList::default();
        for row in rows {
            let v = view(&row, ChallengeStatus::Created, self.bots_of(&row).await?);
            if row.target == user.id {
                list.incoming.push(v);
            } else {
                list.outgoing.push(v);
            }
        }
        Ok(list)
    }

    /// Takes challenge `id` off the store as its `party` `user`: its row with names.
    async fn take(&self, id: &str, party: Party, user: &User) -> Result<ChallengeRow, BotError> {
        let now = self.now();
        let id: String = id.chars().take(64).collect();
        let found = self
            .play
            .store
            .bots()
            .challenge(id.clone(), now)
            .await?
            .ok_or(BotError::NoSuchChallenge)?;
        self.play
            .store
            .bots()
            .take_challenge(id, party, user.id.clone(), now)
            .await?
            .then_some(found)
            .ok_or(BotError::NoSuchChallenge)
    }

    /// `user`, at address `ip` (none for the house bots), accepts challenge `id`: the game,
    /// begun (both streams get `gameStart`). The game counts in the budget as any online game
    /// made: a creation of `ip` in its window, and one more game going for the challenger and
    /// (unless a bot, which answers its own challenges) for `user`; a refusal leaves the
    /// challenge open.
    pub async fn accept(
        &self,
        id: &str,
        user: &User,
        ip: Option<std::net::IpAddr>,
    ) -> Result<ChallengeView, BotError> {
        let found = self
            .play
            .store
            .bots()
            .challenge(id.chars().take(64).collect(), self.now())
            .await?
            .filter(|row| row.target == user.id)
            .ok_or(BotError::NoSuchChallenge)?;
        self.play.round.may_create(ip)?;
        let mut going = vec![found.challenger.as_str()];
        if !self.is_bot(user).await? {
            going.push(user.id.as_str());
        }
        self.play.round.may_hold_another(&going).await?;
        let row = self.take(id, Party::Target, user).await?;
        // Checked above: a refusal now is a race with another of this address's requests,
        // and the challenge is already taken; the game is made.
        let _ = self.play.round.count_creation(ip);
        let challenger_side = match row.side.parse().unwrap_or_default() {
            ChallengeSide::South => Side::South,
            ChallengeSide::North => Side::North,
            ChallengeSide::Random => random_side()?,
        };
        let challenger = PairedPlayer {
            name: row.challenger_name.clone(),
            user: Some(User {
                id: row.challenger.clone(),
                name: row.challenger_name.clone(),
            }),
        };
        let target = PairedPlayer {
            name: row.target_name.clone(),
            user: Some(user.clone()),
        };
        let (south, north) = match challenger_side {
            Side::South => (challenger, target),
            Side::North => (target, challenger),
        };
        let paired = self
            .play
            .round
            .create_paired(NewPaired {
                rules: Rules::default(),
                clock: clock_of(&row.clock),
                rated: row.rated,
                south,
                north,
            })
            .await?;
        tracing::debug!(game = %paired.id, challenge = %row.id, "challenge accepted");
        let mut v = view(&row, ChallengeStatus::Accepted, self.bots_of(&row).await?);
        v.game_id = Some(paired.id.clone());
        // Both accounts hear `gameStart` from the bots' service (`Round::started`).
        Ok(v)
    }

    /// `user` declines challenge `id` (for `reason`, by default `generic`).
    pub async fn decline(
        &self,
        id: &str,
        user: &User,
        reason: Option<&str>,
    ) -> Result<ChallengeView, BotError> {
        let reason = match reason {
            None => DeclineReason::Generic,
            Some(r) => lichess_reason(r).parse::<DeclineReason>().map_err(|_| {
                let names: Vec<&str> = DeclineReason::ALL.iter().map(|r| r.name()).collect();
                BotError::Invalid(
                    "bad-reason",
                    format!("the reason must be one of {}", names.join(", ")),
                )
            })?,
        };
        let row = self.take(id, Party::Target, user).await?;
        let mut v = view(&row, ChallengeStatus::Declined, self.bots_of(&row).await?);
        v.decline_reason = Some(reason);
        self.tell_both(
            &row,
            AccountEvent::ChallengeDeclined {
                challenge: v.clone(),
            },
        )
        .await;
        Ok(v)
    }

    /// `user` withdraws its challenge `id`.
    pub async fn cancel(&self, id: &str, user: &User) -> Result<ChallengeView, BotError> {
        let row = self.take(id, Party::Challenger, user).await?;
        let v = view(&row, ChallengeStatus::Canceled, self.bots_of(&row).await?);
        self.tell_both(
            &row,
            AccountEvent::ChallengeCanceled {
                challenge: v.clone(),
            },
        )
        .await;
        Ok(v)
    }

    /// The lines an account's event stream starts with: `gameStart` for each of its games
    /// being played (of the first page of its games: at most
    /// `ACCOUNT_GAMES_PAGE`, 100), `challenge` for each open challenge to it.
    pub async fn opening_events(&self, user: &User) -> Result<Vec<AccountEvent>, BotError> {
        let mut out = Vec::new();
        // One page of the account's games (lichess sends the ongoing games): bounded however
        // many the account has.
        for g in self.play.round.accounts.games(user, 0).await? {
            if g.status != oware_protocol::Status::Playing {
                continue;
            }
            let Ok(state) = self.play.games.state(&g.id).await else {
                continue;
            };
            if let Some(game) = event_game(&state, g.side) {
                out.push(AccountEvent::GameStart { game });
            }
        }
        for challenge in self.challenges(user).await?.incoming {
            out.push(AccountEvent::Challenge { challenge });
        }
        Ok(out)
    }
}
