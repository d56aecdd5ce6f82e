//! The catalogue's guards (issue 42), run by `cargo test` and so by `.ci/run`:
//!
//! - every message of English (the source) is in every language, with the same variables, and
//!   no language has a message English lacks; the files parse;
//! - every message is used: its id appears quoted (`"nav-play"`, `t("…")`) in the server's
//!   templates or scripts, or in the Rust sources of the crates, or is named by another message,
//!   or is an error answer's (`error-{code}` of an `oware_protocol::ErrorCode`);
//! - the converted pages and scripts carry no user-visible English of their own: the HTML's text
//!   and the text attributes (`aria-label`, `title`, `placeholder`, `alt`), and the scripts'
//!   `textContent = "…"` style literals, come from the catalogue. The files not converted yet are
//!   listed in [`NOT_CONVERTED`] (the work left, docs/status.md); each is checked once removed.
//!
//! Ids are always written out whole in the sources (`t("nav-play")`, never built from pieces),
//! so that this scan finds them.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use oware_i18n::{message_ids, syntax_errors, Lang};

/// The workspace's `crates/` folder.
fn crates() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

/// The server's `static/` folder.
fn static_dir() -> PathBuf {
    crates().join("oware-server/static")
}

/// The files under `dir` (recursively) whose names end with one of `exts`.
fn files_under(dir: &Path, exts: &[&str], out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if path.is_dir() {
            if name != "target" && name != "node_modules" && !name.starts_with('.') {
                files_under(&path, exts, out);
            }
        } else if exts.iter().any(|e| name.ends_with(e)) {
            out.push(path);
        }
    }
}

