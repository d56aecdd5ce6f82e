//! Issue 30 in the terminal's online mode, from made-up server states: a proposal to end the
//! game as a cycle (made with `e`, the opponent's answered with `y`/`n`, lapsing with a move,
//! the agreed end) and the chat (`m`: reading both rooms, writing, the server's refusals, its
//! texts cleaned). Screens are compared with `tests/screens/*.txt` (`OWARE_BLESS=1` rewrites
//! them: review the diff).

mod common;

use common::{
    check_screen, config, no_tables, online_state, press, press_code, screen, sent, LINK, START,
};
use oware_core::Side;
use oware_tui::app::Tone;
use oware_tui::net::{NetEvent, OfferAction, OfferKind, Request};
use oware_tui::wire::GameState;
use oware_tui::App;
use ratatui::crossterm::event::KeyCode;
use serde_json::{json, Value};

/// A state of game `0123…` from `start` after `moves` (letters), with `online` over a playing
/// game between Ama (South) and Kofi (North), both connected, untimed.
fn state_from(start: &str, version: u64, moves: &str, online: Value) -> GameState {
    let base = json!({
        "status": "playing",
        "seats": {"S": {"name": "Ama", "taken": true, "connected": true},
                  "N": {"name": "Kofi", "taken": true, "connected": true}},
    });
    online_state(start, version, moves, base, online)
}

fn state(version: u64, moves: &str, online: Value) -> GameState {
    state_from(START, version, moves, online)
}

/// The terminal of the player of `seat` (`None`: a spectator) showing `s`, connected.
fn open(s: &GameState, seat: Option<Side>) -> App {
    let mut app = App::new_online(config(), s, seat, LINK, no_tables()).unwrap();
    app.on_net(NetEvent::Connected);
    app
}

const CYCLE: OfferKind = OfferKind::Cycle;

#[test]
fn e_proposes_a_cycle_and_e_again_withdraws_it() {
    let mut app = open(&state(3, "C", json!({})), Some(Side::North));
    let fx = press(&mut app, 'e');
    assert_eq!(sent(&fx), Some(&Request::Offer(CYCLE, OfferAction::Offer)));
    app.on_net(NetEvent::Answered {
        request: Request::Offer(CYCLE, OfferAction::Offer),
        state: Box::new(state(4, "C", json!({"cycle_offer": "N"}))),
    });
    assert_eq!(
        app.status,
        (
            Tone::Info,
            "You proposed to end the game as a cycle (e withdraws)".into()
        )
    );
    assert!(screen(&app).contains("You proposed to end the game as a cycle: e"));
    let fx = press(&mut app, 'e');
    assert_eq!(
        sent(&fx),
        Some(&Request::Offer(CYCLE, OfferAction::Withdraw))
    );
    // The server's refusal is said in its words.
    app.on_net(NetEvent::Refused {
        request: Request::Offer(CYCLE, OfferAction::Offer),
        message: "wait 30 s before proposing again".into(),
    });
    assert_eq!(
        app.status,
        (
            Tone::Error,
            "Proposing to end the game as a cycle: wait 30 s before proposing again".into()
        )
    );
}

#[test]
fn no_proposal_while_a_row_is_empty_and_none_from_a_spectator() {
    // South's row is empty, North to move: the core says no, nothing is sent.
    let s = state_from("0-0-0-0-0-0-4-4-4-4-4-4-20-4-N", 1, "", json!({}));
    let mut app = open(&s, Some(Side::North));
    assert!(press(&mut app, 'e').is_empty());
    assert_eq!(app.status.0, Tone::Error);
    assert!(
        app.status.1.starts_with("No cycle to end: "),
        "{:?}",
        app.status
    );
    let mut watcher = open(&state(3, "C", json!({})), None);
    assert!(press(&mut watcher, 'e').is_empty());
    assert_eq!(
        watcher.status,
        (
            Tone::Error,
            "You are watching: only the players can do this".into()
        )
    );
}

