//! The catalogue message of each error code (`crates/oware-i18n/locales/*/errors.ftl`): what
//! `i18n::localize_errors` shows a player of another language instead of the server's English
//! sentence. Each id is written whole, so the catalogue's test finds it used. Every code the
//! server sends is here ([`CODES`]); the test `every_code_of_the_sources_is_listed` scans the
//! sources for the codes given to the error constructors and fails on one missing here.

/// Every error code the server sends (`{"code": …}`), in order (read by the tests).
#[cfg_attr(not(test), allow(dead_code))]
pub(super) const CODES: &[&str] = &[
    "already-offered",
    "already-paired",
    "already-waiting",
    "bad-action",
    "bad-answer",
    "bad-body",
    "bad-bots",
    "bad-category",
    "bad-channel",
    "bad-characters",
    "bad-claim",
    "bad-clock",
    "bad-color",
    "bad-credentials",
    "bad-depth",
    "bad-description",
    "bad-field",
    "bad-json",
    "bad-kind",
    "bad-lang",
    "bad-length",
    "bad-level",
    "bad-move",
    "bad-moves",
    "bad-name",
    "bad-offer",
    "bad-ogn",
    "bad-opponent",
    "bad-password",
    "bad-path",
    "bad-ply",
    "bad-position",
    "bad-presence-key",
    "bad-pupils",
    "bad-qr-text",
    "bad-query",
    "bad-question",
    "bad-range",
    "bad-reason",
    "bad-record",
    "bad-request",
    "bad-reset",
    "bad-result",
    "bad-room",
    "bad-rules",
    "bad-scope",
    "bad-sheet",
    "bad-side",
    "bad-size",
    "bad-stars",
    "bad-start",
    "bad-starts",
    "bad-theme",
    "bad-token",
    "bad-work",
    "berserk-too-late",
    "body-timeout",
    "body-too-large",
    "busy",
    "cannot-abort",
    "cannot-agree-cycle",
    "cannot-claim",
    "character-too-long",
    "chat-too-fast",
    "conflict",
    "conflicting-options",
    "content-type",
    "cycle-declined",
    "empty-message",
    "empty-pit",
    "engine-busy",
    "foreign-origin",
    "game-over",
    "grand-slam",
    "has-played",
    "illegal-move",
    "internal",
    "lobby-full",
    "log-in-to-join",
    "message-too-long",
    "method-not-allowed",
    "missing-scope",
    "must-feed",
    "name-taken",
    "no-advice-in-rated-games",
    "no-analysis-during-play",
    "no-berserk",
    "no-bots-in-arenas",
    "no-bots-in-pools",
    "no-clock",
    "no-game",
    "no-legal-move",
    "no-offer",
    "no-puzzle-left",
    "no-such-challenge",
    "no-such-lesson",
    "no-such-player",
    "no-such-pool",
    "no-such-puzzle",
    "no-such-step",
    "no-such-ticket",
    "no-such-token",
    "no-token",
    "no-watcher",
    "not-a-bot",
    "not-a-player",
    "not-applicable",
    "not-found",
    "not-in-online-games",
    "not-logged-in",
    "not-online",
    "not-open",
    "not-over",
    "not-played",
    "not-rated",
    "not-solved",
    "not-started",
    "not-your-seat",
    "not-your-turn",
    "nothing-to-redo",
    "nothing-to-review",
    "nothing-to-take-back",
    "nothing-to-undo",
    "offer-too-soon",
    "out-of-range",
    "own-challenge",
    "players-room",
    "pool-full",
    "position-drawn",
    "position-won",
    "pupil-safe",
    "rematch-made",
    "reserved-name",
    "review-after-the-game",
    "seat-taken",
    "seed-count",
    "session-required",
    "spectators-room",
    "storage",
    "token-required",
    "too-many-attempts",
    "too-many-challenges",
    "too-many-classes",
    "too-many-clients",
    "too-many-engine-jobs",
    "too-many-games",
    "too-many-live-games",
    "too-many-marks",
    "too-many-pupils",
    "too-many-reviews",
    "too-many-sign-ups",
    "too-many-streams",
    "too-many-tickets",
    "too-many-tokens",
    "too-many-tournaments",
    "too-much-work",
    "tournament-finished",
    "tournament-full",
    "unknown-game",
    "unknown-host",
    "withdrawn",
    "wrong-capture",
    "wrong-side",
    "wrong-token",
];

