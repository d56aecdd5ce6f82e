//! The page's files, embedded in the binary: one binary to ship, no network needed.
//!
//! Every file under `static/` (HTML, CSS, SVG and the `js/` modules) is embedded by rust-embed,
//! in debug builds too, with the SHA-256 of its bytes computed at compile time. That hash is the
//! file's `ETag`; the answers say `Cache-Control: no-cache` (the names carry no hash, so the
//! browser must ask again each time) and a request whose `If-None-Match` holds the tag gets an
//! empty `304 Not Modified`.

use std::borrow::Cow;

use axum::body::Body;
use axum::http::{header, HeaderMap, HeaderValue, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use rust_embed::Embed;

/// The embedded files, named by their path under `static/` (`index.html`, `js/main.js`).
#[derive(Embed)]
#[folder = "static/"]
#[include = "*.html"]
#[include = "*.css"]
#[include = "*.svg"]
#[include = "js/*.js"]
struct Static;

/// The pages served without `.html` (`/rules`, and `/rules.html` as well).
const PAGES: [&str; 3] = ["rules", "strategy", "faq"];

/// Content security: only our own files, no inline scripts.
const CSP: &str = "default-src 'self'; img-src 'self' data:; style-src 'self'; \
                   script-src 'self'; connect-src 'self'; base-uri 'none'; frame-ancestors 'none'";

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
    if path == "/tournaments" || path.strip_prefix("/tournament/").is_some_and(is_id) {
        return Some(Cow::Borrowed("tournament.html"));
    }
    let name = path.strip_prefix('/')?;
    if PAGES.contains(&name) {
        return Some(Cow::Owned(format!("{name}.html")));
    }
    Some(Cow::Owned(name.to_owned()))
}

/// The content type by extension: the four kinds `static/` holds, text with its charset (an ES
/// module must be JavaScript). A table of our own rather than mime_guess, which names `.js`
/// `application/javascript` and adds no charset.
fn content_type(name: &str) -> Option<&'static str> {
    Some(match name.rsplit_once('.')?.1 {
        "html" => "text/html; charset=utf-8",
        "js" => "text/javascript; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "svg" => "image/svg+xml",
        _ => return None,
    })
}

/// The strong entity tag of a file: its SHA-256 in hex, quoted.
fn etag(hash: &[u8; 32]) -> String {
    let hex: String = hash.iter().map(|b| format!("{b:02x}")).collect();
    format!("\"{hex}\"")
}

/// Whether the `If-None-Match` headers in `headers` name `tag` (or say `*`): the weak comparison
/// RFC 9110 asks for here, so `W/"…"` matches too.
fn not_modified(headers: &HeaderMap, tag: &str) -> bool {
    headers
        .get_all(header::IF_NONE_MATCH)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .map(str::trim)
        .any(|t| t == "*" || t.strip_prefix("W/").unwrap_or(t) == tag)
}

/// Serves an embedded file (`/index.html` and `/rules.html` style names work too; `/game/{id}` is
/// the page), or `304` when the request's `If-None-Match` already holds it.
pub async fn asset(uri: Uri, headers: HeaderMap) -> Response {
    let found =
        file_name(uri.path()).and_then(|name| Some((content_type(&name)?, Static::get(&name)?)));
    let Some((mime, file)) = found else {
        return (
            StatusCode::NOT_FOUND,
            [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
            "Not found. The game is at /\n",
        )
            .into_response();
    };
    let tag = etag(&file.metadata.sha256_hash());
    let etag_value = HeaderValue::from_str(&tag).expect("a quoted hex string is a header value");
    let cache = [
        (header::ETAG, etag_value),
        (header::CACHE_CONTROL, HeaderValue::from_static("no-cache")),
    ];
    if not_modified(&headers, &tag) {
        return (StatusCode::NOT_MODIFIED, cache).into_response();
    }
    (
        cache,
        [
            (header::CONTENT_TYPE, mime),
            (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
            (header::CONTENT_SECURITY_POLICY, CSP),
        ],
        Body::from(file.data),
    )
        .into_response()
}

#[cfg(test)]
mod tests {
    use super::{content_type, etag, file_name, is_game_page, not_modified, Static};
    use axum::http::{header, HeaderMap, HeaderValue};

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
            ("/@/Kofi_9", "player.html"),
            ("/account/reset", "player.html"),
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
        let entries = text("index.html");
        assert_eq!(
            quoted_after(&entries, "<script type=\"module\" src=\""),
            ["/js/main.js"]
        );
        let mut checked = 0;
        for name in Static::iter().filter(|n| n.starts_with("js/")) {
            for spec in quoted_after(&text(&name), " from \"") {
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
        for (dir, prefix) in [(root.to_owned(), ""), (format!("{root}/js"), "js/")] {
            for entry in std::fs::read_dir(dir).unwrap() {
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
