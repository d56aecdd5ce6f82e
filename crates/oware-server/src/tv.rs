//! TV and the games in play ([`Tv`]): this instance's list of the online games being played,
//! kept in memory as the games change, so that choosing the featured game of a channel or
//! listing a page of games in play reads no game from the store and replays no move.
//!
//! **Following, not loading.** [`Tv`] is one of the games' followers (`games/`): each time a
//! cached game is loaded, refreshed, read or changed, it keeps (or drops) the game's small
//! entry, under the game's lock; a game that ends is dropped. An entry holds the game's
//! [`LiveGame`] (players, ratings, bot marks, the position, the clock's settings) and is
//! rebuilt only when the game's version moved. At most [`MAX_LIVE`] games are listed; beyond
//! that a game is simply not on TV.
//!
//! **Coalesced.** The list's order (highest-rated first) is computed at most once per
//! [`SNAPSHOT_EVERY`] however many pages ask for it; the featured game is the best entry, one
//! pass over the map. Watching the featured game is what any spectator does (its event stream,
//! `GET /api/games/{id}/events`, counted by the budget), so TV costs the server what a
//! spectator costs.
//!
//! With several instances on one database, an instance lists the games it holds (those played
//! or watched through it, and those whose challenge it listed in the lobby).

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use oware_core::{BySide, Side};
use oware_protocol::{ClockView, LiveGame, LivePlayer};

use crate::games::{category, Finished, Follower, Live, Session, Touch};
use crate::online::{Online, Status};
use crate::time::Clock;

/// The most games in play listed.
pub const MAX_LIVE: usize = 20_000;

/// How often at most the list's order is computed again.
pub const SNAPSHOT_EVERY: Duration = Duration::from_millis(500);

/// Games per page of `GET /api/tv/games`.
pub const PER_PAGE: usize = 12;

/// The last page anyone may ask for.
pub const MAX_PAGE: u32 = 1_000;

/// A TV channel.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Channel {
    /// The highest-rated game in play.
    Best,
    /// The highest-rated game with a bot in a seat.
    Bots,
    /// The highest-rated game of the running tournament.
    Tournament,
}

impl Channel {
    /// Every channel, in the page's order.
    pub const ALL: [Channel; 3] = [Channel::Best, Channel::Bots, Channel::Tournament];

    /// `best`, `bots`, `tournament`.
    pub fn name(self) -> &'static str {
        match self {
            Channel::Best => "best",
            Channel::Bots => "bots",
            Channel::Tournament => "tournament",
        }
    }

    /// The channel called `name`.
    pub fn parse(name: &str) -> Option<Channel> {
        Channel::ALL.into_iter().find(|c| c.name() == name)
    }
}

/// Which games a page of the list holds.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ListFilter {
    /// Only this time control: a rating category's name, or `none` (no clock).
    pub clock: Option<String>,
    /// Only rated (`true`) or casual (`false`) games.
    pub rated: Option<bool>,
    /// Only games with a bot (`Some(true)`) or without one (`Some(false)`).
    pub bots: Option<bool>,
}

/// One game in play.
#[derive(Debug, Clone)]
struct Entry {
    /// The game's version the entry was built at.
    version: u64,
    /// What the list shows (its clock is filled in when listed).
    game: LiveGame,
    /// The clock, to show its time left when listed.
    clock: Option<crate::online::Clock>,
    /// The time control's category name, `none` without a clock.
    control: &'static str,
    /// The mean of the seats' ratings, a seat without one counting as 0.
    score: i32,
}

impl Entry {
    fn has_bot(&self) -> bool {
        self.game.players.south.bot || self.game.players.north.bot
    }

    fn matches(&self, f: &ListFilter) -> bool {
        f.clock.as_deref().is_none_or(|c| c == self.control)
            && f.rated.is_none_or(|r| r == self.game.rated)
            && f.bots.is_none_or(|b| b == self.has_bot())
    }

    /// Ordering: higher score first, then the older game (stable as games are added).
    fn rank(&self) -> (std::cmp::Reverse<i32>, &str) {
        (std::cmp::Reverse(self.score), self.game.id.as_str())
    }

    /// The game as listed at `now`, its clock read then.
    fn listed(&self, now: u64) -> LiveGame {
        let mut g = self.game.clone();
        g.clock = self.clock.as_ref().map(|c| ClockView {
            initial_ms: c.initial_ms,
            increment_ms: c.increment_ms,
            remaining_ms: BySide::new(c.left_at(Side::South, now), c.left_at(Side::North, now)),
            running: c.running,
            as_of_ms: now,
        });
        g
    }
}

