//! The players' languages: one Project Fluent catalogue for the site's pages, the page's scripts
//! and the terminal client.
//!
//! The catalogue is the folder `locales/`, one folder per language (`en`, the source, then `fr`,
//! `de`, `pt`), each holding the same `.ftl` files; every file is embedded at compile time. All
//! the files of a language make one bundle ([`t`] formats a message of it, with Fluent's plural
//! rules of the language). The files whose name starts with `scripts` hold the messages of the
//! page's scripts: [`scripts_catalogue`] gives them as JSON, for the server's `/i18n/{lang}`.
//!
//! [`negotiate`] picks the language of a request: an explicit choice, then the `lang` cookie, then
//! the browser's `Accept-Language` (its first [`MAX_ACCEPT_LANGUAGE`] bytes), then English.
//! [`from_env`] does the same for the terminal: `--lang`, then `LC_ALL`, `LC_MESSAGES`, `LANG`.
//!
//! fluent-bundle and fluent-langneg rather than fluent-templates: the bundle is all we need, the
//! files are embedded with rust-embed like the server's page, and the catalogue's text is needed
//! as well (the scripts' JSON, the completeness test), which fluent-templates' loader hides.

mod scripts;

use std::borrow::Cow;
use std::collections::HashMap;
use std::sync::LazyLock;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use rust_embed::Embed;
use unic_langid::LanguageIdentifier;

pub use scripts::scripts_catalogue;

/// The catalogue's files, named `{lang}/{file}.ftl`.
#[derive(Embed)]
#[folder = "locales/"]
#[include = "*/*.ftl"]
struct Locales;

/// A language of the catalogue.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Lang {
    /// English, the source language.
    En,
    /// French.
    Fr,
    /// German.
    De,
    /// Portuguese.
    Pt,
}

impl Lang {
    /// Every language, English (the source) first.
    pub const ALL: [Lang; 4] = [Lang::En, Lang::Fr, Lang::De, Lang::Pt];

    /// The language's code, its folder's name and the `<html lang>`: `en`, `fr`, `de`, `pt`.
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Fr => "fr",
            Lang::De => "de",
            Lang::Pt => "pt",
        }
    }

    /// The language's tag for `<html lang>` and its plural rules: the code, but `pt-PT` for
    /// Portuguese, which is written as in Portugal (docs/translating.md: Brazilian visitors
    /// are served it too). European Portuguese says "one" for 1 only ("0 partidas").
    pub fn tag(self) -> &'static str {
        match self {
            Lang::Pt => "pt-PT",
            other => other.code(),
        }
    }

    /// The language by its code (`fr`), or by a longer tag whose language is one of ours
    /// (`fr-CA`, `pt_BR.UTF-8`), case-insensitive.
    pub fn parse(tag: &str) -> Option<Lang> {
        let lang = tag
            .split(['-', '_', '.', '@'])
            .next()
            .unwrap_or_default()
            .trim();
        Lang::ALL
            .into_iter()
            .find(|l| l.code().eq_ignore_ascii_case(lang))
    }

    /// The language's name in itself, for the language menu: `Français`.
    pub fn native_name(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::Fr => "Français",
            Lang::De => "Deutsch",
            Lang::Pt => "Português",
        }
    }

    fn index(self) -> usize {
        self as usize
    }
}

/// The longest `Accept-Language` read: the rest is ignored (a browser's is under 100 bytes).
pub const MAX_ACCEPT_LANGUAGE: usize = 256;

/// The language of a request: `explicit` (a choice just made), then `cookie` (the `lang`
/// cookie's value), then the first language of `accept_language` we have, by its `q` weights;
/// English when none is ours.
pub fn negotiate(
    explicit: Option<&str>,
    cookie: Option<&str>,
    accept_language: Option<&str>,
) -> Lang {
    if let Some(lang) = explicit.and_then(Lang::parse) {
        return lang;
    }
    if let Some(lang) = cookie.and_then(Lang::parse) {
        return lang;
    }
    accept_language
        .map(from_accept_language)
        .unwrap_or(Lang::En)
}

