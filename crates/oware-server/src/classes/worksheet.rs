//! Printable worksheets (issue 56): counting exercises made like the counting trainer's
//! questions (a pit of South's row with the level's number of seeds, small numbers
//! elsewhere), every board checked by the rules core (`Position`'s parser: 48 seeds in all)
//! and every answer computed by it (`oware_lessons::count`); and puzzles of the shipped set,
//! by theme. The same level, theme and sheet number give the same sheet.

use oware_core::Position;
use oware_protocol::{CountExercise, SheetPuzzle, Worksheet, WorksheetQuery};
use oware_puzzles::{Puzzle, Theme};

use super::ClassError;

/// Counting exercises on a sheet.
pub const COUNTING_PER_SHEET: usize = 8;
/// Puzzles on a sheet.
pub const PUZZLES_PER_SHEET: usize = 4;
/// The counting trainer's seeds in the pit to sow, by level (1 to 4).
pub const LEVEL_SEEDS: [(u8, u8); 4] = [(1, 5), (4, 11), (8, 16), (12, 22)];
/// The highest sheet number.
pub const SHEETS_MAX: u32 = 1_000_000;

/// SplitMix64: a small deterministic generator (the sheet's number is its seed).
struct Mix(u64);

impl Mix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number from `lo` to `hi`, both included.
    fn range(&mut self, lo: u8, hi: u8) -> u8 {
        lo + (self.next() % u64::from(hi - lo + 1)) as u8
    }
}

/// One counting exercise of `level` from `mix`, or `None` when the board drawn is not one the
/// rules allow or the pit cannot be sown (the caller draws again).
fn exercise(level: u8, mix: &mut Mix) -> Option<CountExercise> {
    let (lo, hi) = LEVEL_SEEDS[usize::from(level.clamp(1, 4)) - 1];
    let mut pits = [0u8; 12];
    for p in &mut pits {
        *p = mix.range(0, 4);
    }
    let pit = usize::from(mix.range(0, 5));
    pits[pit] = mix.range(lo, hi);
    if pits[6..].iter().all(|&n| n == 0) {
        pits[6 + usize::from(mix.range(0, 5))] = 1;
    }
    // At most 48 seeds: take from the other pits, largest first, until it fits.
    while pits.iter().map(|&n| u32::from(n)).sum::<u32>() > 48 {
        let (i, _) = pits
            .iter()
            .enumerate()
            .filter(|&(i, &n)| i != pit && n > 0)
            .max_by_key(|&(_, &n)| n)?;
        pits[i] -= 1;
    }
    let rest = 48 - pits.iter().map(|&n| u32::from(n)).sum::<u32>();
    let south = rest / 2;
    let text = format!(
        "{}-{}-{}-S",
        pits.map(|n| n.to_string()).join("-"),
        south,
        rest - south
    );
    let position: Position = text.parse().ok()?;
    let answer = oware_lessons::count(&position, pit)?;
    Some(CountExercise {
        pits: pits.to_vec(),
        pit: char::from(b'A' + pit as u8),
        landing: answer.landing,
        seeds: answer.seeds,
    })
}

