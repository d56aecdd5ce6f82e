//! Quick pairing: a player presses a pool (3+2, 5+3, 10+5, 15+10) and gets an opponent of
//! close rating, the range widening as they wait. No HTTP here (`http/pool.rs` has the
//! routes).
//!
//! **The rule.** An account waits with its rating in the pool's category (blitz for 3+2 and
//! 5+3, rapid for 10+5 and 15+10). Its range is ±[`RANGE_START`] at first and grows by
//! [`RANGE_STEP`] every [`RANGE_EVERY_MS`] of waiting (on the server's clock), up to
//! ±[`RANGE_MAX`]. Two accounts are paired when their ratings differ by at most the range of
//! the one who has waited longer; their game is rated. Two guests are paired at once
//! (casual). An account and a guest are paired (casual) only once both have waited
//! [`MIXED_AFTER_MS`] without an opponent of their own kind. The longest waiting ticket is
//! served first, with the closest rating among those it accepts. Colours are drawn at random.
//!
//! **House bots.** When the operator runs them (`house/`, `oware serve --house-bots`), a
//! ticket that accepts a bot (the player's choice, [`PoolRow::bots`]) and has waited
//! [`StandIn::after_ms`] with no one it could be paired with gets a house bot of close rating
//! instead: rated for an account, casual for a guest.
//!
//! **Several instances.** Tickets are rows of their own table ([`PoolStore`]), shared by
//! every instance. A pairing pass runs under the claim `pool pairing` (`Store::claim`), so one
//! instance pairs at a time, and each pairing writes both tickets only if both are still
//! waiting ([`PoolStore::pool_pair`]); a game made for a ticket that left meanwhile is
//! aborted at once. A pass runs when a ticket joins and every [`TICK_MS`] of the server's
//! clock. The instance holding a ticket's event stream renews it every tick and learns of its
//! pairing then (at once when it paired it itself).

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use oware_core::{Rules, Side};
use tokio::sync::{broadcast, watch};

use crate::accounts::User;
use crate::events::Event;
use crate::games::{random_hex, random_side, GameError};
use crate::online::TimeControl;
use crate::round::{Ending, NewPaired, PairedPlayer, Round};
use crate::store::pool::{PoolJoin, PoolRow, PoolStore};
use crate::store::{Store, StoreError};
use crate::time::Clock;

/// The pools: name, initial seconds, increment seconds.
pub const POOLS: [(&str, u64, u64); 4] = [
    ("3+2", 180, 2),
    ("5+3", 300, 3),
    ("10+5", 600, 5),
    ("15+10", 900, 10),
];

/// The rating range at first (±).
pub const RANGE_START: u32 = 100;
/// How much the range grows…
pub const RANGE_STEP: u32 = 50;
/// …every this many ms of waiting.
pub const RANGE_EVERY_MS: u64 = 5_000;
/// The widest range (±).
pub const RANGE_MAX: u32 = 500;
/// An account and a guest are paired once both have waited this long.
pub const MIXED_AFTER_MS: u64 = 10_000;
/// How often the pairing pass runs and streams renew their tickets.
pub const TICK_MS: u64 = 1_000;
/// A waiting ticket that no stream renews expires after this long.
pub const IDLE_MS: u64 = 60_000;
/// At most this many waiting tickets in all the pools.
pub const POOL_MAX: u32 = 500;
/// At most this many guest tickets from one address (two people behind one router).
pub const GUEST_TICKETS_PER_ADDRESS: u32 = 2;
/// The claim's lease on a pairing pass.
const PASS_LEASE: Duration = Duration::from_secs(10);

/// The range (±) of a ticket that has waited `waited_ms`.
pub fn range(waited_ms: u64) -> u32 {
    let steps = u32::try_from(waited_ms / RANGE_EVERY_MS).unwrap_or(u32::MAX);
    RANGE_START
        .saturating_add(RANGE_STEP.saturating_mul(steps))
        .min(RANGE_MAX)
}

