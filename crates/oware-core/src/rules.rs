//! Rule variants as values. Every branch on a variant lives in the rules core.

use std::fmt;
use std::str::FromStr;

use crate::Position;

/// What happens to a move that would capture every seed on the opponent's row (a grand slam).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum GrandSlam {
    /// The move is legal and captures nothing (abapa default).
    #[default]
    NoCapture,
    /// The move is illegal unless every legal move is a grand slam; then it is played and captures
    /// (the Olympiad "Awari" rule).
    Illegal,
    /// The move captures, the seeds left on the board go to the opponent, and the game is over.
    ToOpponent,
    /// The move captures every pit of the chain but the last one in sowing order (where the last
    /// seed fell).
    LeaveLast,
    /// The move captures every pit of the chain but the first one in sowing order (the opponent's
    /// first pit).
    LeaveFirst,
}

/// When a repeated position ends the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Repetition {
    /// The game ends when a position comes up for the third time (default).
    #[default]
    Third,
    /// The game ends at the first repeat (PlayStrategy, Aualé).
    First,
}

/// How the seeds left on the board are allocated when a cycle ends the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum CycleSeeds {
    /// Each player takes the seeds on their own row (default).
    #[default]
    OwnRow,
    /// The seeds are split evenly, an odd seed halved.
    Even,
}

macro_rules! named_enum {
    ($ty:ident, $what:literal, $($variant:ident => $name:literal),+ $(,)?) => {
        impl $ty {
            /// Every value, in declaration order.
            pub const ALL: &'static [$ty] = &[$($ty::$variant),+];

            /// The value's name, as parsed and printed.
            pub const fn name(self) -> &'static str {
                match self { $($ty::$variant => $name),+ }
            }
        }

        impl fmt::Display for $ty {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.name())
            }
        }

        impl FromStr for $ty {
            type Err = ParseRulesError;
            fn from_str(s: &str) -> Result<Self, ParseRulesError> {
                let t = s.trim().to_ascii_lowercase().replace('_', "-");
                $( if t == $name { return Ok($ty::$variant); } )+
                Err(ParseRulesError(format!(
                    concat!("unknown ", $what, " '{}' (expected one of: {})"),
                    s,
                    [$($name),+].join(", ")
                )))
            }
        }
    };
}

named_enum!(GrandSlam, "grand slam rule",
    NoCapture => "no-capture", Illegal => "illegal", ToOpponent => "to-opponent",
    LeaveLast => "leave-last", LeaveFirst => "leave-first");
named_enum!(Repetition, "repetition rule", Third => "third", First => "first");

impl Repetition {
    /// How many earlier occurrences (since the last capture) of the position after a move end
    /// the game: 1 for `first`, 2 for `third`.
    pub const fn earlier_occurrences(self) -> usize {
        match self {
            Repetition::First => 1,
            Repetition::Third => 2,
        }
    }

    /// Whether `next`, the position after a move, repeats often enough to end the game by this
    /// rule: it occurs [`Repetition::earlier_occurrences`] times among `earlier` since the last
    /// capture. The one place where a cycle is recognised: [`crate::Game`] and [`crate::perft`]
    /// ask it, and so can any loop that plays [`Position`]s itself (bulk playouts).
    ///
    /// `earlier` is the game's positions before `next`, oldest first, one per ply (the side to
    /// move alternating), ending with the position the move was played from. Any suffix that
    /// holds every position since the last capture gives the same answer: earlier positions
    /// have more seeds on the board and never match, and the scan stops at the first of them.
    /// Only every second position has `next`'s side to move, so only those are compared.
    #[inline]
    pub fn is_cycle(self, earlier: &[Position], next: &Position) -> bool {
        let seeds = next.seeds_on_board();
        let needed = self.earlier_occurrences();
        let mut seen = 0;
        for p in earlier.iter().rev().skip(1).step_by(2) {
            if p.seeds_on_board() != seeds {
                break;
            }
            if p == next {
                seen += 1;
                if seen == needed {
                    return true;
                }
            }
        }
        false
    }
}
/// A quick "certainly not a cycle" test in front of [`Repetition::is_cycle`], for loops that play
/// [`Position`]s themselves and ask about a cycle after every move (bulk playouts): a 512-bit
/// filter of the positions since the last capture. A cycle needs an earlier position equal to
/// the new one, with as many seeds on the board; every such position is in the filter, so a
/// position whose bit is clear (or whose seeds differ) repeats nothing, and only the others are
/// scanned by `is_cycle` — a few in a hundred in random games, where the scan of every
/// position since the last capture would cost more than the move.
///
/// [`CycleFilter::push`] every position a move is played from, in game order, as it is
/// appended to the `earlier` slice given to [`CycleFilter::is_cycle`]; [`CycleFilter::clear`]
/// at a new game. The answers are then `is_cycle`'s (tested move by move against it). Or, the
/// same with one hash a position: push the start only, then after each move ask
/// [`CycleFilter::is_cycle_then_push`], which pushes the new position when the game goes on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CycleFilter {
    bits: [u64; 8],
    /// The seeds on the board of the positions in the filter.
    seeds: u8,
}

