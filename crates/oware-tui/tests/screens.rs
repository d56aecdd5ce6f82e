//! Screens drawn into ratatui's `TestBackend` (80×24, no colour) and compared with the expected
//! text in `tests/screens/*.txt`, plus what keys, clicks and engine reports do to the state.
//!
//! To redraw the expected files after a deliberate change of the screen, run with
//! `OWARE_BLESS=1` and review the diff.

mod common;

use common::{
    check_screen, config, draw, no_tables, online_state, press, press_code, screen, sent, text_of,
    LINK, START,
};
use oware_core::{fen, Game, Move, Rules, Side};
use oware_engine::{Info, Level};
use oware_tui::app::{outcome_text, Overlay, Tone};
use oware_tui::checked::GameId;
use oware_tui::{App, Effect, EngineEvent, Opponent, Tables};
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyModifiers, MouseButton, MouseEvent, MouseEventKind};
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier};
use ratatui::Terminal;

/// A game between two people at this terminal, from `game`, without tables.
fn friends(game: Game) -> App {
    App::new(config(), Opponent::Friend, game, no_tables())
}

fn vs_easy(game: Game) -> App {
    App::new(
        config(),
        Opponent::Computer {
            level: Level::Easy,
            human: Side::South,
        },
        game,
        no_tables(),
    )
}

fn from_fen(text: &str) -> Game {
    Game::from_position(fen::parse(text).unwrap(), Rules::default())
}

/// The style of the cell showing pit `abs`'s count (bottom row South, as in these tests).
fn pit_cell_style(t: &Terminal<TestBackend>, app: &App, abs: usize) -> ratatui::style::Style {
    let area = Rect::new(0, 0, 80, 24);
    for y in 0..24 {
        for x in 0..80 {
            if oware_tui::layout::pit_at(app.bottom(), area, x, y) == Some(abs) {
                let buf = t.backend().buffer();
                // The count row of a pit: the bracket is the cell's second column.
                if buf[(x + 1, y)].symbol() == "[" {
                    return buf[(x + 2, y)].style();
                }
            }
        }
    }
    panic!("pit {abs} not found on screen");
}

#[test]
fn start_screen() {
    let mut app = vs_easy(Game::new(Rules::default()));
    let fx = app.start();
    assert!(fx.is_empty(), "South (the person) starts: nothing to think");
    check_screen(&app, "start");
}

#[test]
fn capture_screen_highlights_the_move_and_the_captured_pit() {
    // South's F (1 seed) reaches North's a (1 seed): 2 there, captured.
    let mut app = friends(from_fen("4-4-4-4-4-1-1-4-4-4-4-4-3-3-S"));
    app.start();
    assert!(press(&mut app, '6').is_empty());
    assert_eq!(app.game.position().store(Side::South), 5);
    let last = app.last.clone().unwrap();
    assert_eq!(
        (last.letter, last.captured, last.captured_pits.clone()),
        ('F', 2, vec![6])
    );
    check_screen(&app, "capture");
    let t = draw(&app, 80, 24);
    assert!(pit_cell_style(&t, &app, 6)
        .add_modifier
        .contains(Modifier::CROSSED_OUT));
    assert!(pit_cell_style(&t, &app, 5)
        .add_modifier
        .contains(Modifier::UNDERLINED));
    // With colours: the captured pit on red, the pit played on yellow.
    app.config.color = true;
    let t = draw(&app, 80, 24);
    assert_eq!(pit_cell_style(&t, &app, 6).bg, Some(Color::Red));
    assert_eq!(pit_cell_style(&t, &app, 5).bg, Some(Color::Yellow));
}

#[test]
fn illegal_pit_is_explained_and_changes_nothing() {
    let mut app = vs_easy(Game::new(Rules::default()));
    app.start();
    let fx = press(&mut app, '6');
    let Some(Effect::Think { id, level, .. }) = fx
        .iter()
        .find(|f| matches!(f, Effect::Think { .. }))
        .cloned()
    else {
        panic!("the computer must be asked to move: {fx:?}");
    };
    assert_eq!(level, Level::Easy);
    // While the computer thinks, a key is refused.
    press(&mut app, '2');
    assert_eq!(
        app.status,
        (Tone::Error, "Wait: the computer is thinking".into())
    );
    // The computer answers f.
    app.on_engine(EngineEvent::ComputerMove {
        id,
        mv: Move::new(5),
    });
    assert_eq!(app.game.moves().len(), 2);
    let before = app.game.clone();
    press(&mut app, '6');
    assert_eq!(app.game, before);
    assert_eq!(
        app.status,
        (Tone::Error, "Cannot play F: pit F is empty".into())
    );
    check_screen(&app, "illegal");
}

