//! House bots (`oware serve --house-bots easy,medium,hard,expert`): the computer's levels
//! as bot accounts that the server itself plays, so that a person who opens the site when no
//! one else is there still gets a game.
//!
//! | file | job |
//! | --- | --- |
//! | `mod.rs` | [`HouseConfig`], [`House`]: the accounts (made once, kept in the store), their event streams (games started, challenges), the pools' [`StandIn`], the bots online |
//! | `play.rs` | one game: a move when it is the bot's turn (the engine's reply lanes, as the page's computer), answers to offers, a claim when the opponent has gone |
//!
//! A house bot is an ordinary bot account (`bot/`): rated, listed with the bots, on its
//! profile its games. It cannot log in (its password field holds no password hash) and has no
//! API token; only the server plays it. It learns of its games from its account's event
//! stream, as any bot does (`gameStart`), so that a pool's pairing, an accepted challenge and an
//! arena's game reach it alike, on this instance or from another (the hub relays them).
//!
//! **Several instances.** Every instance that runs house bots follows their games; a move is
//! searched and played by the instance that claims it (`house move GAME PLY`, the work lease),
//! so a move is never played twice, and another instance takes over when one stops.

mod play;

use std::collections::HashMap;
use std::sync::{Arc, Mutex, Weak};
use std::time::Duration;

use oware_engine::Level;
use oware_protocol::{AccountEvent, OnlineBot, OnlineBots, Status};
use tokio::sync::watch;

use crate::accounts::User;
use crate::bot::{Bots, Play};
use crate::engine::EngineJobs;
use crate::limits::ClientKey;
use crate::pool::StandIn;
use crate::store::accounts::{NewUserError, UserRow};

/// What the operator asked of the house bots.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HouseConfig {
    /// The levels that play (none: no house bots).
    pub levels: Vec<Level>,
    /// How long a person waits alone in a pool before a house bot takes the other seat
    /// (default 20 s).
    pub after: Duration,
    /// Whether the house bots take lone players' seats in the pools (default yes).
    pub pools: bool,
    /// Whether the house bots join the arenas (default no: arenas are for people unless the
    /// operator says so).
    pub arenas: bool,
    /// The most games the house bots play at once on one instance (default 64): past it, a
    /// lone player waits for a person and challenges are declined (`later`).
    pub games_max: usize,
    /// The most of those games one account may hold (default 2): a challenge past it is
    /// declined (`later`), so that one account cannot take every place.
    pub per_account: usize,
    /// The most of those games the accounts of one address (an IPv6 client: its /64) may hold
    /// together (default 4): a challenge past it is declined (`later`), so that many accounts
    /// of one client cannot take every place either. The address is the one this instance
    /// saw the challenge sent from; a game picked up after a restart, or challenged on
    /// another instance, counts for its account only.
    pub per_address: usize,
}

impl Default for HouseConfig {
    fn default() -> Self {
        HouseConfig {
            levels: Vec::new(),
            after: Duration::from_secs(20),
            pools: true,
            arenas: false,
            games_max: 64,
            per_account: 2,
            per_address: 4,
        }
    }
}

/// The name of the house bot of `level`.
pub fn bot_name(level: Level) -> String {
    let name = level.name();
    let mut chars = name.chars();
    let first = chars.next().map(|c| c.to_ascii_uppercase()).unwrap_or('X');
    format!("HouseBot-{first}{}", chars.as_str())
}

/// A game a house bot plays on this instance (or a challenge being accepted: its place is
/// held while the acceptance is written).
struct Place {
    /// The opponent's name, in lower case.
    opponent: String,
    /// The address the opponent challenged from, if this instance saw it.
    address: Option<ClientKey>,
    /// Whether its task runs (false: accepted here, its `gameStart` not seen yet).
    running: bool,
}

/// The most challengers whose address is remembered (a challenge lapses after a minute, so
/// entries older than that are dropped first when the table is full).
const CHALLENGERS_MAX: usize = 4096;

