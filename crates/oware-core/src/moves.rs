use std::fmt;
use std::ops::Deref;

use crate::Side;

/// A move: the mover's pit 0–5, counted from the mover's left.
///
/// The same `Move` is pit `A`+i for South and `a`+i for North; [`Move::letter`] writes it for a side.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move(Pit);

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Move({})", self.index())
    }
}

/// A pit of the mover's row: an enum rather than a number, so that the compiler knows every
/// move's index is below 6 (and a pit index below 12) without a check.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
enum Pit {
    P0,
    P1,
    P2,
    P3,
    P4,
    P5,
}

impl Move {
    /// All six moves, left to right.
    pub const ALL: [Move; 6] = [
        Move(Pit::P0),
        Move(Pit::P1),
        Move(Pit::P2),
        Move(Pit::P3),
        Move(Pit::P4),
        Move(Pit::P5),
    ];

    /// The move from the mover's pit `i`, pits past 5 taken as pit 5: for indices known to be
    /// in range (a bit of a move set), without a check or a table (`min(i, 5)`).
    #[inline(always)]
    pub const fn clamped(i: usize) -> Move {
        Move(match i {
            0 => Pit::P0,
            1 => Pit::P1,
            2 => Pit::P2,
            3 => Pit::P3,
            4 => Pit::P4,
            _ => Pit::P5,
        })
    }

    /// The move from the mover's pit `i` (0–5), or `None` when out of range.
    pub const fn new(i: usize) -> Option<Move> {
        if i < 6 {
            Some(Move::ALL[i])
        } else {
            None
        }
    }

    /// The mover's pit, 0–5 from the mover's left.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The absolute pit (0–11) this move empties when `side` plays it.
    #[inline]
    pub const fn pit(self, side: Side) -> usize {
        side.first_pit() + self.0 as usize
    }

    /// The letter of this move for `side`: `A`–`F` for South, `a`–`f` for North.
    pub const fn letter(self, side: Side) -> char {
        let base = match side {
            Side::South => b'A',
            Side::North => b'a',
        };
        (base + self.0 as u8) as char
    }

    /// The side and move a letter stands for: `A`–`F` South, `a`–`f` North.
    pub const fn from_letter(c: char) -> Option<(Side, Move)> {
        match c {
            'A'..='F' => Some((Side::South, Move::ALL[(c as u8 - b'A') as usize])),
            'a'..='f' => Some((Side::North, Move::ALL[(c as u8 - b'a') as usize])),
            _ => None,
        }
    }
}

/// The legal moves of a position: at most six, in pit order.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct MoveList {
    moves: [Move; 6],
    len: u8,
    /// The moves as a bit set (bit i for move i), kept with the list.
    mask: u8,
}

impl MoveList {
    /// An empty list.
    pub const fn new() -> MoveList {
        MoveList {
            moves: [Move::ALL[0]; 6],
            len: 0,
            mask: 0,
        }
    }

    /// Appends a move. Panics if the list already holds six.
    #[inline]
    pub fn push(&mut self, m: Move) {
        self.moves[self.len as usize] = m;
        self.len += 1;
        self.mask |= 1 << m.index();
    }

    /// The moves whose bits are set in `mask` (bit i for move i; bits 6 and 7 ignored), in order.
    #[inline]
    pub fn from_mask(mask: u8) -> MoveList {
        BY_MASK[usize::from(mask & 0x3f)]
    }

    /// Keeps only the moves for which `f` is true, in order.
    pub fn retain(&mut self, mut f: impl FnMut(Move) -> bool) {
        let mut kept = MoveList::new();
        for &m in self.iter() {
            if f(m) {
                kept.push(m);
            }
        }
        *self = kept;
    }

    /// The moves as a bit set: bit i for move i.
    #[inline]
    pub fn mask(&self) -> u8 {
        self.mask
    }

    /// Whether `m` is in the list (a bit test, no search).
    #[inline]
    pub fn has(&self, m: Move) -> bool {
        self.mask & (1 << m.index()) != 0
    }

    /// The letters of these moves for `side`, e.g. `"ABDF"`.
    pub fn letters(&self, side: Side) -> String {
        self.iter().map(|m| m.letter(side)).collect()
    }
}

/// `BY_MASK[m]`: the list of the moves in bit set `m`.
const BY_MASK: [MoveList; 64] = {
    let mut t = [MoveList::new(); 64];
    let mut mask = 0;
    while mask < 64 {
        let mut i = 0;
        while i < 6 {
            if mask & (1 << i) != 0 {
                t[mask].moves[t[mask].len as usize] = Move::ALL[i];
                t[mask].len += 1;
                t[mask].mask |= 1 << i;
            }
            i += 1;
        }
        mask += 1;
    }
    t
};

impl Default for MoveList {
    fn default() -> Self {
        MoveList::new()
    }
}

impl Deref for MoveList {
    type Target = [Move];
    #[inline]
    fn deref(&self) -> &[Move] {
        &self.moves[..self.len as usize]
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clamped_is_the_pit_up_to_five() {
        for i in 0..6 {
            assert_eq!(Move::clamped(i), Move::ALL[i]);
            assert_eq!(Move::clamped(i).index(), i);
        }
        for i in [6, 7, 100, usize::MAX] {
            assert_eq!(Move::clamped(i), Move::ALL[5]);
        }
    }

    #[test]
    fn mask_and_has_follow_the_moves() {
        for mask in 0..64u8 {
            let list = MoveList::from_mask(mask);
            assert_eq!(list.mask(), mask);
            let mut pushed = MoveList::new();
            for &m in list.iter() {
                pushed.push(m);
            }
            assert_eq!(pushed, list);
            let mut kept = list;
            kept.retain(|m| m.index() % 2 == 0);
            assert_eq!(kept.mask(), mask & 0b01_0101);
            for m in Move::ALL {
                assert_eq!(list.has(m), list.contains(&m));
                assert_eq!(kept.has(m), kept.contains(&m));
            }
        }
    }
}
