// The server's own request types (`oware_server::{CreateReq, MoveReq, AnalysisReq}`), as the
// handlers read them: any bytes are deserialized into each type (strict: unknown fields are
// refused), then checked the way the handler checks them (`parse_create`, `move_input`,
// `movetime`). Every refusal must be a 4xx with a message: a user's mistake never
// becomes a 500. A move given as text or pit is played from the start; a refused one changes
// nothing.
// Shared by the fuzz target `api_requests` and the replay test of oware-server.

/// Checks one input; panics on a defect.
pub fn check(data: &[u8]) {
    use oware_core::movetext::MoveText;
    use oware_core::{Game, Move};
    use oware_server::{
        move_input, movetime, parse_create, AnalysisReq, ApiError, CreateReq, MoveInput, MoveReq,
        NewRequest,
    };
    use std::time::Duration;

    fn refused_well(e: &ApiError) {
        assert!(e.status.is_client_error(), "{e:?} is not a 4xx");
        assert!(!e.message.is_empty(), "{e:?} has no message");
    }

    if let Ok(req) = serde_json::from_slice::<CreateReq>(data) {
        match parse_create(req, 30) {
            Ok(NewRequest::Game(g)) => {
                // The names are cut by the session; here they are only carried.
                let _ = (g.opponent, g.human, g.rules);
            }
            Ok(NewRequest::Online(_)) => {}
            Err(e) => refused_well(&e),
        }
    }
    if let Ok(req) = serde_json::from_slice::<MoveReq>(data) {
        let mut game = Game::new(Default::default());
        let before = game.clone();
        match move_input(&req) {
            Ok(MoveInput::Text(t)) => {
                if let Ok(m) = t.trim().parse::<MoveText>() {
                    if game.play_text(&m).is_err() {
                        assert_eq!(game, before, "a refused move changes nothing");
                    }
                }
            }
            Ok(MoveInput::Pit(p)) => {
                if let Some(m) = usize::try_from(p).ok().and_then(Move::new) {
                    if game.play(m).is_err() {
                        assert_eq!(game, before, "a refused move changes nothing");
                    }
                }
            }
            Err(e) => refused_well(&e),
        }
    }
    if let Ok(req) = serde_json::from_slice::<AnalysisReq>(data) {
        let t = movetime(&req);
        assert!(
            (Duration::from_millis(50)..=Duration::from_secs(20)).contains(&t),
            "movetime {t:?}"
        );
    }
}
