//! The page's files over HTTP, against the real server on a loopback port: each answers with an
//! `ETag` and `Cache-Control: no-cache`, a request naming that tag gets an empty `304`, any
//! other or none the whole file; and the invite link's QR picture (`GET /api/qr.svg`).

mod common;

use reqwest::header::{CACHE_CONTROL, CONTENT_SECURITY_POLICY, CONTENT_TYPE, ETAG, IF_NONE_MATCH};
use reqwest::{Client, StatusCode};
use serde_json::Value;

#[tokio::test]
async fn page_files_answer_304_to_their_etag_and_200_otherwise() {
    let dir = tempfile::tempdir().unwrap();
    let s = common::server(&dir.path().join("games.sqlite")).await;
    let base = format!("http://{}", s.addr());
    let client = Client::new();
    let mut tags = Vec::new();
    for (path, mime) in [
        ("/", "text/html; charset=utf-8"),
        ("/game/4f2a9c1e", "text/html; charset=utf-8"),
        ("/js/main.js", "text/javascript; charset=utf-8"),
        ("/js/offers.js", "text/javascript; charset=utf-8"),
        ("/style.css", "text/css; charset=utf-8"),
        ("/favicon.svg", "image/svg+xml"),
        ("/rules", "text/html; charset=utf-8"),
    ] {
        let url = format!("{base}{path}");
        let first = client.get(&url).send().await.unwrap();
        assert_eq!(first.status(), StatusCode::OK, "{path}");
        let h = first.headers().clone();
        assert_eq!(h[CONTENT_TYPE], mime, "{path}");
        assert_eq!(h[CACHE_CONTROL], "no-cache", "{path}");
        assert!(h.contains_key(CONTENT_SECURITY_POLICY), "{path}");
        let tag = h[ETAG].to_str().unwrap().to_owned();
        assert!(
            tag.len() == 66 && tag.starts_with('"') && tag.ends_with('"'),
            "{path}: {tag}"
        );
        let body = first.bytes().await.unwrap();
        assert!(!body.is_empty(), "{path}");

        // The tag the browser kept: 304, no body, the same tag and caching rule.
        for sent in [tag.clone(), format!("W/{tag}"), format!("\"x\", {tag}")] {
            let again = client
                .get(&url)
                .header(IF_NONE_MATCH, &sent)
                .send()
                .await
                .unwrap();
            assert_eq!(again.status(), StatusCode::NOT_MODIFIED, "{path} {sent}");
            assert_eq!(again.headers()[ETAG], tag.as_str(), "{path}");
            assert_eq!(again.headers()[CACHE_CONTROL], "no-cache", "{path}");
            assert!(again.bytes().await.unwrap().is_empty(), "{path}");
        }

        // A tag of another version: the whole file again.
        let changed = client
            .get(&url)
            .header(IF_NONE_MATCH, "\"0123\"")
            .send()
            .await
            .unwrap();
        assert_eq!(changed.status(), StatusCode::OK, "{path}");
        assert_eq!(changed.headers()[ETAG], tag.as_str(), "{path}");
        assert_eq!(changed.bytes().await.unwrap(), body, "{path}");
        tags.push((path, tag));
    }
    // The page at / and at /game/{id} is one file; the others differ.
    assert_eq!(tags[0].1, tags[1].1);
    let mut distinct: Vec<&str> = tags[1..].iter().map(|(_, t)| t.as_str()).collect();
    distinct.sort_unstable();
    distinct.dedup();
    assert_eq!(distinct.len(), tags.len() - 1);

    let missing = client.get(format!("{base}/nope.js")).send().await.unwrap();
    assert_eq!(missing.status(), StatusCode::NOT_FOUND);
    assert!(!missing.headers().contains_key(ETAG));
    s.shutdown().await.unwrap();
}

