//! Game search ([`GameSearch`], issue 55): a player's finished online games, filtered by
//! opponent, result, rated, time control, date, length, opening and ending, paged, read from
//! the store's indexed table (`store/search.rs`).
//!
//! **Recording.** The service follows the games: when an online game with an account in a seat
//! ends on this instance (the write of its end, [`Follower::finished`]), the next change it is
//! told of for that game, the end itself, gives one row per account seat, written in the
//! background (a seat already recorded is kept, so two instances may both write). Aborted
//! games are not recorded (no result); games that ended before the table existed are not in it.

use std::collections::HashSet;
use std::sync::{Arc, Mutex};

use oware_core::Side;
use oware_protocol::{EndReason, GameSearchHit, GameSearchPage, GameSearchQuery};

use crate::games::{category, Finished, Follower, GameError, Live, Session, Touch};
use crate::online::Status;
use crate::store::search::{opening_code, opening_range, SearchQuery, SearchRow, OPENING_PLIES};
use crate::store::Store;
use crate::time::Clock;

/// Games per page.
pub const PER_PAGE: u64 = 20;

/// The last page anyone may ask for.
pub const MAX_PAGE: u32 = 500;

/// Games whose end was written here and not yet recorded: at most this many are remembered.
const PENDING_MAX: usize = 10_000;

/// Why a search was refused.
#[derive(Debug)]
pub enum SearchError {
    /// A filter's value is wrong: the sentence says which.
    Invalid(String),
    /// No such player (or opponent).
    NotFound(String),
    /// The store failed.
    Game(GameError),
}

impl From<crate::store::StoreError> for SearchError {
    fn from(e: crate::store::StoreError) -> Self {
        SearchError::Game(e.into())
    }
}

/// The game search.
pub struct GameSearch {
    store: Arc<dyn Store>,
    clock: Arc<dyn Clock>,
    /// Games whose end was just written here, to record at their next change.
    pending: Mutex<HashSet<String>>,
}

/// The rows of finished game `s` (online part `o`) ended at `now`: one per account seat.
fn rows_of(s: &Session, now: u64) -> Vec<SearchRow> {
    let Some(o) = &s.online else {
        return Vec::new();
    };
    let Some(end) = o.end else { return Vec::new() };
    if o.status != Status::Over || end == EndReason::Aborted {
        return Vec::new();
    }
    let control = category(o.clock.as_ref().map(|c| c.control()).as_ref())
        .map_or("none", |c| c.name())
        .to_string();
    let start = s.game.start().turn();
    let mut side_to_move = start;
    let letters: Vec<char> = s
        .game
        .moves()
        .iter()
        .take(OPENING_PLIES)
        .map(|m| {
            let c = m.letter(side_to_move);
            side_to_move = side_to_move.other();
            c
        })
        .collect();
    let opening = opening_code(letters);
    Side::ALL
        .into_iter()
        .filter_map(|side| {
            let me = o.seat(side);
            let them = o.seat(side.other());
            Some(SearchRow {
                game_id: s.id.clone(),
                side: side.char().to_string(),
                user_id: me.user.clone()?,
                opponent_id: them.user.clone(),
                opponent_name: them.name.clone(),
                result: match o.winner {
                    None => "draw",
                    Some(w) if w == side => "win",
                    Some(_) => "loss",
                }
                .to_string(),
                rated: o.rated,
                control: control.clone(),
                ending: end.name().to_string(),
                plies: s.game.moves().len() as u64,
                opening,
                at_ms: now,
            })
        })
        .collect()
}

impl GameSearch {
    /// The search of the games in `store`, their end times read on `clock`.
    pub(crate) fn new(store: Arc<dyn Store>, clock: Arc<dyn Clock>) -> GameSearch {
        GameSearch {
            store,
            clock,
            pending: Mutex::new(HashSet::new()),
        }
    }

