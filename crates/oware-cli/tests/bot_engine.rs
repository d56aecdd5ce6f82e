//! The bot bridge's engine driver (crate `oware-bot`) with a real `oware uci` process: the
//! handshake, `position` and `go` with clocks from the bot's side, `bestmove` checked legal,
//! a whole game of two driven engines, and the process gone after `quit`.

use std::time::Duration;

use oware_bot::config::EngineConfig;
use oware_bot::engine::{Engine, EngineCommand, Go};
use oware_bot::track::{self, Setup, Step};
use oware_bot::wire::{GameFull, GameState};
use oware_core::Side;
use serde_json::json;

fn oware_uci(level: &str) -> EngineCommand {
    EngineCommand {
        program: env!("CARGO_BIN_EXE_oware").into(),
        args: vec![
            "uci".into(),
            "--level".into(),
            level.into(),
            "--hash".into(),
            "8".into(),
        ],
    }
}

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap()
}

/// A game between `south` and `north` with a 60+1 clock, from the start: the `gameFull` line
/// of a bot's game stream as the server writes it.
fn full(south: &str, north: &str) -> GameFull {
    serde_json::from_value(json!({
        "id": "g1",
        "rated": false,
        "clock": { "initial_s": 60, "increment_s": 1 },
        "rules": "abapa",
        "south": { "name": south },
        "north": { "name": north },
        "initial": "startpos",
        "created_ms": 0,
        "state": state("", 60_000, 60_000),
    }))
    .expect("a gameFull line")
}

/// A `gameState` line: `moves` played, South to move, the clocks at `south_ms` and `north_ms`.
fn state(moves: &str, south_ms: u64, north_ms: u64) -> GameState {
    serde_json::from_value(json!({
        "version": 1,
        "moves": moves,
        "position": "",
        "to_move": "S",
        "south_time_ms": south_ms,
        "north_time_ms": north_ms,
        "status": "playing",
    }))
    .expect("a gameState line")
}

#[test]
fn oware_uci_answers_a_legal_bestmove_for_either_side_with_the_clocks() {
    runtime().block_on(async {
        let config = EngineConfig::default();
        let mut engine = Engine::start(&oware_uci("medium"), &config).await.unwrap();
        assert!(
            engine.name().to_lowercase().contains("oware"),
            "{}",
            engine.name()
        );
        assert!(engine.has_option("Repetition") && engine.has_option("GrandSlam"));
        for (south, north, moves) in [
            ("bot", "kofi", ""),
            ("kofi", "bot", "F"),
            ("bot", "kofi", "F a"),
            ("kofi", "bot", "F a C d E"),
        ] {
            let setup = Setup::new(&full(south, north), "bot").unwrap();
            engine
                .new_game(&setup.rules, Duration::from_secs(10))
                .await
                .unwrap();
            let st = state(moves, 20_000, 15_000);
            let Step::Think { position, go, .. } = track::step(&setup, &st, &config).unwrap()
            else {
                panic!("the bot's turn after {moves:?}")
            };
            assert!(matches!(go, Go::Clock { .. }), "{go:?}");
            let thought = engine
                .think(&position, &go, Duration::from_secs(30))
                .await
                .unwrap();
            let best = thought.best.expect("a move");
            let (game, _) = setup.replay(moves).unwrap();
            let letter =
                track::check_move(&game, &best).unwrap_or_else(|e| panic!("after {moves:?}: {e}"));
            let expect_upper = setup.side == Side::South;
            assert_eq!(letter.is_ascii_uppercase(), expect_upper, "{letter}");
            assert!(thought.score.is_some(), "a score from the info lines");
        }
        engine.quit().await;
    });
}

#[test]
fn two_driven_engines_play_a_whole_game_of_legal_moves() {
    runtime().block_on(async {
        let config = EngineConfig::default();
        let mut south = Engine::start(&oware_uci("easy"), &config).await.unwrap();
        let mut north = Engine::start(&oware_uci("medium"), &config).await.unwrap();
        let as_south = Setup::new(&full("s", "n"), "s").unwrap();
        let as_north = Setup::new(&full("s", "n"), "n").unwrap();
        let mut moves: Vec<String> = Vec::new();
        for _ in 0..400 {
            let text = moves.join(" ");
            let (game, _) = as_south.replay(&text).unwrap();
            if game.is_over() {
                break;
            }
            let (setup, engine) = match game.position().turn() {
                Side::South => (&as_south, &mut south),
                Side::North => (&as_north, &mut north),
            };
            let Step::Think { position, go, .. } =
                track::step(setup, &state(&text, 60_000, 60_000), &config).unwrap()
            else {
                panic!("the side to move thinks")
            };
            let thought = engine
                .think(&position, &go, Duration::from_secs(30))
                .await
                .unwrap();
            let letter = track::check_move(&game, &thought.best.expect("a move")).unwrap();
            moves.push(letter.to_string());
        }
        let (game, _) = as_south.replay(&moves.join(" ")).unwrap();
        assert!(game.is_over(), "the game ends within 400 plies: {moves:?}");
        south.quit().await;
        north.quit().await;
    });
}

#[test]
fn a_position_with_an_illegal_move_is_caught_before_the_engine() {
    let setup = Setup::new(&full("bot", "kofi"), "bot").unwrap();
    // North cannot start; a pit letter that is no pit.
    for moves in ["a", "F F", "F x"] {
        assert!(
            track::step(&setup, &state(moves, 1000, 1000), &EngineConfig::default()).is_err(),
            "{moves}"
        );
    }
}
