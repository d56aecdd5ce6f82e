//! The page's typed client, `static/js/api.gen.js`, written from the route declarations
//! (`routes.rs`): one exported function a route, named as [`Route::name`] says, whose JSDoc
//! names the protocol's request and answer types (`protocol.d.ts`), so `tsc --checkJs` checks
//! every call and every read of an answer. The test `routes_documented` fails when the
//! committed file differs (`UPDATE_CLIENT=1` rewrites it).
//!
//! A JSON route is `name(...path parameters, body or query, options)` →
//! `Promise<Answer>` (`options`: the seat token, a spectator's handle); a route whose answer is
//! a stream or a file (SSE, NDJSON, text, SVG) is `nameUrl(...path parameters, query)` → its
//! address, for an `EventSource`, a link or an image.

use std::fmt::Write;

use super::routes::{Ans, Req, Route, ROUTES};

/// The file's text.
pub fn js() -> String {
    let mut out = String::from(
        "// The page's API client: one function a route, generated from the route declarations\n\
         // (crates/oware-server/src/http/routes.rs). Do not edit: `UPDATE_CLIENT=1 cargo test\n\
         // -p oware-server --test routes_documented` rewrites it (docs/web.md).\n\
         /** @import * as P from \"../../types/protocol\" */\n\
         /** @import { RequestOptions } from \"./request.js\" */\n\
         import { request } from \"./request.js\";\n\n\
         /** A path segment, escaped. @param {string} s */\n\
         const seg = (s) => encodeURIComponent(s);\n\n\
         /**\n * A query string (`?a=1&b=x`) of the fields that are set, or \"\".\n\
         \x20* @param {object} [query]\n */\n\
         const qs = (query) => {\n\
         \x20 if (!query) return \"\";\n\
         \x20 const p = new URLSearchParams();\n\
         \x20 for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null) p.set(k, String(v));\n\
         \x20 const s = p.toString();\n\
         \x20 return s ? `?${s}` : \"\";\n\
         };\n",
    );
    for r in ROUTES {
        route(&mut out, r);
    }
    out
}

/// A TypeScript type for protocol type `name`.
fn ts_type(name: &str) -> String {
    match name {
        "Value" => "unknown".to_string(),
        "NoBody" => "{}".to_string(),
        t => format!("P.{t}"),
    }
}

/// One route's function.
fn route(out: &mut String, r: &Route) {
    let url = r
        .path
        .split('/')
        .map(
            |s| match s.strip_prefix('{').and_then(|s| s.strip_suffix('}')) {
                Some(p) => format!("${{seg({})}}", js_name(p)),
                None => s.to_string(),
            },
        )
        .collect::<Vec<_>>()
        .join("/");
    let mut params: Vec<(String, String)> = r
        .params()
        .map(|p| (js_name(p), "string".to_string()))
        .collect();
    let mut options = String::from("opts");
    let mut query = "";
    match r.req {
        Req::None | Req::Form("NoBody") => {}
        Req::Json(t) => {
            params.push(("body".into(), ts_type(t)));
            options = "{ ...opts, body }".into();
        }
        Req::Optional(t) | Req::Form(t) => {
            params.push(("[body]".into(), ts_type(t)));
            options = "{ ...opts, body }".into();
        }
        Req::Query("") => {
            params.push((
                "[query]".into(),
                "Record<string, string | number | boolean | null | undefined>".into(),
            ));
            query = "${qs(query)}";
        }
        Req::Query(t) => {
            params.push(("[query]".into(), ts_type(t)));
            query = "${qs(query)}";
        }
    }
    let about = format!(
        "`{} {}` ({}{}{})",
        r.method,
        r.path,
        r.auth,
        if r.note.is_empty() { "" } else { "; " },
        r.note.replace("*/", "* /")
    );
    let (name, returns, body) = match r.ans {
        Ans::Json(..) | Ans::Empty => {
            params.push(("[opts]".into(), "RequestOptions".into()));
            let answer = match r.ans {
                Ans::Json(t, _) => ts_type(t),
                _ => "null".into(),
            };
            (
                r.name(),
                format!("Promise<{answer}>"),
                format!("request(\"{}\", `{url}{query}`, {options})", r.method),
            )
        }
        Ans::Sse | Ans::Ndjson(_) | Ans::Text | Ans::Svg | Ans::Bytes => {
            if let Some(last) = params.last() {
                if last.0 == "body" || last.0 == "[body]" {
                    params.pop();
                }
            }
            (
                format!("{}Url", r.name()),
                "string".to_string(),
                format!("`{url}{query}`"),
            )
        }
    };
    let _ = writeln!(out, "\n/**\n * {about} → {}.", r.ans);
    for (p, t) in &params {
        let _ = writeln!(out, " * @param {{{t}}} {p}");
    }
    let _ = writeln!(out, " * @returns {{{returns}}}\n */");
    let names: Vec<&str> = params
        .iter()
        .map(|(p, _)| p.trim_start_matches('[').trim_end_matches(']'))
        .collect();
    let _ = writeln!(
        out,
        "export const {name} = ({}) => {body};",
        names.join(", ")
    );
}

/// A path parameter as a JavaScript name (`move` is fine; nothing here is reserved).
fn js_name(p: &str) -> String {
    p.to_string()
}
