//! The invite link's QR code, drawn by the server as SVG (`GET /api/qr.svg?text=LINK`) with
//! Project Nayuki's `qrcodegen`. The page builds the link from its own address
//! (`location.origin`, which the server cannot know behind a proxy) and asks for its picture;
//! the text must be an http(s) address of at most [`TEXT_MAX`] bytes, so the route draws links,
//! not anything a visitor types.

use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use oware_protocol::ErrorCode;
use qrcodegen::{QrCode, QrCodeEcc};
use serde::Deserialize;

use super::error::{ApiError, Query};

/// The longest text drawn, in bytes (an invite link is about 60).
pub(crate) const TEXT_MAX: usize = 300;

/// The modules of light margin around the symbol that the standard asks for.
const QUIET_ZONE: i32 = 4;

/// `?text=` of `GET /api/qr.svg`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct QrQuery {
    text: String,
}

/// Why a text is not drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum BadText {
    TooLong,
    NotALink,
}

impl BadText {
    fn message(self) -> String {
        match self {
            BadText::TooLong => format!("the text is longer than {TEXT_MAX} bytes"),
            BadText::NotALink => {
                "the text must be an http:// or https:// address without spaces".to_owned()
            }
        }
    }
}

/// `text` as an SVG QR code (error correction level M, black on white, with the quiet zone).
fn svg(text: &str) -> Result<String, BadText> {
    if text.len() > TEXT_MAX {
        return Err(BadText::TooLong);
    }
    let rest = text
        .strip_prefix("https://")
        .or_else(|| text.strip_prefix("http://"))
        .ok_or(BadText::NotALink)?;
    if rest.is_empty() || rest.starts_with('/') || !text.bytes().all(|b| b.is_ascii_graphic()) {
        return Err(BadText::NotALink);
    }
    // 300 bytes fit in version 40 at any level: encoding cannot fail here.
    let qr = QrCode::encode_text(text, QrCodeEcc::Medium).map_err(|_| BadText::TooLong)?;
    let side = qr.size() + 2 * QUIET_ZONE;
    let mut path = String::new();
    for y in 0..qr.size() {
        for x in 0..qr.size() {
            if qr.get_module(x, y) {
                path.push_str(&format!("M{},{}h1v1h-1z", x + QUIET_ZONE, y + QUIET_ZONE));
            }
        }
    }
    Ok(format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {side} {side}\" \
         width=\"{px}\" height=\"{px}\" shape-rendering=\"crispEdges\">\
         <rect width=\"{side}\" height=\"{side}\" fill=\"#fff\"/>\
         <path d=\"{path}\" fill=\"#000\"/></svg>\n",
        px = side * 4
    ))
}

/// `GET /api/qr.svg?text=LINK`: the QR code of an invite link as `image/svg+xml`; a text that
/// is not an http(s) address or is too long answers 400 `bad-qr-text`.
pub(crate) async fn invite_qr(Query(q): Query<QrQuery>) -> Result<Response, ApiError> {
    let svg = svg(&q.text)
        .map_err(|e| ApiError::new(StatusCode::BAD_REQUEST, ErrorCode::BadQrText, e.message()))?;
    Ok((
        [
            (header::CONTENT_TYPE, "image/svg+xml"),
            // The same text always gives the same picture.
            (header::CACHE_CONTROL, "public, max-age=86400"),
            // Opened on its own, the picture may load and run nothing.
            (header::CONTENT_SECURITY_POLICY, "default-src 'none'"),
        ],
        svg,
    )
        .into_response())
}

#[cfg(test)]
mod tests {
    use super::{svg, BadText, TEXT_MAX};

    #[test]
    fn links_are_drawn_and_other_texts_refused() {
        let drawn = svg("https://oware.example.org/game/4f2a9c1e7b").unwrap();
        assert!(drawn.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
        assert!(
            drawn.contains("<path d=\"M4,4h1v1h-1z"),
            "finder pattern at the corner"
        );
        assert!(svg("http://127.0.0.1:8080/game/1").is_ok());
        let long = format!("http://h/{}", "x".repeat(TEXT_MAX - 9));
        assert_eq!(long.len(), TEXT_MAX);
        assert!(svg(&long).is_ok());
        assert_eq!(svg(&format!("{long}x")), Err(BadText::TooLong));
        for bad in [
            "",
            "hello",
            "ftp://h/x",
            "javascript:alert(1)",
            "http://",
            "https:///path",
            "http://h/a b",
            "http://h/é",
        ] {
            assert_eq!(svg(bad).map(|_| ()), Err(BadText::NotALink), "{bad:?}");
        }
    }

    #[test]
    fn the_svg_holds_no_text_from_the_request() {
        let drawn = svg("http://h/\"><script>alert(1)</script>").unwrap();
        assert!(!drawn.contains("script"));
        assert!(!drawn.contains("alert"));
    }
}