/// The first of our languages an `Accept-Language` header asks for (`fr-CH, fr;q=0.9, en;q=0.8`),
/// by weight (ties in the header's order); English when none is ours. Only the first
/// [`MAX_ACCEPT_LANGUAGE`] bytes are read, cut at a comma.
pub fn from_accept_language(header: &str) -> Lang {
    let header = if header.len() > MAX_ACCEPT_LANGUAGE {
        let mut end = MAX_ACCEPT_LANGUAGE;
        while !header.is_char_boundary(end) {
            end -= 1;
        }
        let head = &header[..end];
        &head[..head.rfind(',').unwrap_or(0)]
    } else {
        header
    };
    let mut asked: Vec<(u16, usize, LanguageIdentifier)> = header
        .split(',')
        .take(32)
        .enumerate()
        .filter_map(|(at, item)| {
            let mut parts = item.split(';');
            let tag = parts.next()?.trim();
            let mut weight = 1000;
            for param in parts {
                if let Some(q) = param.trim().strip_prefix("q=") {
                    let q: f32 = q.trim().parse().ok()?;
                    weight = (q.clamp(0.0, 1.0) * 1000.0) as u16;
                }
            }
            let id: LanguageIdentifier = tag.parse().ok()?;
            (weight > 0).then_some((weight, at, id))
        })
        .collect();
    asked.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    let requested: Vec<LanguageIdentifier> = asked.into_iter().map(|(_, _, id)| id).collect();
    let available: Vec<LanguageIdentifier> = Lang::ALL
        .iter()
        .filter_map(|l| l.code().parse().ok())
        .collect();
    fluent_langneg::negotiate_languages(
        &requested,
        &available,
        None,
        fluent_langneg::NegotiationStrategy::Lookup,
    )
    .first()
    .and_then(|id| Lang::parse(id.language.as_str()))
    .unwrap_or(Lang::En)
}

/// The terminal's language: `explicit` (`--lang`), then the first of `LC_ALL`, `LC_MESSAGES`,
/// `LANG` that is set and not empty, as `env` gives them (`fr_FR.UTF-8`); English when that is not
/// one of ours (`C`, `POSIX`).
pub fn from_env<'a>(explicit: Option<&str>, env: impl Fn(&str) -> Option<Cow<'a, str>>) -> Lang {
    if let Some(lang) = explicit.and_then(Lang::parse) {
        return lang;
    }
    ["LC_ALL", "LC_MESSAGES", "LANG"]
        .into_iter()
        .filter_map(env)
        .find(|value| !value.is_empty())
        .and_then(|value| Lang::parse(&value))
        .unwrap_or(Lang::En)
}

/// The language of this process's environment (`LC_ALL`, `LC_MESSAGES`, `LANG`) unless
/// `explicit` names one.
pub fn from_process_env(explicit: Option<&str>) -> Lang {
    from_env(explicit, |name| std::env::var(name).ok().map(Cow::Owned))
}

/// The `.ftl` files of `lang`: (file name, text), in name order.
pub fn files(lang: Lang) -> Vec<(String, String)> {
    let prefix = format!("{}/", lang.code());
    let mut files: Vec<(String, String)> = Locales::iter()
        .filter_map(|path| {
            let name = path.strip_prefix(&prefix)?.to_owned();
            let data = Locales::get(&path)?.data;
            Some((name, String::from_utf8_lossy(&data).into_owned()))
        })
        .collect();
    files.sort();
    files
}

