//! The API as an OpenAPI 3.1 document (`GET /api/openapi.json`), written from the route
//! declarations (`routes.rs`), for outside clients and bot authors to generate theirs.
//!
//! Each route is an operation named as the page's client names it ([`Route::name`]), with its
//! path parameters, its query type, its body (JSON; form or JSON on the bot routes), its answer
//! and status, `ErrorBody` for every error, its security (`seat`: `X-Seat-Token`; `session`: the
//! cookie; `token`: `Authorization: Bearer` with the scope as the role) and three extensions:
//! `x-body-limit` (bytes), `x-budget` and `x-paging` (docs/web.md, "Every route's types").
//!
//! The components are the JSON Schemas of every protocol type (`oware_protocol::schema`,
//! schemars from the serde types, draft 2020-12 as OpenAPI 3.1 reads it), each operation's
//! body and answer a `$ref` to its type's; the types the routes name carry their TypeScript
//! declaration too (`x-typescript`, as `oware_protocol::ts::declarations()` writes it).

use std::sync::OnceLock;

use axum::http::header;
use axum::response::{IntoResponse, Response};
use serde_json::{json, Map, Value};

use super::routes::{Ans, Auth, Req, Route, ROUTES};

/// `GET /api/openapi.json`: [`document`], written once.
pub(super) fn serve() -> Response {
    static TEXT: OnceLock<String> = OnceLock::new();
    let text = TEXT.get_or_init(|| document().to_string());
    ([(header::CONTENT_TYPE, "application/json")], text.as_str()).into_response()
}

/// The document.
pub fn document() -> Value {
    let declarations = oware_protocol::ts::declarations();
    let mut paths = Map::new();
    let mut names: Vec<&str> = vec!["ErrorBody"];
    for r in ROUTES {
        let item = paths.entry(r.path.to_string()).or_insert_with(|| json!({}));
        item[r.method.to_ascii_lowercase()] = operation(r);
        names.extend(r.req.type_name().into_iter().chain(r.ans.type_name()));
    }
    names.retain(|n| *n != "NoBody" && *n != "Value");
    names.sort_unstable();
    names.dedup();
    let mut schemas = oware_protocol::schema::schemas();
    for n in names {
        if let (Some(decl), Some(Value::Object(schema))) =
            (typescript(n, &declarations), schemas.get_mut(n))
        {
            schema.insert("x-typescript".into(), json!(decl));
        }
    }
    json!({
        "openapi": "3.1.0",
        "info": {
            "title": "Oware",
            "version": env!("CARGO_PKG_VERSION"),
            "description": "The JSON API of `oware serve` (docs/web.md). Errors are `ErrorBody` \
                            with a 4xx or 5xx status; the types are the crate oware-protocol's.",
            "license": {"name": "see the repository"},
        },
        "paths": paths,
        "components": {
            "schemas": schemas,
            "securitySchemes": {
                "seat": {"type": "apiKey", "in": "header", "name": "X-Seat-Token",
                         "description": "a game's seat token (192 random bits, hex)"},
                "session": {"type": "apiKey", "in": "cookie", "name": crate::accounts::COOKIE,
                            "description": "a logged-in session"},
                "token": {"type": "http", "scheme": "bearer",
                          "description": "an API token; the role is its scope"},
            },
        },
    })
}

/// `#/components/schemas/NAME`.
fn reference(name: &str) -> Value {
    json!({ "$ref": format!("{}{name}", oware_protocol::schema::SCHEMAS_PATH) })
}

/// One route's operation.
fn operation(r: &Route) -> Value {
    let mut op = json!({
        "operationId": r.name(),
        "x-body-limit": r.limit.bytes(),
        "x-budget": format!("{:?}", r.cost),
        "x-paging": format!("{:?}", r.paging),
    });
    if !r.note.is_empty() {
        op["description"] = json!(r.note);
    }
    let mut parameters: Vec<Value> = r
        .params()
        .map(|p| json!({"name": p, "in": "path", "required": true, "schema": {"type": "string"}}))
        .collect();
    match r.req {
        Req::None => {}
        Req::Query("") => {}
        Req::Query(t) => parameters.push(json!({
            "name": "query", "in": "query", "style": "form", "explode": true,
            "schema": reference(t),
        })),
        Req::Json(t) | Req::Optional(t) => {
            op["requestBody"] = json!({
                "required": matches!(r.req, Req::Json(_)),
                "content": {"application/json": {"schema": reference(t)}},
            });
        }
        Req::Form(t) => {
            let schema = if t == "NoBody" {
                json!({"type": "object", "additionalProperties": false})
            } else {
                reference(t)
            };
            op["requestBody"] = json!({
                "required": false,
                "content": {
                    "application/x-www-form-urlencoded": {"schema": schema},
                    "application/json": {"schema": schema},
                },
            });
        }
    }
    if !parameters.is_empty() {
        op["parameters"] = Value::Array(parameters);
    }
    let (status, answer) = match r.ans {
        Ans::Json("Value", s) => (
            s,
            json!({"description": "JSON", "content": {"application/json": {"schema": {}}}}),
        ),
        Ans::Json(t, s) => (
            s,
            json!({"description": t, "content": {"application/json": {"schema": reference(t)}}}),
        ),
        Ans::Sse => (
            200,
            json!({"description": "server-sent events", "content": {"text/event-stream": {"schema": {"type": "string"}}}}),
        ),
        Ans::Ndjson(t) => (
            200,
            json!({"description": format!("one {t} a line"), "content": {"application/x-ndjson": {"schema": reference(t)}}}),
        ),
        Ans::Text => (
            200,
            json!({"description": "text", "content": {"text/plain": {"schema": {"type": "string"}}}}),
        ),
        Ans::Svg => (
            200,
            json!({"description": "an SVG image", "content": {"image/svg+xml": {"schema": {"type": "string"}}}}),
        ),
        Ans::Bytes => (
            200,
            json!({"description": "a file", "content": {"application/octet-stream": {"schema": {"type": "string", "format": "binary"}}}}),
        ),
        Ans::Empty => (204, json!({"description": "no body"})),
    };
    op["responses"] = json!({
        status.to_string(): answer,
        "default": {
            "description": "an error",
            "content": {"application/json": {"schema": reference("ErrorBody")}},
        },
    });
    let security = match r.auth {
        Auth::Guest => None,
        Auth::Seat => Some(json!([{"seat": []}])),
        Auth::Session => Some(json!([{"session": []}])),
        Auth::Token(s) => Some(json!([{"token": [s.to_string()]}])),
        Auth::Bot => Some(json!([{"token": ["bot:play"]}])),
        Auth::SessionOrToken(s) => Some(json!([{"session": []}, {"token": [s.to_string()]}])),
    };
    if let Some(s) = security {
        op["security"] = s;
    }
    op
}

/// The TypeScript declaration of protocol type `name`, as `declarations` has it.
fn typescript<'a>(name: &str, declarations: &'a str) -> Option<&'a str> {
    let start = format!("export type {name} ");
    let generic = format!("export type {name}<");
    let block = declarations
        .split("\n\n")
        .find(|b| b.contains(&start) || b.contains(&generic))?;
    block.find("export type").map(|i| block[i..].trim())
}
