//! Themes read off a puzzle's line, and the starting rating.

use std::fmt;
use std::str::FromStr;

use oware_core::{Move, Position, Rules, Setup, Side};

use crate::judge::{Method, DECISIVE};

/// What a puzzle is about. Several may apply.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Theme {
    /// A solver move captures from two pits or more in one chain.
    CaptureChain,
    /// A move of the line is a grand slam (under abapa it captures nothing), or the first
    /// position offers one that the solution avoids.
    GrandSlam,
    /// Somewhere in the line a player must feed an opponent whose row is empty.
    FeedingForced,
    /// A solver move sows 12 seeds or more: the pit goes round the board.
    BigPit,
    /// Proven by the endgame tables, and the solution wins the game.
    EndgameExact,
    /// The opponent threatens a capture; the solution is a quiet move that takes the threat
    /// away (or makes it smaller).
    Defend,
    /// A position of the line comes back: play goes round in a cycle.
    Cycle,
}

impl Theme {
    /// Every theme, in the order files list them.
    pub const ALL: [Theme; 7] = [
        Theme::CaptureChain,
        Theme::GrandSlam,
        Theme::FeedingForced,
        Theme::BigPit,
        Theme::EndgameExact,
        Theme::Defend,
        Theme::Cycle,
    ];

    /// The theme's name in files and on the command line.
    pub const fn name(self) -> &'static str {
        match self {
            Theme::CaptureChain => "capture-chain",
            Theme::GrandSlam => "grand-slam",
            Theme::FeedingForced => "feeding-forced",
            Theme::BigPit => "big-pit",
            Theme::EndgameExact => "endgame-exact",
            Theme::Defend => "defend",
            Theme::Cycle => "cycle",
        }
    }
}

impl fmt::Display for Theme {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Theme {
    type Err = String;
    fn from_str(s: &str) -> Result<Theme, String> {
        Theme::ALL
            .into_iter()
            .find(|t| t.name() == s.trim())
            .ok_or_else(|| {
                format!(
                    "unknown theme '{s}' (expected one of: {})",
                    Theme::ALL.map(Theme::name).join(", ")
                )
            })
    }
}

/// The most seeds any legal move of `pos` captures.
fn best_capture(pos: &Position, rules: &Rules) -> u8 {
    let me = pos.turn();
    pos.legal_moves(rules)
        .iter()
        .map(|&m| pos.play_unchecked(m, rules).store(me) - pos.store(me))
        .max()
        .unwrap_or(0)
}

/// `pos` with the other side to move (as if the mover passed), if the rules allow it.
fn passed(pos: &Position) -> Option<Position> {
    let s = pos.to_setup();
    Position::from_setup(&Setup {
        turn: s.turn.other(),
        ..s
    })
    .ok()
}

/// Whether the first solver move is a capture that takes the most seeds of any legal move: the
/// move a greedy player would find.
pub(crate) fn is_greedy(pos: &Position, first: Move, rules: &Rules) -> bool {
    let me = pos.turn();
    let took = pos.play_unchecked(first, rules).store(me) - pos.store(me);
    took > 0 && took == best_capture(pos, rules)
}

/// The themes of the line `line` (legal from `position`, solver first) proven by `proof`,
/// whose first move is worth `value` (the judge's scale), in [`Theme::ALL`]'s order.
pub fn detect_themes(
    position: &Position,
    line: &[Move],
    proof: Method,
    value: i32,
    rules: &Rules,
) -> Vec<Theme> {
    let mut found = Vec::new();
    let solver: Side = position.turn();
    let mut pos = *position;
    let mut seen = vec![pos];
    let must_feed = |p: &Position| p.row_seeds(p.turn().other()) == 0 && p.outcome(rules).is_none();
    if must_feed(&pos) {
        found.push(Theme::FeedingForced);
    }
    if let Some(&first) = line.first() {
        let tempting = pos
            .legal_moves(rules)
            .iter()
            .any(|&m| m != first && pos.is_grand_slam(m));
        if tempting {
            found.push(Theme::GrandSlam);
        }
        // Defend: a threat if the solver passed, a quiet first move, a smaller threat after it.
        if let Some(pass) = passed(&pos) {
            let threat = best_capture(&pass, rules);
            let after = pos.play_unchecked(first, rules);
            let quiet = after.store(solver) == pos.store(solver);
            if threat >= 2 && quiet && best_capture(&after, rules) < threat {
                found.push(Theme::Defend);
            }
        }
    }
    for (i, &m) in line.iter().enumerate() {
        let Ok(detail) = pos.explain(m, rules) else {
            break;
        };
        if detail.grand_slam {
            found.push(Theme::GrandSlam);
        }
        if i % 2 == 0 {
            if detail.captured_pits.len() >= 2 {
                found.push(Theme::CaptureChain);
            }
            if detail.sown.len() >= 12 {
                found.push(Theme::BigPit);
            }
        }
        pos = detail.after;
        if seen.contains(&pos) {
            found.push(Theme::Cycle);
        }
        seen.push(pos);
        if must_feed(&pos) {
            found.push(Theme::FeedingForced);
        }
    }
    if matches!(proof, Method::Tables { .. }) && value >= DECISIVE {
        found.push(Theme::EndgameExact);
    }
    found.sort();
    found.dedup();
    found
}

/// The deepest search [`starting_rating`]'s `find_depth` looks at; a solution not found by
/// then counts as found one ply deeper.
pub const FIND_DEPTH: u32 = 12;

/// A puzzle's starting rating (1500 the middle of the scale), from how deep a search must look
/// before it plays the solution and keeps it (`find_depth`, 1 to [`FIND_DEPTH`] + 1), the
/// solver moves of the line, whether the first move captures nothing (`quiet`) and whether it
/// is the greediest capture (`greedy`). Clamped to 600–2400.
pub fn starting_rating(find_depth: u32, solver_moves: usize, quiet: bool, greedy: bool) -> u32 {
    let r = 900
        + 80 * find_depth.min(FIND_DEPTH + 1)
        + 120 * (solver_moves.clamp(1, 10) as u32 - 1)
        + if quiet { 150 } else { 0 }
        + if greedy { 0 } else { 100 };
    r.clamp(600, 2400)
}

/// The part of the starting rating the deep check adds ([`crate::DeepReport`]): 50 for every
/// plausible reply of the opponent beyond the first (each one the solver must have seen through),
/// and, when the exact prover proved the solution wins, 20 for every ply its proof goes past
/// the line's end (at most 15): a win that lies deeper than the moves shown is harder to see.
pub fn deep_bonus(plausible_replies: usize, proof_plies: Option<u32>, line_plies: usize) -> u32 {
    let replies = 50 * (plausible_replies.clamp(1, 6) as u32 - 1);
    let beyond = proof_plies.map_or(0, |d| d.saturating_sub(line_plies as u32 - 1).min(15));
    replies + 20 * beyond
}