/// How often the house bots look for arenas to join (ms of the server's clock).
const ARENA_LOOK_MS: u64 = 30_000;

/// What a house bot's password field holds: no password hash, so no password opens it.
const NO_PASSWORD: &str = "!house-bot";

/// One house bot: its account and its level.
#[derive(Debug, Clone)]
pub(crate) struct HouseBot {
    pub(crate) user: User,
    pub(crate) level: Level,
}

/// The house bots' service: what it needs, given by the wiring (`env.rs`).
pub struct House {
    me: Weak<House>,
    config: HouseConfig,
    play: Play,
    engine: Arc<EngineJobs>,
    bots: Arc<Bots>,
    /// The accounts, once made ([`House::start`]).
    accounts: Mutex<Vec<HouseBot>>,
    /// The games this instance follows now (at most [`HouseConfig::games_max`]), each with
    /// its opponent's folded name and whether its task runs (a game accepted here holds its
    /// place before its `gameStart` arrives).
    playing: Mutex<HashMap<String, Place>>,
    /// The address each account last challenged a house bot from (its name in lower case:
    /// the address and the server's time), noted by the challenge's route before the
    /// challenge is stored, so that the house bot knows it when it answers.
    challengers: Mutex<HashMap<String, (ClientKey, u64)>>,
    /// The work lease of a move's claim (several instances).
    lease: Duration,
    shutdown: Mutex<Option<watch::Receiver<bool>>>,
}

impl House {
    /// The house bots of `config`, playing through `bots` and `play`'s online play with
    /// `engine`'s reply lanes; their moves claimed for `lease` on a shared store.
    pub(crate) fn new(
        config: HouseConfig,
        play: Play,
        engine: Arc<EngineJobs>,
        bots: Arc<Bots>,
        lease: Duration,
    ) -> Arc<House> {
        Arc::new_cyclic(|me| House {
            me: me.clone(),
            config,
            play,
            engine,
            bots,
            accounts: Mutex::new(Vec::new()),
            playing: Mutex::new(HashMap::new()),
            challengers: Mutex::new(HashMap::new()),
            lease,
            shutdown: Mutex::new(None),
        })
    }

    /// Whether the operator runs any.
    pub fn enabled(&self) -> bool {
        !self.config.levels.is_empty()
    }

    /// Whether they take lone players' seats in the pools.
    pub fn takes_pool_seats(&self) -> bool {
        self.enabled() && self.config.pools
    }

    fn accounts(&self) -> std::sync::MutexGuard<'_, Vec<HouseBot>> {
        self.accounts.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn playing(&self) -> std::sync::MutexGuard<'_, HashMap<String, Place>> {
        self.playing.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Notes that the account named `challenger` challenges the account named `target` from
    /// `ip` (the challenge's route, before the challenge is stored): if `target` is a house
    /// bot, its answer counts the places that address holds ([`HouseConfig::per_address`]).
    pub(crate) fn challenged_from(&self, challenger: &str, target: &str, ip: std::net::IpAddr) {
        if !self.enabled()
            || !self
                .accounts()
                .iter()
                .any(|b| b.user.name.eq_ignore_ascii_case(target))
        {
            return;
        }
        let now = self.play.clock.now_ms();
        let mut map = self.challengers.lock().unwrap_or_else(|e| e.into_inner());
        if map.len() >= CHALLENGERS_MAX {
            let lapsed = now.saturating_sub(crate::bot::CHALLENGE_TTL_MS);
            map.retain(|_, (_, at)| *at > lapsed);
            if map.len() >= CHALLENGERS_MAX {
                // Every entry is a challenge still open: the oldest gives way.
                if let Some(oldest) = map
                    .iter()
                    .min_by_key(|(_, (_, at))| *at)
                    .map(|(k, _)| k.clone())
                {
                    map.remove(&oldest);
                }
            }
        }
        map.insert(challenger.to_lowercase(), (ClientKey::of(ip), now));
    }

