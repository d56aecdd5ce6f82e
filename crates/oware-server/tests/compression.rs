//! Compressed answers (http/compress.rs), against the real server on a loopback port: a page's
//! file asked with `Accept-Encoding` comes gzip- or brotli-compressed and decodes to the bytes
//! served plain, with an entity tag of its own and `Vary: Accept-Encoding`, and its `304` still
//! works; JSON answers (an error too) are compressed and read the same; an event stream is not
//! compressed and its first event comes at once.

#[path = "common/coding.rs"]
mod coding;
mod common;

use reqwest::header::{ACCEPT_ENCODING, CONTENT_ENCODING, ETAG, IF_NONE_MATCH, VARY};
use reqwest::{Client, StatusCode};
use serde_json::Value;

use coding::decoded;

#[tokio::test]
async fn page_files_come_compressed_when_asked_and_decode_to_the_same_bytes() {
    let dir = tempfile::tempdir().unwrap();
    let s = common::server(&dir.path().join("games.sqlite")).await;
    let base = format!("http://{}", s.addr());
    let client = Client::new();
    for path in [
        "/js/main.js",
        "/style.css",
        "/",
        "/i18n/en",
        "/sw.js",
        "/wasm/oware.wasm",
    ] {
        let url = format!("{base}{path}");
        let plain = client.get(&url).send().await.unwrap();
        assert_eq!(plain.status(), StatusCode::OK, "{path}");
        assert!(!plain.headers().contains_key(CONTENT_ENCODING), "{path}");
        let vary = plain.headers()[VARY].to_str().unwrap().to_owned();
        assert!(vary.contains("Accept-Encoding"), "{path}: {vary}");
        let plain_tag = plain.headers()[ETAG].to_str().unwrap().to_owned();
        let plain_body = plain.bytes().await.unwrap();

        for (accept, coding) in [("gzip, deflate", "gzip"), ("gzip, deflate, br, zstd", "br")] {
            let packed = client
                .get(&url)
                .header(ACCEPT_ENCODING, accept)
                .send()
                .await
                .unwrap();
            assert_eq!(packed.status(), StatusCode::OK, "{path} {coding}");
            let h = packed.headers().clone();
            assert_eq!(h[CONTENT_ENCODING], coding, "{path}");
            assert_eq!(h.get_all(VARY).iter().count(), 1, "{path}: one Vary");
            assert_eq!(h[VARY].to_str().unwrap(), vary, "{path}");
            let tag = h[ETAG].to_str().unwrap().to_owned();
            assert_ne!(tag, plain_tag, "{path}: a variant has its own tag");
            assert_eq!(
                tag,
                format!("{}-{coding}\"", &plain_tag[..plain_tag.len() - 1])
            );
            let body = packed.bytes().await.unwrap();
            assert!(body.len() < plain_body.len(), "{path} {coding}");
            assert_eq!(decoded(coding, &body), plain_body, "{path} {coding}");

            // The browser's kept variant: 304, no body; the plain tag is another variant's.
            let again = client
                .get(&url)
                .header(ACCEPT_ENCODING, accept)
                .header(IF_NONE_MATCH, &tag)
                .send()
                .await
                .unwrap();
            assert_eq!(again.status(), StatusCode::NOT_MODIFIED, "{path} {coding}");
            assert_eq!(again.headers()[ETAG], tag.as_str(), "{path}");
            assert!(!again.headers().contains_key(CONTENT_ENCODING), "{path}");
            assert!(again.bytes().await.unwrap().is_empty(), "{path}");
            let other = client
                .get(&url)
                .header(ACCEPT_ENCODING, accept)
                .header(IF_NONE_MATCH, &plain_tag)
                .send()
                .await
                .unwrap();
            assert_eq!(other.status(), StatusCode::OK, "{path} {coding}");
            assert_eq!(other.headers()[ETAG], tag.as_str(), "{path}");
        }
        // The plain variant's 304 as before.
        let again = client
            .get(&url)
            .header(IF_NONE_MATCH, &plain_tag)
            .send()
            .await
            .unwrap();
        assert_eq!(again.status(), StatusCode::NOT_MODIFIED, "{path}");
    }
    // The icons are PNG, compressed already: plain whatever the request accepts.
    let icon = client
        .get(format!("{base}/icons/icon-192.png"))
        .header(ACCEPT_ENCODING, "gzip, br")
        .send()
        .await
        .unwrap();
    assert_eq!(icon.status(), StatusCode::OK);
    assert!(!icon.headers().contains_key(CONTENT_ENCODING));
    assert_eq!(&icon.bytes().await.unwrap()[1..4], b"PNG");
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn json_answers_and_errors_come_compressed_and_read_the_same() {
    let dir = tempfile::tempdir().unwrap();
    let s = common::server(&dir.path().join("games.sqlite")).await;
    let base = format!("http://{}", s.addr());
    let client = Client::new();
    for (path, status) in [
        ("/api/openapi.json", StatusCode::OK),
        ("/api/nothing-here", StatusCode::NOT_FOUND),
        ("/api/games/nope", StatusCode::NOT_FOUND),
    ] {
        let url = format!("{base}{path}");
        let plain = client.get(&url).send().await.unwrap();
        assert_eq!(plain.status(), status, "{path}");
        assert!(!plain.headers().contains_key(CONTENT_ENCODING), "{path}");
        let plain: Value = plain.json().await.unwrap();
        for coding in ["gzip", "br"] {
            let packed = client
                .get(&url)
                .header(ACCEPT_ENCODING, coding)
                .send()
                .await
                .unwrap();
            assert_eq!(packed.status(), status, "{path}");
            assert_eq!(packed.headers()[CONTENT_ENCODING], coding, "{path}");
            assert!(packed.headers()[VARY]
                .to_str()
                .unwrap()
                .contains("accept-encoding"));
            let body = decoded(coding, &packed.bytes().await.unwrap());
            let body: Value = serde_json::from_slice(&body).unwrap();
            assert_eq!(body, plain, "{path} {coding}");
        }
    }
    // In the request's language, compressed as well.
    let fr = client
        .get(format!("{base}/api/games/nope"))
        .header(ACCEPT_ENCODING, "gzip")
        .header("accept-language", "fr")
        .send()
        .await
        .unwrap();
    assert_eq!(fr.status(), StatusCode::NOT_FOUND);
    assert_eq!(fr.headers()[CONTENT_ENCODING], "gzip");
    let body: Value = serde_json::from_slice(&decoded("gzip", &fr.bytes().await.unwrap())).unwrap();
    assert!(
        body["error"].as_str().is_some_and(|e| !e.is_empty()),
        "{body}"
    );
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn an_event_stream_is_not_compressed_and_its_first_event_comes_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let s = common::server(&dir.path().join("games.sqlite")).await;
    let mut stream = Client::new()
        .get(format!("http://{}/api/lobby/events", s.addr()))
        .header(ACCEPT_ENCODING, "gzip, deflate, br")
        .send()
        .await
        .unwrap();
    assert_eq!(stream.status(), StatusCode::OK);
    assert!(!stream.headers().contains_key(CONTENT_ENCODING));
    assert!(stream.headers()["content-type"]
        .to_str()
        .unwrap()
        .starts_with("text/event-stream"));
    // The first event, readable as it is, without the stream ending or more events after it (a
    // compressor would hold it back). The timeout only keeps a broken build from hanging.
    let first = tokio::time::timeout(std::time::Duration::from_secs(60), stream.chunk())
        .await
        .expect("the first event came")
        .unwrap()
        .expect("the stream is open");
    let text = std::str::from_utf8(&first).unwrap();
    assert!(
        text.starts_with("event: ") || text.starts_with("data: ") || text.starts_with(':'),
        "{text}"
    );
    drop(stream);
    s.shutdown().await.unwrap();
}
