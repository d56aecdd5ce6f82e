//! The page's files, embedded in the binary: one binary to ship, no network needed.

use axum::http::{header, StatusCode, Uri};
use axum::response::{IntoResponse, Response};

/// An embedded file: its path, content type and bytes.
struct Asset {
    path: &'static str,
    mime: &'static str,
    body: &'static str,
}

/// A page module `static/js/NAME.js`, served at `/js/NAME.js` (an ES module: the type must be JavaScript).
macro_rules! js {
    ($name:literal) => {
        Asset {
            path: concat!("/js/", $name, ".js"),
            mime: "text/javascript; charset=utf-8",
            body: include_str!(concat!("../static/js/", $name, ".js")),
        }
    };
}

const ASSETS: &[Asset] = &[
    Asset {
        path: "/",
        mime: "text/html; charset=utf-8",
        body: include_str!("../static/index.html"),
    },
    js!("main"),
    js!("api"),
    js!("storage"),
    js!("state"),
    js!("dom"),
    js!("status"),
    js!("board"),
    js!("movelist"),
    js!("analysis"),
    js!("record"),
    js!("controls"),
    js!("dialogs"),
    js!("game"),
    js!("qr"),
    js!("online"),
    js!("clock"),
    js!("offers"),
    js!("lobby"),
    js!("review"),
    Asset {
        path: "/style.css",
        mime: "text/css; charset=utf-8",
        body: include_str!("../static/style.css"),
    },
    Asset {
        path: "/favicon.svg",
        mime: "image/svg+xml",
        body: include_str!("../static/favicon.svg"),
    },
    Asset {
        path: "/rules",
        mime: "text/html; charset=utf-8",
        body: include_str!("../static/rules.html"),
    },
    Asset {
        path: "/strategy",
        mime: "text/html; charset=utf-8",
        body: include_str!("../static/strategy.html"),
    },
    Asset {
        path: "/faq",
        mime: "text/html; charset=utf-8",
        body: include_str!("../static/faq.html"),
    },
];

/// Content security: only our own files, no inline scripts.
const CSP: &str = "default-src 'self'; img-src 'self' data:; style-src 'self'; \
                   script-src 'self'; connect-src 'self'; base-uri 'none'; frame-ancestors 'none'";

/// Whether `path` is an online game's address, `/game/{id}` (the invite and spectator link): the page
/// reads the id from the address.
fn is_game_page(path: &str) -> bool {
    path.strip_prefix("/game/").is_some_and(|id| {
        !id.is_empty()
            && id.len() <= 64
            && id
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
    })
}

/// Serves an embedded file (`/index.html` and `/rules.html` style names work too; `/game/{id}` is the page).
pub async fn asset(uri: Uri) -> Response {
    let path = uri.path();
    let path = match path {
        "/index.html" => "/",
        p if is_game_page(p) => "/",
        p => p.strip_suffix(".html").unwrap_or(p),
    };
    match ASSETS.iter().find(|a| a.path == path) {
        Some(a) => (
            [
                (header::CONTENT_TYPE, a.mime),
                (header::CACHE_CONTROL, "no-cache"),
                (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
                (header::CONTENT_SECURITY_POLICY, CSP),
            ],
            a.body,
        )
            .into_response(),
        None => (
            StatusCode::NOT_FOUND,
            [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
            "Not found. The game is at /\n",
        )
            .into_response(),
    }
}

#[cfg(test)]
mod tests {
    use super::{is_game_page, ASSETS};

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

    /// The quoted strings that follow `marker` in `text`.
    fn quoted_after<'a>(text: &'a str, marker: &str) -> Vec<&'a str> {
        text.match_indices(marker)
            .filter_map(|(i, _)| {
                let rest = &text[i + marker.len()..];
                rest.find('"').map(|end| &rest[..end])
            })
            .collect()
    }

    fn served_as_module(path: &str) -> bool {
        ASSETS
            .iter()
            .any(|a| a.path == path && a.mime.starts_with("text/javascript"))
    }

    #[test]
    fn every_module_the_page_imports_is_served_as_javascript() {
        let index = ASSETS.iter().find(|a| a.path == "/").unwrap();
        let entries = quoted_after(index.body, "<script type=\"module\" src=\"");
        assert_eq!(entries, ["/js/main.js"]);
        let mut checked = 0;
        for a in ASSETS.iter().filter(|a| a.path.starts_with("/js/")) {
            for spec in quoted_after(a.body, " from \"") {
                let name = spec
                    .strip_prefix("./")
                    .unwrap_or_else(|| panic!("{}: import {spec:?} is not ./NAME.js", a.path));
                let path = format!("/js/{name}");
                assert!(
                    served_as_module(&path),
                    "{} imports {path}, not in ASSETS",
                    a.path
                );
                checked += 1;
            }
        }
        assert!(checked >= 10, "only {checked} imports found");
    }

    #[test]
    fn every_file_in_static_js_is_in_the_table() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/static/js");
        let mut files = 0;
        for entry in std::fs::read_dir(dir).unwrap() {
            let name = entry.unwrap().file_name().into_string().unwrap();
            assert!(
                name.ends_with(".js"),
                "{name}: only modules belong in static/js"
            );
            assert!(
                served_as_module(&format!("/js/{name}")),
                "static/js/{name} is not served: add js!(\"{}\") to ASSETS",
                name.trim_end_matches(".js")
            );
            files += 1;
        }
        assert_eq!(
            files,
            ASSETS.iter().filter(|a| a.path.starts_with("/js/")).count()
        );
    }
}
