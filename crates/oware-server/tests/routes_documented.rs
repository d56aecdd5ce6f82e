//! The route declarations (`oware_server::ROUTES`, `http/routes.rs`, which the router is built
//! from) against `docs/web.md`: its table "Every route's types" is the one the declarations
//! write (`UPDATE_DOCS=1` rewrites it); what each route does is the prose's (web.md, bots.md…).

const DOC: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/web.md");
const BEGIN: &str = "<!-- routes: generated from http/routes.rs; UPDATE_DOCS=1 cargo test -p oware-server --test routes_documented -->\n";
const END: &str = "<!-- routes: end -->";

#[test]
fn the_route_table_is_generated_from_the_declarations() {
    let doc = std::fs::read_to_string(DOC).expect("docs/web.md");
    let start = doc.find(BEGIN).expect("the table's start marker") + BEGIN.len();
    let end = start + doc[start..].find(END).expect("the table's end marker");
    let table = oware_server::routes::markdown_table();
    if doc[start..end] != table {
        if std::env::var_os("UPDATE_DOCS").is_some() {
            let new = format!("{}{table}{}", &doc[..start], &doc[end..]);
            std::fs::write(DOC, new).expect("write docs/web.md");
        } else {
            panic!(
                "docs/web.md's route table differs from http/routes.rs; \
                 UPDATE_DOCS=1 cargo test -p oware-server --test routes_documented rewrites it"
            );
        }
    }
}

#[test]
fn the_table_has_no_route_twice() {
    let mut seen = std::collections::HashSet::new();
    for r in oware_server::ROUTES {
        assert!(
            seen.insert((r.method, r.path)),
            "{} {} twice",
            r.method,
            r.path
        );
    }
    assert!(oware_server::ROUTES.len() >= 25);
}

#[test]
fn the_page_client_is_generated_from_the_declarations() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/static/js/api.gen.js");
    let js = oware_server::routes::client_js();
    if std::fs::read_to_string(path).ok().as_deref() != Some(js.as_str()) {
        if std::env::var_os("UPDATE_CLIENT").is_some() {
            std::fs::write(path, js).expect("write static/js/api.gen.js");
        } else {
            panic!(
                "static/js/api.gen.js differs from http/routes.rs; \
                 UPDATE_CLIENT=1 cargo test -p oware-server --test routes_documented rewrites it"
            );
        }
    }
}
