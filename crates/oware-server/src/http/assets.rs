//! The page's files, embedded in the binary: one binary to ship, no network needed.
//!
//! Every file under `static/` (HTML, CSS, SVG and the `js/` modules) is embedded by rust-embed,
//! in debug builds too, with the SHA-256 of its bytes computed at compile time. That hash is the
//! file's `ETag`; the answers say `Cache-Control: no-cache` (the names carry no hash, so the
//! browser must ask again each time) and a request whose `If-None-Match` holds the tag gets an
//! empty `304 Not Modified`.
//!
//! The pages (`static/*.html`) are minijinja templates that extend one layout,
//! `static/parts/layout.html`: the head every page has and the site's header, the same on every
//! page (Play, Tournaments, Leaderboard, Rules, Tips, FAQ and the account box). A page sets its
//! `title`, `script` and, when it has them, `description` and `current` (the header's link marked
//! as the current page), and fills the blocks `main`, `skip` (before the header) and `nav` (its
//! buttons, before the header's links). Auto-escaping is on (the templates are `.html`). The
//! templates come from the same rust-embed folder as the other files; the pages are rendered once,
//! at their first request (a unit test renders them all, so a template error fails the tests, not
//! a visitor), and their `ETag` is the SHA-256 of the bytes served.
//!
//! The pages are rendered once per language (`http/i18n.rs`): the templates' text comes from the
//! Fluent catalogue through `{{ t("id") }}`, the context's `lang` is the language's code (the
//! `<html lang>`), and each (language, page) has its own `ETag`; the answers say
//! `Vary: Accept-Language, Cookie`. `/i18n/{lang}` serves the page scripts' catalogue the same way.
//!
//! Each answer comes compressed when the request accepts it (`compress.rs`: made once per file and
//! coding, a tag of its own, `Vary: Accept-Encoding`), and a page's modules come in one file,
//! `/js/NAME.bundle.js` (`bundle.rs`), the layout's `bundle(script)`.
//!
//! minijinja rather than askama: the pages stay files under `static/` embedded by rust-embed like
//! every other file (no struct per page, no second copy of the folder for a derive macro), they are
//! rendered once so askama's compile-time rendering would buy no speed, and minijinja is one crate
//! with no proc-macro (the build machine has two cores).

use std::borrow::Cow;
use std::collections::HashMap;
use std::sync::LazyLock;

use axum::body::{Body, Bytes};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use oware_i18n::Lang;
use rust_embed::Embed;
use sha2::{Digest, Sha256};

use super::compress;

/// The embedded files, named by their path under `static/` (`index.html`, `js/main.js`).
#[derive(Embed)]
#[folder = "static/"]
#[include = "*.html"]
#[include = "*.css"]
#[include = "*.svg"]
#[include = "js/*.js"]
#[include = "wasm/*.wasm"]
#[include = "manifest.webmanifest"]
#[include = "icons/*.png"]
#[include = "sw.js"]
#[exclude = "parts/*"]
struct Static;

/// The pieces the pages are put together from (`layout.html`, and markup two pages share such as
/// `clock-filter.html`, `{% include %}`d), not served themselves.
#[derive(Embed)]
#[folder = "static/parts/"]
struct Parts;