    /// Makes the accounts that do not exist yet, then follows each one's events (its games,
    /// the challenges to it) and picks up its games in progress, until `shutdown`. A level
    /// whose name a person's account holds is left out (logged).
    pub(crate) async fn start(self: &Arc<Self>, shutdown: watch::Receiver<bool>) {
        if !self.enabled() {
            return;
        }
        *self.shutdown.lock().unwrap_or_else(|e| e.into_inner()) = Some(shutdown.clone());
        let mut made = Vec::new();
        for &level in &self.config.levels {
            match self.account(level).await {
                Ok(Some(user)) => made.push(HouseBot { user, level }),
                Ok(None) => tracing::warn!(
                    level = level.name(),
                    "house bot left out: the name {} belongs to a person's account",
                    bot_name(level)
                ),
                Err(e) => tracing::warn!(level = level.name(), "house bot left out: {e}"),
            }
        }
        let names: Vec<String> = made.iter().map(|b| b.user.name.clone()).collect();
        tracing::info!("house bots: {}", names.join(", "));
        *self.accounts() = made.clone();
        for bot in made {
            let me = Arc::clone(self);
            let shutdown = shutdown.clone();
            tokio::spawn(async move { me.follow(bot, shutdown).await });
        }
    }

    /// The account of `level`'s house bot: found in the store, else made; `None` if its name
    /// is a person's.
    async fn account(&self, level: Level) -> Result<Option<User>, String> {
        let bots = self.play.store.bots();
        let houses = bots.house_bots().await.map_err(|e| e.to_string())?;
        if let Some((id, name, _)) = houses.into_iter().find(|(_, _, l)| l == level.name()) {
            return Ok(Some(User { id, name }));
        }
        let name = bot_name(level);
        let now = self.play.clock.now_ms();
        let row = UserRow {
            id: crate::games::random_hex(12).map_err(|e| e.to_string())?,
            name: name.clone(),
            password: NO_PASSWORD.to_string(),
            created_ms: now,
            closed: false,
        };
        let accounts = self.play.store.accounts();
        let user = match accounts.create_user(row.clone()).await {
            Ok(()) => User {
                id: row.id,
                name: row.name,
            },
            // Another instance made it meanwhile (its password field says so), or a person
            // holds the name.
            Err(NewUserError::Taken) => match accounts.user_by_name(name).await {
                Ok(Some(u)) if u.password == NO_PASSWORD => User {
                    id: u.id,
                    name: u.name,
                },
                Ok(_) => return Ok(None),
                Err(e) => return Err(e.to_string()),
            },
            Err(e) => return Err(format!("{e:?}")),
        };
        bots.make_house_bot(user.id.clone(), level.name().to_string(), now)
            .await
            .map_err(|e| e.to_string())?;
        Ok(Some(user))
    }

    /// Follows `bot`'s account events until `shutdown`: plays each game that starts, answers
    /// each challenge. Its games in progress and open challenges first (the stream's opening
    /// lines), and again after falling behind.
    async fn follow(self: Arc<Self>, bot: HouseBot, mut shutdown: watch::Receiver<bool>) {
        use tokio::sync::broadcast::error::RecvError;
        let mut rx = match self.bots.hub().subscribe(&bot.user.id) {
            Ok(rx) => rx,
            Err(e) => {
                tracing::warn!(bot = %bot.user.name, "a house bot cannot follow its events: {e}");
                return;
            }
        };
        self.catch_up(&bot).await;
        loop {
            tokio::select! {
                _ = async { let _ = shutdown.wait_for(|down| *down).await; } => return,
                line = rx.recv() => match line {
                    Ok(line) => match serde_json::from_str::<AccountEvent>(&line) {
                        Ok(event) => self.on_event(&bot, event).await,
                        Err(e) => tracing::warn!("a house bot's event could not be read: {e}"),
                    },
                    Err(RecvError::Lagged(_)) => self.catch_up(&bot).await,
                    Err(RecvError::Closed) => return,
                },
            }
        }
    }