/// The `href`s of the links in the header of `html` (the brand's link to `/` excepted).
fn header_links(html: &str) -> Vec<String> {
    let from = html.find("<header").expect("a header");
    let to = html[from..].find("</header>").expect("the header's end") + from;
    html[from..to]
        .match_indices("<a href=\"")
        .map(|(i, m)| {
            let rest = &html[from + i + m.len()..];
            rest[..rest.find('"').unwrap()].to_owned()
        })
        .collect()
}

#[tokio::test]
async fn every_page_has_the_same_header_and_tournament_answers_as_tournaments() {
    let dir = tempfile::tempdir().unwrap();
    let s = common::server(&dir.path().join("games.sqlite")).await;
    let base = format!("http://{}", s.addr());
    let client = Client::new();
    let mut tags = Vec::new();
    let mut header: Option<Vec<String>> = None;
    for path in [
        "/",
        "/game/4f2a9c1e",
        "/rules",
        "/strategy",
        "/faq",
        "/learn",
        "/player",
        "/@/Kofi",
        "/account/reset",
        "/tournaments",
        "/tournament",
        "/tournament/k3y_9",
        "/training",
        "/training/daily",
    ] {
        let r = client.get(format!("{base}{path}")).send().await.unwrap();
        assert_eq!(r.status(), StatusCode::OK, "{path}");
        let tag = r.headers()[ETAG].to_str().unwrap().to_owned();
        let html = r.text().await.unwrap();
        // The header's links themselves are pinned, for every page in every language, by
        // `http::assets`'s unit test `every_page_has_the_same_header_links`; here every route
        // serves the header of `/`.
        let links = header_links(&html);
        assert!(links.len() > 1, "{path}: {links:?}");
        let first = header.get_or_insert_with(|| links.clone());
        assert_eq!(&links, first, "{path}");
        assert_eq!(
            html.matches("<div id=\"account\" class=\"account\"")
                .count(),
            1,
            "{path}: the account box"
        );
        assert!(
            html.contains("<script type=\"module\" src=\"/js/"),
            "{path}: a script fills the account box"
        );
        tags.push((path, tag));
    }
    // `/tournament` and a tournament's page are the tournaments' page itself.
    let tag = |p: &str| &tags.iter().find(|(path, _)| *path == p).unwrap().1;
    assert_eq!(tag("/tournament"), tag("/tournaments"));
    assert_eq!(tag("/tournament/k3y_9"), tag("/tournaments"));
    assert_ne!(tag("/rules"), tag("/tournaments"));
    s.shutdown().await.unwrap();
}

#[tokio::test]
async fn the_qr_route_draws_links_and_refuses_other_texts_as_json() {
    let dir = tempfile::tempdir().unwrap();
    let s = common::server(&dir.path().join("games.sqlite")).await;
    let base = format!("http://{}", s.addr());
    let client = Client::new();

    let ok = client
        .get(format!("{base}/api/qr.svg"))
        .query(&[("text", "http://127.0.0.1:8080/game/4f2a9c1e")])
        .send()
        .await
        .unwrap();
    assert_eq!(ok.status(), StatusCode::OK);
    assert_eq!(ok.headers()[CONTENT_TYPE], "image/svg+xml");
    let svg = ok.text().await.unwrap();
    assert!(
        svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""),
        "{svg}"
    );
    assert!(svg.contains("<path d=\"M"));

    let long = format!("https://h/{}", "x".repeat(300));
    for query in [
        vec![("text", "javascript:alert(1)")],
        vec![("text", "a plain sentence")],
        vec![("text", long.as_str())],
        vec![],
        vec![("text", "http://h/x"), ("size", "9")],
    ] {
        let r = client
            .get(format!("{base}/api/qr.svg"))
            .query(&query)
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), StatusCode::BAD_REQUEST, "{query:?}");
        let v: Value = r.json().await.unwrap();
        assert!(v["error"].is_string(), "{query:?}: {v}");
        if query.len() == 1 {
            assert_eq!(v["code"], "bad-qr-text", "{query:?}");
        }
    }
    s.shutdown().await.unwrap();
}