/// The time control of pool `name`.
pub fn control(name: &str) -> Option<TimeControl> {
    POOLS
        .iter()
        .find(|(n, _, _)| *n == name)
        .map(|&(_, initial_s, increment_s)| TimeControl {
            initial_s,
            increment_s,
        })
}

/// Why a pool operation was refused.
#[derive(Debug)]
pub enum PoolError {
    /// No pool of that name.
    NoSuchPool(String),
    /// No such ticket (left, expired or never was).
    NoSuchTicket,
    /// The person already waits (this ticket, in this pool).
    AlreadyWaiting {
        /// Their pool.
        pool: String,
    },
    /// The pools are full.
    Full,
    /// The address holds its most guest tickets.
    AddressFull,
    /// The database failed.
    Store(StoreError),
    /// Reading a rating failed.
    Game(GameError),
}

impl From<StoreError> for PoolError {
    fn from(e: StoreError) -> Self {
        PoolError::Store(e)
    }
}

impl From<GameError> for PoolError {
    fn from(e: GameError) -> Self {
        PoolError::Game(e)
    }
}

pub use oware_protocol::{Pairing, TicketView};

/// Who takes the other seat when a person has waited alone: the house bots (`house/`), given
/// by the wiring. The pools know nothing else of them.
pub trait StandIn: Send + Sync {
    /// How long a person waits alone before a stand-in sits down.
    fn after_ms(&self) -> u64;

    /// The account to seat against a player of pool `pool` rated `rating` (a guest: `None`),
    /// if one may play now.
    fn choose<'a>(
        &'a self,
        pool: &'a str,
        rating: Option<i64>,
    ) -> std::pin::Pin<Box<dyn std::future::Future<Output = Option<User>> + Send + 'a>>;
}

/// The streams this instance holds, per ticket: their events and how many.
struct Watch {
    events: broadcast::Sender<Event>,
    streams: usize,
}

/// The quick-pairing pools.
pub struct Pools {
    /// Online play: a pairing's game is made there (paired).
    round: Arc<Round>,
    store: Arc<dyn Store>,
    clock: Arc<dyn Clock>,
    watched: Mutex<HashMap<String, Watch>>,
    /// One pairing pass at a time on this instance.
    pass: tokio::sync::Mutex<()>,
    /// The house bots, if the operator runs them.
    stand_in: Option<Arc<dyn StandIn>>,
}

/// Keeps a ticket's stream counted; when the last stream of a waiting ticket closes, the
/// ticket leaves its pool.
pub struct TicketGuard {
    pools: Arc<Pools>,
    ticket: String,
    /// An event stream (a page) leaves when it closes; a long poll that ends does not.
    leave_on_close: bool,
}

impl Drop for TicketGuard {
    fn drop(&mut self) {
        let last = {
            let mut w = self.pools.watched();
            match w.get_mut(&self.ticket) {
                Some(watch) => {
                    watch.streams = watch.streams.saturating_sub(1);
                    if watch.streams == 0 {
                        w.remove(&self.ticket);
                        true
                    } else {
                        false
                    }
                }
                None => false,
            }
        };
        if last && self.leave_on_close {
            let pools = Arc::clone(&self.pools);
            let ticket = std::mem::take(&mut self.ticket);
            if let Ok(rt) = tokio::runtime::Handle::try_current() {
                rt.spawn(async move {
                    if let Err(e) = pools.leave(&ticket).await {
                        tracing::warn!("a closed pool stream's ticket could not leave: {e:?}");
                    }
                });
            }
        }
    }
}

