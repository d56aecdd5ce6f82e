//! What a game's lines mean for the bot, without I/O: which side it plays ([`Setup`]), whether
//! it is to move and with which `position` and `go` ([`step`]), whether the engine's move is
//! legal ([`check_move`]) and how a draw offer is answered ([`accept_draw`]). The game task
//! (`game.rs`) does the talking.

use oware_core::movetext::{self, MoveText};
use oware_core::{fen, Game, Position, Rules, Side};

use crate::config::{DrawConfig, EngineConfig};
use crate::engine::{Go, Score};
use crate::wire::{is_correspondence, Clock, GameFull, GameState};

/// The most plies a game's move list may hold for the bridge to read it.
pub const MAX_PLIES: usize = 4000;

/// A game as the bot plays it: its side, start and rules.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Setup {
    /// The bot's side.
    pub side: Side,
    /// The initial position.
    pub start: Position,
    /// The `position` command's start: `startpos` or `fen TEXT`.
    pub start_text: String,
    /// The game's rules.
    pub rules: Rules,
    /// The clock, `None` for none.
    pub clock: Option<Clock>,
    /// The opponent's name.
    pub opponent: String,
}

impl Setup {
    /// Reads a `gameFull` for the account `me`: its side is the server's `you`, else the
    /// player named `me` (without case; an empty `me` names nobody).
    pub fn new(full: &GameFull, me: &str) -> Result<Setup, String> {
        let me = me.to_lowercase();
        let named = match (
            full.south.name.to_lowercase() == me,
            full.north.name.to_lowercase() == me,
        ) {
            _ if me.is_empty() => None,
            (true, false) => Some(Side::South),
            (false, true) => Some(Side::North),
            _ => None,
        };
        let side = match (full.you, named) {
            (Some(you), _) => you,
            (None, Some(side)) => side,
            (None, None) => return Err("the bot is not a player of this game".into()),
        };
        let opponent = match side {
            Side::South => &full.north.name,
            Side::North => &full.south.name,
        };
        let initial = full.initial.trim();
        let (start, start_text) = if initial.is_empty() || initial == "startpos" {
            (Position::start(), "startpos".to_string())
        } else {
            let p = fen::parse(initial).map_err(|e| {
                crate::client::clean(&format!(
                    "the initial position \"{}\" cannot be read: {e}",
                    crate::client::clean_to(initial, 60)
                ))
            })?;
            if p == Position::start() {
                (p, "startpos".to_string())
            } else {
                (p, format!("fen {}", fen::write(&p)))
            }
        };
        let rules = if full.rules.trim().is_empty() {
            Rules::ABAPA
        } else {
            full.rules.trim().parse().map_err(|e| {
                crate::client::clean(&format!(
                    "the rules \"{}\" cannot be read: {e}",
                    crate::client::clean_to(&full.rules, 60)
                ))
            })?
        };
        Ok(Setup {
            side,
            start,
            start_text,
            rules,
            clock: full.clock,
            opponent: crate::client::clean(opponent),
        })
    }

    /// The game after `moves` (site letters separated by spaces).
    pub fn replay(&self, moves: &str) -> Result<(Game, Vec<MoveText>), String> {
        let texts = movetext::parse_list(moves).map_err(|e| format!("bad move list: {e}"))?;
        if texts.len() > MAX_PLIES {
            return Err(format!("more than {MAX_PLIES} moves"));
        }
        let mut game = Game::from_position(self.start, self.rules);
        for (i, m) in texts.iter().enumerate() {
            game.play_text(m)
                .map_err(|e| format!("move {} ({m}) cannot be played: {e}", i + 1))?;
        }
        Ok((game, texts))
    }
}

/// What to do after a state.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Step {
    /// The game is over.
    Over,
    /// The opponent is to move (or the server has still to end a finished position).
    Wait,
    /// The bot is to move: ask the engine this, at this ply.
    Think {
        /// The number of moves played (the bot moves once per ply).
        ply: usize,
        /// The `position` line.
        position: String,
        /// The `go` limits.
        go: Go,
    },
}