#[test]
fn every_language_has_every_message_with_the_same_variables() {
    let english = message_ids(Lang::En);
    assert!(english.len() > 50, "only {} messages", english.len());
    let mut problems = Vec::new();
    for lang in Lang::ALL {
        problems.extend(syntax_errors(lang));
        if lang == Lang::En {
            continue;
        }
        let other = message_ids(lang);
        for (id, vars) in &english {
            match other.get(id) {
                None => problems.push(format!("{}: {id} is missing", lang.code())),
                Some(v) if v != vars => problems.push(format!(
                    "{}: {id} uses {v:?}, English {vars:?}",
                    lang.code()
                )),
                Some(_) => {}
            }
        }
        for id in other.keys().filter(|id| !english.contains_key(*id)) {
            problems.push(format!("{}: {id} is not in English", lang.code()));
        }
        // The same files in every language.
        let names = |l| {
            oware_i18n::files(l)
                .into_iter()
                .map(|(n, _)| n)
                .collect::<Vec<_>>()
        };
        assert_eq!(names(lang), names(Lang::En), "{}", lang.code());
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn every_message_is_used() {
    let mut sources = Vec::new();
    files_under(&static_dir(), &[".html", ".js"], &mut sources);
    for krate in std::fs::read_dir(crates()).unwrap().flatten() {
        files_under(&krate.path().join("src"), &[".rs"], &mut sources);
    }
    let mut text = String::new();
    for path in &sources {
        text.push_str(&std::fs::read_to_string(path).unwrap_or_default());
        text.push('\n');
    }
    // Messages named by other messages (`{ nav-play }`).
    for (_, ftl) in oware_i18n::files(Lang::En) {
        for line in ftl.lines() {
            if let Some((_, value)) = line.split_once('=') {
                text.push_str(value);
            } else {
                text.push_str(line);
            }
            text.push('\n');
        }
    }
    // The error answers' messages, `error-{code}` of each `ErrorCode` (the server sends them
    // by the code's name).
    let errors: BTreeSet<String> = oware_protocol::ErrorCode::ALL
        .iter()
        .map(|c| c.message_id())
        .collect();
    let unused: BTreeSet<_> = message_ids(Lang::En)
        .into_keys()
        .filter(|id| !errors.contains(id))
        .filter(|id| !text.contains(&format!("\"{id}\"")) && !text.contains(&format!("{{ {id} }}")))
        .collect();
    assert!(
        unused.is_empty(),
        "messages no source names (quoted, whole): {unused:?}"
    );
}

/// The pages and scripts not converted to the catalogue yet: the scanner passes over them. Every
/// page and script is converted; a new one that cannot be at once is listed here, and leaves the
/// list when it is, from then on checked.
const NOT_CONVERTED: &[&str] = &[];

/// Texts that are the same in every language: the brand, the notation's words.
const ALLOWED: &[&str] = &["Oware", "OGN", "FAQ", "Elo"];

/// Whether `text` looks like words a reader sees (two letters in a row), outside the allow-list.
fn is_words(text: &str) -> bool {
    let mut rest = text.to_owned();
    for allowed in ALLOWED {
        rest = rest.replace(allowed, "");
    }
    let letters: Vec<char> = rest.chars().collect();
    letters
        .windows(2)
        .any(|w| w[0].is_alphabetic() && w[1].is_alphabetic())
}

/// The user-visible English of a template: its text between tags and its text attributes, with
/// the template's own tags (`{{ … }}`, `{% … %}`, `{# … #}`) taken out.
fn html_findings(html: &str) -> Vec<String> {
    let mut text = html.to_owned();
    for (open, close) in [("{#", "#}"), ("{%", "%}"), ("{{", "}}")] {
        while let Some(from) = text.find(open) {
            let to = text[from..]
                .find(close)
                .map_or(text.len(), |i| from + i + 2);
            text.replace_range(from..to, " ");
        }
    }
    let mut found = Vec::new();
    // Text attributes.
    for attr in ["aria-label=\"", "title=\"", "placeholder=\"", "alt=\""] {
        for (at, _) in text.match_indices(attr) {
            let rest = &text[at + attr.len()..];
            let value = &rest[..rest.find('"').unwrap_or(0)];
            if is_words(value) {
                found.push(format!("{attr}{value}\""));
            }
        }
    }
    // Text between tags, outside <script> and <style>.
    let mut rest = text.as_str();
    while let Some(lt) = rest.find('<') {
        let between = &rest[..lt];
        if is_words(between.trim()) {
            found.push(between.trim().to_owned());
        }
        rest = &rest[lt..];
        let gt = rest.find('>').map_or(rest.len(), |i| i + 1);
        rest = &rest[gt..];
    }
    if is_words(rest.trim()) {
        found.push(rest.trim().to_owned());
    }
    found
}

/// The user-visible English literals of a script: strings given to `textContent`, `innerText`,
/// `title`, `placeholder`, `ariaLabel` or `setAttribute("aria-label", …)`.
fn js_findings(code: &str) -> Vec<String> {
    let mut found = Vec::new();
    for sink in [
        "textContent = ",
        "innerText = ",
        ".title = ",
        ".placeholder = ",
        ".ariaLabel = ",
        "setAttribute(\"aria-label\", ",
        "setAttribute(\"title\", ",
    ] {
        for (at, _) in code.match_indices(sink) {
            let rest = &code[at + sink.len()..];
            let Some(quote) = rest
                .chars()
                .next()
                .filter(|c| matches!(c, '"' | '\'' | '`'))
            else {
                continue;
            };
            let body = &rest[1..];
            let value = &body[..body.find(quote).unwrap_or(body.len())];
            // Template literals: only their own text, not what `${…}` puts in.
            let mut own = String::new();
            let mut depth = 0;
            let mut chars = value.chars().peekable();
            while let Some(c) = chars.next() {
                if c == '$' && chars.peek() == Some(&'{') {
                    depth += 1;
                } else if c == '}' && depth > 0 {
                    depth -= 1;
                } else if depth == 0 {
                    own.push(c);
                }
            }
            if is_words(&own) {
                found.push(format!("{sink}{quote}{value}{quote}"));
            }
        }
    }
    found
}

#[test]
fn converted_pages_and_scripts_have_no_inline_english() {
    let root = static_dir();
    let mut files = Vec::new();
    files_under(&root, &[".html", ".js"], &mut files);
    let mut problems = Vec::new();
    let mut checked = 0;
    for path in files {
        let name = path
            .strip_prefix(&root)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        if NOT_CONVERTED.contains(&name.as_str()) {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let found = if name.ends_with(".html") {
            html_findings(&text)
        } else {
            js_findings(&text)
        };
        problems.extend(found.into_iter().map(|f| format!("{name}: {f}")));
        checked += 1;
    }
    assert!(checked >= 2, "only {checked} files checked");
    assert!(
        problems.is_empty(),
        "English left in converted files (put it in the catalogue, crates/oware-i18n/locales):\n{}",
        problems.join("\n")
    );
}

#[test]
fn messages_with_markup_hold_only_em_strong_and_links() {
    for lang in Lang::ALL {
        for (name, ftl) in oware_i18n::files(lang) {
            for line in ftl.lines() {
                let Some((id, value)) = line.split_once(" = ") else {
                    continue;
                };
                let mut rest = value;
                while let Some(lt) = rest.find('<') {
                    let tag = &rest[lt..rest[lt..].find('>').map_or(rest.len(), |i| lt + i + 1)];
                    let allowed = [
                        "<em>",
                        "</em>",
                        "<strong>",
                        "</strong>",
                        "<code>",
                        "</code>",
                        "</a>",
                    ]
                    .contains(&tag)
                        || (tag.starts_with("<a href=\"/") && !tag[3..].contains(['<', '\'', '(']));
                    assert!(
                        id.trim().ends_with("-html") && allowed,
                        "{}/{name}: {id}: {tag} (markup only in -html messages: em, strong, code, a href=\"/…\")",
                        lang.code()
                    );
                    rest = &rest[lt + 1..];
                }
            }
        }
    }
}

/// Every message of the scripts' catalogue, formatted by `static/js/i18n-format.js` under node,
/// gives what fluent-bundle gives, for numbers of each plural form and for texts. Without node
/// (it comes with the browser tests' set-up) the test says so and passes.
#[test]
fn the_scripts_formatter_agrees_with_fluent_bundle() {
    if std::process::Command::new("node")
        .arg("--version")
        .output()
        .is_err()
    {
        eprintln!("node is not installed: the scripts' formatter is not checked");
        return;
    }
    let module = static_dir().join("js/i18n-format.js");
    let script = format!(
        "import {{ formatter }} from {:?};\n\
         const chunks = []; for await (const c of process.stdin) chunks.push(c);\n\
         const input = Buffer.concat(chunks).toString('utf8');\n\
         const {{ lang, messages, cases }} = JSON.parse(input);\n\
         const f = formatter(lang);\n\
         console.log(JSON.stringify(cases.map(([id, args]) => f(messages[id], args))));",
        format!("file://{}", module.display())
    );
    let input_file =
        std::env::temp_dir().join(format!("oware-i18n-cases-{}.json", std::process::id()));
    let mut checked = 0;
    for lang in Lang::ALL {
        let catalogue: serde_json::Value =
            serde_json::from_str(&oware_i18n::scripts_catalogue(lang).unwrap()).unwrap();
        let ids = message_ids(lang);
        let mut cases = Vec::new();
        let mut expected = Vec::new();
        for id in catalogue["messages"].as_object().unwrap().keys() {
            let vars = &ids[id];
            let mut all: Vec<serde_json::Value> = [0.0, 1.0, 2.0, 5.0, 21.0, 1.5]
                .into_iter()
                .map(|n| serde_json::json!(n))
                .collect();
            all.push(serde_json::json!("Kofi"));
            for value in all {
                let args: serde_json::Map<String, serde_json::Value> =
                    vars.iter().map(|v| (v.clone(), value.clone())).collect();
                let rust_args: Vec<(&str, oware_i18n::Arg)> = vars
                    .iter()
                    .map(|v| {
                        let arg = match value.as_f64() {
                            Some(n) => oware_i18n::Arg::Num(n),
                            None => oware_i18n::Arg::from("Kofi"),
                        };
                        (v.as_str(), arg)
                    })
                    .collect();
                expected.push(oware_i18n::t(lang, id, &rust_args));
                cases.push(serde_json::json!([id, args]));
            }
        }
        let input = serde_json::json!({
            "lang": lang.tag(),
            "messages": catalogue["messages"],
            "cases": cases,
        });
        // The cases go in on standard input, from a file.
        std::fs::write(&input_file, input.to_string()).unwrap();
        let out = std::process::Command::new("node")
            .args(["--input-type=module", "-e", &script])
            .stdin(std::fs::File::open(&input_file).unwrap())
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "node failed: {err}");
        let got: Vec<String> = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(got, expected, "{}", lang.code());
        checked += got.len();
    }
    let _ = std::fs::remove_file(&input_file);
    assert!(checked > 0);
}

#[test]
fn the_not_converted_list_names_files_that_exist() {
    for name in NOT_CONVERTED {
        assert!(static_dir().join(name).is_file(), "{name}");
    }
}

#[test]
fn the_scanner_finds_english_and_passes_over_the_catalogue() {
    assert_eq!(
        html_findings("<p>Play now</p><a aria-label=\"Home\">{{ t(\"x\") }}</a>"),
        ["aria-label=\"Home\"", "Play now"]
    );
    assert!(
        html_findings("{# A comment #}<p>{{ t(\"nav-play\") }}</p> <b>Oware</b> 4-4").is_empty()
    );
    assert_eq!(
        js_findings(
            "a.textContent = \"Your move\"; b.textContent = t(\"x\"); c.textContent = `${n}`;"
        ),
        ["textContent = \"Your move\""]
    );
    assert_eq!(
        js_findings("el.title = `Game ${id}`; x.textContent = \"\";"),
        [".title = `Game ${id}`"]
    );
}

/// All the files of a language make one Fluent bundle, where a second message of the same id
/// would be dropped without a word: every id is defined once in all the files of a language.
#[test]
fn no_id_is_defined_twice_across_a_languages_files() {
    for lang in Lang::ALL {
        let mut seen = std::collections::HashMap::new();
        let mut twice = Vec::new();
        for (name, ftl) in oware_i18n::files(lang) {
            for line in ftl.lines() {
                let starts_id = line
                    .chars()
                    .next()
                    .is_some_and(|c| c.is_ascii_alphabetic() || c == '-');
                let Some((id, _)) = line.split_once('=').filter(|_| starts_id) else {
                    continue;
                };
                if let Some(first) = seen.insert(id.trim().to_owned(), name.clone()) {
                    twice.push(format!(
                        "{}: {} in {first} and {name}",
                        lang.code(),
                        id.trim()
                    ));
                }
            }
        }
        assert!(twice.is_empty(), "{}", twice.join("\n"));
    }
}

/// The style sheet shows no words of its own: a `content: "…"` with words would be English on
/// every page (words come through `attr(data-…)` from the catalogue instead).
#[test]
fn the_style_sheet_writes_no_words() {
    let css = std::fs::read_to_string(static_dir().join("style.css")).unwrap();
    let found: Vec<&str> = css
        .match_indices("content:")
        .filter_map(|(at, _)| {
            let rest = css[at + "content:".len()..].trim_start();
            let quote = rest.chars().next().filter(|c| matches!(c, '"' | '\''))?;
            let body = &rest[1..];
            let value = &body[..body.find(quote).unwrap_or(body.len())];
            is_words(value).then_some(value)
        })
        .collect();
    assert!(found.is_empty(), "words in style.css: {found:?}");
}

/// The text a language's catalogue and lesson tables show: every `.ftl` line that is not a
/// comment, and the lines of the lesson files' tables of that language (`[fr]`, `[steps.fr]`),
/// each with where it comes from.
fn shown_lines(lang: Lang) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut files = Vec::new();
    files_under(
        &crates().join("oware-i18n/locales").join(lang.code()),
        &[".ftl"],
        &mut files,
    );
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap();
        for (i, line) in text.lines().enumerate() {
            if line.trim_start().starts_with('#') {
                continue;
            }
            // The value, not the id: `learn-grand-slam = …`.
            let value = match line.split_once(" = ") {
                Some((id, v))
                    if !id.is_empty()
                        && id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-') =>
                {
                    v
                }
                _ => line,
            };
            out.push((format!("{}:{}", f.display(), i + 1), value.to_string()));
        }
    }
    let mut lessons = Vec::new();
    files_under(
        &crates().join("oware-lessons/lessons"),
        &[".toml"],
        &mut lessons,
    );
    let tables = [
        format!("[{}]", lang.code()),
        format!("[steps.{}]", lang.code()),
    ];
    for f in lessons {
        let text = std::fs::read_to_string(&f).unwrap();
        let mut inside = false;
        for (i, line) in text.lines().enumerate() {
            if line.starts_with('[') {
                inside = tables.iter().any(|t| line.trim() == t);
            } else if inside {
                out.push((format!("{}:{}", f.display(), i + 1), line.to_string()));
            }
        }
    }
    out
}

