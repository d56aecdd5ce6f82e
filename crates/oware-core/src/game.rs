use crate::movetext::MoveText;
use crate::{AgreementError, EndReason, Move, MoveList, Outcome, PlayError, Position, Rules};

/// A game: a start position, the moves played, the positions they led to, and how it ended.
///
/// `Game` owns the history, so it is where cycles are detected: the game ends when the position
/// after a move (pits, stores, side to move) has occurred before — once before under
/// [`crate::Repetition::First`], twice before under [`crate::Repetition::Third`]. Positions before a capture
/// never match later ones, since the stores differ.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Game {
    rules: Rules,
    moves: Vec<Move>,
    positions: Vec<Position>,
    outcome: Option<Outcome>,
}

impl Game {
    /// A new game from the start position.
    pub fn new(rules: Rules) -> Game {
        Game::from_position(Position::start(), rules)
    }

    /// A new game from `start`.
    pub fn from_position(start: Position, rules: Rules) -> Game {
        Game {
            rules,
            moves: Vec::new(),
            positions: vec![start],
            outcome: start.outcome(&rules),
        }
    }

    /// The rules of this game.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The start position.
    pub fn start(&self) -> &Position {
        &self.positions[0]
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        self.positions
            .last()
            .expect("a game always has its start position")
    }

    /// The moves played.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The moves played, as text (each letter for the side that played it).
    pub fn move_texts(&self) -> Vec<MoveText> {
        self.moves
            .iter()
            .zip(&self.positions)
            .map(|(&m, p)| MoveText::new(p.turn(), m))
            .collect()
    }

    /// Every position from the start to the current one (one more than the moves).
    pub fn positions(&self) -> &[Position] {
        &self.positions
    }

    /// How the game ended, or `None` while it goes on.
    pub fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// The legal moves: none once the game is over.
    pub fn legal_moves(&self) -> MoveList {
        if self.is_over() {
            MoveList::new()
        } else {
            self.position().legal_moves(&self.rules)
        }
    }

    /// Plays `m`; on error nothing changes.
    pub fn play(&mut self, m: Move) -> Result<&Position, PlayError> {
        if self.is_over() {
            return Err(PlayError::GameOver);
        }
        let next = self.position().play(m, &self.rules)?;
        self.moves.push(m);
        self.positions.push(next);
        let earlier = &self.positions[..self.positions.len() - 1];
        self.outcome = next.outcome(&self.rules).or_else(|| {
            self.rules
                .repetition
                .is_cycle(earlier, &next)
                .then(|| next.cycle_outcome(&self.rules))
        });
        Ok(self.position())
    }

    /// Plays a move given as text, checked by [`MoveText::to_move`]: the letter belongs to the
    /// side to move and a capture suffix is the count the move captures.
    pub fn play_text(&mut self, m: &MoveText) -> Result<&Position, PlayError> {
        if self.is_over() {
            return Err(PlayError::GameOver);
        }
        let mv = m.to_move(self.position(), &self.rules)?;
        self.play(mv)
    }

    /// Ends the game by the players' agreement that it has become an endless cycle (the
    /// opponent accepted a proposal): each player takes the seeds on their own row, with reason
    /// [`EndReason::AgreedCycle`]. Allowed only while the game goes on and both rows hold
    /// seeds; on error nothing changes. See [`Position::agreed_cycle_outcome`].
    pub fn agree_cycle(&mut self) -> Result<Outcome, AgreementError> {
        if self.is_over() {
            return Err(AgreementError::GameOver);
        }
        let outcome = self.position().agreed_cycle_outcome(&self.rules)?;
        self.outcome = Some(outcome);
        Ok(outcome)
    }

    /// Whether the game was ended by the players' agreement ([`Game::agree_cycle`]).
    pub fn is_agreed_cycle(&self) -> bool {
        self.outcome
            .is_some_and(|o| o.reason == EndReason::AgreedCycle)
    }

    /// Takes back the last move; `None` at the start. A game ended by agreement is open again
    /// afterwards, like any other (the position before a move was never over).
    pub fn undo(&mut self) -> Option<Move> {
        let m = self.moves.pop()?;
        self.positions.pop();
        self.outcome = None;
        // The position before an accepted move was never over.
        Some(m)
    }