impl Default for CycleFilter {
    fn default() -> Self {
        CycleFilter::new()
    }
}

impl CycleFilter {
    /// An empty filter.
    pub const fn new() -> CycleFilter {
        CycleFilter {
            bits: [0; 8],
            seeds: u8::MAX,
        }
    }

    /// Empties the filter (a new game).
    #[inline]
    pub fn clear(&mut self) {
        *self = CycleFilter::new();
    }

    /// The filter's bit of a position: 9 bits of a multiplicative hash of its word.
    #[inline(always)]
    fn slot(pos: &Position) -> (usize, u64) {
        let w = pos.packed();
        let h = ((w as u64) ^ (w >> 64) as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 55;
        ((h >> 6) as usize, 1 << (h & 63))
    }

    /// Records `pos`, the position a move is played from. A capture (fewer seeds on the board)
    /// empties the filter first: no later position can equal an earlier one.
    #[inline]
    pub fn push(&mut self, pos: &Position) {
        let seeds = pos.seeds_on_board();
        if seeds != self.seeds {
            self.bits = [0; 8];
            self.seeds = seeds;
        }
        let (word, bit) = CycleFilter::slot(pos);
        self.bits[word] |= bit;
    }

    /// Whether `next` may equal a position pushed since the last capture: `false` means it
    /// certainly does not, and is no cycle.
    #[inline]
    pub fn may_repeat(&self, next: &Position) -> bool {
        let (word, bit) = CycleFilter::slot(next);
        next.seeds_on_board() == self.seeds && self.bits[word] & bit != 0
    }

    /// [`Repetition::is_cycle`]`(earlier, next)`, asked only when [`CycleFilter::may_repeat`]:
    /// the same answer, given that every position of `earlier` since the last capture was
    /// pushed, in order.
    #[inline]
    pub fn is_cycle(&self, repetition: Repetition, earlier: &[Position], next: &Position) -> bool {
        self.may_repeat(next) && repetition.is_cycle(earlier, next)
    }

    /// [`CycleFilter::is_cycle`], then, when it is no cycle, [`CycleFilter::push`]`(next)`:
    /// `next` is the position the following move is played from. One hash of `next` for both.
    #[inline]
    pub fn is_cycle_then_push(
        &mut self,
        repetition: Repetition,
        earlier: &[Position],
        next: &Position,
    ) -> bool {
        let (word, bit) = CycleFilter::slot(next);
        let seeds = next.seeds_on_board();
        if seeds != self.seeds {
            // A capture: no earlier position can repeat (see `push`).
            self.bits = [0; 8];
            self.seeds = seeds;
        } else if self.bits[word] & bit != 0 && repetition.is_cycle(earlier, next) {
            return true;
        }
        self.bits[word] |= bit;
        false
    }
}

named_enum!(CycleSeeds, "cycle seeds rule", OwnRow => "own-row", Even => "even");

/// A complete rule set. `Rules::default()` is abapa.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Rules {
    /// The grand slam rule.
    pub grand_slam: GrandSlam,
    /// When a cycle ends the game.
    pub repetition: Repetition,
    /// How the seeds left are allocated after a cycle.
    pub cycle_seeds: CycleSeeds,
}