#[test]
fn must_feed_is_explained() {
    // North has no seeds; South's A (1 seed) does not reach them, F does.
    let mut app = friends(from_fen("1-0-0-0-0-3-0-0-0-0-0-0-22-22-S"));
    app.start();
    press(&mut app, '1');
    assert_eq!(
        app.status,
        (Tone::Error, "Cannot play A: must feed North".into())
    );
    assert!(screen(&app).contains("Cannot play A: must feed North"));
    assert!(app.game.moves().is_empty());
}

#[test]
fn analysis_pane_shows_the_live_search_and_stops() {
    let mut app = vs_easy(Game::new(Rules::default()));
    app.start();
    let fx = press(&mut app, 'a');
    let id = fx
        .iter()
        .find_map(|f| match f {
            Effect::Analyse { id, game } => {
                assert_eq!(game, &app.game);
                Some(*id)
            }
            _ => None,
        })
        .expect("an analysis is started");
    let info = Info {
        depth: 12,
        seldepth: 18,
        score: 150,
        nodes: 1_234_567,
        pv: [2, 3, 0, 5]
            .iter()
            .map(|&i| Move::new(i).unwrap())
            .collect(),
        ..Info::default()
    };
    app.on_engine(EngineEvent::Info {
        id,
        info: info.clone(),
    });
    check_screen(&app, "analysis");
    // A deeper report replaces it; a stale one (another position) is ignored.
    app.on_engine(EngineEvent::Info {
        id: id + 7,
        info: Info {
            depth: 30,
            ..info.clone()
        },
    });
    assert_eq!(app.analysis.info.as_ref().unwrap().depth, 12);
    // `a` stops it; its last report stays until the position changes.
    let fx = press(&mut app, 'a');
    assert!(matches!(fx.as_slice(), [Effect::StopAnalysis]));
    assert!(!app.analysis.running);
    assert!(screen(&app).contains("stopped (a: restart)"));
    // A report arriving after the stop changes nothing.
    app.on_engine(EngineEvent::Info {
        id,
        info: Info { depth: 13, ..info },
    });
    assert_eq!(app.analysis.info.as_ref().unwrap().depth, 12);
    let fx = press(&mut app, '1');
    assert!(matches!(fx.as_slice(), [Effect::Think { .. }]), "{fx:?}");
    assert!(app.analysis.info.is_none());
}

#[test]
fn analysis_restarts_after_a_move() {
    let mut app = friends(Game::new(Rules::default()));
    app.start();
    press(&mut app, 'a');
    let fx = press(&mut app, '3');
    assert!(
        matches!(
            fx.as_slice(),
            [Effect::StopAnalysis, Effect::Analyse { .. }]
        ),
        "{fx:?}"
    );
}

#[test]
fn end_screen_gives_the_reason_and_the_allocation() {
    // South's only move F captures 2 in a: 26 captured.
    let mut app = vs_easy(from_fen("0-0-0-0-0-1-1-1-1-0-0-0-24-20-S"));
    app.start();
    let fx = press(&mut app, '6');
    assert!(
        fx.is_empty(),
        "no move to think about after the end: {fx:?}"
    );
    assert!(app.game.is_over());
    assert_eq!(
        outcome_text(&app.game).unwrap(),
        "South wins 26-20 (South-North): 25 or more seeds captured"
    );
    check_screen(&app, "end");
    // Rematch: a new game, sides swapped, so the computer (now South) is asked to start.
    let fx = press(&mut app, 'n');
    assert!(matches!(fx.as_slice(), [Effect::Think { .. }]), "{fx:?}");
    assert_eq!(app.game.moves().len(), 0);
    assert_eq!(app.human(), Some(Side::North));
    assert_eq!(app.bottom(), Side::North);
}

