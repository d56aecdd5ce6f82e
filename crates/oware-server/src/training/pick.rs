//! Which puzzle comes next: the nearest in rating to a target, among those of the theme asked
//! and not yet played, one of the [`NEAREST`] nearest at random; and the puzzle of the day.

use oware_puzzles::{Puzzle, Theme};

/// A next puzzle is drawn from this many of the nearest in rating (so two players of one
/// rating, or a guest who reloads, do not get the same puzzle every time).
pub(super) const NEAREST: usize = 8;

/// The first streak puzzle's rating target; each puzzle solved raises it by [`STREAK_STEP`].
pub(super) const STREAK_START: f64 = 900.0;

/// How much harder each streak puzzle is than the one before.
pub(super) const STREAK_STEP: f64 = 50.0;

/// The index of the puzzle of day `day` among `count` (`oware_puzzles::daily_index`, which
/// `oware puzzle --daily` uses too).
pub(super) fn daily(day: i64, count: usize) -> usize {
    oware_puzzles::daily_index(day, count)
}

/// The candidates for the next puzzle, nearest to `target` first: of `theme` (any without
/// one), not `skip`ped; `roll` chooses among the [`NEAREST`] nearest.
pub(super) fn nearest(
    puzzles: &[Puzzle],
    ratings: &[f64],
    theme: Option<Theme>,
    target: f64,
    skip: &dyn Fn(usize) -> bool,
    roll: u64,
) -> Option<usize> {
    let mut found: Vec<(f64, usize)> = puzzles
        .iter()
        .enumerate()
        .filter(|(i, p)| theme.is_none_or(|t| p.themes.contains(&t)) && !skip(*i))
        .map(|(i, _)| ((ratings[i] - target).abs(), i))
        .collect();
    if found.is_empty() {
        return None;
    }
    let n = found.len().min(NEAREST);
    found.select_nth_unstable_by(n - 1, |a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
    let mut near = found[..n].to_vec();
    near.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
    Some(near[(roll % n as u64) as usize].1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_daily_index_is_in_range_and_changes_with_the_day() {
        let a: Vec<usize> = (0..30).map(|d| daily(20_000 + d, 2901)).collect();
        assert!(a.iter().all(|i| *i < 2901));
        assert!(a.windows(2).filter(|w| w[0] != w[1]).count() > 25);
    }

    #[test]
    fn the_nearest_is_chosen_and_skips_are_skipped() {
        let set = oware_puzzles::shipped().unwrap();
        let ratings: Vec<f64> = set.iter().map(|p| f64::from(p.rating)).collect();
        let i = nearest(&set, &ratings, None, 2400.0, &|_| false, 0).unwrap();
        assert!(ratings[i] >= 2000.0, "{}", ratings[i]);
        let j = nearest(&set, &ratings, None, 2400.0, &|k| k == i, 0).unwrap();
        assert_ne!(i, j);
        assert!(nearest(&set, &ratings, None, 0.0, &|_| true, 0).is_none());
    }
}
