//! The computer's side of a cycle ended by agreement ([`oware_core::Game::agree_cycle`]): its
//! honest answer to a proposal, and when it proposes one itself.
//!
//! The split gives each player the seeds on their own row; for the side that answers, its
//! *margin* is its final score minus the opponent's, in seeds. The computer compares that margin
//! with what it can get by playing on:
//!
//! - A split that wins the game for it is accepted: no play does better than a win.
//! - The endgame tables, when they cover the position (and the engine has them), bound the
//!   margin under perfect play: if the computer can force more than the split, it declines; if
//!   it cannot get more whatever happens, it accepts. Under abapa a cycle's share depends on
//!   where the repetition falls, so the bounds can leave the question open; then the search
//!   decides.
//! - The search (its history counts for cycles, and a repetition on its path ends the game as
//!   the rules say) gives a score from the computer's view: a proven win declines, a proven loss
//!   accepts, and an evaluation declines only when it is at least a seed better than the split
//!   ([`EVAL_MARGIN`]): margins move by two seeds at a time, so anything less is noise.
//!
//! It proposes when a cycle is all that is left: the tables give the split exactly, or the
//! search's best line captures nothing and ends in a repetition that gives each side what the
//! split gives now.

use std::sync::atomic::AtomicBool;

use oware_core::{Game, Outcome, Position, Side};

use crate::{Engine, Limits, SearchResult, PROVEN};

/// How much better (centi-seeds) than the split's margin an evaluation must be for the
/// computer to decline: one seed, half the smallest change of a margin.
pub const EVAL_MARGIN: i32 = 100;

/// The computer's answer to a proposal to end the game as a cycle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CycleAnswer {
    /// It cannot do better than the split: the game ends by agreement.
    Accept,
    /// It can do better (or the agreement is not allowed here): play goes on.
    Decline,
}

/// What the computer knows about a position when the agreement is in question, seen by one side.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CycleView {
    /// The side this is seen by.
    pub side: Side,
    /// The split's outcome.
    pub split: Outcome,
    /// The side's margin under the split, in seeds (its final score minus the opponent's).
    pub split_margin: i32,
    /// What play can give the side: by the tables, else by the search.
    pub play: PlayValue,
}

/// What playing on gives a side.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PlayValue {
    /// The endgame tables: the side's final margin in seeds under perfect play lies in
    /// `lo..=hi` (exact when equal).
    Tables {
        /// What the side can force.
        lo: i32,
        /// What the opponent can hold it to.
        hi: i32,
    },
    /// The search: its score for the side (see the crate docs) and best line.
    Search {
        /// The score from the side's view.
        score: i32,
        /// The best line from the position (for the side to move).
        pv: Vec<oware_core::Move>,
    },
    /// The tables decide nothing and the search was not run (the split wins for the side).
    NotNeeded,
}

impl CycleView {
    /// Whether the tables settle the side's answer (accept or decline) without a search.
    fn tables_decide(&self) -> Option<CycleAnswer> {
        match self.play {
            PlayValue::Tables { lo, .. } if lo > self.split_margin => Some(CycleAnswer::Decline),
            PlayValue::Tables { hi, .. } if hi <= self.split_margin => Some(CycleAnswer::Accept),
            _ => None,
        }
    }

    /// The side's answer to a proposal.
    pub fn answer(&self) -> CycleAnswer {
        if self.split_margin > 0 {
            return CycleAnswer::Accept;
        }
        if let Some(answer) = self.tables_decide() {
            return answer;
        }
        match &self.play {
            PlayValue::Search { score, .. } => {
                if *score >= PROVEN {
                    CycleAnswer::Decline
                } else if *score <= -PROVEN || *score < 100 * self.split_margin + EVAL_MARGIN {
                    CycleAnswer::Accept
                } else {
                    CycleAnswer::Decline
                }
            }
            // Only after the split wins, or when the tables decided: not reached.
            PlayValue::Tables { .. } | PlayValue::NotNeeded => CycleAnswer::Decline,
        }
    }
}