/// The message id of error `code`, if the catalogue has one.
pub(super) fn message_id(code: &str) -> Option<&'static str> {
    Some(match code {
        "already-offered" => "error-already-offered",
        "already-paired" => "error-already-paired",
        "already-waiting" => "error-already-waiting",
        "bad-action" => "error-bad-action",
        "bad-answer" => "error-bad-answer",
        "bad-body" => "error-bad-body",
        "bad-bots" => "error-bad-bots",
        "bad-category" => "error-bad-category",
        "bad-channel" => "error-bad-channel",
        "bad-characters" => "error-bad-characters",
        "bad-claim" => "error-bad-claim",
        "bad-clock" => "error-bad-clock",
        "bad-color" => "error-bad-color",
        "bad-credentials" => "error-bad-credentials",
        "bad-depth" => "error-bad-depth",
        "bad-description" => "error-bad-description",
        "bad-field" => "error-bad-field",
        "bad-json" => "error-bad-json",
        "bad-kind" => "error-bad-kind",
        "bad-lang" => "error-bad-lang",
        "bad-length" => "error-bad-length",
        "bad-level" => "error-bad-level",
        "bad-move" => "error-bad-move",
        "bad-moves" => "error-bad-moves",
        "bad-name" => "error-bad-name",
        "bad-offer" => "error-bad-offer",
        "bad-ogn" => "error-bad-ogn",
        "bad-opponent" => "error-bad-opponent",
        "bad-password" => "error-bad-password",
        "bad-path" => "error-bad-path",
        "bad-ply" => "error-bad-ply",
        "bad-position" => "error-bad-position",
        "bad-presence-key" => "error-bad-presence-key",
        "bad-pupils" => "error-bad-pupils",
        "bad-qr-text" => "error-bad-qr-text",
        "bad-query" => "error-bad-query",
        "bad-question" => "error-bad-question",
        "bad-range" => "error-bad-range",
        "bad-reason" => "error-bad-reason",
        "bad-record" => "error-bad-record",
        "bad-request" => "error-bad-request",
        "bad-reset" => "error-bad-reset",
        "bad-result" => "error-bad-result",
        "bad-room" => "error-bad-room",
        "bad-rules" => "error-bad-rules",
        "bad-scope" => "error-bad-scope",
        "bad-sheet" => "error-bad-sheet",
        "bad-side" => "error-bad-side",
        "bad-size" => "error-bad-size",
        "bad-stars" => "error-bad-stars",
        "not-solved" => "error-not-solved",
        "bad-start" => "error-bad-start",
        "bad-starts" => "error-bad-starts",
        "bad-theme" => "error-bad-theme",
        "bad-token" => "error-bad-token",
        "bad-work" => "error-bad-work",
        "berserk-too-late" => "error-berserk-too-late",
        "body-timeout" => "error-body-timeout",
        "body-too-large" => "error-body-too-large",
        "busy" => "error-busy",
        "cannot-abort" => "error-cannot-abort",
        "cannot-agree-cycle" => "error-cannot-agree-cycle",
        "cannot-claim" => "error-cannot-claim",
        "character-too-long" => "error-character-too-long",
        "chat-too-fast" => "error-chat-too-fast",
        "conflict" => "error-conflict",
        "conflicting-options" => "error-conflicting-options",
        "content-type" => "error-content-type",
        "cycle-declined" => "error-cycle-declined",
        "empty-message" => "error-empty-message",
        "empty-pit" => "error-empty-pit",
        "engine-busy" => "error-engine-busy",
        "foreign-origin" => "error-foreign-origin",
        "game-over" => "error-game-over",
        "grand-slam" => "error-grand-slam",
        "has-played" => "error-has-played",
        "illegal-move" => "error-illegal-move",
        "internal" => "error-internal",
        "lobby-full" => "error-lobby-full",
        "log-in-to-join" => "error-log-in-to-join",
        "message-too-long" => "error-message-too-long",
        "method-not-allowed" => "error-method-not-allowed",
        "missing-scope" => "error-missing-scope",
        "must-feed" => "error-must-feed",
        "name-taken" => "error-name-taken",
        "no-advice-in-rated-games" => "error-no-advice-in-rated-games",
        "no-analysis-during-play" => "error-no-analysis-during-play",
        "no-berserk" => "error-no-berserk",
        "no-bots-in-arenas" => "error-no-bots-in-arenas",
        "no-bots-in-pools" => "error-no-bots-in-pools",
        "no-clock" => "error-no-clock",
        "no-game" => "error-no-game",
        "no-legal-move" => "error-no-legal-move",
        "no-offer" => "error-no-offer",
        "no-puzzle-left" => "error-no-puzzle-left",
        "no-such-challenge" => "error-no-such-challenge",
        "no-such-lesson" => "error-no-such-lesson",
        "no-such-player" => "error-no-such-player",
        "no-such-pool" => "error-no-such-pool",
        "no-such-puzzle" => "error-no-such-puzzle",
        "no-such-step" => "error-no-such-step",
        "no-such-ticket" => "error-no-such-ticket",
        "no-such-token" => "error-no-such-token",
        "no-token" => "error-no-token",
        "no-watcher" => "error-no-watcher",
        "not-a-bot" => "error-not-a-bot",
        "not-a-player" => "error-not-a-player",
        "not-applicable" => "error-not-applicable",
        "not-found" => "error-not-found",
        "not-in-online-games" => "error-not-in-online-games",
        "not-logged-in" => "error-not-logged-in",
        "not-online" => "error-not-online",
        "not-open" => "error-not-open",
        "not-over" => "error-not-over",
        "not-played" => "error-not-played",
        "not-rated" => "error-not-rated",
        "not-started" => "error-not-started",
        "not-your-seat" => "error-not-your-seat",
        "not-your-turn" => "error-not-your-turn",
        "nothing-to-redo" => "error-nothing-to-redo",
        "nothing-to-review" => "error-nothing-to-review",
        "nothing-to-take-back" => "error-nothing-to-take-back",
        "nothing-to-undo" => "error-nothing-to-undo",
        "offer-too-soon" => "error-offer-too-soon",
        "out-of-range" => "error-out-of-range",
        "own-challenge" => "error-own-challenge",
        "players-room" => "error-players-room",
        "pool-full" => "error-pool-full",
        "position-drawn" => "error-position-drawn",
        "position-won" => "error-position-won",
        "pupil-safe" => "error-pupil-safe",
        "rematch-made" => "error-rematch-made",
        "reserved-name" => "error-reserved-name",
        "review-after-the-game" => "error-review-after-the-game",
        "seat-taken" => "error-seat-taken",
        "seed-count" => "error-seed-count",
        "session-required" => "error-session-required",
        "spectators-room" => "error-spectators-room",
        "storage" => "error-storage",
        "token-required" => "error-token-required",
        "too-many-attempts" => "error-too-many-attempts",
        "too-many-challenges" => "error-too-many-challenges",
        "too-many-classes" => "error-too-many-classes",
        "too-many-clients" => "error-too-many-clients",
        "too-many-engine-jobs" => "error-too-many-engine-jobs",
        "too-many-games" => "error-too-many-games",
        "too-many-live-games" => "error-too-many-live-games",
        "too-many-marks" => "error-too-many-marks",
        "too-many-pupils" => "error-too-many-pupils",
        "too-many-reviews" => "error-too-many-reviews",
        "too-many-sign-ups" => "error-too-many-sign-ups",
        "too-many-streams" => "error-too-many-streams",
        "too-many-tickets" => "error-too-many-tickets",
        "too-many-tokens" => "error-too-many-tokens",
        "too-many-tournaments" => "error-too-many-tournaments",
        "too-much-work" => "error-too-much-work",
        "tournament-finished" => "error-tournament-finished",
        "tournament-full" => "error-tournament-full",
        "unknown-game" => "error-unknown-game",
        "unknown-host" => "error-unknown-host",
        "withdrawn" => "error-withdrawn",
        "wrong-capture" => "error-wrong-capture",
        "wrong-side" => "error-wrong-side",
        "wrong-token" => "error-wrong-token",
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;
    use std::path::Path;

    use oware_i18n::Lang;

    use super::{message_id, CODES};

    /// Codes the sources give an error constructor that players never see and so have no
    /// message (none so far).
    const NO_MESSAGE: &[&str] = &[];

    /// Every code has its message `error-{code}` in every language; `errors.ftl` has no message
    /// of a code the server does not send; the list is in order, each code once.
    #[test]
    fn every_code_has_its_message_in_every_language() {
        for code in CODES {
            let id = message_id(code).unwrap_or_else(|| panic!("message_id({code:?}) is None"));
            assert_eq!(id, format!("error-{code}"));
            for lang in Lang::ALL {
                assert!(oware_i18n::has(lang, id), "{}: {id}", lang.code());
            }
        }
        assert!(
            CODES.windows(2).all(|w| w[0] < w[1]),
            "CODES: in order, once each"
        );
        let (_, ftl) = oware_i18n::files(Lang::En)
            .into_iter()
            .find(|(name, _)| name.starts_with("errors"))
            .expect("en/errors.ftl");
        for line in ftl.lines() {
            if let Some(code) = line
                .strip_prefix("error-")
                .and_then(|l| l.split(' ').next())
            {
                assert!(
                    CODES.contains(&code),
                    "errors.ftl: error-{code} is no code of CODES"
                );
            }
        }
    }

    /// The text of the server's sources (`src/**/*.rs` but this file), without the test
    /// modules (`tests.rs` files, and what follows `#[cfg(test)] mod tests {`), white space
    /// made single spaces, and none after `(`.
    fn sources() -> String {
        fn walk(dir: &Path, out: &mut String) {
            let mut entries: Vec<_> = std::fs::read_dir(dir).unwrap().flatten().collect();
            entries.sort_by_key(|e| e.path());
            for entry in entries {
                let path = entry.path();
                let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
                if path.is_dir() {
                    walk(&path, out);
                } else if name.ends_with(".rs") && name != "tests.rs" && name != "error_ids.rs" {
                    let text = std::fs::read_to_string(&path).unwrap();
                    let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
                    let text = text.replace("( ", "(");
                    let end = text.find("#[cfg(test)] mod tests {").unwrap_or(text.len());
                    out.push_str(&text[..end]);
                    out.push('\n');
                }
            }
        }
        let mut out = String::new();
        let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
        walk(&manifest.join("src"), &mut out);
        // The refusals of a move are written by the state's builder, shared with the page's
        // WebAssembly core (`oware_protocol::view::explain_error`).
        walk(&manifest.join("../oware-protocol/src"), &mut out);
        out
    }

    /// Whether a string literal preceded by `before` is in a code's place in an error's
    /// constructor: `code: "…"`, `StatusCode::X, "…"`, `OnlineErrorKind::X, "…"`,
    /// `ApiError::new(status, "…"`, `invalid("…"` / `refused("…"` (and their variants'
    /// `Invalid("…"`), `SomeError::Variant… => "…"` (the `code()` functions), and the
    /// `=> ("…", message)` pairs of `view.rs`.
    fn in_code_place(before: &str) -> bool {
        if before.ends_with("code: ")
            || before.ends_with("=> (")
            || before.ends_with("ApiError::new(status, ")
        {
            return true;
        }
        for call in ["invalid(", "refused(", "Invalid(", "Refused("] {
            if before.ends_with(call) {
                return true;
            }
        }
        let args = before.rsplit('(').next().unwrap_or("");
        for kind in ["StatusCode::", "OnlineErrorKind::"] {
            if let Some(rest) = args.strip_prefix(kind) {
                if let Some(name) = rest.strip_suffix(", ") {
                    if name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
                        return true;
                    }
                }
            }
        }
        if let Some(arm) = before.strip_suffix(" => ") {
            let arm = arm
                .trim_end_matches("(_)")
                .trim_end_matches("(..)")
                .trim_end_matches(" { .. }");
            let path = arm.rsplit(' ').next().unwrap_or("");
            let mut parts = path.rsplitn(2, "::");
            let (variant, ty) = (parts.next().unwrap_or(""), parts.next().unwrap_or(""));
            return (ty.ends_with("Error") || ty.ends_with("Rejection"))
                && variant.chars().all(|c| c.is_ascii_alphanumeric());
        }
        false
    }

    /// The codes given to the error constructors in the sources: string literals of lowercase
    /// words joined by `-` in a code's place ([`in_code_place`]). Each quote is tried as the
    /// opening of one (no pairing, so escaped quotes and comments cannot put the scan out of
    /// step): the text between it and the next quote is a code only if it has no space.
    fn source_codes(text: &str) -> BTreeSet<String> {
        let quotes: Vec<usize> = text.match_indices('"').map(|(i, _)| i).collect();
        let mut codes = BTreeSet::new();
        for pair in quotes.windows(2) {
            let literal = &text[pair[0] + 1..pair[1]];
            let is_code = literal.starts_with(|c: char| c.is_ascii_lowercase())
                && literal.split('-').all(|w| {
                    !w.is_empty()
                        && w.chars()
                            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit())
                });
            if is_code && in_code_place(&text[..pair[0]]) {
                codes.insert(literal.to_string());
            }
        }
        codes
    }

    /// A code given to an error constructor anywhere in the sources is in [`CODES`] (or in
    /// [`NO_MESSAGE`]), and every code of [`CODES`] is still written in the sources.
    #[test]
    fn every_code_of_the_sources_is_listed() {
        let text = sources();
        let found = source_codes(&text);
        assert!(found.len() > 100, "the scan finds codes: {found:?}");
        let missing: Vec<_> = found
            .iter()
            .filter(|c| !CODES.contains(&c.as_str()) && !NO_MESSAGE.contains(&c.as_str()))
            .collect();
        assert!(
            missing.is_empty(),
            "codes with no message (add them to CODES, message_id and errors.ftl): {missing:?}"
        );
        let stale: Vec<_> = CODES
            .iter()
            .filter(|c| !text.contains(&format!("\"{c}\"")))
            .collect();
        assert!(stale.is_empty(), "codes no source sends: {stale:?}");
    }

    /// The scan sees each kind of constructor.
    #[test]
    fn the_scan_finds_codes_in_their_places() {
        let text = r#"GameError::invalid("a-b", "x") ApiError::new(StatusCode::NOT_FOUND, "c-d", m)
            Foo { code: "e", message } GameError::NotFound => "f-g", ("not-a-code", 1)
            PlayError::GameOver => ("h", "The game is over.") header("x-seat-token")"#;
        let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
        let found: Vec<_> = source_codes(&text).into_iter().collect();
        assert_eq!(found, ["a-b", "c-d", "e", "f-g", "h"]);
    }
}
