//! Classes of moves by the seeds they cost, and the thresholds that separate them.

use std::fmt;

/// The verdict on a move, from the seeds it cost against the best move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Class {
    /// The best move (or as good as it).
    Best,
    /// Less than [`INACCURACY`] below the best.
    Good,
    /// From [`INACCURACY`] to below [`MISTAKE`].
    Inaccuracy,
    /// From [`MISTAKE`] to below [`BLUNDER`].
    Mistake,
    /// [`BLUNDER`] or more, or a proven win let go.
    Blunder,
}

/// Seeds lost (in centi-seeds) from which a move is an inaccuracy: one seed. Below a seed the
/// difference is the evaluation's positional terms, which a deeper search often reverses.
pub const INACCURACY: i32 = 100;
/// From two seeds lost a move is a mistake: the smallest capture (one pit of 2) given away.
pub const MISTAKE: i32 = 200;
/// From four seeds lost a move is a blunder: two pits' worth, a chain capture given away.
pub const BLUNDER: i32 = 400;

impl Class {
    /// All classes, best first.
    pub const ALL: [Class; 5] = [
        Class::Best,
        Class::Good,
        Class::Inaccuracy,
        Class::Mistake,
        Class::Blunder,
    ];

    /// The class of a move that cost `lost` centi-seeds (0 for the best move).
    pub fn of_loss(lost: i32) -> Class {
        match lost {
            l if l <= 0 => Class::Best,
            l if l < INACCURACY => Class::Good,
            l if l < MISTAKE => Class::Inaccuracy,
            l if l < BLUNDER => Class::Mistake,
            _ => Class::Blunder,
        }
    }

    /// The class of a move that cost `lost` centi-seeds, given only when the loss passes the
    /// mistake or the blunder line by `margin` (the review's margin of error): a loss of 2.20
    /// seeds with a margin of 0.50 is an inaccuracy, 4.20 a mistake. The inaccuracy line is
    /// kept as it is.
    pub fn of_loss_with_margin(lost: i32, margin: i32) -> Class {
        match Class::of_loss(lost) {
            c if c >= Class::Mistake => Class::of_loss(lost - margin.max(0)).max(Class::Inaccuracy),
            c => c,
        }
    }

    /// `best`, `good`, `inaccuracy`, `mistake` or `blunder`.
    pub const fn name(self) -> &'static str {
        match self {
            Class::Best => "best",
            Class::Good => "good",
            Class::Inaccuracy => "inaccuracy",
            Class::Mistake => "mistake",
            Class::Blunder => "blunder",
        }
    }

    /// The annotation symbol: `?!`, `?`, `??`, or nothing for best and good moves.
    pub const fn symbol(self) -> &'static str {
        match self {
            Class::Best | Class::Good => "",
            Class::Inaccuracy => "?!",
            Class::Mistake => "?",
            Class::Blunder => "??",
        }
    }

    /// How accurate a move of this loss was, in percent: 100 for no loss, falling linearly to
    /// 0 at a blunder's [`BLUNDER`] seeds.
    pub fn accuracy(lost: i32) -> f64 {
        100.0 * (1.0 - f64::from(lost.clamp(0, BLUNDER)) / f64::from(BLUNDER))
    }
}

impl fmt::Display for Class {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn losses_fall_into_their_classes_at_the_thresholds() {
        assert_eq!(Class::of_loss(0), Class::Best);
        assert_eq!(Class::of_loss(-30), Class::Best);
        assert_eq!(Class::of_loss(99), Class::Good);
        assert_eq!(Class::of_loss(100), Class::Inaccuracy);
        assert_eq!(Class::of_loss(199), Class::Inaccuracy);
        assert_eq!(Class::of_loss(200), Class::Mistake);
        assert_eq!(Class::of_loss(400), Class::Blunder);
        assert_eq!(Class::of_loss(2400), Class::Blunder);
    }

    #[test]
    fn a_margin_of_error_gives_the_milder_class_just_past_a_line() {
        assert_eq!(Class::of_loss_with_margin(150, 50), Class::Inaccuracy);
        assert_eq!(Class::of_loss_with_margin(200, 50), Class::Inaccuracy);
        assert_eq!(Class::of_loss_with_margin(249, 50), Class::Inaccuracy);
        assert_eq!(Class::of_loss_with_margin(250, 50), Class::Mistake);
        assert_eq!(Class::of_loss_with_margin(449, 50), Class::Mistake);
        assert_eq!(Class::of_loss_with_margin(450, 50), Class::Blunder);
        assert_eq!(Class::of_loss_with_margin(99, 50), Class::Good);
        assert_eq!(Class::of_loss_with_margin(0, 50), Class::Best);
        assert_eq!(Class::of_loss_with_margin(200, 0), Class::Mistake);
    }

    #[test]
    fn accuracy_is_linear_to_a_blunder() {
        assert_eq!(Class::accuracy(0), 100.0);
        assert_eq!(Class::accuracy(200), 50.0);
        assert_eq!(Class::accuracy(900), 0.0);
    }
}