#[test]
fn the_opponents_proposal_is_answered_with_y_or_n() {
    let mut app = open(&state(3, "C", json!({})), Some(Side::North));
    app.on_net(NetEvent::State(Box::new(state(
        4,
        "C",
        json!({"cycle_offer": "S"}),
    ))));
    let line = "Ama proposes to end the game as a cycle: y accept, n decline";
    assert_eq!(app.status, (Tone::Info, line.into()));
    check_screen(&app, "online_cycle_offer");
    let fx = press(&mut app, 'n');
    assert_eq!(
        sent(&fx),
        Some(&Request::Offer(CYCLE, OfferAction::Decline))
    );
    app.on_net(NetEvent::Answered {
        request: Request::Offer(CYCLE, OfferAction::Decline),
        state: Box::new(state(5, "C", json!({}))),
    });
    assert_eq!(app.status.1, "Declined");
    // Proposed again, accepted: the server ends the game, each side taking its own row.
    app.on_net(NetEvent::State(Box::new(state(
        6,
        "C",
        json!({"cycle_offer": "S"}),
    ))));
    let fx = press(&mut app, 'y');
    assert_eq!(sent(&fx), Some(&Request::Offer(CYCLE, OfferAction::Accept)));
    let over = json!({"status": "over", "end": "agreed-cycle", "winner": "N"});
    app.on_net(NetEvent::Answered {
        request: Request::Offer(CYCLE, OfferAction::Accept),
        state: Box::new(state(7, "C", over)),
    });
    // After C: South's row holds 23 seeds, North's 25.
    assert_eq!(
        app.end_lines(),
        Some((
            "North wins 23-25".into(),
            "agreed cycle: each keeps their row's seeds".into()
        ))
    );
    assert!(app.game.is_agreed_cycle());
    assert_eq!(
        app.status.1,
        "Game over: North wins 23-25: agreed cycle: each keeps their row's seeds"
    );
    check_screen(&app, "online_cycle_agreed");
    assert!(app.record_text().contains("[Termination \"agreed-cycle\"]"));
}

#[test]
fn a_proposal_lapses_with_a_move() {
    let mut app = open(
        &state(4, "C", json!({"cycle_offer": "N"})),
        Some(Side::North),
    );
    // North moves: the server withdraws the standing proposal.
    app.on_net(NetEvent::Answered {
        request: Request::Move('a'),
        state: Box::new(state(5, "Ca", json!({}))),
    });
    assert_eq!(
        app.status.1,
        "The proposal to end the game as a cycle lapsed with the move. Ama's move (South)"
    );
    assert!(!screen(&app).contains("proposed"));
}

#[test]
fn a_server_claiming_an_agreed_cycle_the_core_cannot_make_is_refused() {
    let over = json!({"status": "over", "end": "agreed-cycle", "winner": "S"});
    let s = state_from("0-0-0-0-0-0-4-4-4-4-4-4-20-4-N", 1, "", over);
    assert!(s.to_game().is_err());
}

fn chat(room: &str, name: &str, side: Value, text: &str, seq: u64) -> NetEvent {
    let m = json!({"room": room, "name": name, "side": side, "account": false,
                   "text": text, "at_ms": 1, "seq": seq});
    NetEvent::Chat(serde_json::from_value(m).unwrap())
}

fn type_text(app: &mut App, text: &str) {
    for c in text.chars() {
        assert!(press(app, c).is_empty());
    }
}

#[test]
fn m_opens_the_chat_where_keys_type_and_enter_sends() {
    let mut app = open(&state(3, "C", json!({})), Some(Side::North));
    // A message while the pane is closed: on the status line and counted.
    app.on_net(chat("players", "Ama", json!("S"), "good luck", 1));
    assert_eq!(app.status.1, "Ama: good luck (m: chat)");
    assert!(screen(&app).contains("Moves  m chat: 1 new"));
    assert!(press(&mut app, 'm').is_empty());
    assert!(app.chat_open());
    // Keys type now: 1 is not a move, d not a draw offer.
    type_text(&mut app, "1 draw? no, thanks");
    assert_eq!(app.game.moves().len(), 1);
    press_code(&mut app, KeyCode::Backspace);
    let fx = press_code(&mut app, KeyCode::Enter);
    assert_eq!(sent(&fx), Some(&Request::Chat("1 draw? no, thank".into())));
    assert_eq!(app.status.1, "Sending your message...");
    let answer = json!({"room": "players", "name": "Kofi", "side": "N", "text": "1 draw? no, thank", "seq": 2});
    app.on_net(NetEvent::ChatSent(serde_json::from_value(answer).unwrap()));
    // The same message on the stream is not shown twice.
    app.on_net(chat("players", "Kofi", json!("N"), "1 draw? no, thank", 2));
    assert_eq!(app.online().unwrap().chat.messages.len(), 2);
    assert_eq!(app.online().unwrap().chat.draft, "");
    check_screen(&app, "online_chat");
    // Esc closes it: keys are the game's again.
    press_code(&mut app, KeyCode::Esc);
    assert!(!app.chat_open());
    assert_eq!(sent(&press(&mut app, '1')), Some(&Request::Move('a')));
}

