//! The catalogue message of each error code (`crates/oware-i18n/locales/*/errors.ftl`): what
//! `i18n::localize_errors` shows a player of another language instead of the server's English
//! sentence. Each id is written whole, so the catalogue's test finds it used; a code missing
//! here keeps its English sentence.

/// The message id of error `code`, if the catalogue has one.
pub(super) fn message_id(code: &str) -> Option<&'static str> {
    Some(match code {
        "bad-credentials" => "error-bad-credentials",
        "bad-lang" => "error-bad-lang",
        "empty-pit" => "error-empty-pit",
        "name-taken" => "error-name-taken",
        "not-your-turn" => "error-not-your-turn",
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use oware_i18n::Lang;

    /// Every id of the table is a message of every language.
    #[test]
    fn every_code_has_its_message_in_every_language() {
        let codes = ["bad-credentials", "bad-lang", "empty-pit", "name-taken", "not-your-turn"];
        for code in codes {
            let id = super::message_id(code).unwrap();
            for lang in Lang::ALL {
                assert!(oware_i18n::has(lang, id), "{}: {id}", lang.code());
            }
        }
    }
}
