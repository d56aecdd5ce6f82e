//! The value of a move: the engine's evaluation, an exact final margin, or a proven result.

use std::fmt;

use oware_engine::{MATE, PROVEN};

/// Values are compared on a scale clamped at this many centi-seeds either way: a proven win is
/// worth `DECISIVE`, a proven loss `-DECISIVE`, and an evaluation counts at most this much (see
/// `docs/review.md`: a lead of 12 seeds, a quarter of the seeds, decides games; what lies
/// beyond says nothing more about the result, and a deep search finds wins there that a short one
/// reports as large evaluations).
pub const DECISIVE: i32 = 1200;

/// What a move is worth to the player who plays it, from that player's point of view.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Value {
    /// The engine's evaluation in centi-seeds (100 = one seed): the expected final margin.
    Eval(i32),
    /// The final margin known exactly, in half seeds: the game ends after the move, or the
    /// endgame databases solve the position.
    Exact(i32),
    /// A proven win: the search saw the game end in this many plies (`Some`), or the endgame
    /// databases prove it (`None`, margin unknown).
    Win(Option<u32>),
    /// A proven loss, as [`Value::Win`].
    Loss(Option<u32>),
}

impl Value {
    /// A score the engine reported for the side to move of the position it searched, one ply
    /// after the move: turned to the mover's view (the ply of the move added to game ends).
    pub fn from_child_score(score: i32) -> Value {
        let mine = -score;
        if mine.abs() >= MATE - 200 {
            let plies = (MATE - mine.abs()) as u32 + 1;
            if mine > 0 {
                Value::Win(Some(plies))
            } else {
                Value::Loss(Some(plies))
            }
        } else if mine >= PROVEN {
            Value::Win(None)
        } else if mine <= -PROVEN {
            Value::Loss(None)
        } else {
            Value::Eval(mine)
        }
    }

    /// The value on the comparison scale, in centi-seeds: evaluations clamped to
    /// ±[`DECISIVE`], results as ±`DECISIVE` or 0. An exact margin counts by its result only
    /// (won, drawn, lost): within the tables a move that keeps the result costs nothing.
    pub fn scale(self) -> i32 {
        match self {
            Value::Eval(cs) => cs.clamp(-DECISIVE, DECISIVE),
            Value::Exact(h) => h.signum() * DECISIVE,
            Value::Win(_) => DECISIVE,
            Value::Loss(_) => -DECISIVE,
        }
    }

    /// Whether the value proves the mover wins.
    pub fn is_proven_win(self) -> bool {
        matches!(self, Value::Win(_)) || matches!(self, Value::Exact(h) if h > 0)
    }

    /// Whether the value is a proven result (a margin or a win or loss), not an evaluation.
    pub fn is_proven(self) -> bool {
        !matches!(self, Value::Eval(_))
    }

    /// The result a proven value gives the mover: `Some("a win")`, `"a draw"`, `"a loss"`.
    pub fn result_word(self) -> Option<&'static str> {
        match self {
            Value::Eval(_) => None,
            Value::Exact(h) if h > 0 => Some("a win"),
            Value::Exact(0) => Some("a draw"),
            Value::Exact(_) => Some("a loss"),
            Value::Win(_) => Some("a win"),
            Value::Loss(_) => Some("a loss"),
        }
    }

    /// The value for the opponent: the same position seen from the other side.
    pub fn flipped(self) -> Value {
        match self {
            Value::Eval(cs) => Value::Eval(-cs),
            Value::Exact(h) => Value::Exact(-h),
            Value::Win(p) => Value::Loss(p),
            Value::Loss(p) => Value::Win(p),
        }
    }

    /// A short machine-readable name of the kind: `eval`, `exact`, `win` or `loss`.
    pub fn kind(self) -> &'static str {
        match self {
            Value::Eval(_) => "eval",
            Value::Exact(_) => "exact",
            Value::Win(_) => "win",
            Value::Loss(_) => "loss",
        }
    }
}

/// Seeds with two decimals and a sign: `+1.50`.
pub fn seeds_text(centiseeds: i32) -> String {
    format!("{:+.2}", f64::from(centiseeds) / 100.0)
}

impl fmt::Display for Value {
    /// `+1.50` (evaluation), `+4 exact` / `-0.5 exact` / `0 exact` (final margin), `win in 7`, `win`,
    /// `loss in 4`, `loss`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Value::Eval(cs) => f.write_str(&seeds_text(cs)),
            Value::Exact(0) => f.write_str("0 exact"),
            Value::Exact(h) if h % 2 == 0 => write!(f, "{:+} exact", h / 2),
            Value::Exact(h) => write!(
                f,
                "{}{}.5 exact",
                if h < 0 { "-" } else { "+" },
                h.abs() / 2
            ),
            Value::Win(Some(p)) => write!(f, "win in {p}"),
            Value::Loss(Some(p)) => write!(f, "loss in {p}"),
            Value::Win(None) => f.write_str("win"),
            Value::Loss(None) => f.write_str("loss"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn child_scores_turn_to_the_movers_view() {
        assert_eq!(Value::from_child_score(-150), Value::Eval(150));
        // The opponent is mated in 4 plies after the move: the mover wins in 5.
        assert_eq!(Value::from_child_score(-(MATE - 4)), Value::Win(Some(5)));
        assert_eq!(Value::from_child_score(MATE - 2), Value::Loss(Some(3)));
        assert_eq!(Value::from_child_score(PROVEN + 10), Value::Loss(None));
        assert_eq!(Value::from_child_score(-(PROVEN + 10)), Value::Win(None));
    }

    #[test]
    fn scale_clamps_and_counts_results() {
        assert_eq!(Value::Eval(5000).scale(), DECISIVE);
        assert_eq!(Value::Eval(-250).scale(), -250);
        assert_eq!(Value::Exact(3).scale(), DECISIVE);
        assert_eq!(Value::Exact(0).scale(), 0);
        assert_eq!(Value::Loss(None).scale(), -DECISIVE);
    }

    #[test]
    fn values_print() {
        assert_eq!(Value::Eval(150).to_string(), "+1.50");
        assert_eq!(Value::Exact(8).to_string(), "+4 exact");
        assert_eq!(Value::Exact(-1).to_string(), "-0.5 exact");
        assert_eq!(Value::Exact(0).to_string(), "0 exact");
        assert_eq!(Value::Win(Some(7)).to_string(), "win in 7");
        assert_eq!(Value::Loss(None).to_string(), "loss");
    }
}
