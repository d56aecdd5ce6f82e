//! The rounds the server served (issue 59): a round is rated only on a puzzle served to that
//! player, once, at a human pace. Each account has at most one open round (serving another
//! puzzle replaces it); a guest's round is named by a random token sent with the puzzle, in a
//! bounded map ([`GUESTS_MAX`], the oldest dropped first). An account's rated rounds are
//! counted over the last minute ([`RATED_PER_MINUTE`]).
//!
//! Kept in this instance's memory: a round served by one instance and finished on another (or
//! across a restart) is played unrated (`not-served`).

use std::collections::{HashMap, VecDeque};
use std::sync::Mutex;

/// An account's rated rounds in any minute; more are played unrated (`too-many`).
pub const RATED_PER_MINUTE: usize = 10;

/// Guests' open rounds kept; past it the oldest is dropped (its round is then not rated).
pub const GUESTS_MAX: usize = 4096;

/// Accounts whose round is kept; past it the account served longest ago is dropped.
pub const ACCOUNTS_MAX: usize = 50_000;

const MINUTE_MS: u64 = 60_000;

/// Why a finished round may not be rated.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unrated {
    /// No round of this puzzle is open for this player.
    NotServed,
    /// This served round was finished already.
    PlayedBefore,
    /// Faster than the pace ([`crate::limits::PUZZLE_PACE`] by default) a move from serving.
    TooFast,
    /// The account's [`RATED_PER_MINUTE`] are used up.
    TooMany,
}

impl Unrated {
    /// The protocol's code.
    pub fn code(self) -> &'static str {
        match self {
            Unrated::NotServed => "not-served",
            Unrated::PlayedBefore => "played-before",
            Unrated::TooFast => "too-fast",
            Unrated::TooMany => "too-many",
        }
    }
}

