//! `GET /api/openapi.json`: the OpenAPI document written from the route declarations holds
//! every route, and an OpenAPI validator accepts it.
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
