//! The error codes' checks. The codes are one enum, [`oware_protocol::ErrorCode`]: `http/`
//! answers with its values, and the services outside `http/` name theirs as text, turned into
//! it by `error::service_code`. The tests here hold the enum, the catalogue
//! (`crates/oware-i18n/locales/*/errors.ftl`, a message `error-{code}` of each) and the
//! sources together: every code has its message in every language, the catalogue has no
//! message of another, every code a service writes as text is one of the enum's, and every
//! code of the enum is sent somewhere.

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;
    use std::path::Path;

    use oware_i18n::Lang;
    use oware_protocol::ErrorCode;

    /// Codes the sources give an error constructor that players never see and so have no
    /// message (none so far).
    const NO_MESSAGE: &[&str] = &[];

    /// Every code has its message `error-{code}` in every language; `errors.ftl` has no message
    /// of a code the server does not send; the enum is in order.
    #[test]
    fn every_code_has_its_message_in_every_language() {
        for code in ErrorCode::ALL {
            let id = code.message_id();
            for lang in Lang::ALL {
                assert!(oware_i18n::has(lang, &id), "{}: {id}", lang.code());
            }
        }
        assert!(
            ErrorCode::ALL.windows(2).all(|w| w[0].name() < w[1].name()),
            "ErrorCode: in the order of the names"
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
                    code.parse::<ErrorCode>().is_ok(),
                    "errors.ftl: error-{code} is no ErrorCode"
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

    /// A code given as text to an error constructor anywhere in the sources is an
    /// [`ErrorCode`] (or in [`NO_MESSAGE`]), and every [`ErrorCode`] is sent: written as text
    /// by a service or as `ErrorCode::Name` in `http/`.
    #[test]
    fn every_code_of_the_sources_is_an_error_code() {
        let text = sources();
        let found = source_codes(&text);
        assert!(found.len() > 50, "the scan finds codes: {found:?}");
        let missing: Vec<_> = found
            .iter()
            .filter(|c| c.parse::<ErrorCode>().is_err() && !NO_MESSAGE.contains(&c.as_str()))
            .collect();
        assert!(
            missing.is_empty(),
            "codes that are no ErrorCode (add them to it and to errors.ftl): {missing:?}"
        );
        let stale: Vec<_> = ErrorCode::ALL
            .iter()
            .filter(|c| {
                !text.contains(&format!("\"{}\"", c.name()))
                    && !text.contains(&format!("ErrorCode::{c:?}"))
            })
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
