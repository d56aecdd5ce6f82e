//! Compressed answers: fewer bytes on a slow mobile network (issue 57: the first visit on a slow
//! 3G profile, 400 kbit/s, moves the page's ~360 KB of HTML, CSS and modules; compressed they are
//! about a quarter of that).
//!
//! Two ways, one per kind of answer:
//! - **The page's files** (the embedded files, the pages, the catalogues, the service worker;
//!   `assets.rs`) are compressed once per process, at their first request in each coding, and the
//!   compressed bytes kept beside the file ([`variant`]): at high settings (brotli 11 up to
//!   100 KB, 5 above, where 11 would keep the first visitor waiting seconds; gzip 9), which would
//!   be too slow per request but cost little once. Each compressed variant
//!   has an entity tag of its own (the file's SHA-256 and the coding, `"…-br"`), so a `304` is
//!   only ever answered for the bytes the browser holds, and every such answer says
//!   `Vary: Accept-Encoding`. Compressing at startup instead would make every start (and every
//!   test server) pay for files nobody asks for; compressing at build time would put the
//!   compressors into the build script of a crate that already takes minutes.
//! - **Everything else** (the JSON answers) goes through tower-http's [`CompressionLayer`] at its
//!   default, fast settings, with [`Streams`] as the predicate: its default one (above 32 bytes,
//!   no images, no server-sent events) plus no NDJSON. An event stream is never compressed: a
//!   compressor holds bytes back until it has enough, so an event would wait for the next ones.
//!   An answer that already says `Content-Encoding` (the page's files above) is left alone.
//!
//! Brotli and gzip: browsers send `br` on secure origins only (HTTPS, a site behind its TLS proxy,
//! and `localhost`/`127.0.0.1`, the browser tests), where it makes the modules ~15 % smaller than
//! gzip does; every browser and client takes gzip, which covers plain HTTP (a school's server on
//! its local network). Not deflate (gzip's poorer twin, nothing asks for it alone) nor zstd (not
//! in every browser).

use std::collections::HashMap;
use std::io::Write;
use std::sync::{Arc, LazyLock, Mutex};

use axum::body::Bytes;
use axum::http::{header, HeaderMap};
use tower_http::compression::predicate::{And, DefaultPredicate, NotForContentType, Predicate};
use tower_http::compression::CompressionLayer;

/// A content coding the server compresses with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Coding {
    /// Brotli (`br`).
    Br,
    /// gzip.
    Gzip,
}

impl Coding {
    /// The coding's name in `Accept-Encoding` and `Content-Encoding`.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Coding::Br => "br",
            Coding::Gzip => "gzip",
        }
    }

    /// The entity tag of the variant of the file tagged `tag` (quoted) in this coding.
    pub(crate) fn tag(self, tag: &str) -> String {
        let bare = tag.strip_suffix('"').unwrap_or(tag);
        format!("{bare}-{}\"", self.name())
    }
}

/// The coding an answer to a request with `headers` may be compressed with: the one its
/// `Accept-Encoding` weighs highest (brotli on a tie; `*` stands for a coding not named), none
/// when neither is accepted (no header, `identity`, `q=0`).
pub(crate) fn chosen(headers: &HeaderMap) -> Option<Coding> {
    let (mut br, mut gzip, mut any) = (None, None, None);
    for item in headers
        .get_all(header::ACCEPT_ENCODING)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
    {
        let mut parts = item.split(';');
        let name = parts.next().unwrap_or("").trim().to_ascii_lowercase();
        let mut q = 1.0_f32;
        for param in parts {
            if let Some((key, value)) = param.split_once('=') {
                if key.trim().eq_ignore_ascii_case("q") {
                    q = value.trim().parse().unwrap_or(0.0);
                }
            }
        }
        match name.as_str() {
            "br" => br = Some(q),
            "gzip" | "x-gzip" => gzip = Some(q),
            "*" => any = Some(q),
            _ => {}
        }
    }
    let br = br.or(any).unwrap_or(0.0);
    let gzip = gzip.or(any).unwrap_or(0.0);
    if br > 0.0 && br >= gzip {
        Some(Coding::Br)
    } else if gzip > 0.0 {
        Some(Coding::Gzip)
    } else {
        None
    }
}

/// Whether a page's file of type `mime` is worth compressing: text and WebAssembly, not the PNG
/// icons (compressed already).
pub(crate) fn worth(mime: &str) -> bool {
    !mime.starts_with("image/png")
}

/// The compressed variants made so far, by the file's entity tag and the coding; `None` when
/// compressing did not make the file smaller. A bounded set: the tags are those of the embedded
/// files, pages and catalogues.
static VARIANTS: LazyLock<Mutex<Variants>> = LazyLock::new(|| Mutex::new(HashMap::new()));

/// The compressed variants by (entity tag, coding), each made once; `None`: not smaller.
type Variants = HashMap<(String, Coding), Arc<tokio::sync::OnceCell<Option<Bytes>>>>;

/// `data` (a page's file, tagged `tag`) compressed in `coding`: made at the first request, kept
/// afterwards; `None` when it would not be smaller. Requests that arrive while it is being made
/// wait for that one compression rather than starting their own.
pub(crate) async fn variant(tag: &str, data: Bytes, coding: Coding) -> Option<Bytes> {
    let cell = Arc::clone(
        VARIANTS
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .entry((tag.to_owned(), coding))
            .or_default(),
    );
    cell.get_or_init(|| async move {
        // Brotli 11 takes a while on the larger files (the WebAssembly): off the async threads.
        tokio::task::spawn_blocking(move || {
            let packed = compress(&data, coding);
            (packed.len() < data.len()).then(|| Bytes::from(packed))
        })
        .await
        .ok()
        .flatten()
    })
    .await
    .clone()
}