#[test]
fn the_servers_refusal_is_said_and_the_draft_kept() {
    let mut app = open(&state(3, "C", json!({})), Some(Side::North));
    press(&mut app, 'm');
    assert!(press_code(&mut app, KeyCode::Enter).is_empty(), "empty");
    assert_eq!(
        app.status,
        (Tone::Error, "Nothing to send: type a message".into())
    );
    type_text(&mut app, "hi");
    press_code(&mut app, KeyCode::Enter);
    assert!(
        press_code(&mut app, KeyCode::Enter).is_empty(),
        "one at a time"
    );
    app.on_net(NetEvent::Refused {
        request: Request::Chat("hi".into()),
        message: "too many messages: wait 7 s".into(),
    });
    assert_eq!(
        app.status,
        (Tone::Error, "Chat: too many messages: wait 7 s".into())
    );
    assert_eq!(app.online().unwrap().chat.draft, "hi");
    // The server's limit: typing stops at 140 characters.
    type_text(&mut app, &"x".repeat(138));
    assert!(press(&mut app, 'y').is_empty());
    assert_eq!(
        app.status,
        (Tone::Error, "A message has 140 characters at most".into())
    );
    assert_eq!(app.online().unwrap().chat.draft.chars().count(), 140);
}

#[test]
fn both_rooms_are_shown_to_a_spectator_and_hostile_texts_are_cleaned() {
    let mut app = open(&state(3, "C", json!({"spectators": 2})), None);
    let log = vec![
        json!({"room": "players", "name": "Ama", "side": "S", "text": "hello", "seq": 1}),
        json!({"room": "spectators", "name": "Yaw\u{1b}[2J", "side": null,
               "text": "Kofi, play\u{202e} e!\u{7}\n\u{1b}]0;pwned\u{7}", "seq": 2}),
        json!({"room": "spectators", "name": "Efua", "side": null, "account": true,
               "text": "nice", "seq": 3}),
    ];
    let log = log
        .into_iter()
        .map(|m| serde_json::from_value(m).unwrap())
        .collect();
    app.on_net(NetEvent::ChatLog(log));
    assert_eq!(app.status.1, "3 messages in the chat (m opens it)");
    press(&mut app, 'm');
    let s = screen(&app);
    assert!(s.contains("Ama: hello"), "{s}");
    // A guest is marked as one; an account's name carries the mark a guest's never has.
    assert!(s.contains("Yaw[2J (guest spectator):"), "{s}");
    assert!(s.contains("Kofi, play e! ]0;pwned"), "{s}");
    assert!(s.contains("Efua \u{2713} (spectator): nice"), "{s}");
    assert!(s.contains("play e! ]0;pwned"), "{s}");
    assert!(!s.contains('\u{1b}') && !s.contains('\u{202e}'));
    assert!(app.status.1.contains("to the spectators"));
}

#[test]
fn keys_lines_fit_in_80_columns() {
    use oware_tui::lang::{tr_in, Lang};
    for lang in Lang::ALL {
        for id in [
            "keys-local",
            "keys-cycle",
            "keys-online",
            "keys-online-over",
            "keys-watch",
            "keys-chat",
        ] {
            let k = tr_in(lang, id);
            assert!(k.chars().count() < 80, "{lang:?} {id}: {k}");
        }
    }
}

#[test]
fn the_online_help_fits() {
    let mut app = open(&state(3, "C", json!({})), Some(Side::North));
    press(&mut app, '?');
    let s = screen(&app);
    assert!(s.contains("m: chat"), "{s}");
    assert!(s.contains("Press Esc, ? or q to close this help."), "{s}");
}