/// The split's margin for `side`, in seeds.
fn margin(o: &Outcome, side: Side) -> i32 {
    (i32::from(o.scores[side].halves()) - i32::from(o.scores[side.other()].halves())) / 2
}

/// The tables' bounds on `side`'s final margin at `pos`, if the engine has tables covering it.
fn table_bounds(engine: &Engine, pos: &Position, side: Side) -> Option<(i32, i32)> {
    let prober = engine.egdb()?;
    let b = prober.egdb().probe(pos).ok()??;
    let (lo, hi) = if pos.turn() == side {
        (i32::from(b.lo), i32::from(b.hi))
    } else {
        (-i32::from(b.hi), -i32::from(b.lo))
    };
    let stores = i32::from(pos.store(side)) - i32::from(pos.store(side.other()));
    Some((stores + lo, stores + hi))
}

fn run_search(game: &Game, engine: &mut Engine, limits: &Limits) -> SearchResult {
    engine.search(game, limits, &AtomicBool::new(false), &mut |_| {})
}

/// How the agreement looks to `side` in `game`'s current position: the split, and what the
/// tables (when `engine` has them and they cover the position) or else a search within
/// `limits` say play would give. With `need_search` false and a split that wins for `side`,
/// nothing is searched. `None` when the agreement is not allowed (the game is over or a row is
/// empty).
fn view(
    game: &Game,
    side: Side,
    engine: &mut Engine,
    limits: &Limits,
    need_search: bool,
) -> Option<CycleView> {
    if game.is_over() {
        return None;
    }
    let pos = game.position();
    let split = pos.agreed_cycle_outcome(game.rules()).ok()?;
    let split_margin = margin(&split, side);
    let mut view = CycleView {
        side,
        split,
        split_margin,
        play: PlayValue::NotNeeded,
    };
    if let Some((lo, hi)) = table_bounds(engine, pos, side) {
        view.play = PlayValue::Tables { lo, hi };
        if lo == hi || view.tables_decide().is_some() {
            return Some(view);
        }
    }
    if split_margin > 0 && !need_search {
        return Some(view);
    }
    let r = run_search(game, engine, limits);
    let score = if pos.turn() == side {
        r.info.score
    } else {
        -r.info.score
    };
    view.play = PlayValue::Search {
        score,
        pv: r.info.pv,
    };
    Some(view)
}

/// How the agreement looks to `side` now (see the module docs): for an answer with its reasons.
/// `None` when the agreement is not allowed.
pub fn cycle_view(
    game: &Game,
    side: Side,
    engine: &mut Engine,
    limits: &Limits,
) -> Option<CycleView> {
    view(game, side, engine, limits, true)
}

/// The computer's honest answer, playing `side`, to the opponent's proposal to end `game` as a
/// cycle: [`CycleAnswer::Accept`] when it cannot do better than the split by the endgame tables
/// (if `engine` has them) or by a search within `limits`; declined otherwise, and when the
/// agreement is not allowed (the game is over or a row is empty). See the module docs.
pub fn answer_cycle_proposal(
    game: &Game,
    side: Side,
    engine: &mut Engine,
    limits: &Limits,
) -> CycleAnswer {
    view(game, side, engine, limits, false).map_or(CycleAnswer::Decline, |v| v.answer())
}

/// The depth to search for [`should_propose`] with `Limits::depth(PROPOSE_DEPTH)`: the whole
/// best line is read, which a search stopped by the clock does not give (its line is cut to
/// one move, so time-limited limits never propose without the tables); with the few seeds at
/// which a computer asks, this takes milliseconds.
pub const PROPOSE_DEPTH: u32 = 12;