    /// The account id of `name`, or `NotFound`.
    async fn account(&self, name: &str, what: &str) -> Result<String, SearchError> {
        let name = name.trim();
        if name.is_empty() || name.len() > 64 {
            return Err(SearchError::Invalid(format!("give the {what}'s name")));
        }
        match self.store.accounts().user_by_name(name.to_string()).await? {
            Some(u) => Ok(u.id),
            None => Err(SearchError::NotFound(format!("no player is called {name}"))),
        }
    }

    /// The page `q` asks for.
    pub async fn search(&self, q: &GameSearchQuery) -> Result<GameSearchPage, SearchError> {
        let invalid = |m: &str| Err(SearchError::Invalid(m.to_string()));
        let page = q.page.unwrap_or(1);
        if !(1..=MAX_PAGE).contains(&page) {
            return invalid(&format!("the page is a number from 1 to {MAX_PAGE}"));
        }
        if let Some(r) = &q.result {
            if !["win", "draw", "loss"].contains(&r.as_str()) {
                return invalid("the result is win, draw or loss");
            }
        }
        if let Some(c) = &q.clock {
            if !["blitz", "rapid", "correspondence", "none"].contains(&c.as_str()) {
                return invalid("the time control is blitz, rapid, correspondence or none");
            }
        }
        if let Some(e) = &q.ending {
            match e.parse::<EndReason>() {
                Ok(EndReason::Aborted) | Err(_) => {
                    return invalid(
                        "the ending is capture, draw, no-feed, cycle, time, resign, agreement or abandon",
                    )
                }
                Ok(_) => {}
            }
        }
        let opening = match &q.opening {
            None => None,
            Some(text) => {
                let letters: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
                if letters.is_empty()
                    || letters.len() > OPENING_PLIES
                    || !letters.iter().all(|c| matches!(c, 'A'..='F' | 'a'..='f'))
                {
                    return invalid("the opening is 1 to 8 move letters, A to F");
                }
                Some(opening_range(&letters))
            }
        };
        let Some(player) = q.player.as_deref() else {
            return invalid("give the player's name (player=NAME)");
        };
        let user_id = self.account(player, "player").await?;
        let opponent_id = match q.opponent.as_deref() {
            Some(name) => Some(self.account(name, "opponent").await?),
            None => None,
        };
        let query = SearchQuery {
            user_id,
            opponent_id,
            result: q.result.clone(),
            rated: q.rated,
            control: q.clock.clone(),
            ending: q.ending.clone(),
            from_ms: q.from_ms,
            to_ms: q.to_ms,
            min_plies: q.min_plies,
            max_plies: q.max_plies,
            opening,
            offset: u64::from(page - 1) * PER_PAGE,
            // One more than a page: whether there is a next one.
            limit: PER_PAGE + 1,
        };
        let mut rows = self.store.search().search(query).await?;
        let more = rows.len() as u64 > PER_PAGE;
        rows.truncate(PER_PAGE as usize);
        Ok(GameSearchPage {
            page,
            per_page: PER_PAGE,
            more,
            games: rows
                .into_iter()
                .map(|r| GameSearchHit {
                    id: r.game_id,
                    side: r.side,
                    opponent: r.opponent_name,
                    opponent_account: r.opponent_id.is_some(),
                    result: r.result,
                    rated: r.rated,
                    clock: r.control,
                    ending: r.ending,
                    plies: r.plies,
                    ended_ms: r.at_ms,
                })
                .collect(),
        })
    }
}

impl Follower for GameSearch {
    fn touched(&self, _live: &Live, s: &Session, touch: Touch) {
        if touch != Touch::Changed {
            return;
        }
        let ended_here = self
            .pending
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .remove(&s.id);
        if !ended_here {
            return;
        }
        let rows = rows_of(s, self.clock.now_ms());
        if rows.is_empty() {
            return;
        }
        let store = Arc::clone(&self.store);
        tokio::spawn(async move {
            if let Err(e) = store.search().record(rows).await {
                tracing::warn!("a finished game could not be added to the search: {e}");
            }
        });
    }

    fn finished(&self, end: &Finished) {
        let mut pending = self.pending.lock().unwrap_or_else(|e| e.into_inner());
        if pending.len() < PENDING_MAX {
            pending.insert(end.id.clone());
        }
    }
}
