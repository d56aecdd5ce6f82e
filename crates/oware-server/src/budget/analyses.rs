//! Analyses and hints in the engine at once (issue 52): counted per address (an IPv6 client is
//! its /64), per logged-in account and for the whole server. The per-minute window
//! (`ServerLimits::engine_starts`) counts how often a client starts one; this counts how many
//! it holds: a place is taken when the analysis is asked for and given back when its search
//! ends (or it is dropped unsearched), by the last [`AnalysisHold`] of it being dropped.
//!
//! A game (or a spectator's stream) runs one analysis at a time: a new one stops the one
//! before, whose search may still be running or waiting for a slot for a moment. So that
//! stepping through a game's moves with the analysis on is never refused, the new analysis
//! of the same *slot* by the same asker shares the place of the one it stops, which is given
//! back when both have ended.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex, MutexGuard, Weak};

use crate::limits::{ClientKey, LimitError, ServerLimits};

/// The places held, counted three ways, and the live place of each slot.
#[derive(Default)]
struct Counts {
    by_address: HashMap<ClientKey, usize>,
    by_account: HashMap<String, usize>,
    total: usize,
    /// The place of each slot (a game, or a game's spectator stream) with an analysis in the
    /// engine: an entry only while its place is held (the place's drop removes it).
    slots: HashMap<String, Weak<Place>>,
}

/// The analyses' places and their ceilings.
pub(super) struct Analyses {
    counts: Arc<Mutex<Counts>>,
    per_client: usize,
    per_account: usize,
    max: usize,
}

/// One place, shared by the analyses of one slot that overlap.
struct Place {
    key: ClientKey,
    account: Option<String>,
    slot: String,
    counts: Arc<Mutex<Counts>>,
}

fn lock(counts: &Mutex<Counts>) -> MutexGuard<'_, Counts> {
    counts.lock().unwrap_or_else(|e| e.into_inner())
}

/// Takes one from `map[k]`, removing the entry at zero.
fn release<K: std::hash::Hash + Eq>(map: &mut HashMap<K, usize>, k: &K) {
    if let Some(n) = map.get_mut(k) {
        *n = n.saturating_sub(1);
        if *n == 0 {
            map.remove(k);
        }
    }
}

impl Drop for Place {
    fn drop(&mut self) {
        let mut c = lock(&self.counts);
        release(&mut c.by_address, &self.key);
        if let Some(a) = &self.account {
            release(&mut c.by_account, a);
        }
        c.total = c.total.saturating_sub(1);
        // The slot's entry is this place's unless a newer place of another asker took it.
        if c.slots
            .get(&self.slot)
            .is_some_and(|w| w.strong_count() == 0)
        {
            c.slots.remove(&self.slot);
        }
    }
}

/// An analysis' or hint's place in the budget, held by its job until the search ends;
/// clones share the place (see the module).
#[derive(Clone)]
pub struct AnalysisHold(Arc<Place>);

impl std::fmt::Debug for AnalysisHold {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AnalysisHold")
            .field("key", &self.0.key)
            .field("slot", &self.0.slot)
            .finish()
    }
}

/// The refusal of one more analysis of an address or an account that holds `held`.
fn too_many(who: &str, held: usize) -> LimitError {
    LimitError {
        code: "too-many-engine-jobs",
        message: format!(
            "{who} already has {held} analyses and hints in the engine, the most at once; \
             stop one or wait for it to end"
        ),
        retry_after_s: 2,
    }
}

impl Analyses {
    pub(super) fn new(limits: &ServerLimits) -> Analyses {
        Analyses {
            counts: Arc::new(Mutex::new(Counts::default())),
            per_client: limits.analyses_per_client.max(1),
            per_account: limits.analyses_per_account.max(1),
            max: limits.analyses_max.max(1),
        }
    }

    /// A place for an analysis or hint of `slot` asked by `ip` (logged in as `account`, if
    /// any): the slot's own place when the same asker holds one, else a new one within the
    /// ceilings (429 `too-many-engine-jobs` for the address or account, 503
    /// `too-many-clients` for the server).
    pub(super) fn hold(
        &self,
        ip: IpAddr,
        account: Option<&str>,
        slot: &str,
    ) -> Result<AnalysisHold, LimitError> {
        let key = ClientKey::of(ip);
        // Upgraded under the lock, dropped after it (the last holder's drop takes the lock).
        let current: Option<Arc<Place>>;
        let taken = {
            let mut c = lock(&self.counts);
            current = c.slots.get(slot).and_then(Weak::upgrade);
            match &current {
                Some(p) if p.key == key && p.account.as_deref() == account => None,
                _ => Some(self.take(&mut c, key, account, slot)),
            }
        };
        match (taken, current) {
            (Some(taken), _) => taken,
            (None, Some(shared)) => Ok(AnalysisHold(shared)),
            (None, None) => unreachable!("a shared place is a current one"),
        }
    }

    fn take(
        &self,
        c: &mut Counts,
        key: ClientKey,
        account: Option<&str>,
        slot: &str,
    ) -> Result<AnalysisHold, LimitError> {
        if c.total >= self.max {
            return Err(super::server_full("analyses and hints"));
        }
        let by_address = c.by_address.get(&key).copied().unwrap_or(0);
        if by_address >= self.per_client {
            return Err(too_many("this address", by_address));
        }
        if let Some(a) = account {
            let held = c.by_account.get(a).copied().unwrap_or(0);
            if held >= self.per_account {
                return Err(too_many("this account", held));
            }
            *c.by_account.entry(a.to_string()).or_default() += 1;
        }
        *c.by_address.entry(key).or_default() += 1;
        c.total += 1;
        let place = Arc::new(Place {
            key,
            account: account.map(str::to_string),
            slot: slot.to_string(),
            counts: Arc::clone(&self.counts),
        });
        c.slots.insert(slot.to_string(), Arc::downgrade(&place));
        Ok(AnalysisHold(place))
    }

    /// The places held now.
    pub(super) fn held(&self) -> usize {
        lock(&self.counts).total
    }

    /// Nothing is counted or remembered (every place given back).
    #[cfg(test)]
    pub(super) fn is_empty(&self) -> bool {
        let c = lock(&self.counts);
        c.total == 0 && c.by_address.is_empty() && c.by_account.is_empty() && c.slots.is_empty()
    }
}