/// The entry of game `s` if it is an online game being played.
fn entry_of(s: &Session, o: &Online) -> Entry {
    let player = |side: Side| {
        let seat = o.seat(side);
        LivePlayer {
            name: seat.name.clone(),
            account: seat.user.is_some(),
            bot: seat.bot,
            rating: seat.rating,
        }
    };
    let players = BySide::new(player(Side::South), player(Side::North));
    let score = {
        let r = |p: &LivePlayer| p.rating.map_or(0, |r| r.rating);
        (r(&players.south) + r(&players.north)) / 2
    };
    let control = o.clock.as_ref().map(|c| c.control());
    let position = s.game.position();
    Entry {
        version: s.version,
        control: match category(control.as_ref()) {
            Some(c) => c.name(),
            None => "none",
        },
        clock: o.clock.clone(),
        score,
        game: LiveGame {
            id: s.id.clone(),
            players,
            control,
            clock: None,
            rated: o.rated,
            rules: s.game.rules().to_string(),
            position: crate::view::position_view(position),
            ply: s.game.moves().len(),
            last: s
                .game
                .moves()
                .last()
                .map(|m| m.letter(position.turn().other())),
            turn: position.turn(),
        },
    }
}

/// The list in its order, as last computed.
struct Snapshot {
    at: Instant,
    /// The list changed since.
    stale: bool,
    order: Arc<Vec<Entry>>,
}

/// The games in play on this instance (see the module's notes).
pub struct Tv {
    live: Mutex<HashMap<String, Entry>>,
    snapshot: Mutex<Snapshot>,
    clock: Arc<dyn Clock>,
}

impl Tv {
    /// No games yet; clocks are read on `clock`.
    pub fn new(clock: Arc<dyn Clock>) -> Tv {
        Tv {
            live: Mutex::new(HashMap::new()),
            snapshot: Mutex::new(Snapshot {
                at: Instant::now(),
                stale: true,
                order: Arc::new(Vec::new()),
            }),
            clock,
        }
    }

    fn live(&self) -> MutexGuard<'_, HashMap<String, Entry>> {
        self.live.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn mark_stale(&self) {
        self.snapshot
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .stale = true;
    }

    fn drop_game(&self, id: &str) {
        if self.live().remove(id).is_some() {
            self.mark_stale();
        }
    }

    /// The featured game of `channel` now: the highest-rated game in play there (for the
    /// tournament channel, among `tournament`, the running tournament's games).
    pub fn featured(&self, channel: Channel, tournament: &[String]) -> Option<LiveGame> {
        let live = self.live();
        let best = live
            .values()
            .filter(|e| match channel {
                Channel::Best => true,
                Channel::Bots => e.has_bot(),
                Channel::Tournament => tournament.contains(&e.game.id),
            })
            .min_by(|a, b| a.rank().cmp(&b.rank()))?;
        Some(best.listed(self.clock.now_ms()))
    }

    /// The list in order, computed again when it changed and [`SNAPSHOT_EVERY`] has passed.
    fn order(&self) -> Arc<Vec<Entry>> {
        let mut snap = self.snapshot.lock().unwrap_or_else(|e| e.into_inner());
        if snap.stale && snap.at.elapsed() >= SNAPSHOT_EVERY || snap.order.is_empty() {
            let mut order: Vec<Entry> = self.live().values().cloned().collect();
            order.sort_by(|a, b| a.rank().cmp(&b.rank()));
            snap.order = Arc::new(order);
            snap.at = Instant::now();
            snap.stale = false;
        }
        Arc::clone(&snap.order)
    }

    /// Page `page` (from 1) of the games in play that pass `filter`, highest-rated first, and
    /// how many pass in all.
    pub fn page(&self, filter: &ListFilter, page: u32) -> (Vec<LiveGame>, usize) {
        let order = self.order();
        let now = self.clock.now_ms();
        let skip = (page.max(1) as usize - 1) * PER_PAGE;
        let mut total = 0;
        let mut games = Vec::new();
        for e in order.iter().filter(|e| e.matches(filter)) {
            if total >= skip && games.len() < PER_PAGE {
                games.push(e.listed(now));
            }
            total += 1;
        }
        (games, total)
    }
}

impl Follower for Tv {
    fn touched(&self, _live: &Live, s: &Session, _touch: Touch) {
        let Some(o) = s.online.as_ref() else { return };
        let both = o.south.token.is_some() && o.north.token.is_some();
        if o.status != Status::Playing || !both {
            self.drop_game(&s.id);
            return;
        }
        let mut live = self.live();
        if live.get(&s.id).is_some_and(|e| e.version == s.version) {
            return;
        }
        if live.len() >= MAX_LIVE && !live.contains_key(&s.id) {
            return;
        }
        live.insert(s.id.clone(), entry_of(s, o));
        drop(live);
        self.mark_stale();
    }

    fn finished(&self, end: &Finished) {
        self.drop_game(&end.id);
    }
}