/// Whether the computer, playing `side`, proposes to end `game` as a cycle: when a cycle is all
/// that is left. Search to a fixed depth ([`PROPOSE_DEPTH`]), not within a time limit. The tables (if `engine` has them and they cover the position) must give the
/// split exactly; without an exact value, the search within `limits` must find a best line that
/// captures nothing and ends in a repetition whose allocation equals the split. Never when the
/// agreement is not allowed.
pub fn should_propose(game: &Game, side: Side, engine: &mut Engine, limits: &Limits) -> bool {
    let Some(v) = view(game, side, engine, limits, true) else {
        return false;
    };
    match &v.play {
        PlayValue::Tables { lo, hi } => *lo == v.split_margin && *hi == v.split_margin,
        PlayValue::Search { pv, .. } => line_is_a_dead_cycle(game, pv, &v.split),
        PlayValue::NotNeeded => false,
    }
}

/// Whether playing `pv` in `game` captures nothing and comes back to a position of the game or
/// the line (as the search scores a cycle, whatever the repetition rule's count), where the
/// rules' cycle allocation gives the scores of `split`.
fn line_is_a_dead_cycle(game: &Game, pv: &[oware_core::Move], split: &Outcome) -> bool {
    let rules = game.rules();
    let seeds = game.position().seeds_on_board();
    let mut seen: Vec<Position> = game.positions().to_vec();
    let mut pos = *game.position();
    for &m in pv {
        match pos.play(m, rules) {
            Ok(next) if next.seeds_on_board() == seeds && next.outcome(rules).is_none() => {
                pos = next;
            }
            _ => return false,
        }
        if seen.contains(&pos) {
            return pos.cycle_outcome(rules).scores == split.scores;
        }
        seen.push(pos);
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use oware_core::{fen, Rules};

    fn game(text: &str, rules: Rules) -> Game {
        Game::from_position(fen::parse(text).unwrap(), rules)
    }

    /// Two lone seeds chasing each other: nobody can ever capture.
    const CHASE: &str = "1-0-0-0-0-0-1-0-0-0-0-0-23-23-S";

    #[test]
    fn the_search_accepts_and_proposes_a_dead_chase() {
        let g = game(CHASE, Rules::ABAPA);
        let limits = Limits::depth(16);
        for side in Side::ALL {
            let mut engine = Engine::new(1);
            assert_eq!(
                answer_cycle_proposal(&g, side, &mut engine, &limits),
                CycleAnswer::Accept,
                "{side}"
            );
            assert!(
                should_propose(&g, side, &mut Engine::new(1), &limits),
                "{side}"
            );
        }
    }

    #[test]
    fn the_search_declines_when_it_wins_seeds() {
        // South's F (2 seeds) captures North's a and b (2 each after the sowing): 4 seeds, 23
        // each, where the split gives a 21-27 loss.
        let g = game("0-0-0-0-0-2-1-1-0-0-2-0-19-23-S", Rules::ABAPA);
        let mut engine = Engine::new(1);
        let v = cycle_view(&g, Side::South, &mut engine, &Limits::depth(8)).unwrap();
        assert_eq!(v.split_margin, -6);
        assert_eq!(v.answer(), CycleAnswer::Decline);
        assert!(!should_propose(
            &g,
            Side::South,
            &mut engine,
            &Limits::depth(8)
        ));
        // North, who loses by playing on, gladly accepts.
        assert_eq!(
            answer_cycle_proposal(&g, Side::North, &mut engine, &Limits::depth(8)),
            CycleAnswer::Accept
        );
    }

    #[test]
    fn no_answer_where_no_agreement_is_allowed() {
        let mut engine = Engine::new(1);
        let limits = Limits::depth(4);
        let empty_row = game("0-0-0-0-3-4-0-0-0-0-0-0-20-21-S", Rules::ABAPA);
        for side in Side::ALL {
            assert_eq!(
                answer_cycle_proposal(&empty_row, side, &mut engine, &limits),
                CycleAnswer::Decline
            );
            assert!(!should_propose(&empty_row, side, &mut engine, &limits));
            assert!(cycle_view(&empty_row, side, &mut engine, &limits).is_none());
        }
        let mut over = game(CHASE, Rules::ABAPA);
        over.agree_cycle().unwrap();
        assert_eq!(
            answer_cycle_proposal(&over, Side::South, &mut engine, &limits),
            CycleAnswer::Decline
        );
    }
}
