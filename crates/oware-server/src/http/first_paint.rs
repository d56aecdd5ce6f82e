//! The home page's first paint on a slow network (issue 57: a playable board within 3 s on
//! DevTools' slow 3G profile, where every request waits 2 s): the page's HTML alone draws it.
//!
//! - **The board** is drawn by the server: the rules core's first position
//!   ([`oware_core::Position::start`], through the protocol's view, [`position_view`]) laid out as
//!   the board component lays it out (`static/js/board.js`: South's pits `A`–`F` left to right at
//!   the bottom, North's `f`–`a` above, North's store on the left), the template's
//!   `start` ([`start_board`]). The board component keeps these pits.
//! - **The critical CSS**, the part of `style.css` before its marker line [`CRITICAL_END`] (the
//!   site's frame, the board, the dialogs), is in the page (`critical_css()` in a template); the
//!   whole file follows without holding the first paint back (`media="print"` until it has come).
//! - **A small script**, `static/js/early.js` with the modules it imports put into one classic
//!   script by the bundler (`bundle.rs`; `early_script()` in a template), draws the seeds, opens
//!   the New game dialog and keeps the first taps until the page's modules are set up.
//!
//! The page's inline `<script>` and `<style>` are allowed by their SHA-256 in the page's
//! `Content-Security-Policy` ([`policy_for`]), computed when the page is rendered: no
//! `'unsafe-inline'`, and any other inline script or style stays refused.

use oware_core::{Move, Position, Side};
use oware_protocol::view::position_view;
use sha2::{Digest, Sha256};

/// Content security: only our own files, and the inline scripts and styles a page was rendered with
/// (their hashes, [`policy_for`]). `'wasm-unsafe-eval'` lets the page compile our own WebAssembly
/// module (the engine, `wasm/oware.wasm`) and nothing else: no `eval`.
pub(super) const CSP: &str = "default-src 'self'; img-src 'self' data:; style-src 'self'; \
                   script-src 'self' 'wasm-unsafe-eval'; connect-src 'self'; base-uri 'none'; frame-ancestors 'none'";

/// The line of `style.css` that ends its critical part (everything above it).
pub(super) const CRITICAL_END: &str = "/* ===== The end of the home page's first paint";

/// How the pages' files are read: the embedded file at a path (`/style.css`, `/js/early.js`).
/// Given by `assets.rs`, which holds them (and calls this module, which therefore does not call it back).
pub(super) type Read = dyn Fn(&str) -> Option<String>;

/// An error of a template function.
fn invalid(e: String) -> minijinja::Error {
    minijinja::Error::new(minijinja::ErrorKind::InvalidOperation, e)
}

/// `critical_css()` in a template: the critical part of `style.css` (the text before
/// [`CRITICAL_END`]), its comments left out, as it goes between `<style>` tags.
pub(super) fn critical_css(read: &Read) -> Result<minijinja::Value, minijinja::Error> {
    let css = read("/style.css").unwrap_or_default();
    let critical = without_comments(css.find(CRITICAL_END).map_or("", |at| &css[..at]));
    if critical.is_empty() || critical.contains("</") {
        return Err(invalid(format!(
            "style.css has no critical part ending at {CRITICAL_END:?}, or it holds `</`"
        )));
    }
    Ok(minijinja::Value::from_safe_string(critical))
}

/// `early_script()` in a template: `early.js` and the modules it imports as one classic script
/// (`bundle.rs`), as it goes between `<script>` tags.
pub(super) fn early_script(read: &Read) -> Result<minijinja::Value, minijinja::Error> {
    let modules = super::bundle::bundle(&["/js/early.js"], read).map_err(invalid)?;
    if modules.contains("</") {
        return Err(invalid("early.js or a module it imports holds `</`".into()));
    }
    // The bundle waits at its top level (a module may); a classic script runs it in an async function.
    Ok(minijinja::Value::from_safe_string(format!(
        "(async () => {{\n{modules}}})();\n"
    )))
}

/// A pit as the server draws it: its absolute number (0–11), its letter and its seeds.
fn pit(p: usize, seeds: u8) -> minijinja::Value {
    let side = if p < 6 { Side::South } else { Side::North };
    let letter = Move::ALL[p - side.first_pit()].letter(side).to_string();
    minijinja::context! { pit => p, letter => letter, seeds => seeds }
}

/// The template's `start`: the rules core's first position laid out as the board component lays it
/// out with South at the bottom: `top` (North's pits right to left), `bottom` (South's, left to
/// right), `left` and `right` (North's and South's stores: `side`, `seeds`).
pub(super) fn start_board() -> minijinja::Value {
    let view = position_view(&Position::start());
    let row = |side: Side| -> Vec<usize> { (side.first_pit()..side.first_pit() + 6).collect() };
    let top: Vec<_> = row(Side::North)
        .into_iter()
        .rev()
        .map(|p| pit(p, view.pits[p]))
        .collect();
    let bottom: Vec<_> = row(Side::South)
        .into_iter()
        .map(|p| pit(p, view.pits[p]))
        .collect();
    let store =
        |side: Side, code: &str| minijinja::context! { side => code, seeds => view.stores[side] };
    minijinja::context! {
        top => top,
        bottom => bottom,
        left => store(Side::North, "N"),
        right => store(Side::South, "S"),
    }
}

