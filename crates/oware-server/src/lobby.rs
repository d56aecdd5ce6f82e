//! The lobby: the open challenges anyone may accept, this instance's list of them, its limits,
//! and the stream of its changes to the pages watching it.
//!
//! **Limits.** At most [`OnlineConfig::lobby_max`] challenges are listed (default 200) and an
//! address has at most [`OnlineConfig::lobby_per_client`] listed (default 3). A challenge asked
//! beyond either is refused before anything is created ([`Refusal`], 429 `lobby-full` or
//! `too-many-challenges`): a challenge once listed stays listed until it is taken, cancelled or
//! its creator leaves, rather than being pushed out by newer ones. A place is kept for a challenge
//! while it is being created ([`Place`]), so two creations at once cannot both take the last one.
//!
//! **Changes, not the whole list.** A watcher gets the whole list once, as its stream's first
//! event (`lobby`, `{"v", "challenges"}`), then one small event per change: `lobby-add`
//! `{"v", "challenge"}` and `lobby-remove` `{"v", "id"}`. `v` counts the changes: each event's is
//! one more than the one before, so a watcher that fell behind (and skipped some) sees a gap and
//! connects again for a fresh list.
//!
//! With several instances each keeps its own list, fed by the store's notices; the per-address
//! limit counts the challenges created through this instance.

use std::collections::HashMap;
use std::future::Future;
use std::net::IpAddr;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use oware_core::Rules;
use tokio::sync::broadcast;

use crate::events::Event;
use crate::games::{Follower, Live, Session, Touch};
use oware_protocol::{EventKind, LobbyAdd, LobbyList, LobbyRemove};

use crate::online::{LobbyEntry, Online, OnlineConfig, Presence, Status};
use crate::time::Clock;

/// Changes a slow watcher may fall behind by before it skips some (and starts again).
const BACKLOG: usize = 256;

/// Why a challenge may not be listed: the limit's code and a sentence for people.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    /// `lobby-full` or `too-many-challenges`.
    pub code: &'static str,
    /// A sentence for people.
    pub message: String,
}

/// The lobby of this instance.
#[derive(Debug)]
pub struct Lobby {
    state: Mutex<State>,
    events: broadcast::Sender<Event>,
    max: usize,
    per_client: usize,
    grace: Duration,
    /// The clock the grace is measured on.
    clock: Arc<dyn Clock>,
}

#[derive(Debug, Default)]
struct State {
    /// The listed challenges by game id, with their creator's address when known here.
    listed: HashMap<String, (LobbyEntry, Option<IpAddr>)>,
    /// Places kept for challenges being created, by the creator's address.
    pending: Vec<Option<IpAddr>>,
    /// Places of challenges created and not yet listed, by game id.
    assigned: HashMap<String, Option<IpAddr>>,
    /// Changes so far (`v` of the events).
    version: u64,
}

impl State {
    fn taken(&self) -> usize {
        self.listed.len() + self.pending.len() + self.assigned.len()
    }

    fn taken_by(&self, ip: IpAddr) -> usize {
        let ip = Some(ip);
        self.listed.values().filter(|(_, by)| *by == ip).count()
            + self.pending.iter().filter(|by| **by == ip).count()
            + self.assigned.values().filter(|by| **by == ip).count()
    }

    fn release_pending(&mut self, ip: Option<IpAddr>) {
        if let Some(i) = self.pending.iter().position(|by| *by == ip) {
            self.pending.swap_remove(i);
        }
    }
}

/// A place in the lobby kept for a challenge being created: it counts against both limits until
/// [`Lobby::assign`] gives it to the game, or it is dropped (the creation failed).
#[derive(Debug)]
pub struct Place<'a> {
    lobby: &'a Lobby,
    ip: Option<IpAddr>,
    assigned: bool,
}

impl Drop for Place<'_> {
    fn drop(&mut self) {
        if !self.assigned {
            self.lobby.state().release_pending(self.ip);
        }
    }
}

