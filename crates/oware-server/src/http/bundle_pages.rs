//! Tests of the bundles the server makes of the embedded pages (`bundle.rs` makes a bundle;
//! `assets.rs` holds the pages' bundles): apart from both, so that neither imports the other back.

use super::assets;

#[test]
fn a_page_loads_one_bundle_with_every_module_its_script_imports() {
    let main = &assets::BUNDLES["/js/main.bundle.js"].0;
    for module in [
        "/js/main.js",
        "/js/pwa.js",
        "/js/game.js",
        "/js/state.js",
        "/js/offline.js",
        "/js/engine-wasm.js",
    ] {
        assert_eq!(
            main.matches(&format!("\n// {module}\n")).count(),
            1,
            "{module}"
        );
    }
    // The page's script after everything it imports, then the script every page runs.
    let at = |m: &str| main.find(&format!("\n// {m}\n")).unwrap();
    assert!(at("/js/state.js") < at("/js/main.js") && at("/js/main.js") < at("/js/pwa.js"));
    assert!(!main.contains("\nimport ") && !main.contains("\nexport "));
    assert!(assets::bundle_addresses().contains(&"/js/learn.bundle.js".to_string()));
    assert!(assets::SERVICE_WORKER.0.contains("\"/js/main.bundle.js\""));
}

#[test]
fn every_page_bundle_is_made_and_holds_every_module_it_imports() {
    let addresses = assets::bundle_addresses();
    assert_eq!(addresses.len(), assets::BUNDLES.len());
    assert!(addresses.len() >= 10, "{addresses:?}");
    for (address, (text, tag)) in assets::BUNDLES.iter() {
        assert_eq!(*tag, assets::etag(&assets::sha256_of(text.as_bytes())));
        // Each module once, and each module it imports with it.
        let mut modules = 0;
        for (at, _) in text.match_indices("\n// /js/") {
            let rest = &text[at + 4..];
            let name = &rest[..rest.find('\n').unwrap()];
            assert_eq!(
                text.matches(&format!("\n// {name}\n")).count(),
                1,
                "{address} {name}"
            );
            let source = assets::module_text(name).unwrap();
            for (from, _) in source.match_indices(" from \"./") {
                let spec = &source[from + 9..];
                let spec = &spec[..spec.find('"').unwrap()];
                assert!(
                    text.contains(&format!("\n// /js/{spec}\n")),
                    "{address}: {name} imports {spec}"
                );
            }
            modules += 1;
        }
        assert!(modules >= 2, "{address}");
    }
}
