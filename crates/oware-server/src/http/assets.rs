//! The page's files, embedded in the binary: one binary to ship, no network needed.
//!
//! Every file under `static/` (HTML, CSS, SVG and the `js/` modules) is embedded by rust-embed,
//! in debug builds too, with the SHA-256 of its bytes computed at compile time. That hash is the
//! file's `ETag`; the answers say `Cache-Control: no-cache` (the names carry no hash, so the
//! browser must ask again each time) and a request whose `If-None-Match` holds the tag gets an
//! empty `304 Not Modified`.
//!
//! The pages (`static/*.html`) are written once around a shared frame, `static/parts/layout.html`:
//! the head every page has and the site's header. A page file starts with a line
//! `<!--page title="…" description="…" script="…" nav="/ /rules" current="/rules"-->` and then holds
//! its own sections, each opened by a line `<!--slot NAME-->`: `skip` (before the header), `nav`
//! (the page's buttons at the start of the header's links), `main` (the rest of the body). In the
//! layout, a line with `{NAME}` takes the page's value of that name, and is left out when the page
//! has none; a line `<!--slot NAME-->` takes the page's section of that name, if any; the site's
//! links, between `<!--links-->` and `<!--/links-->`, are those the page's `nav` names, in its
//! order, with its `current` one marked as the current page. The pages are put together once, at
//! their first request, and their `ETag` is the SHA-256 of the bytes served.

use std::borrow::Cow;
use std::collections::HashMap;
use std::sync::LazyLock;

use axum::body::Body;
use axum::http::{header, HeaderMap, HeaderValue, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use rust_embed::Embed;
use sha2::{Digest, Sha256};

/// The embedded files, named by their path under `static/` (`index.html`, `js/main.js`).
#[derive(Embed)]
#[folder = "static/"]
#[include = "*.html"]
#[include = "*.css"]
#[include = "*.svg"]
#[include = "js/*.js"]
#[exclude = "parts/*"]
struct Static;

/// The pieces the pages are put together from (`layout.html`), not served themselves.
#[derive(Embed)]
#[folder = "static/parts/"]
struct Parts;

/// What follows `kind` in a line `<!--KIND …-->`: `slot` opens a page's section, or says where it
/// goes in the layout; `page` is a page's first line, with its values.
fn marker<'a>(line: &'a str, kind: &str) -> Option<&'a str> {
    line.trim_end()
        .strip_prefix("<!--")?
        .strip_prefix(kind)?
        .strip_prefix(' ')?
        .strip_suffix("-->")
}

/// A page's values (name, value), from its first line.
type Values<'a> = Vec<(&'a str, &'a str)>;

/// The values of a page's first line, `<!--page title="Oware" nav="/ /rules"-->`, and the rest of
/// the page.
fn page_values(page: &str) -> Result<(Values<'_>, &str), String> {
    let (first, rest) = page.split_once('\n').unwrap_or((page, ""));
    let mut attrs = marker(first, "page").ok_or("the first line is not <!--page …-->")?;
    let mut values = Vec::new();
    while let Some((name, after)) = attrs.trim_start().split_once("=\"") {
        let (value, after) = after
            .split_once('"')
            .ok_or("a value without its closing quote")?;
        if values.iter().any(|(n, _)| *n == name) {
            return Err(format!("two values {name}"));
        }
        values.push((name, value));
        attrs = after;
    }
    if !attrs.trim().is_empty() {
        return Err(format!("not name=\"value\": {attrs:?}"));
    }
    Ok((values, rest))
}

/// A page's sections in order, by name: the text after each `<!--slot NAME-->` line up to the next
/// such line.
fn sections(page: &str) -> Result<Vec<(&str, &str)>, String> {
    let mut out: Vec<(&str, &str)> = Vec::new();
    let mut open: Option<(&str, usize)> = None; // the section being read: its name and start
    let mut at = 0;
    for line in page.split_inclusive('\n') {
        if let Some(name) = marker(line, "slot") {
            if let Some((before, from)) = open.replace((name, at + line.len())) {
                out.push((before, &page[from..at]));
            }
        } else if open.is_none() && !line.trim().is_empty() {
            return Err(format!("text before the first slot: {line:?}"));
        }
        at += line.len();
    }
    if let Some((name, from)) = open {
        out.push((name, &page[from..]));
    }
    for (i, (name, _)) in out.iter().enumerate() {
        if out[..i].iter().any(|(n, _)| n == name) {
            return Err(format!("two sections {name}"));
        }
    }
    Ok(out)
}

