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

/// Standard base64 (RFC 4648, padded), as a CSP hash source writes a SHA-256.
fn base64(bytes: &[u8]) -> String {
    const ABC: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::new();
    for chunk in bytes.chunks(3) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, b)| n | (u32::from(*b) << (16 - 8 * i)));
        for i in 0..4 {
            out.push(if i <= chunk.len() {
                char::from(ABC[((n >> (18 - 6 * i)) & 63) as usize])
            } else {
                '='
            });
        }
    }
    out
}

/// The text between `open` and the next `close` in `html`, each time `open` occurs.
fn blocks<'a>(html: &'a str, open: &str, close: &str) -> Vec<&'a str> {
    html.match_indices(open)
        .filter_map(|(at, _)| {
            let rest = &html[at + open.len()..];
            rest.find(close).map(|end| &rest[..end])
        })
        .collect()
}

#[tokio::test]
async fn the_home_page_draws_its_board_itself_and_its_policy_allows_only_its_own_inline_script_and_style(
) {
    use sha2::{Digest, Sha256};
    let dir = tempfile::tempdir().unwrap();
    let s = common::server(&dir.path().join("games.sqlite")).await;
    let base = format!("http://{}", s.addr());
    let client = Client::new();
    let home = client.get(format!("{base}/")).send().await.unwrap();
    let policy = home.headers()[CONTENT_SECURITY_POLICY]
        .to_str()
        .unwrap()
        .to_owned();
    let html = home.text().await.unwrap();
    // The board: the rules core's first position, twelve pits of four seeds, North's row right to left.
    assert_eq!(
        html.matches("<button type=\"button\" class=\"pit\"")
            .count(),
        12
    );
    assert_eq!(html.matches("<span class=\"count\">4</span>").count(), 12);
    let top = &html[html.find("id=\"row-top\"").unwrap()..html.find("id=\"row-bottom\"").unwrap()];
    let letters: String = blocks(top, "data-letter=\"", "\"").concat();
    assert_eq!(letters, "fedcba");
    assert_eq!(
        html.matches("<span class=\"store-count\">0</span>").count(),
        2
    );
    // One inline script and one inline style, each allowed by its hash and nothing else inline.
    let scripts = blocks(&html, "<script>", "</script>");
    let styles = blocks(&html, "<style>", "</style>");
    assert_eq!((scripts.len(), styles.len()), (1, 1));
    assert!(
        styles[0].contains(".pit {") && !styles[0].contains("/*"),
        "the critical CSS, without comments"
    );
    assert!(
        !styles[0].contains(".review-head"),
        "only the first paint's part of style.css"
    );
    let hash = |text: &str| format!("'sha256-{}'", base64(&Sha256::digest(text.as_bytes())));
    let directive = |name: &str| {
        policy
            .split(';')
            .map(str::trim)
            .find(|d| d.starts_with(name))
            .unwrap()
            .to_owned()
    };
    assert_eq!(
        directive("script-src "),
        format!("script-src 'self' {} 'wasm-unsafe-eval'", hash(scripts[0]))
    );
    assert_eq!(
        directive("style-src "),
        format!("style-src 'self' {}", hash(styles[0]))
    );
    assert!(!policy.contains("unsafe-inline"), "{policy}");
    // The whole style sheet follows without holding the first paint back; without scripts, at once.
    assert!(html.contains(
        "<link rel=\"stylesheet\" href=\"/style.css\" media=\"print\" id=\"style-late\">"
    ));
    assert!(html.contains("<noscript><link rel=\"stylesheet\" href=\"/style.css\"></noscript>"));
    // A page without inline code keeps the plain policy.
    let rules = client.get(format!("{base}/rules")).send().await.unwrap();
    let plain = rules.headers()[CONTENT_SECURITY_POLICY]
        .to_str()
        .unwrap()
        .to_owned();
    assert!(!plain.contains("sha256"), "{plain}");
    assert!(
        plain.contains("script-src 'self' 'wasm-unsafe-eval'")
            && plain.contains("style-src 'self';"),
        "{plain}"
    );
    assert!(rules
        .text()
        .await
        .unwrap()
        .contains("\n<link rel=\"stylesheet\" href=\"/style.css\">\n"));
    s.shutdown().await.unwrap();
}