/// The `Content-Security-Policy` of a page: [`CSP`], with the SHA-256 of each inline `<script>`
/// and `<style>` of `html` added to `script-src` and `style-src`.
pub(super) fn policy_for(html: &str) -> String {
    let hashes = |tag: &str| -> String {
        inline_blocks(html, tag)
            .into_iter()
            .map(|text| format!(" 'sha256-{}'", base64(&Sha256::digest(text.as_bytes()))))
            .collect()
    };
    let (scripts, styles) = (hashes("script"), hashes("style"));
    CSP.replacen("style-src 'self'", &format!("style-src 'self'{styles}"), 1)
        .replacen(
            "script-src 'self'",
            &format!("script-src 'self'{scripts}"),
            1,
        )
}

/// The texts of the elements `<tag>…</tag>` of `html` written with no attribute (inline scripts
/// and styles; a `<script src=…>` has one).
fn inline_blocks<'a>(html: &'a str, tag: &str) -> Vec<&'a str> {
    let open = format!("<{tag}>");
    let close = format!("</{tag}>");
    html.match_indices(&open)
        .filter_map(|(at, _)| {
            let rest = &html[at + open.len()..];
            rest.find(&close).map(|end| &rest[..end])
        })
        .collect()
}

/// `css` without its comments (`/* … */`; the site's CSS has none inside its strings).
fn without_comments(css: &str) -> String {
    let mut out = String::with_capacity(css.len());
    let mut rest = css;
    while let Some(at) = rest.find("/*") {
        out.push_str(&rest[..at]);
        rest = rest[at..]
            .find("*/")
            .map_or("", |end| &rest[at + end + 2..]);
    }
    out.push_str(rest);
    out.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| format!("{l}\n"))
        .collect()
}

/// Standard base64 with padding (RFC 4648), as CSP hash sources are written.
fn base64(bytes: &[u8]) -> String {
    const ABC: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            *chunk.get(1).unwrap_or(&0),
            *chunk.get(2).unwrap_or(&0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for (i, shift) in [18, 12, 6, 0].into_iter().enumerate() {
            if i <= chunk.len() {
                out.push(char::from(ABC[((n >> shift) & 63) as usize]));
            } else {
                out.push('=');
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{base64, inline_blocks, policy_for, start_board, without_comments, CSP};

    #[test]
    fn base64_is_rfc_4648s() {
        for (bytes, text) in [
            (&b""[..], ""),
            (b"f", "Zg=="),
            (b"fo", "Zm8="),
            (b"foo", "Zm9v"),
            (b"foob", "Zm9vYg=="),
            (b"fooba", "Zm9vYmE="),
            (b"foobar", "Zm9vYmFy"),
            (&[0xfb, 0xff], "+/8="),
        ] {
            assert_eq!(base64(bytes), text);
        }
    }

    #[test]
    fn the_policy_allows_each_inline_block_by_its_hash_and_nothing_else() {
        assert_eq!(
            policy_for("<p>no inline</p><script type=\"module\" src=\"/a.js\"></script>"),
            CSP
        );
        let html = "<style>b{}</style><script>alert(1)</script><script src=\"/x.js\"></script>";
        assert_eq!(inline_blocks(html, "script"), ["alert(1)"]);
        let policy = policy_for(html);
        // `echo -n 'alert(1)' | openssl dgst -sha256 -binary | base64`
        assert!(policy.contains("script-src 'self' 'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI=' 'wasm-unsafe-eval'"), "{policy}");
        assert!(policy.contains("style-src 'self' 'sha256-"), "{policy}");
        assert!(!policy.contains("unsafe-inline"), "{policy}");
    }

    #[test]
    fn comments_go_and_rules_stay() {
        assert_eq!(
            without_comments("/* a */\na { b: c; } /* d\n e */\n\n.f {}\n"),
            "a { b: c; } \n.f {}\n"
        );
    }

    #[test]
    fn the_first_board_is_the_rules_cores_start_laid_out_as_the_board_component_does() {
        let board = start_board();
        let letters = |row: &str| -> String {
            let row = board.get_attr(row).unwrap();
            (0..6)
                .map(|i| {
                    row.get_item(&i.into())
                        .unwrap()
                        .get_attr("letter")
                        .unwrap()
                        .to_string()
                })
                .collect()
        };
        assert_eq!(letters("top"), "fedcba");
        assert_eq!(letters("bottom"), "ABCDEF");
        let seeds = board
            .get_attr("bottom")
            .unwrap()
            .get_item(&0.into())
            .unwrap()
            .get_attr("seeds")
            .unwrap();
        assert_eq!(seeds.to_string(), "4");
        assert_eq!(
            board
                .get_attr("right")
                .unwrap()
                .get_attr("side")
                .unwrap()
                .to_string(),
            "S"
        );
    }
}