/// `line` with each `{NAME}` replaced by the value of that name, or `None` when one has none; the
/// names it used go into `used`.
fn fill<'a>(line: &str, values: &[(&'a str, &str)], used: &mut Vec<&'a str>) -> Option<String> {
    let mut out = String::new();
    let mut rest = line;
    while let Some((before, after)) = rest.split_once('{') {
        let (name, after) = after.split_once('}')?;
        let (name, value) = values.iter().find(|(n, _)| *n == name)?;
        used.push(name);
        out.push_str(before);
        out.push_str(value);
        rest = after;
    }
    out.push_str(rest);
    Some(out)
}

/// Puts a page, whose file's text is `page`, into `layout` (see the module's documentation).
fn assemble(layout: &str, page: &str) -> Result<String, String> {
    let (values, body) = page_values(page)?;
    let sections = sections(body)?;
    let value = |name: &str| values.iter().find(|(n, _)| *n == name).map(|(_, v)| *v);
    let mut used = vec!["nav", "current"];
    let mut filled = Vec::new();
    let mut marked = false;
    let mut out = String::with_capacity(layout.len() + page.len());
    let mut lines = layout.split_inclusive('\n');
    while let Some(line) = lines.next() {
        if let Some(slot) = marker(line, "slot") {
            if let Some((name, text)) = sections.iter().find(|(n, _)| *n == slot) {
                out.push_str(text);
                filled.push(*name);
            }
        } else if line.trim_end() == "<!--links-->" {
            let links: Vec<&str> = lines
                .by_ref()
                .take_while(|l| l.trim_end() != "<!--/links-->")
                .collect();
            let current = value("current").map(|href| format!("href=\"{href}\""));
            for href in value("nav").unwrap_or_default().split_whitespace() {
                let href = format!("href=\"{href}\"");
                let link = links
                    .iter()
                    .find(|l| l.contains(&href))
                    .ok_or_else(|| format!("no link {href} in the layout"))?;
                if current.as_ref() == Some(&href) {
                    out.push_str(&link.replacen(
                        &href,
                        &format!("{href} aria-current=\"page\""),
                        1,
                    ));
                    marked = true;
                } else {
                    out.push_str(link);
                }
            }
        } else if let Some(line) = fill(line, &values, &mut used) {
            out.push_str(&line);
        }
    }
    if let Some((name, _)) = values.iter().find(|(n, _)| !used.contains(n)) {
        return Err(format!("the layout has no {{{name}}}"));
    }
    if let Some((name, _)) = sections.iter().find(|(n, _)| !filled.contains(n)) {
        return Err(format!("the layout has no slot {name}"));
    }
    match value("current") {
        Some(c) if !marked => Err(format!("current={c} is not in nav")),
        _ => Ok(out),
    }
}

/// A page as served: the layout with the page's sections, and its entity tag.
struct Page {
    /// The whole page.
    html: String,
    /// The SHA-256 of `html`, quoted.
    tag: String,
}

/// The pages, by file name (`index.html`), put together at their first request.
static SERVED_PAGES: LazyLock<HashMap<String, Page>> = LazyLock::new(|| {
    let layout = Parts::get("layout.html").expect("static/parts/layout.html is embedded");
    let layout = std::str::from_utf8(&layout.data).expect("the layout is UTF-8");
    Static::iter()
        .filter(|name| is_page(name))
        .map(|name| {
            let file = Static::get(&name).expect("an embedded file is there");
            let text = std::str::from_utf8(&file.data).expect("a page is UTF-8");
            let html = assemble(layout, text).unwrap_or_else(|e| panic!("{name}: {e}"));
            let tag = etag(&Sha256::digest(html.as_bytes()).into());
            (name.into_owned(), Page { html, tag })
        })
        .collect()
});