#[test]
fn no_feed_end_allocates_each_row() {
    // North has no seeds and South's lone seed in A cannot reach them: over at once, each
    // keeps their row.
    let app = friends(from_fen("1-0-0-0-0-0-0-0-0-0-0-0-24-23-S"));
    let text = outcome_text(&app.game).unwrap();
    assert_eq!(
        text,
        "South wins 25-23 (South-North): South cannot move: each keeps their row's seeds"
    );
    assert!(screen(&app).contains("Game over: South wins 25-23"));
}

#[test]
fn small_terminal_gets_a_message_not_a_panic() {
    let app = vs_easy(Game::new(Rules::default()));
    for (w, h) in [(79, 24), (80, 23), (40, 10), (1, 1), (0, 0)] {
        let t = draw(&app, w, h);
        let text = text_of(&t).replace('\n', " ");
        if w >= 20 && h >= 5 {
            assert!(text.contains("needs at least 80x24"), "{w}x{h}: {text}");
        }
    }
    // Larger screens draw the game.
    assert!(text_of(&draw(&app, 120, 40)).contains(" Board "));
    // A click on a too-small screen does nothing.
    let mut app = app;
    let click = MouseEvent {
        kind: MouseEventKind::Down(MouseButton::Left),
        column: 10,
        row: 7,
        modifiers: KeyModifiers::NONE,
    };
    assert!(app.on_mouse(click, Rect::new(0, 0, 40, 10)).is_empty());
}

#[test]
fn a_click_on_a_pit_plays_it() {
    let mut app = friends(Game::new(Rules::default()));
    app.start();
    let area = Rect::new(0, 0, 80, 24);
    // Find where South's C is drawn.
    let (x, y) = (0..24)
        .flat_map(|y| (0..80).map(move |x| (x, y)))
        .find(|&(x, y)| oware_tui::layout::pit_at(app.bottom(), area, x, y) == Some(2))
        .unwrap();
    let click = |x, y| MouseEvent {
        kind: MouseEventKind::Down(MouseButton::Left),
        column: x,
        row: y,
        modifiers: KeyModifiers::NONE,
    };
    app.on_mouse(click(x, y), area);
    assert_eq!(app.game.moves(), &[Move::new(2).unwrap()]);
    // North to move: a click on South's row is refused with a reason.
    app.on_mouse(click(x, y), area);
    assert_eq!(app.game.moves().len(), 1);
    assert_eq!(app.status.0, Tone::Error);
}

#[test]
fn arrows_and_enter_play_the_selected_pit() {
    let mut app = friends(Game::new(Rules::default()));
    app.start();
    press_code(&mut app, KeyCode::Right);
    press_code(&mut app, KeyCode::Right);
    press_code(&mut app, KeyCode::Enter);
    assert_eq!(app.game.move_texts()[0].letter(), 'C');
    // North sits at the top: screen-right is towards a, their lower pits.
    press_code(&mut app, KeyCode::Right);
    let c = app.cursor;
    press_code(&mut app, KeyCode::Enter);
    assert_eq!(app.game.moves()[1].index(), c);
}

#[test]
fn undo_takes_back_the_reply_too_and_redo_replays() {
    let mut app = vs_easy(Game::new(Rules::default()));
    app.start();
    let fx = press(&mut app, '3');
    let Some(Effect::Think { id, .. }) = fx.last().cloned() else {
        panic!()
    };
    app.on_engine(EngineEvent::ComputerMove {
        id,
        mv: Move::new(0),
    });
    assert_eq!(app.game.moves().len(), 2);
    let fx = press(&mut app, 'u');
    assert!(fx.is_empty(), "back at the person's turn: {fx:?}");
    assert_eq!(app.game.moves().len(), 0);
    assert!(screen(&app).contains("Taken back (2 to redo)"));
    press(&mut app, 'r');
    assert_eq!(app.game.moves().len(), 2);
    // A late answer of an old request changes nothing.
    app.on_engine(EngineEvent::ComputerMove {
        id,
        mv: Move::new(1),
    });
    assert_eq!(app.game.moves().len(), 2);
    press(&mut app, 'u');
    assert_eq!(press(&mut app, 'u').len(), 0);
    assert_eq!(app.status, (Tone::Error, "Nothing to take back".into()));
}

