//! Which puzzle comes next: one drawn at random from the puzzles of the theme asked and not yet
//! played whose rating is within a window around a target, the window widened until it holds
//! enough of them (so two players of one rating, or a guest who reloads, do not get the same
//! puzzles); and the puzzle of the day. The server's `/api/puzzle/next` and the page's puzzles
//! without the network (crates/oware-wasm) both draw with it.

use crate::{Puzzle, Theme};

/// The window's first half-width, in rating points.
pub const WINDOW: f64 = 100.0;

/// The window is doubled until it holds this many puzzles (or every one left).
pub const WINDOW_FILL: usize = 30;

/// The first streak puzzle's rating target; each puzzle solved raises it by [`STREAK_STEP`].
pub const STREAK_START: f64 = 900.0;

/// How much harder each streak puzzle is than the one before.
pub const STREAK_STEP: f64 = 50.0;

/// The next puzzle: of `theme` (any without one), not `skip`ped, drawn by `roll` among those
/// within a window around `target` that starts at ±[`WINDOW`] and doubles until it holds
/// [`WINDOW_FILL`] puzzles (or all there are).
pub fn draw(
    puzzles: &[Puzzle],
    ratings: &[f64],
    theme: Option<Theme>,
    target: f64,
    skip: &dyn Fn(usize) -> bool,
    roll: u64,
) -> Option<usize> {
    let found: Vec<(f64, usize)> = puzzles
        .iter()
        .enumerate()
        .filter(|(i, p)| theme.is_none_or(|t| p.themes.contains(&t)) && !skip(*i))
        .map(|(i, _)| ((ratings[i] - target).abs(), i))
        .collect();
    if found.is_empty() {
        return None;
    }
    let want = found.len().min(WINDOW_FILL);
    let mut half = WINDOW;
    let near = loop {
        let near: Vec<usize> = found
            .iter()
            .filter(|(d, _)| *d <= half)
            .map(|(_, i)| *i)
            .collect();
        // Ratings are finite, so the window ends up holding every puzzle.
        if near.len() >= want || !half.is_finite() {
            break near;
        }
        half *= 2.0;
    };
    if near.is_empty() {
        return None;
    }
    Some(near[(roll % near.len() as u64) as usize])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_daily_index_is_in_range_and_changes_with_the_day() {
        let a: Vec<usize> = (0..30)
            .map(|d| crate::daily_index(20_000 + d, 2901))
            .collect();
        assert!(a.iter().all(|i| *i < 2901));
        assert!(a.windows(2).filter(|w| w[0] != w[1]).count() > 25);
    }

    #[test]
    fn a_near_one_is_drawn_skips_are_skipped_and_the_draws_vary() {
        let set = crate::shipped().unwrap();
        let ratings: Vec<f64> = set.iter().map(|p| f64::from(p.rating)).collect();
        let i = draw(&set, &ratings, None, 2400.0, &|_| false, 0).unwrap();
        assert!(ratings[i] >= 1800.0, "{}", ratings[i]);
        let j = draw(&set, &ratings, None, 2400.0, &|k| k == i, 0).unwrap();
        assert_ne!(i, j);
        assert!(draw(&set, &ratings, None, 0.0, &|_| true, 0).is_none());
        // Far from every puzzle the window widens until it finds some.
        assert!(draw(&set, &ratings, None, 4000.0, &|_| false, 7).is_some());
        let drawn: std::collections::HashSet<usize> = (0..200)
            .filter_map(|r| draw(&set, &ratings, None, 1500.0, &|_| false, r))
            .collect();
        assert!(drawn.len() >= WINDOW_FILL, "{}", drawn.len());
        assert!(drawn.iter().all(|&k| (ratings[k] - 1500.0).abs() <= 400.0));
    }
}