    /// The game cut back to its first `ply` moves (all of them if `ply` is larger, and then
    /// an ending by agreement is kept).
    pub fn truncated(&self, ply: usize) -> Game {
        let mut g = Game::from_position(*self.start(), self.rules);
        for &m in self.moves.iter().take(ply) {
            g.play(m).expect("moves of a game replay");
        }
        if ply >= self.moves.len() && self.is_agreed_cycle() {
            g.outcome = self.outcome;
        }
        g
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{fen, rules::CycleSeeds, EndReason, Score, Side};

    /// Two lone seeds chasing each other round the board cycle with period 12 plies.
    fn cycling_game(rules: Rules) -> Game {
        let start = fen::parse("1-0-0-0-0-0-1-0-0-0-0-0-23-23-S").unwrap();
        let mut g = Game::from_position(start, rules);
        while !g.is_over() {
            let m = g.legal_moves()[0];
            g.play(m).unwrap();
            assert!(g.moves().len() < 100);
        }
        g
    }

    #[test]
    fn first_and_third_repetition() {
        let g = cycling_game(Rules::PLAYSTRATEGY);
        assert_eq!(g.outcome().unwrap().reason, EndReason::Cycle);
        let first_len = g.moves().len();
        let g3 = cycling_game(Rules::ABAPA);
        assert_eq!(g3.outcome().unwrap().reason, EndReason::Cycle);
        assert!(g3.moves().len() > first_len);
    }

    #[test]
    fn even_split_gives_halves() {
        let rules = Rules {
            cycle_seeds: CycleSeeds::Even,
            ..Rules::PLAYSTRATEGY
        };
        let start = fen::parse("1-0-0-0-0-0-0-0-0-0-0-0-23-24-N").unwrap();
        // North cannot move (empty row): no-feed, own row.
        let g = Game::from_position(start, rules);
        assert_eq!(g.outcome().unwrap().reason, EndReason::NoFeed);
        let start = fen::parse("2-0-0-0-0-0-1-0-0-0-0-0-22-23-S").unwrap();
        let mut g = Game::from_position(start, rules);
        while !g.is_over() {
            let m = g.legal_moves()[0];
            g.play(m).unwrap();
        }
        let o = g.outcome().unwrap();
        if o.reason == EndReason::Cycle {
            assert_eq!(o.scores.south, Score::from_halves(45 + 3 - 1 + 1));
        }
        assert_eq!(o.scores.south.halves() + o.scores.north.halves(), 96);
    }

    /// `Repetition::is_cycle` against the rule counted the plain way (every earlier position
    /// since the last capture, both sides to move), on long random games from positions with few
    /// seeds (many cycles), and given the whole history or only the positions since the capture.
    #[test]
    fn is_cycle_counts_as_the_rule_says() {
        use crate::Repetition;
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state as usize
        };
        let starts = [
            "1-0-0-0-0-0-1-0-0-0-0-0-23-23-S",
            "2-0-1-0-0-0-1-0-0-1-0-0-22-21-N",
            "1-1-0-0-0-0-0-1-1-0-0-0-22-22-S",
            "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S",
        ];
        let mut cycles = [0; 2];
        for game in 0..400 {
            let mut pos = fen::parse(starts[game % starts.len()]).unwrap();
            let mut history = vec![pos];
            let mut since_capture = 0;
            for _ in 0..300 {
                let moves = pos.legal_moves(&Rules::ABAPA);
                if moves.is_empty() {
                    break;
                }
                let after = pos.play_unchecked(moves[next() % moves.len()], &Rules::ABAPA);
                let seeds = after.seeds_on_board();
                let plain = history
                    .iter()
                    .rev()
                    .take_while(|p| p.seeds_on_board() == seeds)
                    .filter(|p| **p == after)
                    .count();
                for (k, &rule) in Repetition::ALL.iter().enumerate() {
                    let want = plain >= rule.earlier_occurrences();
                    assert_eq!(rule.is_cycle(&history, &after), want, "{after:?} {rule}");
                    assert_eq!(rule.is_cycle(&history[since_capture..], &after), want);
                    cycles[k] += usize::from(want);
                }
                if seeds != pos.seeds_on_board() {
                    since_capture = history.len();
                }
                history.push(after);
                pos = after;
            }
        }
        assert!(cycles.iter().all(|&c| c > 100), "{cycles:?}");
    }