/// The template environment: the layout and every page, named by their file names.
fn templates() -> Result<minijinja::Environment<'static>, minijinja::Error> {
    let mut env = minijinja::Environment::new();
    // One block tag a line, and the files' last newline kept: the pages come out as written.
    env.set_syntax(
        minijinja::syntax::SyntaxConfig::builder()
            .trim_blocks(true)
            .lstrip_blocks(true)
            .keep_trailing_newline(true)
            .build()?,
    );
    // HTML escaping of the five characters that matter in text and quoted attributes, not of `/`
    // as well (minijinja's own writes `&#x2f;`, which would turn every `href` into entities).
    env.set_formatter(|out, state, value| match value.as_str() {
        Some(text) if *state.auto_escape() == minijinja::AutoEscape::Html && !value.is_safe() => {
            let mut rest = text;
            while let Some(at) = rest.find(['&', '<', '>', '"', '\'']) {
                out.write_str(&rest[..at])?;
                out.write_str(match rest.as_bytes()[at] {
                    b'&' => "&amp;",
                    b'<' => "&lt;",
                    b'>' => "&gt;",
                    b'"' => "&quot;",
                    _ => "&#39;",
                })?;
                rest = &rest[at + 1..];
            }
            Ok(out.write_str(rest)?)
        }
        _ => minijinja::escape_formatter(out, state, value),
    });
    // A name a page forgot is an error, not an empty string.
    env.set_undefined_behavior(minijinja::UndefinedBehavior::Strict);
    env.add_function("t", super::i18n::template_t);
    env.add_function("t_html", super::i18n::template_t_html);
    env.add_function("bundle", bundle_address);
    env.add_function("critical_css", || {
        super::first_paint::critical_css(&module_text)
    });
    env.add_function("early_script", || {
        super::first_paint::early_script(&module_text)
    });
    let text = |file: rust_embed::EmbeddedFile| {
        String::from_utf8(file.data.into_owned()).expect("a template is UTF-8")
    };
    for name in Parts::iter() {
        let file = Parts::get(&name).expect("an embedded file is there");
        env.add_template_owned(name.into_owned(), text(file))?;
    }
    for name in Static::iter().filter(|name| is_page(name)) {
        let file = Static::get(&name).expect("an embedded file is there");
        env.add_template_owned(name.into_owned(), text(file))?;
    }
    Ok(env)
}

/// The address of the bundle of the page whose script is `script` (`bundle.rs`), for the
/// layout: one file with every module the page runs.
fn bundle_address(script: String) -> String {
    super::bundle::address(&script)
}

/// The text of the embedded file at `path` (`/js/main.js`, `/style.css`).
pub(super) fn module_text(path: &str) -> Option<String> {
    let file = path.strip_prefix('/').and_then(Static::get)?;
    String::from_utf8(file.data.into_owned()).ok()
}

/// The bundles the pages load (`bundle.rs`), by address: text and entity tag. Made at the first
/// request of one; a module the bundler cannot take fails a unit test, not a visitor.
pub(super) static BUNDLES: LazyLock<HashMap<String, (String, String)>> = LazyLock::new(|| {
    let made = |address: String| {
        let text = super::bundle::bundle_at(&address, &module_text)
            .unwrap_or_else(|e| panic!("the bundle {address}: {e}"));
        let tag = etag(&sha256_of(text.as_bytes()));
        (address, (text, tag))
    };
    bundle_addresses().into_iter().map(made).collect()
});

/// The addresses of the bundles the pages load (each page loads the same in every language).
pub(super) fn bundle_addresses() -> Vec<String> {
    let english = SERVED_PAGES
        .iter()
        .filter(|((lang, _), _)| *lang == Lang::En);
    super::bundle::addresses_in(english.map(|(_, page)| page.html.as_str()))
}

/// The context a page is rendered with in `lang`: the language's code, the language menu and the
/// board's first position (`first_paint.rs`).
fn page_context(lang: Lang) -> minijinja::Value {
    let start = super::first_paint::start_board();
    minijinja::context! { lang => lang.code(), lang_tag => lang.tag(), langs => super::i18n::menu(), start }
}

/// Renders every page (the HTML files of `static/`) into the layout in every language:
/// (language, file name, HTML).
fn render_pages() -> Result<Vec<(Lang, String, String)>, String> {
    let env = templates().map_err(|e| format!("{e:#}"))?;
    let mut pages = Vec::new();
    for lang in Lang::ALL {
        for name in Static::iter().filter(|name| is_page(name)) {
            let html = env
                .get_template(&name)
                .and_then(|t| t.render(page_context(lang)))
                .map_err(|e| format!("{}/{name}: {e:#}", lang.code()))?;
            pages.push((lang, name.into_owned(), html));
        }
    }
    Ok(pages)
}