impl Pools {
    /// The pools kept in `store`, on `clock`, their games made by `round`, a lone player's
    /// opponent found by `stand_in` if there is one ([`Pools::start`] starts the pairing).
    pub(crate) fn new(
        round: Arc<Round>,
        store: Arc<dyn Store>,
        clock: Arc<dyn Clock>,
        stand_in: Option<Arc<dyn StandIn>>,
    ) -> Arc<Pools> {
        Arc::new(Pools {
            store,
            clock,
            round,
            watched: Mutex::new(HashMap::new()),
            pass: tokio::sync::Mutex::new(()),
            stand_in,
        })
    }

    /// Starts the pairing pass, every [`TICK_MS`] until `shutdown`.
    pub(crate) fn start(self: &Arc<Self>, shutdown: watch::Receiver<bool>) {
        let weak = Arc::downgrade(self);
        let clock = Arc::clone(&self.clock);
        let mut shutdown = shutdown;
        tokio::spawn(async move {
            loop {
                let next = clock.now_ms().saturating_add(TICK_MS);
                tokio::select! {
                    _ = clock.sleep_until(next) => {}
                    _ = shutdown.wait_for(|down| *down) => return,
                }
                let Some(pools) = weak.upgrade() else { return };
                pools.tick().await;
            }
        });
    }

    fn watched(&self) -> std::sync::MutexGuard<'_, HashMap<String, Watch>> {
        self.watched.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn table(&self) -> &dyn PoolStore {
        self.store.pool()
    }

    fn now(&self) -> u64 {
        self.clock.now_ms()
    }

    fn view(&self, row: &PoolRow) -> TicketView {
        let waited_ms = self.now().saturating_sub(row.joined_ms);
        let account = !row.user_id.is_empty();
        TicketView {
            ticket: row.ticket.clone(),
            pool: row.pool.clone(),
            name: row.name.clone(),
            rating: account.then_some(row.rating),
            account,
            waited_ms,
            range: account.then(|| range(waited_ms)),
            bots: row.bots,
            paired: (!row.game_id.is_empty()).then(|| Pairing {
                id: row.game_id.clone(),
                token: row.token.clone(),
            }),
        }
    }

    /// `user` (or a guest named `name` from `address`) joins pool `pool`, accepting a house
    /// bot after a wait or not (`bots`): a ticket, then a pairing pass (the ticket may come
    /// back paired already). A ticket counts as a game created by `address`
    /// (`OnlineConfig::create_limit`, as a challenge does): each may become one, and pairing
    /// oneself over and over must cost what creating games does.
    pub async fn join(
        &self,
        pool: &str,
        user: Option<&User>,
        name: &str,
        bots: bool,
        address: std::net::IpAddr,
    ) -> Result<TicketView, PoolError> {
        let tc = control(pool).ok_or_else(|| PoolError::NoSuchPool(pool.to_string()))?;
        let table = self.table();
        self.round.may_create(Some(address))?;
        let ticket = random_hex(16)?;
        let rating = match user {
            Some(u) => self
                .round
                .rating_snapshot(u, Some(&tc))
                .await?
                .map_or(1500, |r| i64::from(r.rating)),
            None => 0,
        };
        let name = match user {
            Some(u) => u.name.clone(),
            None => {
                let n = crate::names::clean(name);
                if n.is_empty() {
                    "Anonymous".to_string()
                } else {
                    n
                }
            }
        };
        let now = self.now();
        let row = PoolRow {
            ticket: ticket.clone(),
            pool: pool.to_string(),
            person: match user {
                Some(u) => format!("user {}", u.id),
                None => format!("guest {ticket}"),
            },
            address: address.to_string(),
            user_id: user.map(|u| u.id.clone()).unwrap_or_default(),
            name,
            rating,
            joined_ms: now,
            until_ms: now.saturating_add(IDLE_MS),
            game_id: String::new(),
            token: String::new(),
            bots,
        };
        match table
            .pool_join(row.clone(), POOL_MAX, GUEST_TICKETS_PER_ADDRESS)
            .await?
        {
            // Counted once joined (a refusal counts nothing); two joins racing past the
            // check above are both counted here, and the next one is refused.
            PoolJoin::Joined => {
                let _ = self.round.count_creation(Some(address));
            }
            PoolJoin::Holds { pool } => return Err(PoolError::AlreadyWaiting { pool }),
            PoolJoin::Full => return Err(PoolError::Full),
            PoolJoin::AddressFull => return Err(PoolError::AddressFull),
        }
        tracing::debug!(pool, "a ticket joined the pool");
        self.pair_now().await;
        self.read(&ticket).await
    }

