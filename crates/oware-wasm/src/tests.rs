//! The module's requests and exports, answered natively.

use super::*;

fn call(request: &str) -> serde_json::Value {
    serde_json::from_str(&handle(request)).unwrap()
}

#[test]
fn state_lists_the_legal_moves_and_refuses_an_illegal_one() {
    let s = call(r#"{"op":"state","moves":"A"}"#);
    assert_eq!(s["turn"], "N");
    assert_eq!(s["legal"], "abcdef");
    assert_eq!(s["pits"][0], 0);
    let e = call(r#"{"op":"state","moves":"A A"}"#);
    assert!(e["error"].as_str().unwrap().contains("move 2"), "{e}");
}

#[test]
fn bad_requests_answer_an_error() {
    for bad in [
        "",
        "{",
        r#"{"op":"fly"}"#,
        r#"{"op":"reply"}"#,
        r#"{"op":"reply","level":"god"}"#,
        r#"{"op":"state","rules":"chess"}"#,
        r#"{"op":"bench","depth":99}"#,
        r#"{"op":"state","extra":1}"#,
    ] {
        assert!(call(bad)["error"].is_string(), "{bad}");
    }
    let long = format!(r#"{{"op":"state","moves":"{}"}}"#, "A ".repeat(40_000));
    assert!(call(&long)["error"].as_str().unwrap().contains("too long"));
}

#[test]
fn view_is_the_servers_state_of_the_game() {
    let v = call(
        r#"{"op":"view","moves":"C","opponent":"hard","human":"S","game_id":"off-1","names":{"S":"You","N":"Computer (Hard)"},"version":3}"#,
    );
    assert_eq!(v["id"], "off-1");
    assert_eq!(v["version"], 3);
    assert_eq!(v["opponent"], "hard");
    assert_eq!(v["ply"], 1);
    assert_eq!(v["computer_to_move"], true);
    assert_eq!(v["last"]["letter"], "C");
    assert_eq!(v["history"].as_array().unwrap().len(), 2);
    assert_eq!(v["pits_info"].as_array().unwrap().len(), 6);
    assert!(
        v["ogn"].as_str().unwrap().contains("Computer (Hard)"),
        "{v}"
    );
    let friend = call(r#"{"op":"view","moves":"A a"}"#);
    assert_eq!(friend["opponent"], "friend");
    assert_eq!(friend["computer_to_move"], false);
    assert_eq!(friend["can_undo"], true);
    assert!(call(r#"{"op":"view","opponent":"god"}"#)["error"].is_string());
}

#[cfg(feature = "lessons")]
#[test]
fn the_lessons_answer_as_the_server_does() {
    let list = call(r#"{"op":"lessons","lang":"fr"}"#);
    let first = list["lessons"][0]["id"].as_str().unwrap().to_string();
    let lesson = call(&format!(
        r#"{{"op":"lesson","lesson":"{first}","lang":"fr"}}"#
    ));
    assert_eq!(lesson["id"], first.as_str());
    let step = &oware_lessons::lessons()[0].steps[0];
    let solved = call(&format!(
        r#"{{"op":"lesson-move","lesson":"{first}","step":1,"moves":"{}"}}"#,
        step.solution.join(" ")
    ));
    assert_eq!(solved["met"], true, "{solved}");
    let count = call(
        r#"{"op":"count","question":{"position":"4-4-4-4-4-4-4-4-4-4-4-4-0-0-S","pit":"A","landing":"E","seeds":5}}"#,
    );
    assert_eq!(count["correct"], true, "{count}");
    assert!(call(r#"{"op":"lesson","lesson":"nope"}"#)["error"].is_string());
    assert!(call(r#"{"op":"lessons","lang":"xx"}"#)["error"].is_string());
}

#[test]
fn reply_is_the_levels_move() {
    let game = Game::new(Rules::default());
    for level in Level::ALL.into_iter().take(3) {
        let native = oware_engine::choose_move_with(&game, level.spec(), 7, 1.0, None);
        let a = call(&format!(r#"{{"op":"reply","level":"{level}","seed":7}}"#));
        assert_eq!(
            a["move"].as_str(),
            native.map(|m| letter(Side::South, m)).as_deref()
        );
    }
}

#[test]
fn a_reply_in_a_server_game_uses_the_servers_seed() {
    let mut game = Game::new(Rules::default());
    game.play(game.legal_moves()[2]).unwrap();
    let id = "0123456789abcdef";
    // Easy's dice differ from seed to seed: the move must be the one of the server's seed.
    let native = oware_engine::choose_move_with(
        &game,
        Level::Easy.spec(),
        oware_engine::reply_seed(id, 1),
        1.0,
        None,
    );
    let a = call(&format!(
        r#"{{"op":"reply","moves":"C","level":"easy","game_id":"{id}"}}"#
    ));
    assert_eq!(
        a["move"].as_str(),
        native.map(|m| letter(Side::North, m)).as_deref()
    );
}

#[test]
fn analysis_gives_a_line_from_the_side_to_move() {
    let a = call(r#"{"op":"analyse","moves":"A","depth":4}"#);
    assert_eq!(a["depth"], 4);
    let pv = a["pv"].as_str().unwrap();
    assert!(pv.starts_with(a["best"].as_str().unwrap()), "{a}");
    assert!(pv.chars().next().unwrap().is_ascii_lowercase(), "{a}");
}

/// Writes `levels` at `oware_tables_input` and asks `tables` with `sizes`.
fn give_tables(levels: &[Vec<u8>], sizes: &[usize]) -> serde_json::Value {
    let all: Vec<u8> = levels.concat();
    assert!(!oware_tables_input(all.len()).is_null());
    TABLES_INPUT.with(|b| b.borrow_mut().copy_from_slice(&all));
    call(&serde_json::json!({"op": "tables", "sizes": sizes}).to_string())
}

#[test]
fn tables_are_checked_kept_and_used_for_their_rules_only() {
    let dir = tempfile::tempdir().unwrap();
    let rules = Rules::default();
    let options = oware_egdb::BuildOptions {
        max_seeds: 4,
        threads: 1,
        memory: 1 << 30,
    };
    oware_egdb::build(dir.path(), &rules, &options, &mut |_| {}).unwrap();
    let levels: Vec<Vec<u8>> = (0..=4)
        .map(|n| std::fs::read(dir.path().join(format::file_name(&rules, n))).unwrap())
        .collect();
    let sizes: Vec<usize> = levels.iter().map(Vec::len).collect();
    let a = give_tables(&levels, &sizes);
    assert_eq!(a["max_seeds"], 4, "{a}");
    assert_eq!(a["bytes"], sizes.iter().sum::<usize>());
    let abapa = Game::new(Rules::default());
    assert_eq!(tables_for(&abapa).map(|p| p.max_seeds()), Some(4));
    assert!(tables_for(&Game::new(Rules::AWARI)).is_none());
    // Refused, the tables kept: sizes that do not add up, a damaged level, too many bytes.
    let e = give_tables(&levels, &sizes[1..]);
    assert!(
        e["error"].as_str().unwrap().contains("do not add up"),
        "{e}"
    );
    let mut damaged = levels.clone();
    *damaged[3].last_mut().unwrap() ^= 1;
    let e = give_tables(&damaged, &sizes);
    assert!(e["error"].as_str().unwrap().contains("level 3"), "{e}");
    assert!(oware_tables_input(MAX_TABLES_BYTES + 1).is_null());
    let e = call(r#"{"op":"tables","sizes":[5]}"#);
    assert!(e["error"].is_string(), "{e}");
    assert_eq!(tables_for(&abapa).map(|p| p.max_seeds()), Some(4));
    // A reply in a bare endgame uses them; no level at all drops them.
    let a = call(r#"{"op":"reply","start":"0-0-0-1-0-2-1-0-0-0-0-0-22-22-S","level":"hard"}"#);
    assert!(a["move"].is_string(), "{a}");
    assert_eq!(give_tables(&[], &[])["max_seeds"], serde_json::Value::Null);
    assert!(tables_for(&abapa).is_none());
}

#[test]
fn the_binding_round_trips_a_request() {
    let request = br#"{"op":"state"}"#;
    let at = oware_input(request.len());
    INPUT.with(|b| b.borrow_mut().copy_from_slice(request));
    assert!(!at.is_null());
    let len = oware_call();
    let answer = OUTPUT.with(|b| String::from_utf8(b.borrow().clone()).unwrap());
    assert_eq!(answer.len(), len);
    assert!(answer.contains("\"legal\":\"ABCDEF\""), "{answer}");
    assert_eq!(oware_output(), OUTPUT.with(|b| b.borrow().as_ptr()));
}

#[test]
fn a_request_over_the_limit_gets_no_room_and_a_refusal() {
    assert!(oware_input(MAX_REQUEST_BYTES + 10).is_null());
    let len = oware_call();
    let answer = OUTPUT.with(|b| String::from_utf8(b.borrow()[..len].to_vec()).unwrap());
    assert!(answer.contains("request too long"), "{answer}");
    assert!(!oware_input(10).is_null());
}
