//! Every route of the server's table (`oware_server::ROUTES`, which the router is built from)
//! is in `docs/web.md`'s API reference, written `METHOD PATH` between backticks.

#[test]
fn every_route_is_in_the_api_reference() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/web.md");
    let doc = std::fs::read_to_string(path).expect("docs/web.md");
    let missing: Vec<String> = oware_server::ROUTES
        .iter()
        .map(|(method, path)| format!("`{method} {path}"))
        .filter(|entry| {
            // The entry, then the end of the code span, a query string or a body.
            !["`", "?", " "]
                .iter()
                .any(|next| doc.contains(&format!("{entry}{next}")))
        })
        .collect();
    assert!(
        missing.is_empty(),
        "routes missing from docs/web.md: {missing:?}"
    );
}

#[test]
fn the_table_has_no_route_twice() {
    let mut seen = std::collections::HashSet::new();
    for route in oware_server::ROUTES {
        assert!(seen.insert(route), "{route:?} twice");
    }
    assert!(oware_server::ROUTES.len() >= 25);
}