    /// Ticket `id` as it is now (and renewed: its holder is there), after a pairing pass at
    /// the clock's time (so the answer says what the rule gives now, not at the last tick).
    pub async fn ticket(&self, id: &str) -> Result<TicketView, PoolError> {
        if !plausible(id) {
            return Err(PoolError::NoSuchTicket);
        }
        self.pair_now().await;
        self.read(id).await
    }

    /// Ticket `id` as stored now, renewed.
    async fn read(&self, id: &str) -> Result<TicketView, PoolError> {
        let until = self.now().saturating_add(IDLE_MS);
        let rows = self.table().pool_renew(vec![id.to_string()], until).await?;
        rows.first()
            .map(|r| self.view(r))
            .ok_or(PoolError::NoSuchTicket)
    }

    /// Leaves: a waiting ticket is taken out of its pool (`None`); a paired one answers its
    /// game (too late to leave: the game has started).
    pub async fn leave(&self, id: &str) -> Result<Option<TicketView>, PoolError> {
        if !plausible(id) {
            return Err(PoolError::NoSuchTicket);
        }
        Ok(self
            .table()
            .pool_leave(id.to_string())
            .await?
            .map(|r| self.view(&r)))
    }

    /// The event stream of ticket `id`: its state now (the first event, `ticket`), then
    /// `paired` with the game once paired. Holding it renews the ticket; closing the last
    /// stream of a waiting ticket takes it out of the pool.
    pub async fn subscribe(
        self: &Arc<Self>,
        id: &str,
        leave_on_close: bool,
    ) -> Result<(Event, broadcast::Receiver<Event>, TicketGuard), PoolError> {
        let view = self.ticket(id).await?;
        let rx = {
            let mut w = self.watched();
            let watch = w.entry(id.to_string()).or_insert_with(|| Watch {
                events: broadcast::channel(8).0,
                streams: 0,
            });
            watch.streams += 1;
            watch.events.subscribe()
        };
        let guard = TicketGuard {
            pools: Arc::clone(self),
            ticket: id.to_string(),
            leave_on_close,
        };
        // Paired between the read and the subscription: the renewal of the next tick says it.
        let first = event(&view);
        Ok((first, rx, guard))
    }

    /// Waits (at most `wait`, real time) for ticket `id` to be paired: the long poll.
    pub async fn wait(self: &Arc<Self>, id: &str, wait: Duration) -> Result<TicketView, PoolError> {
        let (first, mut rx, guard) = self.subscribe(id, false).await?;
        if first.name != "paired" {
            let _ = tokio::time::timeout(wait, async {
                while let Ok(ev) = rx.recv().await {
                    if ev.name == "paired" {
                        return;
                    }
                }
            })
            .await;
        }
        drop(guard);
        self.ticket(id).await
    }

    /// Renews the tickets this instance's streams hold and tells them of pairings, then runs
    /// a pairing pass.
    async fn tick(&self) {
        let ids: Vec<String> = self.watched().keys().cloned().collect();
        if !ids.is_empty() {
            let until = self.now().saturating_add(IDLE_MS);
            match self.table().pool_renew(ids, until).await {
                Ok(rows) => {
                    for row in rows {
                        self.tell(&row);
                    }
                }
                Err(e) => tracing::warn!("pool tickets could not be renewed: {e}"),
            }
        }
        self.pair_now().await;
    }

