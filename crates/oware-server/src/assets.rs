//! The page's files, embedded in the binary: one binary to ship, no network needed.

use axum::http::{header, StatusCode, Uri};
use axum::response::{IntoResponse, Response};

/// An embedded file: its path, content type and bytes.
struct Asset {
    path: &'static str,
    mime: &'static str,
    body: &'static str,
}

const ASSETS: &[Asset] = &[
    Asset {
        path: "/",
        mime: "text/html; charset=utf-8",
        body: include_str!("../static/index.html"),
    },
    Asset {
        path: "/app.js",
        mime: "text/javascript; charset=utf-8",
        body: include_str!("../static/app.js"),
    },
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

/// Serves an embedded file (`/index.html` and `/rules.html` style names work too).
pub async fn asset(uri: Uri) -> Response {
    let path = uri.path();
    let path = match path {
        "/index.html" => "/",
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