/// What the bot does after `state`.
pub fn step(setup: &Setup, state: &GameState, engine: &EngineConfig) -> Result<Step, String> {
    if state.status.is_finished() {
        return Ok(Step::Over);
    }
    let (game, texts) = setup.replay(&state.moves)?;
    if game.is_over() || game.position().turn() != setup.side {
        return Ok(Step::Wait);
    }
    let mut position = format!("position {}", setup.start_text);
    if !texts.is_empty() {
        position.push_str(" moves ");
        position.push_str(&engine.move_list.write(texts.iter().map(|m| m.letter())));
    }
    let go = match setup.clock {
        None => Go::MoveTime(engine.unclocked_movetime_ms.max(1)),
        Some(c) if is_correspondence(c) => Go::MoveTime(engine.correspondence_movetime_ms.max(1)),
        Some(c) => {
            let own = |t: u64| t.saturating_sub(engine.move_overhead_ms).max(1);
            let south = state.south_time_ms.unwrap_or(0);
            let north = state.north_time_ms.unwrap_or(0);
            let (wtime, btime) = match setup.side {
                Side::South => (own(south), north),
                Side::North => (south, own(north)),
            };
            let inc = c.increment_s.saturating_mul(1000);
            Go::Clock {
                wtime,
                btime,
                winc: inc,
                binc: inc,
            }
        }
    };
    Ok(Step::Think {
        ply: texts.len(),
        position,
        go,
    })
}

/// How long the engine may take for `go`: its own time (or movetime) and the grace.
pub fn think_budget(go: &Go, side: Side, engine: &EngineConfig) -> std::time::Duration {
    let own = match *go {
        Go::Clock { wtime, btime, .. } => match side {
            Side::South => wtime,
            Side::North => btime,
        },
        Go::MoveTime(ms) => ms,
    };
    std::time::Duration::from_millis(own.saturating_add(engine.grace_ms))
}

/// The engine's move `best` checked against the game: its one letter if legal.
pub fn check_move(game: &Game, best: &str) -> Result<char, String> {
    let quoted = crate::client::clean(best);
    let text: MoveText = best
        .parse()
        .map_err(|e| format!("the engine's move {quoted:?} is not a move: {e}"))?;
    text.to_move(game.position(), game.rules())
        .map_err(|e| format!("the engine's move {quoted:?} is illegal: {e}"))?;
    Ok(text.letter())
}

/// Whether the opponent offers a draw in `state`.
pub fn draw_offered(state: &GameState, side: Side) -> bool {
    state.draw_offer == Some(side.other())
}