    /// Sends ticket `row`'s state to the streams this instance holds for it.
    fn tell(&self, row: &PoolRow) {
        let view = self.view(row);
        if let Some(w) = self.watched().get(&row.ticket) {
            let _ = w.events.send(event(&view));
        }
    }

    /// One pairing pass over every pool (claimed, so one instance at a time); failures are
    /// logged and tried again at the next tick.
    async fn pair_now(&self) {
        let _one = self.pass.lock().await;
        let table = self.table();
        if self.store.shared() {
            match self.store.claim("pool pairing".into(), PASS_LEASE).await {
                Ok(true) => {}
                Ok(false) => return,
                Err(e) => {
                    tracing::warn!("the pool's pairing pass could not be claimed: {e}");
                    return;
                }
            }
        }
        let now = self.now();
        match table.pool_waiting(now).await {
            Ok(rows) => {
                let pairs = choose(&rows, now);
                for (a, b) in &pairs {
                    if let Err(e) = self.pair(table, a, b).await {
                        tracing::warn!(pool = %a.pool, "a pairing failed: {e:?}");
                    }
                }
                if let Some(stand_in) = &self.stand_in {
                    for row in alone(&rows, &pairs, now, stand_in.after_ms()) {
                        if let Err(e) = self.pair_house(table, stand_in.as_ref(), row).await {
                            tracing::warn!(pool = %row.pool, "a house bot's pairing failed: {e:?}");
                        }
                    }
                }
            }
            Err(e) => tracing::warn!("the pools could not be read: {e}"),
        }
        if self.store.shared() {
            if let Err(e) = self.store.release("pool pairing".into()).await {
                tracing::warn!("the pool's pairing claim could not be released: {e}");
            }
        }
    }

    /// Starts the game of tickets `a` and `b` and records it on both.
    async fn pair(&self, table: &dyn PoolStore, a: &PoolRow, b: &PoolRow) -> Result<(), PoolError> {
        self.start_game(table, a, Seat::Ticket(b)).await
    }

    /// Seats a house bot against lone ticket `row`, if the stand-in has one free.
    async fn pair_house(
        &self,
        table: &dyn PoolStore,
        stand_in: &dyn StandIn,
        row: &PoolRow,
    ) -> Result<(), PoolError> {
        let rating = (!row.user_id.is_empty()).then_some(row.rating);
        match stand_in.choose(&row.pool, rating).await {
            Some(bot) => self.start_game(table, row, Seat::House(bot)).await,
            None => Ok(()),
        }
    }

    /// Starts the game of ticket `a` against `b` (another ticket, or a house bot) and records
    /// it on the tickets: rated when both players have accounts.
    async fn start_game(
        &self,
        table: &dyn PoolStore,
        a: &PoolRow,
        b: Seat<'_>,
    ) -> Result<(), PoolError> {
        let tc = control(&a.pool).ok_or_else(|| PoolError::NoSuchPool(a.pool.clone()))?;
        let a_south = random_side()? == Side::South;
        let player = |r: &PoolRow| PairedPlayer {
            name: r.name.clone(),
            user: (!r.user_id.is_empty()).then(|| User {
                id: r.user_id.clone(),
                name: r.name.clone(),
            }),
        };
        let (pa, pb) = (
            player(a),
            match &b {
                Seat::Ticket(b) => player(b),
                Seat::House(bot) => PairedPlayer {
                    name: bot.name.clone(),
                    user: Some(bot.clone()),
                },
            },
        );
        let rated = pa.user.is_some() && pb.user.is_some();
        let (south, north) = if a_south { (pa, pb) } else { (pb, pa) };
        let paired = self
            .round
            .create_paired(NewPaired {
                rules: Rules::default(),
                clock: Some(tc),
                rated,
                south,
                north,
            })
            .await?;
        let (ta, tb) = if a_south {
            (paired.tokens.south.clone(), paired.tokens.north.clone())
        } else {
            (paired.tokens.north.clone(), paired.tokens.south.clone())
        };
        let mut tickets = vec![(a.ticket.clone(), ta.clone())];
        if let Seat::Ticket(b) = &b {
            tickets.push((b.ticket.clone(), tb));
        }
        let ids: Vec<String> = tickets.iter().map(|(t, _)| t.clone()).collect();
        let done = table.pool_pair(tickets, paired.id.clone()).await;
        if !matches!(done, Ok(true)) {
            // A ticket left meanwhile (or the write failed): the game never happened.
            if let Err(e) = self.round.end(&paired.id, Some(&ta), Ending::Abort).await {
                tracing::warn!(game = %paired.id, "an unrecorded pool game could not be aborted: {e:?}");
            }
            return done.map(|_| ()).map_err(PoolError::Store);
        }
        let house = matches!(b, Seat::House(_));
        tracing::debug!(game = %paired.id, pool = %a.pool, rated, house, "pool pairing");
        for id in ids {
            if let Ok(Some(row)) = table.pool_ticket(id).await {
                self.tell(&row);
            }
        }
        Ok(())
    }
}