/// Who plays a round.
#[derive(Debug, Clone, Copy)]
pub enum Player<'a> {
    /// An account, by id.
    Account(&'a str),
    /// A guest, by the round's token (if the request sent one).
    Guest(Option<&'a str>),
}

#[derive(Debug, Clone)]
struct Open {
    puzzle: usize,
    served_ms: u64,
    finished: bool,
}

/// A map of at most `max` entries, the oldest inserted dropped first.
struct Bounded<V> {
    max: usize,
    seq: u64,
    map: HashMap<String, (u64, V)>,
    order: VecDeque<(u64, String)>,
}

impl<V> Bounded<V> {
    fn new(max: usize) -> Self {
        Bounded {
            max,
            seq: 0,
            map: HashMap::new(),
            order: VecDeque::new(),
        }
    }

    fn insert(&mut self, key: String, v: V) {
        self.seq += 1;
        self.map.insert(key.clone(), (self.seq, v));
        self.order.push_back((self.seq, key));
        while self.map.len() > self.max {
            let Some((seq, key)) = self.order.pop_front() else {
                break;
            };
            if self.map.get(&key).is_some_and(|(s, _)| *s == seq) {
                self.map.remove(&key);
            }
        }
        // Keys inserted again leave stale entries behind: drop them now and then.
        if self.order.len() > 2 * self.max + 16 {
            let map = &self.map;
            self.order
                .retain(|(seq, key)| map.get(key).is_some_and(|(s, _)| s == seq));
        }
    }

    fn get_mut(&mut self, key: &str) -> Option<&mut V> {
        self.map.get_mut(key).map(|(_, v)| v)
    }
}

struct Account {
    open: Option<Open>,
    /// When the rated rounds of the last minute ended.
    rated: VecDeque<u64>,
}

struct Inner {
    accounts: Bounded<Account>,
    guests: Bounded<Open>,
}

/// The open rounds.
pub struct Rounds {
    inner: Mutex<Inner>,
    pace_ms: u64,
}

impl Default for Rounds {
    fn default() -> Self {
        Rounds::new(u64::try_from(crate::limits::PUZZLE_PACE.as_millis()).unwrap_or(u64::MAX))
    }
}

impl Rounds {
    /// No open round; a rated round takes at least `pace_ms` a solver move from serving.
    pub fn new(pace_ms: u64) -> Self {
        Rounds {
            inner: Mutex::new(Inner {
                accounts: Bounded::new(ACCOUNTS_MAX),
                guests: Bounded::new(GUESTS_MAX),
            }),
            pace_ms,
        }
    }
}

impl Rounds {
    fn lock(&self) -> std::sync::MutexGuard<'_, Inner> {
        self.inner.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Opens a round of puzzle `puzzle` for `account` (`None`: a guest) at `now_ms`: its token.
    pub fn serve(&self, account: Option<&str>, puzzle: usize, now_ms: u64) -> String {
        let token = token();
        let open = Open {
            puzzle,
            served_ms: now_ms,
            finished: false,
        };
        let mut g = self.lock();
        match account {
            Some(id) => {
                let rated = g
                    .accounts
                    .get_mut(id)
                    .map(|a| std::mem::take(&mut a.rated))
                    .unwrap_or_default();
                g.accounts.insert(
                    id.to_string(),
                    Account {
                        open: Some(open),
                        rated,
                    },
                );
            }
            None => g.guests.insert(token.clone(), open),
        }
        token
    }

    /// Ends `player`'s round of puzzle `puzzle` at `now_ms`, `moves` solver moves played:
    /// `Ok` if it is to be rated (counted in the account's minute), or why not. A round ends
    /// once: whatever the answer, a later one on the same serving is `PlayedBefore`.
    pub fn finish(
        &self,
        player: Player<'_>,
        puzzle: usize,
        moves: u64,
        now_ms: u64,
    ) -> Result<(), Unrated> {
        let mut guard = self.lock();
        let g = &mut *guard;
        let (open, rated) = match player {
            Player::Account(id) => {
                let a = g.accounts.get_mut(id).ok_or(Unrated::NotServed)?;
                (a.open.as_mut(), Some(&mut a.rated))
            }
            Player::Guest(token) => {
                let token = token.ok_or(Unrated::NotServed)?;
                (g.guests.get_mut(token), None)
            }
        };
        let open = open
            .filter(|o| o.puzzle == puzzle)
            .ok_or(Unrated::NotServed)?;
        if open.finished {
            return Err(Unrated::PlayedBefore);
        }
        open.finished = true;
        if now_ms.saturating_sub(open.served_ms) < moves.max(1).saturating_mul(self.pace_ms) {
            return Err(Unrated::TooFast);
        }
        if let Some(rated) = rated {
            while rated
                .front()
                .is_some_and(|t| now_ms.saturating_sub(*t) >= MINUTE_MS)
            {
                rated.pop_front();
            }
            if rated.len() >= RATED_PER_MINUTE {
                return Err(Unrated::TooMany);
            }
            rated.push_back(now_ms);
        }
        Ok(())
    }

    /// Whether `account`'s last served round is of `puzzle` and finished (a streak round: the
    /// account may vote on it).
    pub fn finished(&self, account: &str, puzzle: usize) -> bool {
        let mut g = self.lock();
        g.accounts
            .get_mut(account)
            .and_then(|a| a.open.as_ref())
            .is_some_and(|o| o.puzzle == puzzle && o.finished)
    }

    /// Marks `account`'s round of `puzzle` finished without rating it (a streak round).
    pub fn close(&self, account: &str, puzzle: usize) {
        let mut g = self.lock();
        if let Some(o) = g
            .accounts
            .get_mut(account)
            .and_then(|a| a.open.as_mut())
            .filter(|o| o.puzzle == puzzle)
        {
            o.finished = true;
        }
    }
}

/// A round's token: 16 random bytes in hex (a counter if the system has no randomness).
fn token() -> String {
    let mut b = [0u8; 16];
    if getrandom::fill(&mut b).is_err() {
        static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
        let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        b[..8].copy_from_slice(&n.to_le_bytes());
    }
    b.iter().map(|x| format!("{x:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_round_is_rated_once_served_at_a_human_pace() {
        let r = Rounds::default();
        let a = Player::Account("a");
        assert_eq!(r.finish(a, 3, 1, 0), Err(Unrated::NotServed));
        r.serve(Some("a"), 3, 1_000);
        assert_eq!(r.finish(a, 4, 1, 5_000), Err(Unrated::NotServed));
        assert_eq!(r.finish(a, 3, 2, 2_500), Err(Unrated::TooFast));
        assert_eq!(r.finish(a, 3, 2, 9_000), Err(Unrated::PlayedBefore));
        r.serve(Some("a"), 4, 10_000);
        assert_eq!(r.finish(a, 4, 2, 12_000), Ok(()));
        assert!(r.finished("a", 4) && !r.finished("a", 3));
    }

    #[test]
    fn an_account_has_a_few_rated_rounds_a_minute() {
        let r = Rounds::default();
        let a = Player::Account("a");
        let mut t = 0;
        for _ in 0..RATED_PER_MINUTE {
            r.serve(Some("a"), 1, t);
            t += 2_000;
            assert_eq!(r.finish(a, 1, 1, t), Ok(()));
        }
        r.serve(Some("a"), 1, t);
        assert_eq!(r.finish(a, 1, 1, t + 2_000), Err(Unrated::TooMany));
        r.serve(Some("a"), 1, 61_000);
        assert_eq!(r.finish(a, 1, 1, 63_000), Ok(()));
    }

    #[test]
    fn guests_need_their_token_and_the_map_is_bounded() {
        let r = Rounds::default();
        let first = r.serve(None, 1, 0);
        assert_eq!(
            r.finish(Player::Guest(None), 1, 1, 5_000),
            Err(Unrated::NotServed)
        );
        assert_eq!(
            r.finish(Player::Guest(Some("nonsense")), 1, 1, 5_000),
            Err(Unrated::NotServed)
        );
        for k in 0..GUESTS_MAX + 10 {
            r.serve(None, k, 0);
        }
        let g = r.lock();
        assert_eq!(g.guests.map.len(), GUESTS_MAX);
        assert!(g.guests.order.len() <= 2 * GUESTS_MAX + 16);
        drop(g);
        assert_eq!(
            r.finish(Player::Guest(Some(&first)), 1, 1, 5_000),
            Err(Unrated::NotServed),
            "the oldest was dropped"
        );
        let last = r.serve(None, 2, 0);
        assert_eq!(r.finish(Player::Guest(Some(&last)), 2, 1, 5_000), Ok(()));
    }
}
