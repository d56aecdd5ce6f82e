//! What the puzzle page is sent beyond the puzzle itself (`oware_puzzles::views` builds the
//! boards, the rounds and their explanations, for the page without the network too): a rating.

use oware_protocol::PuzzleRating;

use crate::rating::RatingRow;

/// A stored rating as the protocol sends it.
pub(super) fn rating_view(r: &RatingRow) -> PuzzleRating {
    PuzzleRating {
        rating: r.rating,
        deviation: r.deviation,
        volatility: r.volatility,
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn days_are_dates() {
        assert_eq!(crate::utc_date(0), "1970-01-01");
        assert_eq!(crate::utc_date(20_454), "2026-01-01");
        assert_eq!(crate::utc_date(11_016), "2000-02-29");
    }
}