/// The other seat of a pool's game.
enum Seat<'a> {
    /// A waiting person's ticket.
    Ticket(&'a PoolRow),
    /// A house bot (it holds no ticket).
    House(User),
}

/// The waiting tickets among `rows` that `pairs` leaves alone, accept a bot and have waited
/// `after_ms` at `now`: a house bot may take their other seat. Only when no one else waits
/// in the pool (a person waiting for a closer rating is paired with that person first).
fn alone<'a>(
    rows: &'a [PoolRow],
    pairs: &[(&PoolRow, &PoolRow)],
    now: u64,
    after_ms: u64,
) -> Vec<&'a PoolRow> {
    // Linear in the tickets: the paired ones in a set, the others counted per pool.
    let paired: std::collections::HashSet<&str> = pairs
        .iter()
        .flat_map(|(a, b)| [a.ticket.as_str(), b.ticket.as_str()])
        .collect();
    let left: Vec<&PoolRow> = rows
        .iter()
        .filter(|r| !paired.contains(r.ticket.as_str()))
        .collect();
    let mut waiting: HashMap<&str, usize> = HashMap::new();
    for r in &left {
        *waiting.entry(r.pool.as_str()).or_default() += 1;
    }
    left.into_iter()
        .filter(|r| {
            r.bots
                && now.saturating_sub(r.joined_ms) >= after_ms
                && waiting.get(r.pool.as_str()) == Some(&1)
        })
        .collect()
}

/// The ticket's event: `paired` once paired, else `ticket`.
fn event(view: &TicketView) -> Event {
    let name = if view.paired.is_some() {
        "paired"
    } else {
        "ticket"
    };
    Event::new(
        name,
        serde_json::to_string(view).unwrap_or_else(|_| "{}".into()),
    )
}

/// Whether `a` and `b` (of one pool) may be paired at `now`.
fn acceptable(a: &PoolRow, b: &PoolRow, now: u64) -> bool {
    let waited = |r: &PoolRow| now.saturating_sub(r.joined_ms);
    match (a.user_id.is_empty(), b.user_id.is_empty()) {
        (true, true) => true,
        (false, false) => {
            a.user_id != b.user_id
                && a.rating.abs_diff(b.rating) <= u64::from(range(waited(a).max(waited(b))))
        }
        _ => waited(a) >= MIXED_AFTER_MS && waited(b) >= MIXED_AFTER_MS,
    }
}

