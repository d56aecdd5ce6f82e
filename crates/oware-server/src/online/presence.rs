//! Who is watching a game: the players' open streams and the spectators (kept in memory).

use oware_core::Side;

/// Who is watching a game (kept in memory, not stored).
#[derive(Debug, Clone, Default)]
pub struct Presence {
    /// Open streams per side (South, North).
    pub connected: [u32; 2],
    /// Since when each side has had no stream (epoch ms).
    pub gone_since: [u64; 2],
    /// Streams without a seat.
    pub spectators: u32,
}

pub(super) fn idx(side: Side) -> usize {
    match side {
        Side::South => 0,
        Side::North => 1,
    }
}

impl Presence {
    /// Nobody connected since `now`.
    pub fn new(now: u64) -> Presence {
        Presence {
            connected: [0, 0],
            gone_since: [now, now],
            spectators: 0,
        }
    }

    /// How long `side` has been gone at `now`, `None` when connected.
    pub fn gone_ms(&self, side: Side, now: u64) -> Option<u64> {
        let i = idx(side);
        (self.connected[i] == 0).then(|| now.saturating_sub(self.gone_since[i]))
    }

    /// A stream of `side` (or a spectator's) opened.
    pub fn open(&mut self, side: Option<Side>) {
        match side {
            Some(s) => self.connected[idx(s)] += 1,
            None => self.spectators += 1,
        }
    }

    /// A stream of `side` (or a spectator's) closed at `now`.
    pub fn close(&mut self, side: Option<Side>, now: u64) {
        match side {
            Some(s) => {
                let i = idx(s);
                self.connected[i] = self.connected[i].saturating_sub(1);
                if self.connected[i] == 0 {
                    self.gone_since[i] = now;
                }
            }
            None => self.spectators = self.spectators.saturating_sub(1),
        }
    }
}