/// The sheet `q` asks for, its puzzles drawn from `puzzles` (the shipped set).
pub fn worksheet(q: &WorksheetQuery, puzzles: &[Puzzle]) -> Result<Worksheet, ClassError> {
    let level = q.level.unwrap_or(1);
    if !(1..=4).contains(&level) {
        return Err(super::invalid("bad-level", "a counting level is 1 to 4"));
    }
    let sheet = q.sheet.unwrap_or(1);
    if !(1..=SHEETS_MAX).contains(&sheet) {
        return Err(super::invalid(
            "bad-sheet",
            format!("a sheet's number is 1 to {SHEETS_MAX}"),
        ));
    }
    let theme = match q.theme.as_deref() {
        None | Some("") => None,
        Some(t) => Some(t.parse::<Theme>().map_err(|_| {
            super::invalid(
                "bad-theme",
                format!(
                    "a puzzle theme is one of {}",
                    Theme::ALL.map(Theme::name).join(", ")
                ),
            )
        })?),
    };
    let mut mix = Mix(u64::from(sheet) << 8 | u64::from(level));
    let mut counting = Vec::with_capacity(COUNTING_PER_SHEET);
    // Nearly every draw is a valid board; the bound keeps a bad one from looping.
    for _ in 0..COUNTING_PER_SHEET * 50 {
        if counting.len() == COUNTING_PER_SHEET {
            break;
        }
        if let Some(e) = exercise(level, &mut mix) {
            counting.push(e);
        }
    }
    let pool: Vec<&Puzzle> = puzzles
        .iter()
        .filter(|p| theme.is_none_or(|t| p.themes.contains(&t)))
        .collect();
    let mut picked = Vec::new();
    if !pool.is_empty() {
        let start = (mix.next() % pool.len() as u64) as usize;
        let step = 1 + (mix.next() % pool.len() as u64) as usize;
        for k in 0..PUZZLES_PER_SHEET.min(pool.len()) {
            let i = (start + k * step) % pool.len();
            let p = pool[i];
            if picked.iter().any(|x: &SheetPuzzle| x.id == p.id) {
                continue;
            }
            let stores = p.position.stores();
            picked.push(SheetPuzzle {
                id: p.id.clone(),
                pits: p.position.pits().to_vec(),
                stores: vec![stores.south, stores.north],
                solver: if p.solver() == oware_core::Side::South {
                    'S'
                } else {
                    'N'
                },
                themes: p.themes.iter().map(|t| t.name().to_string()).collect(),
                line: p.line_text(),
            });
        }
    }
    Ok(Worksheet {
        level,
        theme: theme.map(|t| t.name().to_string()),
        sheet,
        counting,
        puzzles: picked,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_exercise_is_a_legal_board_with_the_cores_answer() {
        for level in 1..=4u8 {
            for sheet in 1..=200u32 {
                let q = WorksheetQuery {
                    level: Some(level),
                    theme: None,
                    sheet: Some(sheet),
                };
                let w = worksheet(&q, &[]).unwrap();
                assert_eq!(w.counting.len(), COUNTING_PER_SHEET);
                for e in &w.counting {
                    let seeds: u32 = e.pits.iter().map(|&n| u32::from(n)).sum();
                    assert!(seeds <= 48, "{e:?}");
                    let pit = (e.pit as u8 - b'A') as usize;
                    let (lo, hi) = LEVEL_SEEDS[usize::from(level) - 1];
                    assert!((lo..=hi).contains(&e.pits[pit]), "{e:?}");
                    // The answer again, counted by hand: sow from the pit, skipping it.
                    let mut board = e.pits.clone();
                    let mut n = board[pit];
                    board[pit] = 0;
                    let mut at = pit;
                    while n > 0 {
                        at = (at + 1) % 12;
                        if at == pit {
                            continue;
                        }
                        board[at] += 1;
                        n -= 1;
                    }
                    let letter = if at < 6 {
                        (b'A' + at as u8) as char
                    } else {
                        (b'a' + (at - 6) as u8) as char
                    };
                    assert_eq!((e.landing, e.seeds), (letter, board[at]), "{e:?}");
                }
            }
        }
    }

    #[test]
    fn the_same_sheet_twice_and_bad_queries() {
        let q = WorksheetQuery {
            level: Some(3),
            theme: None,
            sheet: Some(7),
        };
        assert_eq!(worksheet(&q, &[]).unwrap(), worksheet(&q, &[]).unwrap());
        let bad = WorksheetQuery {
            level: Some(5),
            ..q.clone()
        };
        assert!(worksheet(&bad, &[]).is_err());
        let bad = WorksheetQuery {
            theme: Some("nonsense".into()),
            ..q
        };
        assert!(worksheet(&bad, &[]).is_err());
    }
}
