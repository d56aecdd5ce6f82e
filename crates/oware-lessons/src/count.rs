//! The counting trainer's sums: where does the last seed of a pit land, and how many seeds
//! are there once the sowing is done?

use oware_core::{Move, Position, Rules};

/// The answer to a counting question.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Count {
    /// The letter of the pit where the last seed lands.
    pub landing: char,
    /// The seeds in that pit once the sowing is done (before any capture).
    pub seeds: u8,
}

/// Where the last seed of `pit` (the side to move's `0`–`5`) lands in `position`, and how many
/// seeds that pit then holds; `None` when the move cannot be played (an empty pit, the game
/// over, a row that must be fed).
pub fn count(position: &Position, pit: usize) -> Option<Count> {
    let m = Move::new(pit)?;
    let d = position.explain(m, &Rules::ABAPA).ok()?;
    let last = *d.sown.last()?;
    let seeds = usize::from(position.pit(last)) + d.sown.iter().filter(|&&p| p == last).count();
    let side = oware_core::Side::owner_of(last);
    Some(Count {
        landing: Move::ALL[last - side.first_pit()].letter(side),
        seeds: u8::try_from(seeds).unwrap_or(u8::MAX),
    })
}
