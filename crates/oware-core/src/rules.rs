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

    #[test]
    fn presets_round_trip() {
        for &(name, rules) in Rules::PRESETS {
            assert_eq!(rules.to_string(), name);
            assert_eq!(name.parse::<Rules>().unwrap(), rules);
        }
    }

    #[test]
    fn custom_rules_round_trip() {
        for &g in GrandSlam::ALL {
            for &r in Repetition::ALL {
                for &c in CycleSeeds::ALL {
                    let rules = Rules {
                        grand_slam: g,
                        repetition: r,
                        cycle_seeds: c,
                    };
                    assert_eq!(rules.to_string().parse::<Rules>().unwrap(), rules);
                }
            }
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