/// A page as served: the layout with the page's sections, and its entity tag.
struct Page {
    /// The whole page.
    html: String,
    /// The SHA-256 of `html`, quoted.
    tag: String,
    /// Its `Content-Security-Policy`: the hashes of its inline script and style (`first_paint.rs`).
    csp: String,
}

/// The pages, by language and file name (`index.html`), rendered at their first request.
static SERVED_PAGES: LazyLock<HashMap<(Lang, String), Page>> = LazyLock::new(|| {
    render_pages()
        .unwrap_or_else(|e| panic!("the pages' templates: {e}"))
        .into_iter()
        .map(|(lang, name, html)| {
            let tag = etag(&Sha256::digest(html.as_bytes()).into());
            let csp = super::first_paint::policy_for(&html);
            ((lang, name), Page { html, tag, csp })
        })
        .collect()
});

/// Whether the embedded file `name` is a page, put into the layout: the HTML files of `static/`.
fn is_page(name: &str) -> bool {
    !name.contains('/') && name.ends_with(".html")
}

/// The pages served without `.html` (`/rules`, and `/rules.html` as well).
const PAGES: [&str; 4] = ["rules", "strategy", "faq", "learn"];

/// Whether `path` is an online game's address, `/game/{id}` (the invite and spectator link): the page
/// reads the id from the address.
fn is_game_page(path: &str) -> bool {
    path.strip_prefix("/game/").is_some_and(is_id)
}

/// Whether `s` may be a game id or a player's name in an address: 1–64 letters, digits, `-`, `_`.
fn is_id(s: &str) -> bool {
    !s.is_empty()
        && s.len() <= 64
        && s.bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// The embedded file a request path names: `/`, `/index.html` and `/game/{id}` are the page,
/// `/@/{name}`, `/player` and `/account/reset` the players' page, `/rules` (or `/rules.html`) a
/// page of its own, anything else the file of that name.
fn file_name(path: &str) -> Option<Cow<'static, str>> {
    if path == "/" || path == "/index.html" || is_game_page(path) {
        return Some(Cow::Borrowed("index.html"));
    }
    // The players' pages: a profile `/@/{name}`, the leaderboard, the password reset link.
    if path == "/player" || path == "/account/reset" || path.strip_prefix("/@/").is_some_and(is_id)
    {
        return Some(Cow::Borrowed("player.html"));
    }
    // The tournaments: the list and each tournament's page.
    // `/tournament` as well, the address other game sites use for the list.
    if path == "/tournaments"
        || path == "/tournament"
        || path.strip_prefix("/tournament/").is_some_and(is_id)
    {
        return Some(Cow::Borrowed("tournament.html"));
    }
    // Watching: TV and the games in play.
    if path == "/tv" || path == "/games" {
        return Some(Cow::Borrowed("watch.html"));
    }
    // Classes: a teacher's list or a pupil's class, one class (`classes/`); the worksheets.
    if path == "/class" || path.strip_prefix("/class/").is_some_and(is_id) {
        return Some(Cow::Borrowed("class.html"));
    }
    if path == "/worksheets" {
        return Some(Cow::Borrowed("worksheet.html"));
    }
    // Puzzles: the next one, `/training/daily`, `/training/streak`, one by its id.
    if path == "/training" || path.strip_prefix("/training/").is_some_and(is_id) {
        return Some(Cow::Borrowed("training.html"));
    }
    // The analysis board: `/analysis`, `/analysis/{position text}` (moves and rules in the query).
    if path == "/analysis" || path.strip_prefix("/analysis/").is_some_and(is_id) {
        return Some(Cow::Borrowed("study.html"));
    }
    // The board editor (`/editor?position=…&rules=…`).
    if path == "/editor" {
        return Some(Cow::Borrowed("editor.html"));
    }
    let name = path.strip_prefix('/')?;
    if PAGES.contains(&name) {
        return Some(Cow::Owned(format!("{name}.html")));
    }
    Some(Cow::Owned(name.to_owned()))
}

