//! The layout the workspace keeps (see `docs/web.md`): no source file of the server or the
//! terminal client over 800 lines; in no crate a circle among its top-level modules (`review`
//! uses `games`, so `games` never uses `review`, not even through a third module); and the
//! server's live-game cache stays a repository, not the place where features live: every
//! `impl Games` is in `src/games/`, with at most 30 methods in all.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// The crates whose layout is checked, as folders beside this one.
const CRATES: [&str; 2] = ["oware-server", "oware-tui"];

/// The most lines a source file may have.
const MAX_LINES: usize = 800;

fn src(krate: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join(krate)
        .join("src")
}

/// Every `.rs` file below `dir`.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            out.extend(rust_files(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
    out.sort();
    out
}

/// The top-level module a file of `src` belongs to (`games` for `games/round.rs`), or `None`
/// for the crate root.
fn module_of(src: &Path, file: &Path) -> Option<String> {
    let rel = file.strip_prefix(src).unwrap();
    let first = rel.components().next()?.as_os_str().to_str()?.to_owned();
    let name = first.strip_suffix(".rs").unwrap_or(&first).to_owned();
    (name != "lib" && name != "main").then_some(name)
}

/// The top-level modules `text` names through `crate::` paths, outside its comments and its
/// unit tests.
fn crate_paths(text: &str) -> BTreeSet<String> {
    let code: String = text
        .split("#[cfg(test)]\nmod tests")
        .next()
        .unwrap_or(text)
        .lines()
        .filter(|l| !l.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n");
    let code = code.as_str();
    let mut names = BTreeSet::new();
    let mut rest = code;
    while let Some(at) = rest.find("crate::") {
        rest = &rest[at + "crate::".len()..];
        if let Some(group) = rest.strip_prefix('{') {
            // `crate::{a, b::c}`: each item's first segment.
            let inner = &group[..group.find('}').unwrap_or(group.len())];
            for item in inner.split(',') {
                names.insert(first_segment(item.trim()));
            }
        } else {
            names.insert(first_segment(rest));
        }
    }
    names.retain(|n| !n.is_empty());
    names
}

fn first_segment(path: &str) -> String {
    path.chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
        .collect()
}

/// Module → the other top-level modules it uses.
fn module_graph(src: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let mut graph: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let files = rust_files(src);
    for file in &files {
        if let Some(m) = module_of(src, file) {
            graph.entry(m).or_default();
        }
    }
    let known: BTreeSet<String> = graph.keys().cloned().collect();
    for file in &files {
        let Some(m) = module_of(src, file) else {
            continue;
        };
        let used = crate_paths(&fs::read_to_string(file).unwrap());
        let deps = graph.get_mut(&m).unwrap();
        deps.extend(used.into_iter().filter(|u| *u != m && known.contains(u)));
    }
    graph
}

/// A circle through `start`, if there is one: the modules in order, `start` at both ends.
fn circle_through(graph: &BTreeMap<String, BTreeSet<String>>, start: &str) -> Option<Vec<String>> {
    let mut stack = vec![vec![start.to_owned()]];
    let mut seen = BTreeSet::new();
    while let Some(path) = stack.pop() {
        let last = path.last().unwrap();
        for next in &graph[last] {
            if next == start {
                let mut circle = path.clone();
                circle.push(start.to_owned());
                return Some(circle);
            }
            if seen.insert(next.clone()) {
                let mut longer = path.clone();
                longer.push(next.clone());
                stack.push(longer);
            }
        }
    }
    None
}

#[test]
fn no_source_file_of_the_server_or_the_terminal_client_is_over_800_lines() {
    let mut long = Vec::new();
    for krate in CRATES {
        for file in rust_files(&src(krate)) {
            let lines = fs::read_to_string(&file).unwrap().lines().count();
            if lines > MAX_LINES {
                long.push(format!("{} ({lines} lines)", file.display()));
            }
        }
    }
    assert!(long.is_empty(), "split by job: {long:?}");
}

/// Every crate of the workspace (the folders of `crates/` with a `src`).
fn workspace_crates() -> Vec<String> {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut names: Vec<String> = fs::read_dir(crates)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.join("src").is_dir())
        .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn no_crate_of_the_workspace_has_an_import_circle() {
    let crates = workspace_crates();
    assert!(crates.len() >= 10, "the crates were found: {crates:?}");
    for krate in &crates {
        let graph = module_graph(&src(krate));
        if CRATES.contains(&krate.as_str()) {
            assert!(graph.len() > 5, "{krate}: the modules were found");
        }
        for module in graph.keys() {
            if let Some(circle) = circle_through(&graph, module) {
                panic!("{krate}: import circle {}", circle.join(" → "));
            }
        }
    }
}

#[test]
fn the_circle_check_finds_a_circle_and_reads_grouped_paths() {
    let text = "use crate::{games::Games, events};\nfn f() { crate::lobby::x(); }\n\
                /// See [`crate::store`].\n\
                #[cfg(test)]\nmod tests { use crate::review; }";
    let names: Vec<String> = crate_paths(text).into_iter().collect();
    assert_eq!(names, ["events", "games", "lobby"]);
    let graph: BTreeMap<String, BTreeSet<String>> = [
        ("a", vec!["b"]),
        ("b", vec!["c"]),
        ("c", vec!["a"]),
        ("d", vec!["a"]),
    ]
    .into_iter()
    .map(|(m, deps)| (m.to_owned(), deps.into_iter().map(String::from).collect()))
    .collect();
    assert_eq!(
        circle_through(&graph, "a").unwrap(),
        ["a", "b", "c", "a"].map(String::from)
    );
    assert_eq!(circle_through(&graph, "d"), None);
}

/// The most methods `Games` may have, counted over every `impl Games` block.
const GAMES_METHODS_MAX: usize = 30;

/// The `impl Games` blocks of `text` (rustfmt's layout: the block opens at the start of a line
/// and closes with a `}` alone at the start of a line): how many there are and how many `fn`
/// items they hold (those at the block's own indentation, private ones too).
fn games_impls(text: &str) -> (usize, usize) {
    let (mut blocks, mut fns, mut inside) = (0, 0, false);
    for line in text.lines() {
        if !inside {
            if line.starts_with("impl Games {") || line.starts_with("impl Games<") {
                blocks += 1;
                inside = true;
            }
            continue;
        }
        if line.starts_with('}') {
            inside = false;
            continue;
        }
        let Some(item) = line.strip_prefix("    ") else {
            continue;
        };
        if item.starts_with(' ') {
            continue;
        }
        let item = match item.strip_prefix("pub") {
            Some(rest) if rest.starts_with('(') => {
                rest[rest.find(')').map_or(0, |i| i + 1)..].trim_start()
            }
            Some(rest) => rest.trim_start(),
            None => item,
        };
        let item = item.strip_prefix("async ").unwrap_or(item);
        let item = item.strip_prefix("const ").unwrap_or(item);
        if item.starts_with("fn ") {
            fns += 1;
        }
    }
    (blocks, fns)
}

#[test]
fn games_is_a_repository_of_at_most_30_methods_all_in_src_games() {
    let src = src("oware-server");
    let games_dir = src.join("games");
    let (mut blocks, mut methods, mut outside) = (0, 0, Vec::new());
    for file in rust_files(&src) {
        let (b, f) = games_impls(&fs::read_to_string(&file).unwrap());
        if b > 0 && !file.starts_with(&games_dir) {
            outside.push(file.display().to_string());
        }
        blocks += b;
        methods += f;
    }
    assert!(blocks > 0, "the impl Games blocks were found");
    assert!(
        outside.is_empty(),
        "impl Games outside src/games/ (a service is missing): {outside:?}"
    );
    assert!(
        methods <= GAMES_METHODS_MAX,
        "Games has {methods} methods (at most {GAMES_METHODS_MAX}): the feature belongs to a service"
    );
}

#[test]
fn the_games_count_reads_every_method_of_every_impl_block() {
    let text = "impl Games {\n    pub fn a(&self) {\n        fn inner() {}\n    }\n\n    \
                pub(crate) async fn b(&self) {}\n    fn c() {}\n}\n\nimpl Other {\n    fn d() {}\n}\n\
                impl Games {\n    pub(super) fn e(&self) {}\n}\n";
    assert_eq!(games_impls(text), (2, 4));
}