/// Whether the embedded file `name` is a page, put into the layout: the HTML files of `static/`.
fn is_page(name: &str) -> bool {
    !name.contains('/') && name.ends_with(".html")
}

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
/// the page; a page as put into the layout), or `304` when the request's `If-None-Match` already
/// holds it.
pub async fn asset(uri: Uri, headers: HeaderMap) -> Response {
    let found = file_name(uri.path()).and_then(|name| {
        let mime = content_type(&name)?;
        if let Some(page) = SERVED_PAGES.get(&*name) {
            let body: &'static [u8] = page.html.as_bytes();
            return Some((mime, page.tag.clone(), Body::from(body)));
        }
        let file = Static::get(&name)?;
        Some((
            mime,
            etag(&file.metadata.sha256_hash()),
            Body::from(file.data),
        ))
    });
    let Some((mime, tag, body)) = found else {
        return (
            StatusCode::NOT_FOUND,
            [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
            "Not found. The game is at /\n",
        )
            .into_response();
    };
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
        body,
    )
        .into_response()
}

#[cfg(test)]
mod tests {
    use super::{
        assemble, content_type, etag, file_name, is_game_page, not_modified, Static, PAGES,
        SERVED_PAGES,
    };
    use axum::http::{header, HeaderMap, HeaderValue};
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

    #[test]
    fn a_page_fills_the_layouts_values_slots_and_links() {
        let layout = "<title>{title}</title>\n<meta content=\"{description}\">\n<!--slot nav-->\n<!--links-->\n<a href=\"/\">P</a>\n<a href=\"/b\">B</a>\n<a href=\"/c\">C</a>\n<!--/links-->\n<!--slot main-->\n</html>\n";
        let page = "<!--page title=\"B &amp; C\" nav=\"/c /b\" current=\"/b\"-->\n<!--slot main-->\n<main>\n</main>\n";
        assert_eq!(
            assemble(layout, page).unwrap(),
            "<title>B &amp; C</title>\n<a href=\"/c\">C</a>\n<a href=\"/b\" aria-current=\"page\">B</a>\n<main>\n</main>\n</html>\n"
        );
        let more = "<!--page title=\"A\" description=\"d\"-->\n<!--slot nav-->\n<button></button>\n<!--slot main-->\n<main></main>\n";
        assert_eq!(
            assemble(layout, more).unwrap(),
            "<title>A</title>\n<meta content=\"d\">\n<button></button>\n<main></main>\n</html>\n"
        );
        for bad in [
            "<!--slot main-->\n<main></main>\n",
            "<!--page title=\"A\"-->\n<main></main>\n",
            "<!--page title=\"A\"-->\n<!--slot main-->\n<!--slot main-->\n",
            "<!--page title=\"A\"-->\n<!--slot footer-->\n<footer></footer>\n",
            "<!--page title=\"A\" colour=\"red\"-->\n",
            "<!--page title=\"A\" title=\"B\"-->\n",
            "<!--page title=\"A-->\n",
            "<!--page title=\"A\" nav=\"/d\"-->\n",
            "<!--page title=\"A\" nav=\"/b\" current=\"/c\"-->\n",
        ] {
            assert!(assemble(layout, bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn every_page_is_put_into_the_layout_and_tagged_by_the_bytes_served() {
        let pages: Vec<_> = Static::iter().filter(|n| n.ends_with(".html")).collect();
        assert_eq!(SERVED_PAGES.len(), pages.len());
        for name in pages {
            let page = &SERVED_PAGES[&*name];
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
                !html.contains("<!--slot") && !html.contains("<!--/slot"),
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
            let html = &SERVED_PAGES[&*format!("{doc}.html")].html;
            assert_eq!(html.matches("aria-current").count(), 1, "{doc}");
            assert!(
                html.contains(&format!("<a href=\"/{doc}\" aria-current=\"page\">")),
                "{doc}"
            );
        }
        let index = &SERVED_PAGES["index.html"].html;
        assert!(index.find("class=\"skip\"") < index.find("<header"));
        assert!(index.contains("<button type=\"button\" id=\"btn-new\""));
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
        let entries = &SERVED_PAGES["index.html"].html;
        assert_eq!(
            quoted_after(entries, "<script type=\"module\" src=\""),
            ["/js/main.js"]
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