impl Rules {
    /// Abapa, all defaults: grand slam captures nothing, third repetition, own row.
    pub const ABAPA: Rules = Rules {
        grand_slam: GrandSlam::NoCapture,
        repetition: Repetition::Third,
        cycle_seeds: CycleSeeds::OwnRow,
    };
    /// As PlayStrategy and Aualé play (and the reference vectors): abapa with cycles ending at the
    /// first repeat.
    pub const PLAYSTRATEGY: Rules = Rules {
        grand_slam: GrandSlam::NoCapture,
        repetition: Repetition::First,
        cycle_seeds: CycleSeeds::OwnRow,
    };
    /// The Olympiad "Awari" rules solved by Romein & Bal: grand slam illegal unless forced, third
    /// repetition, seeds split evenly.
    pub const AWARI: Rules = Rules {
        grand_slam: GrandSlam::Illegal,
        repetition: Repetition::Third,
        cycle_seeds: CycleSeeds::Even,
    };

    /// The named presets.
    pub const PRESETS: &'static [(&'static str, Rules)] = &[
        ("abapa", Rules::ABAPA),
        ("playstrategy", Rules::PLAYSTRATEGY),
        ("awari", Rules::AWARI),
    ];

    /// The preset with this name, if any.
    pub fn preset(name: &str) -> Option<Rules> {
        let name = name.trim().to_ascii_lowercase();
        Rules::PRESETS
            .iter()
            .find(|(n, _)| *n == name)
            .map(|&(_, r)| r)
    }

    /// Every rule set: each grand-slam rule with each repetition rule and each cycle-seed rule,
    /// in the order of their `ALL` lists.
    pub fn every() -> impl Iterator<Item = Rules> {
        GrandSlam::ALL.iter().flat_map(|&grand_slam| {
            Repetition::ALL.iter().flat_map(move |&repetition| {
                CycleSeeds::ALL.iter().map(move |&cycle_seeds| Rules {
                    grand_slam,
                    repetition,
                    cycle_seeds,
                })
            })
        })
    }

    /// The name of the preset equal to these rules, if any.
    pub fn preset_name(&self) -> Option<&'static str> {
        Rules::PRESETS
            .iter()
            .find(|(_, r)| r == self)
            .map(|&(n, _)| n)
    }
}

/// Error from parsing rules or one of their options.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseRulesError(String);

impl fmt::Display for ParseRulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ParseRulesError {}

impl fmt::Display for Rules {
    /// A preset's name where the rules equal one, otherwise
    /// `grand-slam=…,repetition=…,cycle-seeds=…`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.preset_name() {
            Some(name) => f.write_str(name),
            None => write!(
                f,
                "grand-slam={},repetition={},cycle-seeds={}",
                self.grand_slam, self.repetition, self.cycle_seeds
            ),
        }
    }
}

impl FromStr for Rules {
    type Err = ParseRulesError;

