//! The terminal's language: the messages of `oware play` from the Fluent catalogue
//! (`crates/oware-i18n/locales/{lang}/terminal.ftl`), in the language chosen once at start
//! ([`set_lang`]: `--lang`, else `LC_ALL`, `LC_MESSAGES`, `LANG`), English until then.

use std::sync::OnceLock;

use oware_core::Side;
use oware_engine::Level;
pub use oware_i18n::{Arg, Lang};

static LANG: OnceLock<Lang> = OnceLock::new();

/// Sets the terminal's language, once (a second call changes nothing): at start, before the
/// first screen.
pub fn set_lang(lang: Lang) {
    let _ = LANG.set(lang);
}

/// The terminal's language: English until [`set_lang`].
pub fn lang() -> Lang {
    LANG.get().copied().unwrap_or(Lang::En)
}

/// The message `id` in the terminal's language.
pub fn tr(id: &str) -> String {
    oware_i18n::tr(lang(), id)
}

/// The message `id` in the terminal's language, with `args`.
pub fn t(id: &str, args: &[(&str, Arg<'_>)]) -> String {
    oware_i18n::t(lang(), id, args)
}

/// A side's name: South, North.
pub fn side(side: Side) -> String {
    match side {
        Side::South => tr("side-south"),
        Side::North => tr("side-north"),
    }
}

/// A computer level's name: easy, medium, hard, expert.
pub fn level(level: Level) -> String {
    let id = match level.to_string().as_str() {
        "easy" => "level-easy",
        "medium" => "level-medium",
        "hard" => "level-hard",
        _ => "level-expert",
    };
    tr(id)
}

/// The message `id` in `lang`, whatever the terminal's language.
pub fn tr_in(lang: Lang, id: &str) -> String {
    oware_i18n::tr(lang, id)
}

/// Why a move cannot be played, in the terminal's language.
pub fn play_error(e: &oware_core::PlayError) -> String {
    use oware_core::PlayError;
    match *e {
        PlayError::GameOver => tr("term-error-game-over"),
        PlayError::EmptyPit { pit } => {
            t("term-error-empty-pit", &[("pit", pit.to_string().into())])
        }
        PlayError::MustFeed { opponent } => {
            t("term-error-must-feed", &[("side", side(opponent).into())])
        }
        PlayError::GrandSlam => tr("term-error-grand-slam"),
        PlayError::WrongSide { turn } => t("term-error-wrong-side", &[("side", side(turn).into())]),
        // Only a record's move text says a capture.
        _ => e.to_string(),
    }
}

/// Why a cycle cannot be ended by agreement, in the terminal's language.
pub fn agreement_error(e: &oware_core::AgreementError) -> String {
    use oware_core::AgreementError;
    match *e {
        AgreementError::GameOver => tr("term-error-game-over"),
        AgreementError::EmptyRow { side: s } => {
            t("term-error-empty-row", &[("side", side(s).into())])
        }
    }
}
