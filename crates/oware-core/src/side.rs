use std::fmt;
use std::ops::{Index, IndexMut};
use std::str::FromStr;

/// One of the two players. South moves first and owns pits `A`–`F` (0–5); North owns `a`–`f` (6–11).
///
/// In JSON (the `serde` feature) a side is `"S"` or `"N"`; the `ts` and `schemars` features
/// declare it so to TypeScript and JSON Schema.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "schemars", derive(schemars::JsonSchema))]
pub enum Side {
    /// The first player, bottom row, pits 0–5.
    #[cfg_attr(feature = "ts", ts(rename = "S"))]
    #[cfg_attr(feature = "schemars", schemars(rename = "S"))]
    South = 0,
    /// The second player, top row, pits 6–11.
    #[cfg_attr(feature = "ts", ts(rename = "N"))]
    #[cfg_attr(feature = "schemars", schemars(rename = "N"))]
    North = 1,
}

impl Side {
    /// Both sides, South first.
    pub const ALL: [Side; 2] = [Side::South, Side::North];

    /// The other side.
    #[inline]
    pub const fn other(self) -> Side {
        match self {
            Side::South => Side::North,
            Side::North => Side::South,
        }
    }

    /// 0 for South, 1 for North.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The side with index 0 (South) or 1 (North).
    pub const fn from_index(i: usize) -> Option<Side> {
        match i {
            0 => Some(Side::South),
            1 => Some(Side::North),
            _ => None,
        }
    }

    /// The first absolute pit of this side's row (0 or 6).
    #[inline]
    pub const fn first_pit(self) -> usize {
        self as usize * 6
    }

    /// The side owning absolute pit `pit` (0–11).
    #[inline]
    pub const fn owner_of(pit: usize) -> Side {
        if pit < 6 {
            Side::South
        } else {
            Side::North
        }
    }

    /// `'S'` or `'N'`, as in position text.
    pub const fn char(self) -> char {
        match self {
            Side::South => 'S',
            Side::North => 'N',
        }
    }

    /// `"South"` or `"North"`.
    pub const fn name(self) -> &'static str {
        match self {
            Side::South => "South",
            Side::North => "North",
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Error from parsing a [`Side`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseSideError;

impl fmt::Display for ParseSideError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("side must be S or N (South or North)")
    }
}

impl std::error::Error for ParseSideError {}

impl FromStr for Side {
    type Err = ParseSideError;

    /// Accepts `S`, `N`, `South`, `North` in any case.
    fn from_str(s: &str) -> Result<Side, ParseSideError> {
        match s.to_ascii_lowercase().as_str() {
            "s" | "south" => Ok(Side::South),
            "n" | "north" => Ok(Side::North),
            _ => Err(ParseSideError),
        }
    }
}

/// A pair of values, one for each side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct BySide<T> {
    /// South's value.
    pub south: T,
    /// North's value.
    pub north: T,
}

impl<T> BySide<T> {
    /// A pair from South's and North's values.
    pub const fn new(south: T, north: T) -> Self {
        BySide { south, north }
    }

    /// The value of `side`.
    pub fn get(&self, side: Side) -> &T {
        match side {
            Side::South => &self.south,
            Side::North => &self.north,
        }
    }

    /// The value of `side`, mutably.
    pub fn get_mut(&mut self, side: Side) -> &mut T {
        match side {
            Side::South => &mut self.south,
            Side::North => &mut self.north,
        }
    }

    /// Applies `f` to both values.
    pub fn map<U>(self, mut f: impl FnMut(T) -> U) -> BySide<U> {
        BySide {
            south: f(self.south),
            north: f(self.north),
        }
    }
}

impl<T> Index<Side> for BySide<T> {
    type Output = T;
    fn index(&self, side: Side) -> &T {
        self.get(side)
    }
}

impl<T> IndexMut<Side> for BySide<T> {
    fn index_mut(&mut self, side: Side) -> &mut T {
        self.get_mut(side)
    }
}