/// One bundle per language, in [`Lang::ALL`]'s order.
static BUNDLES: LazyLock<Vec<FluentBundle<FluentResource>>> = LazyLock::new(|| {
    Lang::ALL
        .iter()
        .map(|&lang| {
            let id: LanguageIdentifier = lang.tag().parse().expect("a language tag");
            let mut bundle = FluentBundle::new_concurrent(vec![id]);
            // No Unicode isolation marks around variables: all four languages are written left
            // to right, and the marks would show in terminals and copied text.
            bundle.set_use_isolating(false);
            for (_, text) in files(lang) {
                // A file with an error keeps its good messages; the catalogue test reports it.
                let resource = FluentResource::try_new(text).unwrap_or_else(|(res, _)| res);
                let _ = bundle.add_resource(resource);
            }
            bundle
        })
        .collect()
});

/// A message's arguments: `(name, value)`; values are strings or numbers.
pub type Args<'a> = [(&'a str, Arg<'a>)];

/// An argument of a message.
#[derive(Clone, Debug)]
pub enum Arg<'a> {
    /// A text, put in as it is.
    Str(Cow<'a, str>),
    /// A number: it chooses plural forms.
    Num(f64),
}

impl<'a> From<&'a str> for Arg<'a> {
    fn from(s: &'a str) -> Self {
        Arg::Str(Cow::Borrowed(s))
    }
}
impl From<String> for Arg<'_> {
    fn from(s: String) -> Self {
        Arg::Str(Cow::Owned(s))
    }
}
macro_rules! number_arg {
    ($($t:ty),*) => {$(
        impl From<$t> for Arg<'_> {
            fn from(n: $t) -> Self {
                Arg::Num(n as f64)
            }
        }
    )*};
}
number_arg!(u8, u16, u32, u64, usize, i32, i64, f64);

/// The message `id` of `lang` with `args`, by Fluent's rules; English when `lang` lacks it (the
/// catalogue test makes sure none does), and the id itself when no language has it.
pub fn t(lang: Lang, id: &str, args: &Args<'_>) -> String {
    format(lang, id, args)
        .or_else(|| format(Lang::En, id, args))
        .unwrap_or_else(|| id.to_owned())
}

/// [`t`] without arguments.
pub fn tr(lang: Lang, id: &str) -> String {
    t(lang, id, &[])
}

/// The message `id` of `lang`, when it has one with a value.
fn format(lang: Lang, id: &str, args: &Args<'_>) -> Option<String> {
    let bundle = &BUNDLES[lang.index()];
    let pattern = bundle.get_message(id)?.value()?;
    let mut fluent_args = FluentArgs::new();
    for (name, value) in args {
        match value {
            Arg::Str(s) => fluent_args.set(*name, FluentValue::from(s.as_ref().to_owned())),
            Arg::Num(n) => fluent_args.set(*name, FluentValue::from(*n)),
        }
    }
    let mut errors = Vec::new();
    let text = bundle.format_pattern(pattern, Some(&fluent_args), &mut errors);
    Some(text.into_owned())
}

/// Whether `lang`'s bundle has the message `id`.
pub fn has(lang: Lang, id: &str) -> bool {
    BUNDLES[lang.index()].has_message(id)
}

/// Every message id of `lang` with the names of the variables it uses, sorted.
pub fn message_ids(lang: Lang) -> HashMap<String, Vec<String>> {
    let mut ids = HashMap::new();
    for (_, text) in files(lang) {
        let resource = match fluent_syntax::parser::parse(text.as_str()) {
            Ok(r) => r,
            Err((r, _)) => r,
        };
        for entry in resource.body {
            if let fluent_syntax::ast::Entry::Message(m) = entry {
                let mut vars = Vec::new();
                if let Some(pattern) = &m.value {
                    scripts::variables(pattern, &mut vars);
                }
                for attr in &m.attributes {
                    scripts::variables(&attr.value, &mut vars);
                }
                vars.sort();
                vars.dedup();
                ids.insert(m.id.name.to_owned(), vars);
            }
        }
    }
    ids
}