/// The content type by extension: the kinds `static/` holds, text with its charset (an ES
/// module must be JavaScript). A table of our own rather than mime_guess, which names `.js`
/// `application/javascript` and adds no charset.
fn content_type(name: &str) -> Option<&'static str> {
    Some(match name.rsplit_once('.')?.1 {
        "html" => "text/html; charset=utf-8",
        "js" => "text/javascript; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "svg" => "image/svg+xml",
        // The engine for the page (`wasm/oware.wasm`, scripts/build-wasm.sh): a browser compiles
        // it while it downloads only when it comes as `application/wasm`.
        "wasm" => "application/wasm",
        // The web app manifest and its icons (scripts/icons.py draws them): the page installs.
        "webmanifest" => "application/manifest+json",
        "png" => "image/png",
        _ => return None,
    })
}

/// The strong entity tag of a file: its SHA-256 in hex, quoted.
pub(super) fn etag(hash: &[u8; 32]) -> String {
    let hex: String = hash.iter().map(|b| format!("{b:02x}")).collect();
    format!("\"{hex}\"")
}

/// Whether the `If-None-Match` headers in `headers` name `tag` (or say `*`): the weak comparison
/// RFC 9110 asks for here, so `W/"…"` matches too.
pub(super) fn not_modified(headers: &HeaderMap, tag: &str) -> bool {
    headers
        .get_all(header::IF_NONE_MATCH)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .map(str::trim)
        .any(|t| t == "*" || t.strip_prefix("W/").unwrap_or(t) == tag)
}

/// Where the bots' guide (`docs/bots.md`) is served.
pub const BOTS_GUIDE_PATH: &str = "/docs/bots.md";
/// The bots' guide, built in.
const BOTS_GUIDE: &str = include_str!("../../../../docs/bots.md");

/// Where the service worker is served: at the site's root, so that its scope covers every page.
pub const SERVICE_WORKER_PATH: &str = "/sw.js";

/// The pages a visitor can use without the network (the service worker keeps them): the game
/// against the computer and a friend, the lessons and the counting trainer, the shipped puzzles,
/// the rules and tips.
const OFFLINE_PAGES: [&str; 6] = ["/", "/learn", "/training", "/rules", "/strategy", "/faq"];

/// The service worker as served: `static/sw.js` after two lines written here, its version (the
/// SHA-256 over every embedded file's and every catalogue's hash, so any change to the page makes
/// a new worker, which replaces the old one's cache) and the addresses it keeps (the pages above,
/// every embedded file but itself and the page templates, the pages' bundles, each language's
/// catalogue).
pub(super) static SERVICE_WORKER: LazyLock<(String, String)> = LazyLock::new(|| {
    let mut names: Vec<String> = Static::iter().map(|n| n.into_owned()).collect();
    names.sort();
    let mut version = Sha256::new();
    let mut keep: Vec<String> = OFFLINE_PAGES.iter().map(|p| (*p).to_string()).collect();
    for name in &names {
        if let Some(file) = Static::get(name) {
            version.update(name.as_bytes());
            version.update(file.metadata.sha256_hash());
        }
        if name != "sw.js" && !is_page(name) {
            keep.push(format!("/{name}"));
        }
    }
    for name in Parts::iter() {
        if let Some(file) = Parts::get(&name) {
            version.update(file.metadata.sha256_hash());
        }
    }
    keep.extend(bundle_addresses());
    for lang in Lang::ALL {
        let path = format!("/i18n/{}", lang.code());
        if let Some(c) = super::i18n::catalogue(&path) {
            version.update(c.tag.as_bytes());
        }
        keep.push(path);
    }
    let hash: [u8; 32] = version.finalize().into();
    let hex: String = hash.iter().take(8).map(|b| format!("{b:02x}")).collect();
    let list = keep
        .iter()
        .map(|p| format!("{p:?}"))
        .collect::<Vec<_>>()
        .join(", ");
    let code = Static::get("sw.js").map_or_else(String::new, |f| {
        String::from_utf8_lossy(&f.data).into_owned()
    });
    let body = format!("const VERSION = \"{hex}\";\nconst PRECACHE = [{list}];\n{code}");
    let tag = etag(&sha256_of(body.as_bytes()));
    (body, tag)
});