    #[test]
    fn agreed_cycle_gives_each_row_to_its_owner() {
        // The agreement gives each row to its owner under either cycle rule.
        let start = fen::parse("3-0-4-0-5-2-1-1-6-0-2-2-10-12-S").unwrap();
        for rules in [Rules::ABAPA, Rules::AWARI] {
            let mut g = Game::from_position(start, rules);
            g.play(Move::new(5).unwrap()).unwrap();
            let pos = *g.position();
            let o = g.agree_cycle().unwrap();
            assert_eq!(o.reason, EndReason::AgreedCycle);
            for side in Side::ALL {
                assert_eq!(
                    o.scores[side],
                    Score::seeds(pos.store(side) + pos.row_seeds(side)),
                    "{side} under {rules}"
                );
            }
            assert_eq!(o.scores.south.halves() + o.scores.north.halves(), 96);
            assert_eq!(g.outcome(), Some(&o));
            assert!(g.is_over() && g.is_agreed_cycle() && g.legal_moves().is_empty());
            assert_eq!(g.play(Move::new(0).unwrap()), Err(PlayError::GameOver));
            // Kept when the whole game is copied, dropped when it is cut back.
            assert_eq!(g.truncated(1), g);
            assert!(!g.truncated(0).is_over());
        }
        assert_eq!(EndReason::AgreedCycle.name(), "agreed-cycle");
        assert_eq!("agreed-cycle".parse(), Ok(EndReason::AgreedCycle));
        for r in EndReason::ALL {
            assert_eq!(r.name().parse(), Ok(r));
        }
        assert!("agreement".parse::<EndReason>().is_err());
    }

    #[test]
    fn agreement_is_refused_with_an_empty_row() {
        // North's row is empty but South can feed it: the game goes on, no agreement.
        let start = fen::parse("0-0-0-0-3-4-0-0-0-0-0-0-20-21-S").unwrap();
        let mut g = Game::from_position(start, Rules::ABAPA);
        let before = g.clone();
        let e = g.agree_cycle().unwrap_err();
        assert_eq!(e, AgreementError::EmptyRow { side: Side::North });
        assert!(e.to_string().contains("North's row is empty"), "{e}");
        assert_eq!(g, before);
        // South's row empty, North to move.
        let start = fen::parse("0-0-0-0-0-0-0-0-0-0-3-4-21-20-N").unwrap();
        let mut g = Game::from_position(start, Rules::ABAPA);
        assert_eq!(
            g.agree_cycle(),
            Err(AgreementError::EmptyRow { side: Side::South })
        );
        assert!(!g.is_over());
    }

    #[test]
    fn agreement_is_refused_once_the_game_is_over() {
        let mut g = cycling_game(Rules::ABAPA);
        let before = g.clone();
        assert_eq!(g.agree_cycle(), Err(AgreementError::GameOver));
        assert_eq!(AgreementError::GameOver.to_string(), "the game is over");
        assert_eq!(g, before);
        let mut agreed = Game::from_position(*cycling_game(Rules::ABAPA).start(), Rules::ABAPA);
        agreed.agree_cycle().unwrap();
        assert_eq!(agreed.agree_cycle(), Err(AgreementError::GameOver));
        // Over by the position alone (25 captured), with seeds on both rows.
        let won = fen::parse("1-0-0-0-0-0-1-0-0-0-0-0-25-21-S").unwrap();
        assert_eq!(
            won.agreed_cycle_outcome(&Rules::ABAPA),
            Err(AgreementError::GameOver)
        );
    }

    #[test]
    fn illegal_move_changes_nothing() {
        let mut g = Game::new(Rules::ABAPA);
        let before = g.clone();
        assert_eq!(
            g.play_text(&"a".parse().unwrap()),
            Err(PlayError::WrongSide { turn: Side::South })
        );
        assert_eq!(g, before);
        g.play(Move::new(0).unwrap()).unwrap();
        assert_eq!(g.undo(), Move::new(0));
        assert_eq!(g, before);
    }
}