/// `data` compressed in `coding` at the highest setting (brotli's a little lower for large files).
pub(crate) fn compress(data: &[u8], coding: Coding) -> Vec<u8> {
    match coding {
        Coding::Br => {
            let mut out = Vec::with_capacity(data.len() / 3);
            // Brotli 11 takes a good part of a second per 100 KB on a busy server, and the
            // first visitor waits for it: the larger files (the bundles, the WebAssembly) at 5,
            // as fast as gzip 9 and still smaller.
            let quality = if data.len() <= 100_000 { 11 } else { 5 };
            let params = brotli::enc::BrotliEncoderParams {
                quality,
                lgwin: 22,
                size_hint: data.len(),
                ..Default::default()
            };
            brotli::BrotliCompress(&mut &data[..], &mut out, &params)
                .expect("compressing into memory does not fail");
            out
        }
        Coding::Gzip => {
            let mut encoder = flate2::write::GzEncoder::new(
                Vec::with_capacity(data.len() / 3),
                flate2::Compression::best(),
            );
            encoder
                .write_all(data)
                .and_then(|()| encoder.finish())
                .expect("compressing into memory does not fail")
        }
    }
}

/// The predicate of the API's compression: tower-http's default (above 32 bytes, not gRPC,
/// images or server-sent events), not NDJSON (the bots' event streams), and not an answer with
/// an entity tag ([`Untagged`]).
pub(crate) type Streams = And<And<DefaultPredicate, NotForContentType>, Untagged>;

/// Leaves alone an answer that has an `ETag`: its tag names the bytes its handler made, and the
/// layer would keep it on other bytes (a page's file that compressing did not make smaller).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Untagged;

impl Predicate for Untagged {
    fn should_compress<B>(&self, response: &axum::http::Response<B>) -> bool
    where
        B: axum::body::HttpBody,
    {
        !response.headers().contains_key(header::ETAG)
    }
}

/// The layer that compresses the API's answers (gzip or brotli, as the request accepts), not
/// its event streams.
pub(crate) fn layer() -> CompressionLayer<Streams> {
    CompressionLayer::new()
        .gzip(true)
        .br(true)
        .compress_when(layer_predicate())
}

/// [`Streams`]: what the layer compresses.
fn layer_predicate() -> Streams {
    DefaultPredicate::new()
        .and(NotForContentType::const_new("application/x-ndjson"))
        .and(Untagged)
}

#[cfg(test)]
mod tests {
    use super::{chosen, compress, Coding, Predicate};
    use axum::http::{header, HeaderMap, HeaderValue, Response};
    use std::io::Read;

    fn accept(values: &[&str]) -> Option<Coding> {
        let mut h = HeaderMap::new();
        for v in values {
            h.append(header::ACCEPT_ENCODING, HeaderValue::from_str(v).unwrap());
        }
        chosen(&h)
    }

    #[test]
    fn the_coding_is_the_one_the_request_weighs_highest() {
        assert_eq!(accept(&[]), None);
        assert_eq!(accept(&["identity"]), None);
        assert_eq!(accept(&["gzip, deflate, br, zstd"]), Some(Coding::Br));
        assert_eq!(accept(&["gzip, deflate"]), Some(Coding::Gzip));
        assert_eq!(accept(&["br;q=0.5, gzip;q=0.8"]), Some(Coding::Gzip));
        assert_eq!(accept(&["br;q=0, gzip"]), Some(Coding::Gzip));
        assert_eq!(accept(&["gzip;q=0, br;q=0"]), None);
        assert_eq!(accept(&["*"]), Some(Coding::Br));
        assert_eq!(accept(&["*;q=0.1, br;q=0"]), Some(Coding::Gzip));
        assert_eq!(accept(&["deflate", "GZIP"]), Some(Coding::Gzip));
        assert_eq!(accept(&["gzip;q=nonsense"]), None);
    }

    #[test]
    fn a_variant_has_a_tag_of_its_own_and_decodes_to_the_bytes() {
        let tag = "\"abc\"";
        assert_eq!(Coding::Br.tag(tag), "\"abc-br\"");
        assert_eq!(Coding::Gzip.tag(tag), "\"abc-gzip\"");
        let data = "export function sow(pits) { return pits; }\n".repeat(200);
        let gz = compress(data.as_bytes(), Coding::Gzip);
        assert!(gz.len() < data.len() / 4);
        let mut back = String::new();
        flate2::read::GzDecoder::new(&gz[..])
            .read_to_string(&mut back)
            .unwrap();
        assert_eq!(back, data);
        let br = compress(data.as_bytes(), Coding::Br);
        assert!(br.len() < data.len() / 4);
        let mut back = String::new();
        brotli::Decompressor::new(&br[..], 4096)
            .read_to_string(&mut back)
            .unwrap();
        assert_eq!(back, data);
    }

    #[test]
    fn event_streams_are_not_compressed_and_json_is() {
        let predicate = super::layer_predicate();
        let answer = |mime: &str| {
            Response::builder()
                .header(header::CONTENT_TYPE, mime)
                .body(axum::body::Body::from("x".repeat(100)))
                .unwrap()
        };
        assert!(predicate.should_compress(&answer("application/json")));
        assert!(!predicate.should_compress(&answer("text/event-stream")));
        assert!(!predicate.should_compress(&answer("application/x-ndjson")));
        assert!(!predicate.should_compress(&answer("image/png")));
        let mut tagged = answer("text/javascript; charset=utf-8");
        assert!(predicate.should_compress(&tagged));
        tagged
            .headers_mut()
            .insert(header::ETAG, HeaderValue::from_static("\"abc\""));
        assert!(!predicate.should_compress(&tagged));
    }
}