/// The syntax errors of `lang`'s files: `file: error`.
pub fn syntax_errors(lang: Lang) -> Vec<String> {
    files(lang)
        .into_iter()
        .flat_map(
            |(name, text)| match fluent_syntax::parser::parse(text.as_str()) {
                Ok(_) => Vec::new(),
                Err((_, errors)) => errors
                    .into_iter()
                    .map(|e| format!("{}/{name}: {e:?}", lang.code()))
                    .collect(),
            },
        )
        .collect()
}

#[cfg(test)]
mod tests {
    use super::{from_accept_language, from_env, negotiate, t, Lang};
    use std::borrow::Cow;

    #[test]
    fn an_explicit_choice_beats_the_cookie_which_beats_the_browser() {
        assert_eq!(negotiate(Some("de"), Some("fr"), Some("pt")), Lang::De);
        assert_eq!(negotiate(Some("xx"), Some("fr"), Some("pt")), Lang::Fr);
        assert_eq!(negotiate(None, Some("zz"), Some("pt-BR")), Lang::Pt);
        assert_eq!(negotiate(None, None, None), Lang::En);
        assert_eq!(negotiate(None, None, Some("ja, zh")), Lang::En);
    }

    #[test]
    fn accept_language_is_read_by_weight_and_capped() {
        assert_eq!(from_accept_language("fr-CH, fr;q=0.9, en;q=0.8"), Lang::Fr);
        assert_eq!(from_accept_language("en;q=0.5, de;q=0.9"), Lang::De);
        assert_eq!(from_accept_language("ja, pt-BR;q=0.7, en;q=0.3"), Lang::Pt);
        assert_eq!(from_accept_language("de;q=0, fr;q=0.1"), Lang::Fr);
        assert_eq!(from_accept_language("*"), Lang::En);
        assert_eq!(from_accept_language(";;;,,,q=x"), Lang::En);
        // A language past the cap is not read.
        let long = format!("{}, fr", "ja;q=0.9, ".repeat(100));
        assert_eq!(from_accept_language(&long), Lang::En);
        assert_eq!(from_accept_language(&format!("de, {long}")), Lang::De);
    }

    #[test]
    fn the_terminal_reads_lc_all_then_lc_messages_then_lang() {
        let env = |vars: &'static [(&'static str, &'static str)]| {
            move |name: &str| {
                vars.iter()
                    .find(|(n, _)| *n == name)
                    .map(|(_, v)| Cow::Borrowed(*v))
            }
        };
        assert_eq!(from_env(None, env(&[("LANG", "fr_FR.UTF-8")])), Lang::Fr);
        assert_eq!(
            from_env(None, env(&[("LANG", "fr_FR.UTF-8"), ("LC_ALL", "de_DE")])),
            Lang::De
        );
        assert_eq!(
            from_env(None, env(&[("LANG", "fr_FR"), ("LC_MESSAGES", "pt_PT")])),
            Lang::Pt
        );
        assert_eq!(
            from_env(None, env(&[("LANG", "de_DE"), ("LC_ALL", "")])),
            Lang::De
        );
        assert_eq!(from_env(None, env(&[("LANG", "C.UTF-8")])), Lang::En);
        assert_eq!(from_env(Some("pt"), env(&[("LANG", "fr_FR")])), Lang::Pt);
    }

    #[test]
    fn plurals_follow_each_languages_rules() {
        let seeds = |lang, n: u32| t(lang, "seeds-count", &[("count", n.into())]);
        assert_eq!(seeds(Lang::En, 1), "1 seed");
        assert_eq!(seeds(Lang::En, 0), "0 seeds");
        // French counts 0 and 1 as singular.
        assert_eq!(seeds(Lang::Fr, 0), "0 graine");
        assert_eq!(seeds(Lang::Fr, 2), "2 graines");
        assert_eq!(seeds(Lang::De, 1), "1 Samen");
        assert_eq!(seeds(Lang::Pt, 1), "1 semente");
        assert_eq!(seeds(Lang::Pt, 4), "4 sementes");
        assert_eq!(t(Lang::Fr, "no-such-id", &[]), "no-such-id");
    }
}