/// The game's words, one choice per language (docs/translating.md, "The game's words"): each
/// line is `(the word chosen, the variants it replaces)`; no variant may appear (case aside) in
/// the language's catalogue or lesson tables.
/// One idea's word: `(the word chosen, the variants it replaces)`.
type Term = (&'static str, &'static [&'static str]);

const GLOSSARY: &[(Lang, &[Term])] = &[
    (
        Lang::Fr,
        &[
            ("graine (seed)", &["semence", "pion "]),
            ("case (pit)", &["alvéole", "godet", " trou "]),
            ("grenier (store)", &["magasin"]),
            ("semer (sow)", &["égrener"]),
            ("prendre (capture)", &["capturer", "capturé"]),
            ("grand chelem (grand slam)", &["grand slam", "grand-slam"]),
            ("nourrir (feed)", &["alimenter"]),
        ],
    ),
    (
        Lang::De,
        &[
            ("Samen (seed)", &["Bohne", "Stein "]),
            ("Mulde (pit)", &["Grube", " Loch"]),
            ("Speicher (store)", &["Schatzkammer", "Kalaha"]),
            ("säen (sow)", &["aussäen"]),
            ("schlagen (capture)", &["erbeuten", "fangen"]),
            ("Grand Slam (grand slam)", &["großer Schlemm", "Grand-Slam"]),
            (
                "spielen (play a pit), not ziehen",
                &[
                    "ziehen {",
                    "zieht {",
                    "1-6 ziehen",
                    "Mulde ziehen",
                    "Mulden ziehen",
                ],
            ),
        ],
    ),
    (
        Lang::Pt,
        &[
            ("semente (seed)", &["grão", "feijão"]),
            ("casa (pit)", &["cova", "buraco"]),
            ("depósito (store)", &["armazém", "celeiro"]),
            ("sementeira (sowing)", &["semeadura"]),
            ("capturar (capture)", &["comer "]),
            ("grand slam (grand slam)", &["grande slam"]),
            ("alimentar (feed)", &["nutrir"]),
        ],
    ),
];

#[test]
fn the_games_words_follow_each_languages_glossary() {
    let mut problems = Vec::new();
    for (lang, words) in GLOSSARY {
        let lines = shown_lines(*lang);
        assert!(
            lines.len() > 100,
            "{}: only {} lines",
            lang.code(),
            lines.len()
        );
        for (chosen, variants) in *words {
            for v in *variants {
                let v = v.to_lowercase();
                for (at, line) in &lines {
                    if line.to_lowercase().contains(&v) {
                        problems.push(format!(
                            "{at}: {v:?} where {} says {chosen}: {line}",
                            lang.code()
                        ));
                    }
                }
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// French typography: a no-break space (U+00A0, or the narrow U+202F) before `:` `;` `?` `!`
/// and `»`, and after `«`, never a plain space or none (a line never starts with a lone `:`).
#[test]
fn french_puts_a_no_break_space_before_double_punctuation() {
    let mut problems = Vec::new();
    for (at, line) in shown_lines(Lang::Fr) {
        let chars: Vec<char> = line.chars().collect();
        for (i, &c) in chars.iter().enumerate() {
            let before = i.checked_sub(1).map(|j| chars[j]);
            let after = chars.get(i + 1).copied();
            let spaced = |x: Option<char>| matches!(x, Some('\u{a0}' | '\u{202f}'));
            let bad = match c {
                // Double punctuation ending a word: "x :" or "x:" followed by a space or the end.
                ':' | ';' | '?' | '!' => {
                    before.is_some_and(|b| b == ' ' || b.is_alphanumeric() || b == '»')
                        && after.is_none_or(|a| a == ' ' || a == '"')
                        && !spaced(before)
                }
                '«' => !spaced(after),
                '»' => !spaced(before),
                _ => false,
            };
            if bad {
                problems.push(format!("{at}: {line}"));
                break;
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// Portuguese is written as in Portugal, with its plural rules: 0 takes the plural ("0
/// partidas: 0 ganhas, 0 empatadas, 0 perdidas"), and the pages say `lang="pt-PT"`.
#[test]
fn portuguese_is_european_portuguese() {
    assert_eq!(Lang::Pt.tag(), "pt-PT");
    let record = oware_i18n::t(
        Lang::Pt,
        "people-record",
        &[
            ("games", 0.into()),
            ("wins", 0.into()),
            ("draws", 0.into()),
            ("losses", 0.into()),
        ],
    );
    assert_eq!(record, "0 partidas: 0 ganhas, 0 empatadas, 0 perdidas.");
}
