//! What the bridge reads from the site's bot API: the protocol's own types (`oware-protocol`,
//! `bots.rs`), renamed to the bridge's words, and the few checks the bridge makes before it
//! trusts them: ids are checked before they go into a path ([`is_safe_id`]); moves are checked
//! against the rules before the engine sees them (`track.rs`). A line whose `type` or fields the
//! types do not read is logged and skipped by the callers.

pub use oware_protocol::{
    AccountAnswer as Account, AccountEvent, BotGameState as GameState, BotPlayer as Player,
    ChallengeStatus, ChallengeView as Challenge, DeclineReason, EventGame, GameEvent, GameFull,
    OpponentGone, Status, TimeControl as Clock,
};

/// Whether `clock` is a correspondence clock (whole days a move).
pub fn is_correspondence(clock: Clock) -> bool {
    clock.days_per_move().is_some()
}

/// Whether `id` may go into a path of the API: 1 to 64 ASCII letters, digits, `-` or `_`.
pub fn is_safe_id(id: &str) -> bool {
    (1..=64).contains(&id.len())
        && id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_site_s_lines_are_read_and_junk_is_an_error() {
        let e: AccountEvent = serde_json::from_str(
            r#"{"type":"challenge","challenge":{"id":"c1","status":"created",
            "challenger":{"name":"kofi","rating":1500},"target":{"name":"bot","bot":true},
            "rated":true,"clock":{"initial_s":180,"increment_s":2},"side":"random",
            "created_ms":1,"expires_ms":2,"extra":[1]}}"#,
        )
        .unwrap();
        let AccountEvent::Challenge { challenge } = e else {
            panic!("a challenge")
        };
        assert_eq!(challenge.challenger.name, "kofi");
        assert_eq!(
            challenge.clock,
            Some(Clock {
                initial_s: 180,
                increment_s: 2
            })
        );
        for bad in [
            "",
            "{}",
            "[1]",
            "{\"type\":3}",
            "{\"type\":\"gameStart\"}",
            "{\"type\":\"somethingNew\"}",
        ] {
            assert!(serde_json::from_str::<AccountEvent>(bad).is_err(), "{bad}");
        }
        assert!(is_correspondence(Clock {
            initial_s: 2 * 86_400,
            increment_s: 0
        }));
        assert!(!is_correspondence(Clock {
            initial_s: 300,
            increment_s: 0
        }));
    }

    #[test]
    fn ids_that_could_change_a_path_are_refused() {
        assert!(is_safe_id("0123abcdEF-_"));
        for bad in ["", "../x", "a/b", "a b", "a?b", "é", &"a".repeat(65)] {
            assert!(!is_safe_id(bad), "{bad}");
        }
    }
}
