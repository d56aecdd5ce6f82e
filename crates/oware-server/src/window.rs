//! Bounded sliding windows: at most `limit` events per key within a window of time, for the
//! limits per client address and per account.
//!
//! Each key keeps the times of its recent events (at most `limit` of them); at the limit, the
//! next event is refused until the oldest leaves the window, and the refusal says when
//! (`Retry-After`). An event whose outcome is not known yet (a password being hashed) holds a
//! *reservation* ([`Window::reserve`]), taken in the same step as the check, so that any
//! number of simultaneous requests cannot pass the limit; a guard settles it (counted) or
//! gives it back, so it is never lost.
//!
//! **Bounded, constant time.** The keys live in an LRU list of fixed capacity (the `lru`
//! crate: a hash map threaded with a recency list, O(1) per operation). A key moves to the
//! front each time it records something, so the key at the back is the one quiet longest; a
//! new key takes its place if that key holds nothing any more (its last event left the
//! window, nothing reserved). When even the quietest key is still live, the table is full of
//! real traffic: the new key is refused with [`Refused::Full`] and the time until the back
//! key's window ends, rather than let in uncounted or an old key's count forgotten.
//!
//! Why not the `governor` crate (GCRA, one word per key): its keyed limiter has no way to give
//! a reservation back or to find a key that may be dropped without a sweep of the whole map
//! (`retain_recent`), so its map is bounded only by sweeps that cost O(keys) under load.

use std::collections::VecDeque;
use std::hash::Hash;
use std::num::NonZeroUsize;
use std::sync::{Mutex, MutexGuard};

use lru::LruCache;

/// Why an event is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Refused {
    /// The key is at its limit: seconds until its oldest event leaves the window.
    Limit(u64),
    /// The table is full of live keys: seconds until the quietest one's window ends.
    Full(u64),
}

/// One key's recent events.
struct Entry {
    /// Counted events, oldest first (at most the limit).
    times: VecDeque<u64>,
    /// Reservations not yet settled.
    pending: usize,
    /// The last time this key recorded anything (its place in the LRU order).
    last: u64,
}

/// A bounded sliding window of event times per key (see the module).
pub(crate) struct Window<K: Hash + Eq> {
    limit: usize,
    window_ms: u64,
    keys: Mutex<LruCache<K, Entry>>,
}

fn seconds(ms: u64) -> u64 {
    ms.div_ceil(1000).max(1)
}

impl<K: Hash + Eq + Clone> Window<K> {
    /// At most `limit` events per key within `window_ms`, at most `capacity` keys.
    pub(crate) fn new(limit: usize, window_ms: u64, capacity: usize) -> Window<K> {
        let capacity = NonZeroUsize::new(capacity).unwrap_or(NonZeroUsize::MIN);
        Window {
            limit: limit.max(1),
            window_ms,
            keys: Mutex::new(LruCache::new(capacity)),
        }
    }

    fn lock(&self) -> MutexGuard<'_, LruCache<K, Entry>> {
        self.keys.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Drops `e`'s times that have left the window; refuses when it is at the limit.
    fn check_entry(&self, e: &mut Entry, now: u64) -> Result<(), Refused> {
        while e.times.front().is_some_and(|&t| t + self.window_ms <= now) {
            e.times.pop_front();
        }
        if e.times.len() + e.pending >= self.limit {
            let wait = e
                .times
                .front()
                .map_or(1000, |&t| (t + self.window_ms).saturating_sub(now));
            return Err(Refused::Limit(seconds(wait)));
        }
        Ok(())
    }

    /// Whether a new key fits: `Ok(true)` when the quietest key must make room for it.
    fn room(&self, keys: &LruCache<K, Entry>, now: u64) -> Result<bool, Refused> {
        if keys.len() < keys.cap().get() {
            return Ok(false);
        }
        match keys.peek_lru() {
            Some((_, quietest)) if quietest.pending > 0 || quietest.last + self.window_ms > now => {
                let wait = (quietest.last + self.window_ms).saturating_sub(now);
                Err(Refused::Full(seconds(wait)))
            }
            _ => Ok(true),
        }
    }