#[test]
fn hint_highlights_a_pit_that_enter_plays() {
    let mut app = friends(Game::new(Rules::default()));
    app.start();
    let fx = press(&mut app, 'h');
    let Some(Effect::Hint { id, .. }) = fx.first().cloned() else {
        panic!("{fx:?}")
    };
    app.on_engine(EngineEvent::Hint {
        id,
        mv: Move::new(4),
        score: 25,
    });
    assert_eq!(app.status.1, "Hint: pit E (score +0.25); Enter plays it");
    press_code(&mut app, KeyCode::Enter);
    assert_eq!(app.game.move_texts()[0].letter(), 'E');
}

#[test]
fn save_and_open_round_trip_and_a_bad_file_changes_nothing() {
    let dir = std::env::temp_dir().join(format!("oware-tui-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("g.ogn");
    let mut app = friends(Game::new(Rules::default()));
    app.start();
    for c in ['3', '2', '6'] {
        press(&mut app, c);
    }
    let played = app.game.clone();
    // `s`, clear the proposed name, type the path, Enter.
    press(&mut app, 's');
    if let Overlay::Prompt(p) = &mut app.overlay {
        p.text.clear();
    }
    for c in path.display().to_string().chars() {
        press(&mut app, c);
    }
    press_code(&mut app, KeyCode::Enter);
    assert_eq!(app.status.0, Tone::Info, "{:?}", app.status);
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains("1. C b 2. F"), "{text}");
    press(&mut app, 'n');
    assert!(app.game.moves().is_empty());
    let fx = app.load_text("g.ogn", &text);
    assert!(fx.is_empty());
    assert_eq!(app.game, played);
    // A bad record: explained, the game unchanged.
    let bad = dir.join("bad.ogn");
    std::fs::write(&bad, "1. C C C\n").unwrap();
    app.load_text("bad.ogn", "1. C C C\n");
    assert_eq!(app.game, played);
    assert_eq!(app.status.0, Tone::Error);
    assert!(app.status.1.starts_with("bad.ogn: "), "{:?}", app.status);
    // `o` with a file that does not exist.
    press(&mut app, 'o');
    if let Overlay::Prompt(p) = &mut app.overlay {
        p.text = dir.join("missing.ogn").display().to_string();
    }
    press_code(&mut app, KeyCode::Enter);
    assert_eq!(app.game, played);
    assert!(app.status.1.starts_with("Cannot open "), "{:?}", app.status);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn copy_puts_the_position_text_on_screen_and_the_clipboard() {
    let mut app = vs_easy(Game::new(Rules::default()));
    app.start();
    let fx = press(&mut app, 'c');
    let text = "4-4-4-4-4-4-4-4-4-4-4-4-0-0-S";
    assert!(matches!(fx.as_slice(), [Effect::Copy(t)] if t == text));
    assert!(screen(&app).contains(&format!("copied   {text}")));
}

#[test]
fn help_screen_lists_rules_and_keys_and_closes() {
    let mut app = vs_easy(Game::new(Rules::default()));
    press(&mut app, '?');
    let s = screen(&app);
    assert!(s.contains("Rules in this game: abapa"), "{s}");
    assert!(s.contains("u undo, r redo"), "{s}");
    // Keys do not reach the game under the help.
    press(&mut app, '1');
    assert!(app.game.moves().is_empty());
    press_code(&mut app, KeyCode::Esc);
    assert_eq!(app.overlay, Overlay::None);
}

#[test]
fn no_color_draws_no_colour() {
    let mut app = friends(from_fen("4-4-4-4-4-1-1-4-4-4-4-4-3-3-S"));
    press(&mut app, '6');
    let t = draw(&app, 80, 24);
    let buf = t.backend().buffer();
    for cell in buf.content() {
        assert_eq!(cell.fg, Color::Reset);
        assert_eq!(cell.bg, Color::Reset);
    }
}

#[test]
fn sowing_animation_shows_the_seeds_one_by_one() {
    let mut app = friends(Game::new(Rules::default()));
    app.config.animation = true;
    press(&mut app, '3');
    let a = app.animation.clone().expect("animating");
    assert_eq!(a.pits().0[2], 0);
    assert_eq!(a.pits().0[3], 4, "no seed sown yet");
    let mut frames = 0;
    while app.tick() {
        frames += 1;
        assert!(frames < 20);
    }
    assert_eq!(frames, 4, "4 seeds, one a frame");
    assert!(app.animation.is_none());
    // A key during the animation shows the result at once.
    press(&mut app, '3');
    assert!(app.animation.is_some());
    press(&mut app, 'c');
    assert!(app.animation.is_none());
}

#[test]
fn egdb_values_per_pit_when_tables_are_present() {
    let dir = std::env::temp_dir().join(format!("oware-tui-egdb-{}", std::process::id()));
    let rules = Rules::default();
    let options = oware_egdb::BuildOptions {
        max_seeds: 4,
        threads: 1,
        memory: 0,
    };
    oware_egdb::build(&dir, &rules, &options, &mut |_| {}).unwrap();
    let (tables, prober) = Tables::open(&dir, &rules);
    assert!(
        tables.describe().ends_with("(0 to 4 seeds)"),
        "{}",
        tables.describe()
    );
    // Opened once: the engine's prober and the pane share the one handle.
    let (Tables::Present { egdb, .. }, Some(prober)) = (&tables, prober) else {
        panic!("tables present and a prober");
    };
    assert!(std::sync::Arc::ptr_eq(egdb, prober.egdb()));
    // 4 seeds on the board: South's F (1) captures a's 1, or plays A.
    let game = from_fen("1-0-0-0-0-1-1-1-0-0-0-0-24-20-S");
    let app = App::new(config(), Opponent::Friend, game.clone(), tables);
    let legal = game.legal_moves();
    for i in 0..6 {
        assert_eq!(
            app.pit_values[i].is_some(),
            legal.has(Move::new(i).unwrap()),
            "pit {i}"
        );
    }
    let s = screen(&app);
    assert!(s.contains("egdb"), "{s}");
    // Not covered: the start position shows no values.
    let app = App::new(
        config(),
        Opponent::Friend,
        Game::new(rules),
        Tables::open(&dir, &rules).0,
    );
    assert!(app.pit_values.iter().all(Option::is_none));
    std::fs::remove_dir_all(&dir).unwrap();
}

// ----- Online games (`oware play --online`): states as the server sends them -----

mod online {
    use super::*;
    use oware_tui::net::{ClaimResult, NetEvent, OfferAction, OfferKind, Request};
    use oware_tui::wire::GameState;
    use serde_json::{json, Value};
    use std::time::Duration;

    /// A state of game `0123…` after `moves` (letters), with `online` over a playing game
    /// between Ama (South) and Kofi (North), both connected, 5+3 clocks.
    fn state(version: u64, moves: &str, online: Value) -> GameState {
        let base = json!({
            "status": "playing",
            "seats": {"S": {"name": "Ama", "taken": true, "connected": true},
                      "N": {"name": "Kofi", "taken": true, "connected": true}},
            "you": null,
            "clock": {"initial_ms": 300000, "increment_ms": 3000,
                      "remaining_ms": {"S": 300000, "N": 300000}, "running": null, "as_of_ms": 1},
            "draw_offer": null, "takeback_offer": null, "rematch_offer": null, "rematch_id": null,
            "spectators": 0, "claimable_ms": null, "end": null, "winner": null
        });
        online_state(START, version, moves, base, online)
    }

    /// The terminal of the player of `seat` (`None`: a spectator) showing `s`.
    fn open(s: &GameState, seat: Option<Side>) -> App {
        App::new_online(config(), s, seat, LINK, no_tables()).unwrap()
    }

    /// Kofi's terminal (North) after Ama's first move C; North's clock is not running yet
    /// (the first two moves are free), the event stream is up.
    fn kofi() -> App {
        let mut app = open(&state(3, "C", json!({})), Some(Side::North));
        app.on_net(NetEvent::Connected);
        app
    }

    #[test]
    fn online_clock_counts_the_running_side_down_from_the_servers_figure() {
        let mut app = kofi();
        let s = state(
            5,
            "Cf",
            json!({"clock": {"initial_ms": 300000, "increment_ms": 3000,
                   "remaining_ms": {"S": 283000, "N": 300000}, "running": "S", "as_of_ms": 9}}),
        );
        assert!(app.on_net(NetEvent::State(Box::new(s))).is_empty());
        let start = app.online().unwrap().received;
        // 3.2 s later (the loop moves the time on; nothing else changes the figures).
        app.set_now(start + Duration::from_millis(3200));
        check_screen(&app, "online_clock");
        let o = app.online().unwrap();
        assert_eq!(o.remaining_ms(Side::South), Some(279_800));
        assert_eq!(o.remaining_ms(Side::North), Some(300_000), "not running");
        // Under ten seconds: tenths; never below zero (the server ends the game by time).
        app.set_now(start + Duration::from_millis(274_000));
        assert!(screen(&app).contains(" 0:09.0 "), "{}", screen(&app));
        app.set_now(start + Duration::from_secs(400));
        assert!(screen(&app).contains(" 0:00.0 "));
    }

    #[test]
    fn a_rated_game_shows_each_rating_and_the_change_at_its_end() {
        let seats = |sd: Value, nd: Value| {
            json!({"rated": true, "seats": {
                "S": {"name": "Ama", "taken": true, "connected": true, "account": true,
                      "rating": {"rating": 1500, "provisional": true, "diff": sd}},
                "N": {"name": "Kofi", "taken": true, "connected": true, "account": true,
                      "rating": {"rating": 1712, "provisional": false, "diff": nd}}}})
        };
        let mut app = open(
            &state(3, "C", seats(Value::Null, Value::Null)),
            Some(Side::North),
        );
        app.on_net(NetEvent::Connected);
        let s = screen(&app);
        assert!(s.contains("5+3 rated"), "the title says rated:\n{s}");
        assert!(s.contains("South: Ama 1500?"), "provisional with ?:\n{s}");
        assert!(
            s.contains("North: Kofi (you) 1712 "),
            "established without:\n{s}"
        );
        assert!(!s.contains("+8"), "no change before the end:\n{s}");
        // Kofi resigns: the server's last state carries each change.
        let mut over = seats(json!(8), json!(-8));
        over["status"] = json!("over");
        over["end"] = json!("resign");
        over["winner"] = json!("S");
        app.on_net(NetEvent::State(Box::new(state(4, "C", over))));
        let s = screen(&app);
        assert!(s.contains("South: Ama 1500? +8"), "{s}");
        assert!(s.contains("North: Kofi (you) 1712 -8"), "{s}");
        assert!(s.contains("North resigned"), "{s}");
        // A casual game shows no rating.
        let casual = screen(&open(&state(3, "C", json!({})), Some(Side::North)));
        assert!(
            !casual.contains("rated") && !casual.contains("1500"),
            "{casual}"
        );
    }

    #[test]
    fn a_move_is_sent_and_shown_when_the_server_answers() {
        let mut app = kofi();
        // North's pit a is key 1 (the player's row from their left).
        let fx = press(&mut app, '1');
        assert_eq!(sent(&fx), Some(&Request::Move('a')), "{fx:?}");
        assert_eq!(
            app.game.moves().len(),
            1,
            "not played before the server says so"
        );
        assert_eq!(app.status.1, "Sending a...");
        // A second key meanwhile is not sent.
        assert!(press(&mut app, '2').is_empty());
        let s = state(4, "Ca", json!({}));
        app.on_net(NetEvent::Answered {
            request: Request::Move('a'),
            state: Box::new(s),
        });
        assert_eq!(app.game.moves().len(), 2);
        assert_eq!(app.status.1, "Ama's move (South)");
        // Not the player's move now: explained, nothing sent.
        assert!(press(&mut app, '3').is_empty());
        assert_eq!(app.status, (Tone::Error, "Wait: it is Ama's move".into()));
    }

    #[test]
    fn an_illegal_pit_is_explained_by_the_core_and_a_refusal_in_the_servers_words() {
        // South sowed into North's row; North's pits after "A": all 4 except...; use a
        // position where North has an empty pit: after C f A, North's f is empty.
        let s = state(6, "CfA", json!({}));
        let mut app = open(&s, Some(Side::North));
        assert!(press(&mut app, '6').is_empty());
        assert_eq!(
            app.status,
            (Tone::Error, "Cannot play f: pit f is empty".into())
        );
        let fx = press(&mut app, '2');
        assert_eq!(sent(&fx), Some(&Request::Move('b')));
        app.on_net(NetEvent::Refused {
            request: Request::Move('b'),
            message: "the game is over".into(),
        });
        assert_eq!(app.status, (Tone::Error, "Move b: the game is over".into()));
        assert!(!app.online().unwrap().busy, "a refusal frees the keys");
        check_screen(&app, "online_refused");
    }

    #[test]
    fn an_offer_is_shown_and_answered_with_y_and_n() {
        let mut app = kofi();
        let s = state(4, "C", json!({"draw_offer": "S"}));
        app.on_net(NetEvent::State(Box::new(s)));
        assert_eq!(
            app.status,
            (Tone::Info, "Ama offers a draw: y accept, n decline".into())
        );
        check_screen(&app, "online_offer");
        let fx = press(&mut app, 'n');
        assert_eq!(
            sent(&fx),
            Some(&Request::Offer(OfferKind::Draw, OfferAction::Decline))
        );
        app.on_net(NetEvent::Refused {
            request: Request::Offer(OfferKind::Draw, OfferAction::Decline),
            message: "x".into(),
        });
        let fx = press(&mut app, 'y');
        assert_eq!(
            sent(&fx),
            Some(&Request::Offer(OfferKind::Draw, OfferAction::Accept))
        );
        // The player's own offer: d withdraws it.
        let s = state(5, "C", json!({"draw_offer": "N"}));
        app.on_net(NetEvent::Answered {
            request: Request::Offer(OfferKind::Draw, OfferAction::Offer),
            state: Box::new(s),
        });
        assert_eq!(app.status.1, "You offered a draw (d withdraws)");
        assert!(screen(&app).contains("You offered a draw: d withdraws"));
        let fx = press(&mut app, 'd');
        assert_eq!(
            sent(&fx),
            Some(&Request::Offer(OfferKind::Draw, OfferAction::Withdraw))
        );
    }

    #[test]
    fn resigning_asks_first_and_the_end_gives_the_reason() {
        let mut app = kofi();
        let s = state(5, "CfA", json!({}));
        app.on_net(NetEvent::State(Box::new(s)));
        // x, then any other key: nothing happens.
        assert!(press(&mut app, 'x').is_empty());
        assert!(app.status.1.starts_with("Resign this game? y resigns"));
        assert!(press(&mut app, 'k').is_empty());
        assert!(app.status.1.starts_with("Not resigned."));
        // A move arriving meanwhile drops the question: y then resigns nothing.
        let mut app2 = app.clone();
        assert!(press(&mut app2, 'x').is_empty());
        app2.on_net(NetEvent::State(Box::new(state(6, "CfAa", json!({})))));
        assert!(press(&mut app2, 'y').is_empty());
        assert!(press(&mut app, 'x').is_empty());
        let fx = press(&mut app, 'y');
        assert_eq!(sent(&fx), Some(&Request::Resign));
        let s = state(
            6,
            "CfA",
            json!({"status": "over", "end": "resign", "winner": "S",
                   "clock": {"initial_ms": 300000, "increment_ms": 3000,
                   "remaining_ms": {"S": 290000, "N": 271000}, "running": null, "as_of_ms": 9}}),
        );
        app.on_net(NetEvent::Answered {
            request: Request::Resign,
            state: Box::new(s),
        });
        check_screen(&app, "online_resign");
        assert_eq!(app.status.1, "Game over: Ama (South) wins: North resigned");
        // Moves are refused now, and n offers a rematch.
        assert!(press(&mut app, '1').is_empty());
        assert_eq!(app.status.0, Tone::Error);
        let fx = press(&mut app, 'n');
        assert_eq!(
            sent(&fx),
            Some(&Request::Offer(OfferKind::Rematch, OfferAction::Offer))
        );
    }

    #[test]
    fn an_absent_opponent_can_be_claimed_against_once_the_server_allows() {
        let mut app = kofi();
        let s = state(
            5,
            "Ca",
            json!({"claimable_ms": 1500,
                   "seats": {"S": {"name": "Ama", "taken": true, "connected": false},
                             "N": {"name": "Kofi", "taken": true, "connected": true}}}),
        );
        app.on_net(NetEvent::State(Box::new(s)));
        assert!(screen(&app).contains("South: Ama - away"));
        assert!(press(&mut app, 'w').is_empty(), "not yet");
        let start = app.online().unwrap().received;
        app.set_now(start + Duration::from_millis(1500));
        assert!(screen(&app).contains("Ama is away: w claims the win, = a draw"));
        let fx = press(&mut app, 'w');
        assert_eq!(sent(&fx), Some(&Request::Claim(ClaimResult::Win)));
    }

    #[test]
    fn every_end_the_server_decides_is_said_in_words() {
        let cases = [
            (
                json!({"end": "time", "winner": "N"}),
                "Kofi (North) wins",
                "South ran out of time",
            ),
            (
                json!({"end": "agreement", "winner": null}),
                "Draw",
                "drawn by agreement",
            ),
            (
                json!({"end": "abandon", "winner": "S"}),
                "Ama (South) wins",
                "North left and South claimed the win",
            ),
            (
                json!({"end": "abandon", "winner": null}),
                "Draw",
                "a player left; the other claimed a draw",
            ),
            (
                json!({"status": "aborted", "end": "aborted", "winner": null}),
                "Game aborted",
                "no result",
            ),
            (
                json!({"status": "cancelled"}),
                "Challenge cancelled",
                "the game never started",
            ),
        ];
        for (online, result, why) in cases {
            let mut online = online;
            if online.get("status").is_none() {
                online["status"] = json!("over");
            }
            let s = state(7, "C", online.clone());
            let mut app = open(&s, Some(Side::North));
            assert_eq!(
                app.end_lines(),
                Some((result.to_string(), why.to_string())),
                "{online}"
            );
            assert!(screen(&app).contains(&format!("Game over: {result}")));
            // No move, offer or resignation once it has ended.
            assert!(press(&mut app, '1').is_empty());
            assert!(press(&mut app, 'd').is_empty());
            assert!(press(&mut app, 'x').is_empty());
        }
    }

    #[test]
    fn an_agreed_rematch_takes_the_players_seat_in_the_new_game() {
        let mut app = kofi();
        let s = state(
            9,
            "C",
            json!({"status": "over", "end": "resign", "winner": "S", "rematch_id": "fedcba9876543210"}),
        );
        let fx = app.on_net(NetEvent::State(Box::new(s)));
        let follow = Request::FollowRematch(GameId::new("fedcba9876543210").unwrap());
        assert_eq!(sent(&fx), Some(&follow), "{fx:?}");
        // The new game: colours swapped, a fresh board, the link follows.
        let mut s = state(1, "", json!({"you": "S"}));
        s.id = GameId::new("fedcba9876543210").unwrap();
        app.on_net(NetEvent::Switched {
            state: Box::new(s),
            seat: Side::South,
        });
        let o = app.online().unwrap();
        assert_eq!(o.seat, Some(Side::South));
        assert_eq!(o.link, "http://127.0.0.1:8080/game/fedcba9876543210");
        assert!(app.game.moves().is_empty());
        assert!(app
            .status
            .1
            .starts_with("Rematch: you play South against Kofi."));
    }

    #[test]
    fn a_lost_connection_is_said_and_a_reconnection_too_and_old_states_are_ignored() {
        let mut app = kofi();
        app.on_net(NetEvent::Lost {
            error: "the server closed the connection".into(),
            retry: Duration::from_secs(2),
        });
        assert_eq!(
            app.status,
            (
                Tone::Error,
                "Connection lost (the server closed the connection): trying again in 2 s".into()
            )
        );
        assert!(screen(&app).contains("server   connection lost"));
        app.on_net(NetEvent::Connected);
        assert!(app.status.1.starts_with("Reconnected."), "{:?}", app.status);
        // A state older than the one shown changes nothing.
        let s = state(1, "", json!({}));
        app.on_net(NetEvent::State(Box::new(s)));
        assert_eq!(app.game.moves().len(), 1);
    }

    #[test]
    fn a_spectator_sees_the_game_but_cannot_move() {
        let s = state(
            3,
            "C",
            json!({"spectators": 2,
            "seats": {"S": {"name": "Ama", "taken": true, "connected": true},
                      "N": {"name": "Kofi", "taken": true, "connected": false}}}),
        );
        let mut app = open(&s, None);
        assert!(press(&mut app, '1').is_empty());
        assert_eq!(
            app.status,
            (
                Tone::Error,
                "You are watching: only the players move".into()
            )
        );
        let text = screen(&app);
        assert!(text.contains("North: Kofi - away"), "{text}");
        assert!(text.contains("you      watch, 2 watching"), "{text}");
        assert!(text.contains(" watching:  m chat  a analyse"), "{text}");
    }
}