    /// Plays `bot`'s games in progress and answers its open challenges.
    async fn catch_up(&self, bot: &HouseBot) {
        match self.bots.opening_events(&bot.user).await {
            Ok(events) => {
                for event in events {
                    self.on_event(bot, event).await;
                }
            }
            Err(e) => {
                tracing::warn!(bot = %bot.user.name, "a house bot's games could not be read: {e}")
            }
        }
    }

    async fn on_event(&self, bot: &HouseBot, event: AccountEvent) {
        match event {
            AccountEvent::GameStart { game } if game.status == Status::Playing => {
                self.play(bot.clone(), game.id, &game.opponent.name);
            }
            AccountEvent::Challenge { challenge } if challenge.target.name == bot.user.name => {
                let opponent = challenge.challenger.name.to_lowercase();
                let address = self
                    .challengers
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .get(&opponent)
                    .map(|(key, _)| *key);
                // The place is counted and held (under the challenge's id) in one step, so
                // that another house bot answering at the same time counts it.
                let held = format!("challenge {}", challenge.id);
                let busy = {
                    let mut playing = self.playing();
                    let theirs = playing.values().filter(|p| p.opponent == opponent).count();
                    let address_holds = address.map_or(0, |a| {
                        playing.values().filter(|p| p.address == Some(a)).count()
                    });
                    let busy = playing.len() >= self.config.games_max
                        || theirs >= self.config.per_account
                        || address_holds >= self.config.per_address;
                    if !busy {
                        playing.insert(
                            held.clone(),
                            Place {
                                opponent: opponent.clone(),
                                address,
                                running: false,
                            },
                        );
                    }
                    busy
                };
                let answer = if busy {
                    self.bots
                        .decline(&challenge.id, &bot.user, Some("later"))
                        .await
                        .map(|_| ())
                } else {
                    let accepted = self.bots.accept(&challenge.id, &bot.user, None).await;
                    let mut playing = self.playing();
                    playing.remove(&held);
                    match accepted {
                        Ok(v) => {
                            // The place stays held under the game's id, before the game's
                            // `gameStart` arrives, so that the next challenge counts it.
                            if let Some(id) = v.game_id {
                                playing.entry(id).or_insert(Place {
                                    opponent,
                                    address,
                                    running: false,
                                });
                            }
                            Ok(())
                        }
                        Err(e) => Err(e),
                    }
                };
                if let Err(e) = answer {
                    // Withdrawn, lapsed or taken by another instance: nothing to do.
                    tracing::debug!(bot = %bot.user.name, "a challenge was not answered: {e}");
                }
            }
            _ => {}
        }
    }

    /// Starts playing game `id` as `bot`, unless this instance already does or plays its
    /// most games.
    fn play(&self, bot: HouseBot, id: String, opponent: &str) {
        {
            let mut playing = self.playing();
            match playing.get_mut(&id) {
                Some(p) if p.running => return,
                Some(p) => p.running = true,
                None => {
                    if playing.len() >= self.config.games_max {
                        tracing::warn!(game = %id, "a house bot's game is not followed here: too many at once");
                        return;
                    }
                    let place = Place {
                        opponent: opponent.to_lowercase(),
                        address: None,
                        running: true,
                    };
                    playing.insert(id.clone(), place);
                }
            }
        }
        let Some(me) = self.me.upgrade() else { return };
        let shutdown = self
            .shutdown
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone();
        tokio::spawn(async move {
            me.play_game(&bot, &id, shutdown).await;
            me.playing().remove(&id);
        });
    }

    /// If the operator lets them, the house bots join every arena that has not finished (when
    /// it is made or starts; looked for every [`ARENA_LOOK_MS`]), until `shutdown`. Their
    /// arena games reach them as any game does (`gameStart`).
    pub(crate) fn join_arenas(
        self: &Arc<Self>,
        tournaments: Arc<crate::tournament::Tournaments>,
        mut shutdown: watch::Receiver<bool>,
    ) {
        if !self.enabled() || !self.config.arenas {
            return;
        }
        let me = Arc::clone(self);
        tokio::spawn(async move {
            loop {
                me.join_arenas_now(&tournaments).await;
                let next = me.play.clock.now_ms().saturating_add(ARENA_LOOK_MS);
                tokio::select! {
                    _ = me.play.clock.sleep_until(next) => {}
                    _ = async { let _ = shutdown.wait_for(|down| *down).await; } => return,
                }
            }
        });
    }

