// What the terminal client (`oware play --online`) reads from a server, which it does not
// trust: any bytes, cut into chunks (the first byte gives their size) and fed to the event
// stream parser, whose events must not depend on the cut and which looks at each byte once;
// the `update` events, the whole input and each event's data read as the client reads a game
// state, a seat answer, the lobby and an error; the state replayed by the rules core. Nothing
// may panic, and whatever is accepted holds no control, format or bidi character (checked
// ids and tokens are letters and digits).
// Shared by the fuzz target `tui_server_input` and the replay test of oware-tui.

/// Checks one input; panics on a defect.
pub fn check(data: &[u8]) {
    use oware_tui::checked::{self, GameId, SeatToken};
    use oware_tui::lobby::parse_lobby;
    use oware_tui::net::{event_parser, parse_answer, parse_update};
    use oware_tui::wire::{ErrorBody, GameState};
    use serde_json::Value;

    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let size = usize::from(first % 64) + 1;

    // The event stream, cut two ways: the same events, each byte looked at once.
    let mut whole = event_parser();
    let all = whole.push(rest);
    let mut cut = event_parser();
    let mut pieces = Vec::new();
    let mut failed = None;
    for chunk in rest.chunks(size) {
        match cut.push(chunk) {
            Ok(events) => pieces.extend(events),
            Err(e) => {
                failed = Some(e);
                break;
            }
        }
    }
    match (&all, failed) {
        (Ok(events), None) => {
            assert_eq!(*events, pieces, "the events depend on the chunks");
            assert_eq!(whole.scanned(), rest.len() as u64);
            assert_eq!(cut.scanned(), rest.len() as u64);
        }
        (Err(a), Some(b)) => assert_eq!(*a, b),
        _ => panic!("the limits depend on the chunks"),
    }

    let shown = |what: &str, s: &str| {
        assert!(s.chars().all(checked::is_shown), "{what} {s:?} shown raw");
    };
    let state_ok = |s: &GameState| {
        assert!(GameId::new(s.id.as_str()).is_ok());
        shown("rules", &s.rules);
        shown("name", &s.names.south);
        shown("name", &s.names.north);
        for p in &s.history {
            shown("position", &p.text);
        }
        for m in &s.moves {
            assert!(m.letter.is_ascii_alphabetic());
        }
        if let Some(o) = &s.online {
            // The status and the end are the protocol's enums; the texts are cleaned.
            shown("seat", &o.seats.south.name);
            shown("seat", &o.seats.north.name);
            if let Some(next) = &o.rematch_id {
                assert!(GameId::new(next).is_ok());
            }
        }
        if let Err(e) = s.to_game() {
            shown("replay error", &e);
        }
    };

    for ev in all.iter().flatten() {
        match parse_update(&ev.data) {
            Ok(s) => state_ok(&s),
            Err(e) => shown("update error", &e),
        }
    }

    // The input as an answer's body.
    if let Ok(v) = serde_json::from_slice::<Value>(rest) {
        match parse_answer(v.clone()) {
            Ok(a) => {
                state_ok(&a.state);
                if let Some(t) = &a.token {
                    assert!(SeatToken::new(t.as_str()).is_ok());
                }
            }
            Err(e) => shown("answer error", &e.message),
        }
        match parse_lobby(v.clone()) {
            Ok(list) => {
                for c in &list {
                    shown("challenge", &c.describe());
                }
            }
            Err(e) => shown("lobby error", &e),
        }
        if let Ok(e) = serde_json::from_value::<ErrorBody>(v) {
            shown("error", &e.error);
        }
    }

    // The sanitizer on any text: nothing unsafe kept, bounded, unchanged when applied again.
    let text = String::from_utf8_lossy(rest);
    let clean = checked::clean(&text);
    shown("clean", &clean);
    assert!(clean.chars().count() <= checked::MAX_TEXT + 1);
    assert_eq!(checked::clean(&clean), clean);
}
