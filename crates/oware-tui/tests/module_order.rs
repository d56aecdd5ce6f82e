//! The crate's modules use each other in the order lib.rs's documentation lists them: each
//! module (its file, or every file of its folder) names with `crate::` only modules listed below
//! it, so no two modules use each other.

use std::path::{Path, PathBuf};

fn src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// The modules in the order of lib.rs's list (`//! - [`name`]: …`), top first.
fn order() -> Vec<String> {
    let lib = std::fs::read_to_string(src().join("lib.rs")).unwrap();
    lib.lines()
        .filter_map(|l| l.strip_prefix("//! - [`"))
        .filter_map(|l| l.split_once("`]"))
        .map(|(name, _)| name.to_string())
        .collect()
}

/// The files of module `name`: `name.rs`, or every file under `name/`.
fn files(name: &str) -> Vec<PathBuf> {
    let file = src().join(format!("{name}.rs"));
    if file.exists() {
        return vec![file];
    }
    let mut all: Vec<PathBuf> = std::fs::read_dir(src().join(name))
        .unwrap_or_else(|e| panic!("module {name}: {e}"))
        .map(|e| e.unwrap().path())
        .collect();
    all.sort();
    all
}

/// The crate's modules named in code (not comments) by `crate::NAME`.
fn used(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for line in text.lines() {
        let code = line.split("//").next().unwrap_or("");
        let mut rest = code;
        while let Some(i) = rest.find("crate::") {
            rest = &rest[i + "crate::".len()..];
            let name: String = rest
                .chars()
                .take_while(|c| c.is_ascii_lowercase() || *c == '_')
                .collect();
            if !name.is_empty() {
                out.push(name);
            }
        }
    }
    out
}

#[test]
fn every_module_uses_only_the_modules_listed_below_it() {
    let order = order();
    assert!(order.len() >= 10, "lib.rs lists {order:?}");
    let mut listed: Vec<String> = std::fs::read_dir(src())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.file_name().is_some_and(|n| n != "lib.rs"))
        .map(|p| p.file_stem().unwrap().to_string_lossy().into_owned())
        .collect();
    listed.sort();
    let mut documented = order.clone();
    documented.sort();
    assert_eq!(listed, documented, "lib.rs must list every module once");
    for (i, module) in order.iter().enumerate() {
        for file in files(module) {
            let text = std::fs::read_to_string(&file).unwrap();
            for name in used(&text) {
                let at = order.iter().position(|m| *m == name);
                assert!(
                    at.is_some_and(|at| at > i),
                    "{} uses crate::{name}, which is not listed below {module} in lib.rs",
                    file.display()
                );
            }
        }
    }
}
