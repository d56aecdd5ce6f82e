//! Attempt limits: log-ins per client address and per account, sign-ups per address, and the
//! addresses each account has logged in from (OWASP's advice against guessing: throttle, with
//! a message, rather than lock an account for good, which would let anyone lock anyone out).
//!
//! Each limit is a bounded sliding window per key ([`crate::window::Window`]: an address's /64
//! or /32, an account's lower-case name); an attempt whose outcome is not known yet (a
//! password being hashed) holds a reservation, taken in the same step as the check and
//! settled by a guard. Time is the server's clock, so tests move it on.

use std::collections::VecDeque;
use std::num::NonZeroUsize;
use std::sync::{Mutex, MutexGuard};

use lru::LruCache;

use crate::limits::ClientKey;

/// Log-in attempts from one address per window.
pub const PER_ADDRESS: usize = 30;
/// Log-in attempts on one account per window from addresses it has not logged in from.
pub const PER_ACCOUNT: usize = 8;
/// Password checks per window of a logged-in player (changing the password, closing).
pub const PER_SESSION_USER: usize = 8;
/// The log-in window, in milliseconds (15 minutes).
pub const WINDOW_MS: u64 = 15 * 60 * 1000;
/// Sign-ups from one address per [`SIGN_UP_WINDOW_MS`].
pub const SIGN_UPS_PER_ADDRESS: usize = 20;
/// The sign-up window, in milliseconds (one hour).
pub const SIGN_UP_WINDOW_MS: u64 = 3600 * 1000;
/// Keys one window keeps at most.
pub const KEYS_MAX: usize = 100_000;
/// Addresses remembered per account.
pub const KNOWN_PER_ACCOUNT: usize = 4;

/// The addresses each account has logged in from, the latest [`KNOWN_PER_ACCOUNT`] per
/// account, for at most `capacity` accounts (the least recently used forgotten first:
/// forgetting only takes away an owner's exemption, it lets no one in).
pub struct Known {
    accounts: Mutex<LruCache<String, VecDeque<ClientKey>>>,
}

impl Known {
    /// Room for `capacity` accounts.
    pub fn new(capacity: usize) -> Known {
        let capacity = NonZeroUsize::new(capacity).unwrap_or(NonZeroUsize::MIN);
        Known {
            accounts: Mutex::new(LruCache::new(capacity)),
        }
    }

    fn lock(&self) -> MutexGuard<'_, LruCache<String, VecDeque<ClientKey>>> {
        self.accounts.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Whether account `name` (lower case) has logged in from `client`.
    pub fn has(&self, name: &str, client: ClientKey) -> bool {
        self.lock()
            .peek(name)
            .is_some_and(|known| known.contains(&client))
    }

    /// Records a log-in of account `name` from `client`.
    pub fn remember(&self, name: &str, client: ClientKey) {
        let mut accounts = self.lock();
        let known = accounts.get_or_insert_mut(name.to_string(), VecDeque::new);
        known.retain(|c| *c != client);
        if known.len() >= KNOWN_PER_ACCOUNT {
            known.pop_front();
        }
        known.push_back(client);
    }

    /// Forgets every address of account `name` but `keep` (a new password: whoever else
    /// knew the old one is a stranger again).
    pub fn only(&self, name: &str, keep: Option<ClientKey>) {
        let mut accounts = self.lock();
        accounts.pop(name);
        if let Some(client) = keep {
            accounts.put(name.to_string(), VecDeque::from([client]));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::window::Window;

    #[test]
    fn a_hundred_thousand_addresses_do_not_stop_the_next_from_being_counted() {
        let w = Window::new(PER_ADDRESS, WINDOW_MS, KEYS_MAX);
        let addr = |i: u32| ClientKey::of(std::net::IpAddr::from(i.to_be_bytes()));
        for i in 0..KEYS_MAX as u32 {
            w.take(&addr(i), 0).unwrap();
        }
        // Within the window the table is full: the new address is refused, not let in
        // uncounted.
        let new = addr(KEYS_MAX as u32);
        assert!(w.take(&new, 1).is_err());
        // Once the old ones are quiet, the new address is counted like any other.
        let later = WINDOW_MS + 1;
        let allowed = (0..100).filter(|_| w.take(&new, later).is_ok()).count();
        assert_eq!(allowed, PER_ADDRESS);
    }

    #[test]
    fn known_addresses_are_the_latest_few_per_account() {
        let k = Known::new(10);
        let ip = |i: u8| ClientKey::of(std::net::IpAddr::from([10, 0, 0, i]));
        for i in 1..=5 {
            k.remember("kofi", ip(i));
        }
        assert!(!k.has("kofi", ip(1)), "the oldest is forgotten");
        assert!((2..=5).all(|i| k.has("kofi", ip(i))));
        assert!(!k.has("ama", ip(2)));
        k.only("kofi", Some(ip(3)));
        assert!(k.has("kofi", ip(3)) && !k.has("kofi", ip(2)));
    }
}