impl Lobby {
    /// An empty lobby with `config`'s limits and creator's grace, measured on `clock`.
    pub fn new(config: &OnlineConfig, clock: Arc<dyn Clock>) -> Lobby {
        Lobby {
            state: Mutex::new(State::default()),
            events: broadcast::channel(BACKLOG).0,
            max: config.lobby_max,
            per_client: config.lobby_per_client,
            grace: config.lobby_grace,
            clock,
        }
    }

    fn state(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Keeps a place for a challenge that the client at `ip` is creating, or says which limit
    /// refuses it.
    pub fn reserve(&self, ip: Option<IpAddr>) -> Result<Place<'_>, Refusal> {
        let mut state = self.state();
        if state.taken() >= self.max {
            return Err(Refusal {
                code: "lobby-full",
                message: format!(
                    "the lobby is full ({} open challenges): accept one of them, or create the \
                     game without listing it and send its link; try again in a minute",
                    self.max
                ),
            });
        }
        if let Some(ip) = ip {
            if state.taken_by(ip) >= self.per_client {
                return Err(Refusal {
                    code: "too-many-challenges",
                    message: format!(
                        "you have {} in the lobby already: wait for one to be accepted, or \
                         cancel one",
                        crate::text::count(self.per_client as u64, "challenge")
                    ),
                });
            }
        }
        state.pending.push(ip);
        Ok(Place {
            lobby: self,
            ip,
            assigned: false,
        })
    }

    /// Gives `place` to the challenge just created as game `id`: its next [`Lobby::sync`]
    /// lists it under that creator's address.
    pub fn assign(&self, mut place: Place<'_>, id: &str) {
        let mut state = self.state();
        state.release_pending(place.ip);
        state.assigned.insert(id.to_string(), place.ip);
        place.assigned = true;
    }

    /// Lists or unlists game `id` (online part `o`, rules `rules`, presence `p` at `now`): a
    /// challenge is listed while it is open, posted to the lobby, and its creator is here or
    /// left less than the grace ago. Tells the watchers when that changed.
    pub fn sync(&self, id: &str, o: &Online, rules: &Rules, p: &Presence, now: u64) {
        let grace = u64::try_from(self.grace.as_millis()).unwrap_or(u64::MAX);
        let creator_here = p.gone_ms(o.creator, now).is_none_or(|gone| gone < grace);
        if o.status == Status::Open && o.lobby && creator_here {
            self.list(id, || crate::online::lobby_entry(id, o, rules));
        } else {
            self.remove(id);
        }
    }

    /// [`Lobby::sync`] for live game `s` (an online game), now on the lobby's clock.
    pub(crate) fn sync_game(&self, s: &Session) {
        if let Some(o) = &s.online {
            let now = self.clock.now_ms();
            self.sync(&s.id, o, s.game.rules(), &s.presence_now(now), now);
        }
    }

    fn list(&self, id: &str, entry: impl FnOnce() -> LobbyEntry) {
        let mut state = self.state();
        if state.listed.contains_key(id) {
            return;
        }
        let creator = match state.assigned.remove(id) {
            Some(ip) => ip,
            // Relisted (its creator came back) or created on another instance: listed while
            // there is room; a later sync tries again.
            None if state.taken() < self.max => None,
            None => return,
        };
        let entry = entry();
        state.version += 1;
        let data = crate::events::to_json(&LobbyAdd {
            v: state.version,
            challenge: entry.clone(),
        });
        state.listed.insert(id.to_string(), (entry, creator));
        self.send(&state, EventKind::LobbyAdd, data);
    }

    /// Takes game `id` off the list (it is no longer open, or its creator left).
    pub fn remove(&self, id: &str) {
        let mut state = self.state();
        state.assigned.remove(id);
        if state.listed.remove(id).is_some() {
            state.version += 1;
            let data = crate::events::to_json(&LobbyRemove {
                v: state.version,
                id: id.to_string(),
            });
            self.send(&state, EventKind::LobbyRemove, data);
        }
    }