    /// Parses a preset name, `key=value` options, or a preset followed by options, separated by
    /// commas: `awari`, `grand-slam=illegal,repetition=first`, `abapa,repetition=first`.
    fn from_str(s: &str) -> Result<Rules, ParseRulesError> {
        let mut rules = Rules::default();
        if s.trim().is_empty() {
            return Err(ParseRulesError("empty rules".into()));
        }
        for (i, part) in s.split(',').map(str::trim).enumerate() {
            match part.split_once('=') {
                None if i == 0 => {
                    rules = Rules::preset(part).ok_or_else(|| {
                        ParseRulesError(format!(
                            "unknown rules preset '{part}' (expected abapa, playstrategy or awari)"
                        ))
                    })?;
                }
                None => {
                    return Err(ParseRulesError(format!(
                        "expected key=value in rules, found '{part}'"
                    )))
                }
                Some((key, value)) => match key.trim().to_ascii_lowercase().replace('_', "-").as_str() {
                    "grand-slam" => rules.grand_slam = value.parse()?,
                    "repetition" => rules.repetition = value.parse()?,
                    "cycle-seeds" => rules.cycle_seeds = value.parse()?,
                    other => {
                        return Err(ParseRulesError(format!(
                            "unknown rules option '{other}' (expected grand-slam, repetition or cycle-seeds)"
                        )))
                    }
                },
            }
        }
        Ok(rules)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The filtered cycle test answers as `Repetition::is_cycle` at every ply of random games
    /// from positions with few seeds (many cycles), under both repetition rules.
    #[test]
    fn cycle_filter_agrees_with_is_cycle() {
        use crate::{fen, Move};
        let starts = [
            Position::start(),
            fen::parse("1-0-0-0-0-0-1-0-0-0-0-0-23-23-S").unwrap(),
            fen::parse("2-1-0-0-1-0-0-1-1-0-0-2-20-20-N").unwrap(),
            fen::parse("0-0-1-3-0-1-1-2-0-0-0-0-19-21-S").unwrap(),
        ];
        let mut state = 0x853c_49e6_748f_ea9bu64;
        let (mut cycles, mut asked, mut scanned) = (0, 0, 0);
        for &repetition in Repetition::ALL {
            let rules = Rules {
                repetition,
                ..Rules::default()
            };
            for g in 0..4000 {
                let mut pos = starts[g % starts.len()];
                let mut earlier = Vec::new();
                let mut filter = CycleFilter::new();
                // The same filter kept by `is_cycle_then_push`.
                let mut merged = CycleFilter::new();
                merged.push(&pos);
                while earlier.len() < 300 {
                    let legal = pos.legal_moves(&rules);
                    if legal.is_empty() {
                        break;
                    }
                    state ^= state << 13;
                    state ^= state >> 7;
                    state ^= state << 17;
                    let m: Move = legal[(state % legal.len() as u64) as usize];
                    earlier.push(pos);
                    filter.push(&pos);
                    pos = pos.play_unchecked(m, &rules);
                    let want = repetition.is_cycle(&earlier, &pos);
                    assert_eq!(filter.is_cycle(repetition, &earlier, &pos), want);
                    assert_eq!(merged.is_cycle_then_push(repetition, &earlier, &pos), want);
                    if !want {
                        let mut pushed = filter.clone();
                        pushed.push(&pos);
                        assert_eq!(merged, pushed);
                    }
                    asked += 1;
                    scanned += usize::from(filter.may_repeat(&pos));
                    if want {
                        cycles += 1;
                        break;
                    }
                }
            }
        }
        assert!(cycles > 1000, "{cycles}");
        // The filter spares most scans.
        assert!(scanned * 5 < asked, "{scanned} of {asked}");
    }

    #[test]
    fn presets_round_trip() {
        for &(name, rules) in Rules::PRESETS {
            assert_eq!(rules.to_string(), name);
            assert_eq!(name.parse::<Rules>().unwrap(), rules);
        }
    }

    #[test]
    fn custom_rules_round_trip() {
        let every: Vec<Rules> = Rules::every().collect();
        let combinations = GrandSlam::ALL.len() * Repetition::ALL.len() * CycleSeeds::ALL.len();
        assert_eq!(every.len(), combinations);
        for (i, rules) in every.iter().enumerate() {
            assert!(!every[..i].contains(rules), "{rules} twice");
            assert_eq!(rules.to_string().parse::<Rules>().unwrap(), *rules);
        }
        assert_eq!(
            "abapa,repetition=first".parse::<Rules>().unwrap(),
            Rules::PLAYSTRATEGY
        );
    }

    #[test]
    fn bad_rules_are_errors() {
        assert!("abapaa".parse::<Rules>().is_err());
        assert!("grand-slam=maybe".parse::<Rules>().is_err());
        assert!("abapa,colour=red".parse::<Rules>().is_err());
        assert!("".parse::<Rules>().is_err());
    }
}