/// Whether a draw offer at `ply` is accepted, the engine's last score for the bot being `score`.
pub fn accept_draw(config: &DrawConfig, ply: usize, score: Option<Score>) -> bool {
    config.accept
        && ply >= config.min_ply
        && score.is_some_and(|s| s.as_cp() <= config.max_score_cp)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wire::{Player, Status};

    fn full(south: &str, north: &str, clock: Option<(u64, u64)>) -> GameFull {
        GameFull {
            id: "g1".into(),
            rated: false,
            south: Player {
                name: south.into(),
                ..Player::default()
            },
            north: Player {
                name: north.into(),
                ..Player::default()
            },
            you: None,
            clock: clock.map(|(initial_s, increment_s)| Clock {
                initial_s,
                increment_s,
            }),
            rules: "abapa".into(),
            initial: fen::write(&Position::start()),
            created_ms: 0,
            state: state(""),
        }
    }

    fn state(moves: &str) -> GameState {
        GameState {
            version: 1,
            moves: moves.into(),
            position: String::new(),
            to_move: Side::South,
            south_time_ms: Some(60_000),
            north_time_ms: Some(50_000),
            status: Status::Playing,
            end: None,
            winner: None,
            draw_offer: None,
            takeback_offer: None,
            cycle_offer: None,
        }
    }

    #[test]
    fn the_side_is_the_account_s_and_the_bot_moves_on_its_turn_only() {
        let engine = EngineConfig::default();
        let south = Setup::new(&full("Bot", "kofi", Some((60, 2))), "bot").unwrap();
        assert_eq!(south.side, Side::South);
        assert_eq!(south.opponent, "kofi");
        let Step::Think { ply, position, go } = step(&south, &state(""), &engine).unwrap() else {
            panic!("South moves first")
        };
        assert_eq!(ply, 0);
        assert_eq!(position, "position startpos");
        // The bot's own time less the overhead; the opponent's as it is.
        assert_eq!(
            go,
            Go::Clock {
                wtime: 59_700,
                btime: 50_000,
                winc: 2000,
                binc: 2000
            }
        );
        assert_eq!(step(&south, &state("F"), &engine).unwrap(), Step::Wait);
        let north = Setup::new(&full("kofi", "bot", Some((60, 2))), "BOT").unwrap();
        assert_eq!(north.side, Side::North);
        assert_eq!(step(&north, &state(""), &engine).unwrap(), Step::Wait);
        let Step::Think { ply, position, .. } = step(&north, &state("F"), &engine).unwrap() else {
            panic!("North moves second")
        };
        assert_eq!((ply, position.as_str()), (1, "position startpos moves F"));
        // Aualé's dialect: the letters joined; another engine's, one a word.
        let Step::Think { position, .. } = step(&north, &state("F f E"), &engine).unwrap() else {
            panic!("North's turn")
        };
        assert_eq!(position, "position startpos moves FfE");
        let spaced = EngineConfig {
            move_list: crate::config::MoveList::Spaced,
            ..EngineConfig::default()
        };
        let Step::Think { position, .. } = step(&north, &state("F f E"), &spaced).unwrap() else {
            panic!("North's turn")
        };
        assert_eq!(position, "position startpos moves F f E");
        assert!(Setup::new(&full("a", "b", None), "bot").is_err());
        assert!(Setup::new(&full("bot", "bot", None), "bot").is_err());
        // The server's `you` decides.
        let mut f = full("a", "b", None);
        f.you = Some(Side::North);
        assert_eq!(Setup::new(&f, "bot").unwrap().side, Side::North);
        assert_eq!(Setup::new(&f, "").unwrap().side, Side::North);
        assert!(
            Setup::new(&full("", "b", None), "").is_err(),
            "no name names a guest"
        );
    }

    #[test]
    fn a_finished_or_unreadable_state_is_not_played() {
        let engine = EngineConfig::default();
        let setup = Setup::new(&full("bot", "kofi", None), "bot").unwrap();
        let mut over = state("");
        over.status = Status::Over;
        assert_eq!(step(&setup, &over, &engine).unwrap(), Step::Over);
        assert!(step(&setup, &state("F F"), &engine).is_err(), "South twice");
        assert!(step(&setup, &state("Fz"), &engine).is_err());
        // No clock: the config's fixed time.
        let Step::Think { go, .. } = step(&setup, &state("Fc"), &engine).unwrap() else {
            panic!("South's turn")
        };
        assert_eq!(go, Go::MoveTime(2000));
        let corr = Setup::new(&full("bot", "kofi", Some((86_400, 0))), "bot").unwrap();
        let Step::Think { go, .. } = step(&corr, &state(""), &engine).unwrap() else {
            panic!("South's turn")
        };
        assert_eq!(go, Go::MoveTime(10_000));
        assert_eq!(
            think_budget(&go, Side::South, &engine),
            std::time::Duration::from_millis(15_000)
        );
    }

    #[test]
    fn another_start_position_and_rules_are_passed_on() {
        let mut f = full("bot", "kofi", None);
        assert_eq!(Setup::new(&f, "bot").unwrap().start_text, "startpos");
        f.initial = "0-0-0-0-0-1-1-0-0-0-0-0-23-23-S".into();
        f.rules = "playstrategy".into();
        let setup = Setup::new(&f, "bot").unwrap();
        assert_eq!(setup.rules, Rules::PLAYSTRATEGY);
        assert!(setup.start_text.starts_with("fen "), "{}", setup.start_text);
        f.initial = "junk".into();
        assert!(Setup::new(&f, "bot").is_err());
        f.initial = "startpos".into();
        f.rules = "junk".into();
        assert!(Setup::new(&f, "bot").is_err());
    }

    #[test]
    fn the_engine_s_move_is_checked() {
        let setup = Setup::new(&full("bot", "kofi", None), "bot").unwrap();
        let (game, _) = setup.replay("").unwrap();
        assert_eq!(check_move(&game, "F"), Ok('F'));
        assert!(check_move(&game, "f").is_err(), "North's pit");
        assert!(check_move(&game, "Z").is_err());
        assert!(check_move(&game, &"x".repeat(10_000)).unwrap_err().len() < 400);
    }

    #[test]
    fn draws_are_declined_unless_the_config_and_score_say_yes() {
        let off = DrawConfig::default();
        assert!(!accept_draw(&off, 100, Some(Score::Cp(-500))));
        let on = DrawConfig {
            accept: true,
            min_ply: 40,
            max_score_cp: 0,
        };
        assert!(accept_draw(&on, 40, Some(Score::Cp(0))));
        assert!(accept_draw(&on, 80, Some(Score::Mate(-3))));
        assert!(!accept_draw(&on, 39, Some(Score::Cp(-100))), "too early");
        assert!(!accept_draw(&on, 80, Some(Score::Cp(1))), "winning");
        assert!(!accept_draw(&on, 80, None), "no score yet");
        let mut s = state("");
        s.draw_offer = Some(Side::North);
        assert!(draw_offered(&s, Side::South));
        assert!(!draw_offered(&s, Side::North));
    }
}