    /// Sends an event with the state's lock held, so that the events go out in `v` order.
    fn send(&self, _held: &MutexGuard<'_, State>, kind: EventKind, data: String) {
        let _ = self.events.send(Event::new(kind.name(), data));
    }

    fn challenges(state: &State) -> Vec<LobbyEntry> {
        let mut list: Vec<&LobbyEntry> = state.listed.values().map(|(e, _)| e).collect();
        list.sort_by(|a, b| (a.created_ms, &a.id).cmp(&(b.created_ms, &b.id)));
        list.into_iter().cloned().collect()
    }

    /// The open challenges, oldest first: `{"challenges": [...]}`.
    pub fn challenges_now(&self) -> oware_protocol::Lobby {
        oware_protocol::Lobby {
            challenges: Self::challenges(&self.state()),
        }
    }

    /// The whole list now as a first event (`lobby`, with its `v`), and a subscription to the
    /// changes after it.
    pub fn subscribe(&self) -> (Event, broadcast::Receiver<Event>) {
        let state = self.state();
        let rx = self.events.subscribe();
        let data = crate::events::to_json(&LobbyList {
            v: state.version,
            challenges: Self::challenges(&state),
        });
        let first = Event::new(EventKind::Lobby.name(), data);
        (first, rx)
    }

    /// Runs `recheck` once the grace of a creator gone since `since` (epoch ms on the lobby's
    /// clock) has run out, with a little margin, so that a challenge whose creator left, or
    /// never opened its page, leaves the list.
    pub fn after_grace(&self, since: u64, recheck: impl Future<Output = ()> + Send + 'static) {
        let grace = u64::try_from(self.grace.as_millis()).unwrap_or(u64::MAX);
        let sleep = self
            .clock
            .sleep_until(since.saturating_add(grace).saturating_add(10));
        tokio::spawn(async move {
            sleep.await;
            recheck.await;
        });
    }
}

/// The lobby follows the live games: a game refreshed from the store, changed, or whose
/// streams changed is listed or unlisted again.
impl Follower for Lobby {
    fn touched(&self, _live: &Live, s: &Session, touch: Touch) {
        if matches!(touch, Touch::Refreshed | Touch::Changed | Touch::Watched) {
            self.sync_game(s);
        }
    }

    fn unlisted(&self, id: &str) {
        self.remove(id);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lobby(max: usize, per_client: usize) -> Lobby {
        Lobby::new(
            &OnlineConfig {
                lobby_max: max,
                lobby_per_client: per_client,
                ..OnlineConfig::default()
            },
            Arc::new(crate::time::SystemClock),
        )
    }

    #[test]
    fn places_count_against_both_limits_until_given_up() {
        let l = lobby(3, 2);
        let a: IpAddr = "10.0.0.1".parse().unwrap();
        let b: IpAddr = "10.0.0.2".parse().unwrap();
        let first = l.reserve(Some(a)).unwrap();
        let second = l.reserve(Some(a)).unwrap();
        assert_eq!(l.reserve(Some(a)).unwrap_err().code, "too-many-challenges");
        l.assign(first, "g1");
        assert_eq!(l.reserve(Some(a)).unwrap_err().code, "too-many-challenges");
        let third = l.reserve(Some(b)).unwrap();
        assert_eq!(l.reserve(None).unwrap_err().code, "lobby-full");
        // A creation that failed gives its place back.
        drop(second);
        drop(third);
        assert!(l.reserve(Some(b)).is_ok());
        // A created challenge that is not listed after all gives its place back too.
        l.remove("g1");
        assert_eq!(l.state().taken(), 0);
    }

    #[test]
    fn the_refusal_counts_one_challenge_in_the_singular() {
        let l = lobby(3, 1);
        let a: IpAddr = "10.0.0.1".parse().unwrap();
        let _first = l.reserve(Some(a)).unwrap();
        let refusal = l.reserve(Some(a)).unwrap_err();
        assert!(
            refusal
                .message
                .starts_with("you have 1 challenge in the lobby already"),
            "{}",
            refusal.message
        );
    }
}
