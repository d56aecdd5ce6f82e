//! The endgame table levels the page's engine downloads (`GET /api/egdb/{rules}/{n}`,
//! `egdb_files.rs`, `http/egdb.rs`), against the real server on a loopback port: a level comes
//! as its file's bytes (gzip- or brotli-compressed when asked, decoding to the same bytes), with
//! an entity tag of its own per coding, immutable caching and a `304`; a level the server does
//! not have, a damaged one, other rules or a server without tables answer a JSON 404; a level
//! above the page's maximum or not a number, a 400.

#[path = "common/coding.rs"]
mod coding;
mod common;

use std::path::Path;

use reqwest::header::{
    ACCEPT_ENCODING, CACHE_CONTROL, CONTENT_ENCODING, CONTENT_TYPE, ETAG, IF_NONE_MATCH, VARY,
};
use reqwest::{Client, StatusCode};
use serde_json::Value;

use coding::decoded;

fn level_file(egdb: &Path, n: u8) -> Vec<u8> {
    std::fs::read(egdb.join(format!("abapa-{n:02}.egdb"))).unwrap()
}

/// The status and JSON error of `GET path`.
async fn refused(client: &Client, base: &str, path: &str) -> (StatusCode, Value) {
    let r = client.get(format!("{base}{path}")).send().await.unwrap();
    let status = r.status();
    (status, r.json().await.unwrap())
}

#[tokio::test]
async fn a_level_comes_as_its_file_compressed_tagged_and_immutable() {
    let dir = tempfile::tempdir().unwrap();
    let egdb = dir.path().join("egdb");
    common::build_egdb(&egdb, 6);
    let s = common::server_with(&dir.path().join("games.sqlite"), Some(&egdb)).await;
    let base = format!("http://{}", s.addr());
    let client = Client::new();
    let url = format!("{base}/api/egdb/abapa/6");
    let file = level_file(&egdb, 6);

    let plain = client.get(&url).send().await.unwrap();
    assert_eq!(plain.status(), StatusCode::OK);
    let h = plain.headers().clone();
    assert_eq!(h[CONTENT_TYPE], "application/octet-stream");
    assert!(!h.contains_key(CONTENT_ENCODING));
    assert_eq!(h[CACHE_CONTROL], "public, max-age=31536000, immutable");
    assert_eq!(h[VARY], "Accept-Encoding");
    let tag = h[ETAG].to_str().unwrap().to_owned();
    assert!(tag.starts_with("\"egdb-abapa-6-"), "{tag}");
    assert_eq!(plain.bytes().await.unwrap(), file);

    let again = client
        .get(&url)
        .header(IF_NONE_MATCH, &tag)
        .send()
        .await
        .unwrap();
    assert_eq!(again.status(), StatusCode::NOT_MODIFIED);
    assert!(again.bytes().await.unwrap().is_empty());

    for (accept, coding) in [("gzip, deflate", "gzip"), ("gzip, deflate, br, zstd", "br")] {
        let packed = client
            .get(&url)
            .header(ACCEPT_ENCODING, accept)
            .send()
            .await
            .unwrap();
        assert_eq!(packed.status(), StatusCode::OK, "{coding}");
        assert_eq!(packed.headers()[CONTENT_ENCODING], coding);
        let packed_tag = packed.headers()[ETAG].to_str().unwrap().to_owned();
        assert_eq!(
            packed_tag,
            format!("{}-{coding}\"", tag.trim_end_matches('"'))
        );
        let body = packed.bytes().await.unwrap();
        assert!(
            body.len() < file.len() / 2,
            "{coding}: {} bytes",
            body.len()
        );
        assert_eq!(decoded(coding, &body), file, "{coding}");
        let again = client
            .get(&url)
            .header(ACCEPT_ENCODING, accept)
            .header(IF_NONE_MATCH, &packed_tag)
            .send()
            .await
            .unwrap();
        assert_eq!(again.status(), StatusCode::NOT_MODIFIED, "{coding}");
    }
    // Every level the page may take, each its own file.
    for n in 0..=5 {
        let r = client
            .get(format!("{base}/api/egdb/abapa/{n}"))
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), StatusCode::OK, "{n}");
        assert_eq!(r.bytes().await.unwrap(), level_file(&egdb, n), "{n}");
    }
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn missing_damaged_and_bad_levels_are_refused_with_a_json_error() {
    let dir = tempfile::tempdir().unwrap();
    let egdb = dir.path().join("egdb");
    common::build_egdb(&egdb, 5);
    // Level 5's last entry damaged: its header is right, so the server's tables list it, but
    // the whole file fails its checksum and is never served.
    let mut damaged = level_file(&egdb, 5);
    *damaged.last_mut().unwrap() ^= 1;
    std::fs::write(egdb.join("abapa-05.egdb"), &damaged).unwrap();
    let s = common::server_with(&dir.path().join("games.sqlite"), Some(&egdb)).await;
    let base = format!("http://{}", s.addr());
    let client = Client::new();
    let (status, e) = refused(&client, &base, "/api/egdb/abapa/5").await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{e}");
    assert_eq!(e["code"], "not-found");
    let (status, e) = refused(&client, &base, "/api/egdb/abapa/9").await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{e}");
    let text = e["error"].as_str().unwrap();
    assert!(text.contains("no endgame table level 9"), "{text}");
    let (status, e) = refused(&client, &base, "/api/egdb/awari/3").await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{e}");
    assert!(e["error"].as_str().unwrap().contains("'awari'"), "{e}");
    for bad in ["13", "255", "x", "-1", "03"] {
        let (status, e) = refused(&client, &base, &format!("/api/egdb/abapa/{bad}")).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{bad}: {e}");
        assert!(e["error"].as_str().unwrap().contains("0 to 12"), "{e}");
    }
    // The levels below still come.
    let r = client
        .get(format!("{base}/api/egdb/abapa/4"))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::OK);
    s.shutdown().await.unwrap();

    let (_dir, none, _) = common::fresh_server().await;
    let base = format!("http://{}", none.addr());
    let (status, e) = refused(&client, &base, "/api/egdb/abapa/0").await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{e}");
    assert!(
        e["error"].as_str().unwrap().contains("no endgame tables"),
        "{e}"
    );
}