/// The pairs to make among waiting tickets `rows` (oldest first): each ticket, the longest
/// waiting first, with the closest acceptable one after it.
pub(crate) fn choose(rows: &[PoolRow], now: u64) -> Vec<(&PoolRow, &PoolRow)> {
    let mut taken = vec![false; rows.len()];
    let mut pairs = Vec::new();
    for i in 0..rows.len() {
        if taken[i] {
            continue;
        }
        let a = &rows[i];
        let best = (i + 1..rows.len())
            .filter(|&j| !taken[j] && rows[j].pool == a.pool && acceptable(a, &rows[j], now))
            .min_by_key(|&j| {
                // Same kind first (account with account), then the closest rating.
                let b = &rows[j];
                (
                    a.user_id.is_empty() != b.user_id.is_empty(),
                    a.rating.abs_diff(b.rating),
                )
            });
        if let Some(j) = best {
            taken[i] = true;
            taken[j] = true;
            pairs.push((a, &rows[j]));
        }
    }
    pairs
}

fn plausible(id: &str) -> bool {
    !id.is_empty() && id.len() <= 64 && id.bytes().all(|b| b.is_ascii_hexdigit())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(ticket: &str, user: &str, rating: i64, joined_ms: u64) -> PoolRow {
        PoolRow {
            ticket: ticket.into(),
            pool: "3+2".into(),
            person: format!("p {ticket}"),
            address: "127.0.0.1".into(),
            user_id: user.into(),
            name: ticket.into(),
            rating,
            joined_ms,
            until_ms: u64::MAX,
            game_id: String::new(),
            token: String::new(),
            bots: true,
        }
    }

    #[test]
    fn the_range_grows_by_50_every_5_s_up_to_500() {
        assert_eq!(range(0), 100);
        assert_eq!(range(4_999), 100);
        assert_eq!(range(5_000), 150);
        assert_eq!(range(20_000), 300);
        assert_eq!(range(10_000_000), 500);
    }

    #[test]
    fn close_accounts_pair_far_ones_wait_for_the_range_and_guests_pair_with_guests() {
        let rows = [
            row("a", "ua", 1500, 0),
            row("b", "ub", 1800, 0),
            row("c", "uc", 1550, 0),
            row("g", "", 0, 0),
            row("h", "", 0, 0),
        ];
        let pairs = choose(&rows, 0);
        let names: Vec<(&str, &str)> = pairs
            .iter()
            .map(|(a, b)| (a.ticket.as_str(), b.ticket.as_str()))
            .collect();
        assert_eq!(names, [("a", "c"), ("g", "h")]);
        let far = [row("a", "ua", 1500, 0), row("b", "ub", 1800, 0)];
        assert!(choose(&far, 19_999).is_empty(), "±250 < 300");
        assert_eq!(choose(&far, 20_000).len(), 1, "±300 after 20 s");
    }

    #[test]
    fn a_house_bot_sits_in_only_for_a_lone_ticket_that_accepts_one_after_the_wait() {
        let lone = [row("a", "ua", 1500, 0)];
        assert!(alone(&lone, &[], 19_999, 20_000).is_empty());
        assert_eq!(alone(&lone, &[], 20_000, 20_000).len(), 1);
        let mut no = row("a", "ua", 1500, 0);
        no.bots = false;
        assert!(
            alone(&[no], &[], 10_000_000, 20_000).is_empty(),
            "opted out"
        );
        // Two far apart in one pool wait for each other's range, not for a bot.
        let far = [row("a", "ua", 1000, 0), row("b", "ub", 2400, 0)];
        assert!(alone(&far, &[], 30_000, 20_000).is_empty());
        // One in each pool: both alone.
        let mut other = row("b", "ub", 2400, 0);
        other.pool = "5+3".into();
        let two = [row("a", "ua", 1000, 0), other];
        assert_eq!(alone(&two, &[], 30_000, 20_000).len(), 2);
    }

    #[test]
    fn an_account_and_a_guest_pair_casually_after_10_s() {
        let rows = [row("a", "ua", 1500, 0), row("g", "", 0, 0)];
        assert!(choose(&rows, 9_999).is_empty());
        assert_eq!(choose(&rows, 10_000).len(), 1);
    }
}
