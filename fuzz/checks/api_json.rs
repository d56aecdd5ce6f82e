// The API's JSON request bodies, down to the rules core: any bytes; what is a JSON object has
// its fields read as the server reads them (`rules`, `human`, `ogn`, `move`, `pit`) into the
// core's types through their text forms (as the server's request types hold strings), and
// the move is played; a refused move changes nothing.
// Shared by the fuzz target `api_json` and the replay test of oware-core.

/// Checks one input; panics on a defect.
pub fn check(data: &[u8]) {
    use oware_core::movetext::MoveText;
    use oware_core::{ogn, Game, Move, Position, Rules, Side};
    use serde_json::Value;
    let Ok(value) = serde_json::from_slice::<Value>(data) else {
        return;
    };
    let Some(body) = value.as_object() else {
        return;
    };
    let rules = body
        .get("rules")
        .and_then(Value::as_str)
        .and_then(|r| r.parse::<Rules>().ok())
        .unwrap_or_default();
    if let Some(h) = body.get("human").and_then(Value::as_str) {
        let _ = h.parse::<Side>();
    }
    let start = body
        .get("fen")
        .and_then(Value::as_str)
        .and_then(|f| f.parse::<Position>().ok())
        .unwrap_or_else(Position::start);
    let mut game = body
        .get("ogn")
        .and_then(Value::as_str)
        .and_then(|t| ogn::parse(t).ok())
        .and_then(|r| r.to_game_with(rules).ok())
        .unwrap_or_else(|| Game::from_position(start, rules));
    let before = game.clone();
    if let Some(Ok(m)) = body
        .get("move")
        .and_then(Value::as_str)
        .map(|t| t.trim().parse::<MoveText>())
    {
        if game.play_text(&m).is_err() {
            assert_eq!(game, before, "a refused move changes nothing");
        }
    } else if let Some(m) = body
        .get("pit")
        .and_then(Value::as_i64)
        .and_then(|p| usize::try_from(p).ok())
        .and_then(Move::new)
    {
        if game.play(m).is_err() {
            assert_eq!(game, before, "a refused move changes nothing");
        }
    }
}