    /// `key`'s entry, checked against the limit and moved to the front of the LRU order; a
    /// new entry if there is room (see the module).
    fn admit<'a>(
        &self,
        keys: &'a mut LruCache<K, Entry>,
        key: &K,
        now: u64,
    ) -> Result<&'a mut Entry, Refused> {
        if let Some(e) = keys.peek_mut(key) {
            self.check_entry(e, now)?;
        } else {
            if self.room(keys, now)? {
                keys.pop_lru();
            }
            keys.put(
                key.clone(),
                Entry {
                    times: VecDeque::new(),
                    pending: 0,
                    last: now,
                },
            );
        }
        let e = keys.get_mut(key).ok_or(Refused::Full(1))?;
        e.last = e.last.max(now);
        Ok(e)
    }

    /// Whether [`Window::take`] would count an event of `key` at `now`, counting nothing.
    pub(crate) fn check(&self, key: &K, now: u64) -> Result<(), Refused> {
        let mut keys = self.lock();
        match keys.peek_mut(key) {
            Some(e) => self.check_entry(e, now),
            None => self.room(&keys, now).map(|_| ()),
        }
    }

    /// The most events a key may have in the window.
    pub(crate) fn limit(&self) -> usize {
        self.limit
    }

    /// Counts an event of `key` at `now`, or refuses it (counting nothing).
    pub(crate) fn take(&self, key: &K, now: u64) -> Result<(), Refused> {
        let mut keys = self.lock();
        let e = self.admit(&mut keys, key, now)?;
        e.times.push_back(now);
        Ok(())
    }

    /// Counts `n` events of `key` at `now`, all or none: refused (counting nothing) when they
    /// do not all fit in the window.
    pub(crate) fn take_n(&self, key: &K, n: usize, now: u64) -> Result<(), Refused> {
        let mut keys = self.lock();
        let e = self.admit(&mut keys, key, now)?;
        if e.times.len() + e.pending + n > self.limit {
            let wait = e
                .times
                .front()
                .map_or(1000, |&t| (t + self.window_ms).saturating_sub(now));
            return Err(Refused::Limit(seconds(wait)));
        }
        e.times.extend(std::iter::repeat_n(now, n));
        Ok(())
    }

    /// Reserves a place for an event of `key` whose outcome is not known yet, or refuses
    /// (reserving nothing). The guard settles it ([`Reservation::fail`]) or gives it back.
    pub(crate) fn reserve(&self, key: K, now: u64) -> Result<Reservation<'_, K>, Refused> {
        let mut keys = self.lock();
        let e = self.admit(&mut keys, &key, now)?;
        e.pending += 1;
        Ok(Reservation {
            window: self,
            key: Some(key),
        })
    }

    /// Ends a reservation of `key`, counting it as an event at `now` if `count`.
    fn settle(&self, key: &K, count: Option<u64>) {
        let mut keys = self.lock();
        let Some(e) = keys.peek_mut(key) else { return };
        e.pending = e.pending.saturating_sub(1);
        if let Some(now) = count {
            if e.times.len() >= self.limit {
                e.times.pop_front();
            }
            e.times.push_back(now);
            e.last = e.last.max(now);
            keys.promote(key);
        }
    }

    /// Keys held (for tests).
    #[cfg(test)]
    fn len(&self) -> usize {
        self.lock().len()
    }
}

/// A reserved place in a [`Window`]: [`Reservation::fail`] counts it; dropping it otherwise
/// gives it back (the attempt succeeded, or was abandoned before any answer).
pub(crate) struct Reservation<'a, K: Hash + Eq + Clone> {
    window: &'a Window<K>,
    key: Option<K>,
}

impl<K: Hash + Eq + Clone> Reservation<'_, K> {
    /// Counts the reserved event (a failed attempt) at `now`.
    pub(crate) fn fail(mut self, now: u64) {
        if let Some(key) = self.key.take() {
            self.window.settle(&key, Some(now));
        }
    }
}

impl<K: Hash + Eq + Clone> Drop for Reservation<'_, K> {
    fn drop(&mut self) {
        if let Some(key) = self.key.take() {
            self.window.settle(&key, None);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const WINDOW_MS: u64 = 15 * 60 * 1000;

    #[test]
    fn the_limit_holds_until_the_oldest_attempt_leaves_the_window() {
        let w = Window::new(3, WINDOW_MS, 10);
        for i in 0..3 {
            assert_eq!(w.take(&"k", 1000 + i), Ok(()));
        }
        assert_eq!(
            w.take(&"k", 2000),
            Err(Refused::Limit((WINDOW_MS - 1000) / 1000))
        );
        assert_eq!(w.take(&"other", 2000), Ok(()));
        assert_eq!(w.take(&"k", 1000 + WINDOW_MS), Ok(()));
    }

    #[test]
    fn a_full_table_evicts_only_quiet_keys_and_otherwise_refuses_with_a_wait() {
        let w = Window::new(2, 1000, 3);
        for (i, k) in ["a", "b", "c"].iter().enumerate() {
            w.take(k, i as u64).unwrap();
        }
        // Every key is live: a new one is refused, the old ones still counted.
        assert_eq!(w.take(&"d", 500), Err(Refused::Full(1)));
        w.take(&"a", 600).unwrap();
        assert_eq!(w.take(&"a", 700), Err(Refused::Limit(1)), "a is counted");
        // "b" has been quiet for a whole window: "d" takes its place, the others stay.
        assert_eq!(w.take(&"d", 1001), Ok(()));
        assert_eq!(w.len(), 3);
        assert_eq!(w.take(&"a", 1002), Ok(()), "a kept its count: room for one");
        assert_eq!(w.take(&"a", 1003), Err(Refused::Limit(1)));
    }

    #[test]
    fn reservations_count_against_the_limit_until_settled_or_given_back() {
        let w = Window::new(2, WINDOW_MS, 10);
        let one = w.reserve("k", 0).unwrap();
        let two = w.reserve("k", 0).unwrap();
        assert!(matches!(w.reserve("k", 0), Err(Refused::Limit(_))));
        drop(one);
        let three = w.reserve("k", 1).unwrap();
        two.fail(1);
        three.fail(2);
        assert!(matches!(w.reserve("k", 3), Err(Refused::Limit(_))));
    }
}
