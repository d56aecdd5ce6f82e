//! `GET /api/openapi.json`: the OpenAPI document written from the route declarations holds
//! every route, an OpenAPI validator accepts it, and answers the server sends pass their
//! types' JSON Schemas from it.
//!
//! The validator is `openapi-spec-validator` (Python, from the package index), which
//! `scripts/test-openapi.sh` installs in a virtual environment and names in
//! `OWARE_OPENAPI_PYTHON`; without that variable `the_document_validates` says so and checks
//! only what Rust can (CI runs the script).

mod common;

use serde_json::Value;

#[tokio::test]
async fn the_server_serves_every_declared_route() {
    let (_dir, _server, api) = common::fresh_server().await;
    let (status, doc) = api.get("/api/openapi.json").await;
    assert_eq!(status, 200);
    assert_eq!(doc, oware_server::routes::openapi_document());
    assert_eq!(doc["openapi"], "3.1.0");
    for r in oware_server::ROUTES {
        let op = &doc["paths"][r.path][r.method.to_ascii_lowercase()];
        assert!(op.is_object(), "{} {} missing", r.method, r.path);
        assert_eq!(op["operationId"], r.name().as_str());
        assert_eq!(op["x-body-limit"], r.limit.bytes());
        for t in [r.req.type_name(), r.ans.type_name()].into_iter().flatten() {
            if t != "NoBody" && t != "Value" {
                let schema = &doc["components"]["schemas"][t];
                assert!(
                    schema["x-typescript"]
                        .as_str()
                        .is_some_and(|d| d.contains(t)),
                    "{t}: no declaration"
                );
                // A JSON Schema of the type's fields or values, not a placeholder.
                assert!(
                    ["properties", "oneOf", "enum", "anyOf", "prefixItems"]
                        .iter()
                        .any(|k| schema.get(k).is_some()),
                    "{t}: no schema of its fields: {schema}"
                );
            }
        }
    }
    // Nothing but the declared routes.
    let count: usize = doc["paths"]
        .as_object()
        .expect("paths")
        .values()
        .map(|item| item.as_object().expect("a path item").len())
        .sum();
    assert_eq!(count, oware_server::ROUTES.len());
}