/// The SHA-256 of `data`.
pub(super) fn sha256_of(data: &[u8]) -> [u8; 32] {
    Sha256::digest(data).into()
}

/// Serves an embedded file (`/index.html` and `/rules.html` style names work too; `/game/{id}` is
/// the page; a page as put into the layout), or `304` when the request's `If-None-Match` already
/// holds it.
pub async fn asset(uri: Uri, headers: HeaderMap) -> Response {
    let lang = super::i18n::request_lang(&headers);
    // Whether the answer depends on the request's language: a page.
    let mut varies = false;
    // The page's own policy (its inline script and style), else the site's.
    let mut policy = super::first_paint::CSP;
    let found: Option<(&'static str, String, Bytes)> =
        if let Some(catalogue) = super::i18n::catalogue(uri.path()) {
            let body = Bytes::from_static(catalogue.json.as_bytes());
            Some(("application/json", catalogue.tag.clone(), body))
        } else if uri.path() == SERVICE_WORKER_PATH {
            // Its own answer: the browser checks it for a new version at each visit (no-cache).
            let (body, tag) = &*SERVICE_WORKER;
            let body = Bytes::from_static(body.as_bytes());
            Some(("text/javascript; charset=utf-8", tag.clone(), body))
        } else if let Some((text, tag)) =
            super::bundle::script_of(uri.path()).and(BUNDLES.get(uri.path()))
        {
            // A page's modules in one file (`bundle.rs`).
            let body = Bytes::from_static(text.as_bytes());
            Some(("text/javascript; charset=utf-8", tag.clone(), body))
        } else if uri.path() == BOTS_GUIDE_PATH {
            // The bots' guide, which the tokens dialog links to: the repository's text as it is.
            let body = Bytes::from_static(BOTS_GUIDE.as_bytes());
            Some(("text/plain; charset=utf-8", etag(&sha256_of(&body)), body))
        } else {
            file_name(uri.path()).and_then(|name| {
                let mime = content_type(&name)?;
                if let Some(page) = SERVED_PAGES.get(&(lang, name.clone().into_owned())) {
                    varies = true;
                    policy = &page.csp;
                    let body = Bytes::from_static(page.html.as_bytes());
                    return Some((mime, page.tag.clone(), body));
                }
                let file = Static::get(&name)?;
                let tag = etag(&file.metadata.sha256_hash());
                let body = match file.data {
                    Cow::Borrowed(data) => Bytes::from_static(data),
                    Cow::Owned(data) => Bytes::from(data),
                };
                Some((mime, tag, body))
            })
        };
    let Some((mime, mut tag, mut body)) = found else {
        return (
            StatusCode::NOT_FOUND,
            [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
            "Not found. The game is at /\n",
        )
            .into_response();
    };
    // The compressed variant the request accepts (compress.rs), with its own tag.
    let mut coding = None;
    if compress::worth(mime) {
        if let Some(chosen) = compress::chosen(&headers) {
            if let Some(packed) = compress::variant(&tag, body.clone(), chosen).await {
                tag = chosen.tag(&tag);
                body = packed;
                coding = Some(chosen);
            }
        }
    }
    let etag_value = HeaderValue::from_str(&tag).expect("a quoted hex string is a header value");
    let cache = [
        (header::ETAG, etag_value),
        (header::CACHE_CONTROL, HeaderValue::from_static("no-cache")),
    ];
    let mut response = if not_modified(&headers, &tag) {
        (StatusCode::NOT_MODIFIED, cache).into_response()
    } else {
        answer(cache, mime, policy, Body::from(body))
    };
    let vary = match (varies, compress::worth(mime)) {
        (true, _) => "Accept-Language, Cookie, Accept-Encoding",
        (false, true) => "Accept-Encoding",
        (false, false) => "",
    };
    if !vary.is_empty() {
        response
            .headers_mut()
            .insert(header::VARY, HeaderValue::from_static(vary));
    }
    if let Some(coding) = coding.filter(|_| response.status() == StatusCode::OK) {
        response.headers_mut().insert(
            header::CONTENT_ENCODING,
            HeaderValue::from_static(coding.name()),
        );
    }
    response
}

/// A `200` with the file's body, its cache headers and its type.
fn answer(
    cache: [(header::HeaderName, HeaderValue); 2],
    mime: &'static str,
    policy: &'static str,
    body: Body,
) -> Response {
    (
        cache,
        [
            (header::CONTENT_TYPE, mime),
            (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
            (header::CONTENT_SECURITY_POLICY, policy),
        ],
        body,
    )
        .into_response()
}

#[cfg(test)]
mod tests {
    use super::{
        content_type, etag, file_name, is_game_page, not_modified, templates, Static, PAGES,
        SERVED_PAGES,
    };
    use axum::http::{header, HeaderMap, HeaderValue};
    use oware_i18n::Lang;
    use sha2::{Digest, Sha256};

    #[test]
    fn game_addresses_serve_the_page_and_nothing_else_does() {
        assert!(is_game_page("/game/4f2a9c1e"));
        assert!(is_game_page("/game/a-b_C9"));
        for p in [
            "/game/",
            "/game",
            "/game/a/b",
            "/game/a.js",
            "/games/a",
            "/game/%2e%2e",
        ] {
            assert!(!is_game_page(p), "{p}");
        }
    }

    #[test]
    fn addresses_name_the_files_the_old_table_served() {
        let served = |p: &str| {
            file_name(p)
                .filter(|n| content_type(n).is_some() && Static::get(n).is_some())
                .map(|n| n.into_owned())
        };
        for (path, name) in [
            ("/", "index.html"),
            ("/index.html", "index.html"),
            ("/game/4f2a9c1e", "index.html"),
            ("/rules", "rules.html"),
            ("/rules.html", "rules.html"),
            ("/strategy", "strategy.html"),
            ("/faq.html", "faq.html"),
            ("/style.css", "style.css"),
            ("/favicon.svg", "favicon.svg"),
            ("/js/main.js", "js/main.js"),
            ("/player", "player.html"),
            ("/training", "training.html"),
            ("/training/daily", "training.html"),
            ("/class", "class.html"),
            ("/class/4f2a9c1e", "class.html"),
            ("/worksheets", "worksheet.html"),
            ("/@/Kofi_9", "player.html"),
            ("/account/reset", "player.html"),
            ("/tournaments", "tournament.html"),
            ("/tournament", "tournament.html"),
            ("/tournament/k3y_9", "tournament.html"),
            ("/analysis", "study.html"),
            ("/analysis/4-4-4-4-4-4-4-4-4-4-4-4-0-0-S", "study.html"),
            ("/editor", "editor.html"),
        ] {
            assert_eq!(served(path).as_deref(), Some(name), "{path}");
        }
        for path in [
            "/index",
            "/js",
            "/js/",
            "//style.css",
            "/nope.js",
            "/game/a/b",
            "/@/a/b",
            "/@/",
        ] {
            assert_eq!(served(path), None, "{path}");
        }
    }

    #[test]
    fn if_none_match_names_the_tag_in_a_list_weak_or_as_a_star() {
        let tag = etag(&[0xab; 32]);
        assert_eq!(tag.len(), 66);
        assert!(tag.starts_with("\"abab") && tag.ends_with("ab\""));
        let with = |values: &[&str]| {
            let mut h = HeaderMap::new();
            for v in values {
                h.append(header::IF_NONE_MATCH, HeaderValue::from_str(v).unwrap());
            }
            not_modified(&h, &tag)
        };
        assert!(with(&[&tag]));
        assert!(with(&[&format!("W/{tag}")]));
        assert!(with(&[&format!("\"other\", {tag}")]));
        assert!(with(&["\"other\"", &tag]));
        assert!(with(&["*"]));
        assert!(!with(&[]));
        assert!(!with(&["\"other\""]));
        assert!(!with(&[&tag[1..65]]));
    }

    /// The layout with `page` as a page named `page.html` beside it, rendered.
    fn render_with_layout(page: &str) -> Result<String, minijinja::Error> {
        let mut env = templates()?;
        env.add_template_owned("page.html", page.to_owned())?;
        env.get_template("page.html")?
            .render(super::page_context(Lang::En))
    }

    #[test]
    fn a_page_fills_the_layouts_values_and_blocks_escaped() {
        let html = render_with_layout(
            "{% extends \"layout.html\" %}\n{% set title = \"B & <C> \\\"D\\\"\" %}\n{% set script = \"/js/x.js\" %}\n{% set current = \"/faq\" %}\n{% block main %}\n<main>\n</main>\n{% endblock %}\n",
        )
        .unwrap();
        assert!(
            html.contains("\n<title>B &amp; &lt;C&gt; &quot;D&quot;</title>\n"),
            "{html}"
        );
        assert!(
            html.contains("\n<script type=\"module\" src=\"/js/x.bundle.js\"></script>\n"),
            "{html}"
        );
        assert!(!html.contains("name=\"description\""), "{html}");
        assert!(
            html.contains("    <a href=\"/faq\" aria-current=\"page\">FAQ</a>\n"),
            "{html}"
        );
        assert_eq!(html.matches("aria-current").count(), 1, "{html}");
        assert!(
            html.ends_with("\n<main>\n</main>\n</body>\n</html>\n"),
            "{html}"
        );
        // A page that forgets its title or script does not render.
        assert!(render_with_layout(
            "{% extends \"layout.html\" %}\n{% set script = \"/js/x.js\" %}\n"
        )
        .is_err());
        assert!(
            render_with_layout("{% extends \"layout.html\" %}\n{% set title = \"A\" %}\n").is_err()
        );
    }

    #[test]
    fn every_page_has_the_same_header_links() {
        let header = |html: &str| {
            let from = html.find("<header class=\"top\">").unwrap();
            let to = html.find("</header>").unwrap();
            quoted_after(&html[from..to], "<a href=\"")
                .into_iter()
                .map(str::to_owned)
                .collect::<Vec<_>>()
        };
        for ((_, name), page) in SERVED_PAGES.iter() {
            assert_eq!(
                header(&page.html),
                [
                    "/",
                    "/training",
                    "/tournaments",
                    "/tv",
                    "/learn",
                    "/player",
                    "/rules",
                    "/strategy",
                    "/faq"
                ],
                "{name}"
            );
            assert!(
                page.html.contains("<div id=\"account\" class=\"account\""),
                "{name}"
            );
        }
    }

    #[test]
    fn every_page_is_put_into_the_layout_and_tagged_by_the_bytes_served() {
        let pages: Vec<_> = Static::iter().filter(|n| n.ends_with(".html")).collect();
        assert_eq!(SERVED_PAGES.len(), pages.len() * Lang::ALL.len());
        for name in pages {
            let page = en(&name);
            let html = &page.html;
            assert!(
                html.starts_with("<!doctype html>\n<html lang=\"en\">\n<head>\n"),
                "{name}"
            );
            assert!(html.ends_with("</body>\n</html>\n"), "{name}");
            for once in [
                "<title>",
                "<header class=\"top\">",
                "<nav ",
                "<main",
                "</main>",
                "</head>\n<body>\n",
            ] {
                assert_eq!(html.matches(once).count(), 1, "{name}: {once}");
            }
            assert!(
                !html.contains("{%") && !html.contains("{{") && !html.contains("{#"),
                "{name}"
            );
            assert_eq!(
                page.tag,
                etag(&Sha256::digest(html.as_bytes()).into()),
                "{name}"
            );
            assert_ne!(
                page.tag,
                etag(&Static::get(&name).unwrap().metadata.sha256_hash())
            );
        }
        for doc in PAGES {
            let html = &en(&format!("{doc}.html")).html;
            assert_eq!(html.matches("aria-current").count(), 1, "{doc}");
            assert!(
                html.contains(&format!("<a href=\"/{doc}\" aria-current=\"page\">")),
                "{doc}"
            );
        }
        let index = &en("index.html").html;
        assert!(index.find("class=\"skip\"") < index.find("<header"));
        assert!(index.contains("<button type=\"button\" id=\"btn-new\""));
    }

    /// The English page `name`.
    fn en(name: &str) -> &'static super::Page {
        &SERVED_PAGES[&(Lang::En, name.to_owned())]
    }

    /// The quoted strings that follow `marker` in `text`.
    fn quoted_after<'a>(text: &'a str, marker: &str) -> Vec<&'a str> {
        text.match_indices(marker)
            .filter_map(|(i, _)| {
                let rest = &text[i + marker.len()..];
                rest.find('"').map(|end| &rest[..end])
            })
            .collect()
    }

    fn text(name: &str) -> String {
        String::from_utf8(Static::get(name).unwrap().data.into_owned()).unwrap()
    }

    fn served_as_module(name: &str) -> bool {
        Static::get(name).is_some()
            && content_type(name).is_some_and(|m| m.starts_with("text/javascript"))
    }

    #[test]
    fn every_module_the_page_imports_is_served_as_javascript() {
        let entries = &en("index.html").html;
        assert_eq!(
            quoted_after(entries, "<script type=\"module\" src=\""),
            ["/js/main.bundle.js"]
        );
        let mut checked = 0;
        for name in Static::iter().filter(|n| n.starts_with("js/")) {
            // JSDoc `@import … from` lines name the protocol's types for tsc, not modules.
            let code: String = text(&name)
                .lines()
                .filter(|l| !l.contains("@import"))
                .map(|l| format!("{l}\n"))
                .collect();
            for spec in quoted_after(&code, " from \"") {
                let module = spec
                    .strip_prefix("./")
                    .unwrap_or_else(|| panic!("{name}: import {spec:?} is not ./NAME.js"));
                assert!(
                    served_as_module(&format!("js/{module}")),
                    "{name} imports {module}, not embedded"
                );
                checked += 1;
            }
        }
        assert!(checked >= 10, "only {checked} imports found");
    }

    #[test]
    fn every_file_in_static_is_embedded_with_its_type() {
        let root = concat!(env!("CARGO_MANIFEST_DIR"), "/static");
        let mut files = 0;
        for (dir, prefix) in [
            (root.to_owned(), ""),
            (format!("{root}/js"), "js/"),
            (format!("{root}/icons"), "icons/"),
            // Generated by scripts/build-wasm.sh; absent before its first run.
            (format!("{root}/wasm"), "wasm/"),
        ] {
            let Ok(entries) = std::fs::read_dir(&dir) else {
                assert_eq!(prefix, "wasm/", "{dir} is missing");
                continue;
            };
            for entry in entries {
                let entry = entry.unwrap();
                if entry.file_type().unwrap().is_dir() {
                    continue;
                }
                let name = format!("{prefix}{}", entry.file_name().into_string().unwrap());
                if prefix == "js/" {
                    assert!(
                        served_as_module(&name),
                        "{name}: only modules belong in js/"
                    );
                }
                assert!(content_type(&name).is_some(), "{name}: no content type");
                assert!(Static::get(&name).is_some(), "{name} is not embedded");
                files += 1;
            }
        }
        assert_eq!(files, Static::iter().count());
    }
}