    async fn join_arenas_now(&self, tournaments: &Arc<crate::tournament::Tournaments>) {
        let list = match tournaments.list().await {
            Ok(l) => l,
            Err(e) => {
                tracing::warn!("house bots: the tournaments could not be read: {e}");
                return;
            }
        };
        let house: Vec<HouseBot> = self.accounts().clone();
        for t in list.upcoming.iter().chain(&list.running) {
            if t.kind != "arena" {
                continue;
            }
            for b in &house {
                if let Err(e) = tournaments.join(&t.id, &b.user).await {
                    tracing::debug!(arena = %t.id, bot = %b.user.name, "a house bot did not join: {e}");
                }
            }
        }
    }

    /// `user`'s rating (rounded) in the category of pool `pool`'s clock, if it has one.
    async fn rating(&self, user: &User, pool: &str) -> Option<i32> {
        let tc = crate::pool::control(pool)?;
        let snapshot = self.play.round.rating_snapshot(user, Some(&tc)).await;
        snapshot.ok().flatten().map(|r| r.rating)
    }

    /// The bots that play now: the house bots, then the bot accounts with an event stream
    /// open on this instance.
    pub async fn online(&self) -> OnlineBots {
        let mut bots = Vec::new();
        let house: Vec<HouseBot> = self.accounts().clone();
        for b in &house {
            bots.push(OnlineBot {
                name: b.user.name.clone(),
                house: Some(b.level.name().to_string()),
                rating: self.rating(&b.user, "3+2").await,
            });
        }
        for user in self.bots.streaming_bots().await {
            if house.iter().any(|b| b.user.id == user.id) {
                continue;
            }
            bots.push(OnlineBot {
                rating: self.rating(&user, "3+2").await,
                name: user.name,
                house: None,
            });
        }
        OnlineBots {
            bots,
            pools: self.takes_pool_seats(),
            after_s: self.config.after.as_secs(),
        }
    }
}

impl StandIn for House {
    fn after_ms(&self) -> u64 {
        u64::try_from(self.config.after.as_millis()).unwrap_or(u64::MAX)
    }

    /// The house bot rated closest to `rating` (a guest's: 1500) in the pool's category,
    /// the weakest first among equals; none while the house bots play their most games.
    fn choose<'a>(
        &'a self,
        pool: &'a str,
        rating: Option<i64>,
    ) -> std::pin::Pin<Box<dyn std::future::Future<Output = Option<User>> + Send + 'a>> {
        Box::pin(async move {
            if !self.config.pools || self.playing().len() >= self.config.games_max {
                return None;
            }
            crate::pool::control(pool)?;
            let want = rating.unwrap_or(1500);
            let house: Vec<HouseBot> = self.accounts().clone();
            let mut best: Option<(i64, User)> = None;
            for b in house {
                let theirs = self.rating(&b.user, pool).await.map_or(1500, i64::from);
                let d = theirs.abs_diff(want) as i64;
                if best.as_ref().is_none_or(|(bd, _)| d < *bd) {
                    best = Some((d, b.user));
                }
            }
            best.map(|(_, u)| u)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_house_bots_are_named_for_their_level() {
        let names: Vec<String> = Level::ALL.into_iter().map(bot_name).collect();
        assert_eq!(
            names,
            [
                "HouseBot-Easy",
                "HouseBot-Medium",
                "HouseBot-Hard",
                "HouseBot-Expert"
            ]
        );
        for n in &names {
            // The right length and letters, and reserved: no person can take one.
            assert_eq!(
                crate::accounts::check_name(n),
                Err(crate::accounts::NameError::Reserved),
                "{n}"
            );
            assert!(crate::accounts::check_name(&n.replace("HouseBot", "Hous")).is_ok());
        }
    }
}