#[test]
fn the_document_validates() {
    let doc = oware_server::routes::openapi_document();
    let Some(python) = std::env::var_os("OWARE_OPENAPI_PYTHON") else {
        eprintln!("OWARE_OPENAPI_PYTHON unset: the OpenAPI validator is not run (scripts/test-openapi.sh runs it)");
        return;
    };
    let dir = tempfile::tempdir().expect("a temporary folder");
    let file = dir.path().join("openapi.json");
    std::fs::write(&file, doc.to_string()).expect("write the document");
    let run = |file: &std::path::Path| {
        std::process::Command::new(&python)
            .args(["-m", "openapi_spec_validator"])
            .arg(file)
            .output()
            .expect("run openapi_spec_validator")
    };
    let out = run(&file);
    assert!(
        out.status.success(),
        "the validator refused the document:\n{}\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    // The validator can fail: a path parameter that is not required.
    let mut broken: Value = doc.clone();
    broken["paths"]["/api/games/{id}"]["get"]["parameters"][0]["required"] = Value::Bool(false);
    let bad = dir.path().join("broken.json");
    std::fs::write(&bad, broken.to_string()).expect("write the broken document");
    assert!(
        !run(&bad).status.success(),
        "the validator accepts anything"
    );
}

/// Runs `python` (with the `jsonschema` package, which the validator brings) over `cases`:
/// `[type name, instance, whether it must pass]`, each checked against
/// `#/components/schemas/NAME` of `doc`. Answers the failures, one a line.
fn schema_failures(python: &std::ffi::OsStr, doc: &Value, cases: &Value) -> String {
    const CHECK: &str = r##"
import json, sys
from jsonschema import Draft202012Validator
doc = json.load(open(sys.argv[1]))
for name, instance, valid in json.load(open(sys.argv[2])):
    schema = {"$ref": "#/components/schemas/" + name, "components": doc["components"]}
    errors = [e.message for e in Draft202012Validator(schema).iter_errors(instance)]
    if bool(errors) == valid:
        print(name, "passes" if not errors else "fails: " + "; ".join(errors)[:400])
"##;
    let dir = tempfile::tempdir().expect("a temporary folder");
    let (d, c) = (dir.path().join("doc.json"), dir.path().join("cases.json"));
    std::fs::write(&d, doc.to_string()).expect("write the document");
    std::fs::write(&c, cases.to_string()).expect("write the cases");
    let out = std::process::Command::new(python)
        .args(["-c", CHECK])
        .arg(&d)
        .arg(&c)
        .output()
        .expect("run python");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// What the server really sends passes its type's schema in the document (a created game,
/// its state, the lobby, the TV, an error), and a broken copy of each fails it: the schemas are
/// true to the answers and strict enough to catch a wrong one.
#[tokio::test]
async fn the_answers_pass_their_schemas() {
    let Some(python) = std::env::var_os("OWARE_OPENAPI_PYTHON") else {
        eprintln!("OWARE_OPENAPI_PYTHON unset: the answers are not checked against the schemas (scripts/test-openapi.sh runs it)");
        return;
    };
    let (_dir, _server, api) = common::fresh_server().await;
    let (_, doc) = api.get("/api/openapi.json").await;
    let (status, created) = api.create(serde_json::json!({"opponent": "friend"})).await;
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_str().expect("an id").to_string();
    let token = created["token"].as_str().expect("a token").to_string();
    let (status, played) = api.play(&id, &token, "C").await;
    assert_eq!(status, 200, "{played}");
    let (_, state) = api.get(&format!("/api/games/{id}")).await;
    let (status, online) = api
        .create(serde_json::json!({"opponent": "online", "lobby": true, "clock": {"initial_s": 300, "increment_s": 2}}))
        .await;
    assert_eq!(status, 201, "{online}");
    let (_, lobby) = api.get("/api/lobby").await;
    let (status, tv) = api.get("/api/tv").await;
    let (_, error) = api
        .post(
            "/api/games/nope/draw",
            None,
            Some(serde_json::json!({"action": "sideways"})),
        )
        .await;
    assert_eq!(error["code"], "bad-field", "{error}");
    let mut cases = vec![
        ("SeatAnswer", created.clone()),
        ("MoveAnswer", played.clone()),
        ("StateView", state.clone()),
        ("SeatAnswer", online.clone()),
        ("Lobby", lobby.clone()),
        ("ErrorBody", error.clone()),
    ];
    if status == 200 {
        cases.push(("TvAnswer", tv.clone()));
    }
    let mut all: Vec<Value> = cases
        .iter()
        .map(|(name, v)| serde_json::json!([name, v, true]))
        .collect();
    // Broken copies: a wrong type, an unknown error code, a number for a text.
    let mut bad_state = state.clone();
    bad_state["version"] = "seven".into();
    let mut bad_error = error.clone();
    bad_error["code"] = "no-such-code".into();
    let mut bad_online = online.clone();
    bad_online["state"]["id"] = 7.into();
    for (name, v) in [
        ("StateView", bad_state),
        ("ErrorBody", bad_error),
        ("SeatAnswer", bad_online),
    ] {
        all.push(serde_json::json!([name, v, false]));
    }
    let failures = schema_failures(&python, &doc, &Value::Array(all));
    assert!(failures.is_empty(), "{failures}");
}

/// The declarations hold for what the server does: every route that needs credentials refuses a
/// request without them, and every route declared `Small` refuses a body over 32 KiB (413)
/// while the others read up to 256 KiB.
#[tokio::test]
async fn the_declarations_hold() {
    use oware_server::routes::{Auth, Limit};
    let (_dir, server, _api) = common::fresh_server().await;
    let base = format!("http://{}", server.addr());
    let client = reqwest::Client::new();
    let path_of = |p: &str| {
        p.split('/')
            .map(|s| if s.starts_with('{') { "x0" } else { s })
            .collect::<Vec<_>>()
            .join("/")
    };
    for r in oware_server::ROUTES {
        let method = reqwest::Method::from_bytes(r.method.as_bytes()).expect("a method");
        let url = format!("{base}{}", path_of(r.path));
        if r.auth != Auth::Guest {
            let status = client
                .request(method.clone(), &url)
                .header("content-type", "application/json")
                .body("{}")
                .send()
                .await
                .expect("an answer")
                .status()
                .as_u16();
            assert!(
                [400, 401, 403, 404, 422].contains(&status),
                "{} {} without credentials: {status}",
                r.method,
                r.path
            );
        }
        if r.method == "POST" {
            let body = format!("{{\"x\":\"{}\"}}", "a".repeat(40 * 1024));
            let status = client
                .request(method, &url)
                .header("content-type", "application/json")
                .body(body)
                .send()
                .await
                .expect("an answer")
                .status()
                .as_u16();
            match r.limit {
                Limit::Small => assert_eq!(status, 413, "{} {}", r.method, r.path),
                Limit::Std => assert_ne!(status, 413, "{} {}", r.method, r.path),
            }
        }
    }
}
