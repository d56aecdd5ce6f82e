//! The layout every crate of the workspace keeps (see `docs/web.md`, "Layout"):
//!
//! - no import circle between source files, in any crate: a file that names another through a
//!   `crate::…`, `super::…` or `self::…` path uses it, and no file uses one that uses it back,
//!   not even through others (a child naming its own parent module does not count: the parent
//!   declares it);
//! - no import circle between the top-level modules of any crate either (`review` uses `games`,
//!   so nothing in `games/` uses `review`, not even through a third module);
//! - the server's `lib.rs` has a module table that lists every module it declares, and no
//!   module it does not;
//! - no source file of the server or the terminal client is over 800 lines;
//! - the server's live-game cache stays a repository, not the place where features live: every
//!   `impl Games` is in `src/games/`, with at most 30 methods in all;
//! - no type of the server has over 30 methods in all its own `impl` blocks (a service that
//!   grows past that is split, as `round/` is into its parts).
//!
//! The graph is read from the whole text of every file (paths and `{…}` groups; comments left
//! out), test modules included: a path inside an inline module (`mod tests { … }`) is resolved
//! from that module, so its `super::` is the file's own module.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// A module's path inside its crate (`["games", "round"]`); the crate root is empty.
type ModPath = Vec<String>;

fn crates_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Every `.rs` file below `dir`, sorted.
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

/// The module a file of `src` is (`games/mod.rs` and `games.rs` are `games`; `lib.rs`, `main.rs`
/// the root; a file in `src/bin/` a root of its own, left out).
fn module_of(src: &Path, file: &Path) -> Option<ModPath> {
    let rel = file.strip_prefix(src).unwrap();
    let mut parts: ModPath = rel
        .iter()
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    if parts.first().is_some_and(|p| p == "bin") {
        return None;
    }
    let last = parts.pop()?;
    let stem = last.strip_suffix(".rs")?.to_owned();
    if !matches!(stem.as_str(), "mod" | "lib" | "main") {
        parts.push(stem);
    }
    Some(parts)
}

/// The code of a file without its comments (the whole file: test modules are code too).
fn code_of(text: &str) -> String {
    let mut code = String::with_capacity(text.len());
    for line in text.lines() {
        let line = match line.find("//") {
            Some(at) => &line[..at],
            None => line,
        };
        code.push_str(line);
        code.push('\n');
    }
    code
}

/// The inline modules of `code` (`mod name { … }`): each one's name and the byte range of its
/// body, outer ones first.
fn inline_modules(code: &str) -> Vec<(String, std::ops::Range<usize>)> {
    let mut out = Vec::new();
    for (at, _) in code.match_indices("mod ") {
        if at > 0 && is_ident(code[..at].chars().next_back().unwrap_or(' ')) {
            continue;
        }
        let rest = &code[at + 4..];
        let name: String = rest
            .trim_start()
            .chars()
            .take_while(|&c| is_ident(c))
            .collect();
        let after = rest.trim_start()[name.len()..].trim_start();
        if name.is_empty() || !after.starts_with('{') {
            continue;
        }
        let open = code.len() - after.len();
        let mut depth = 0usize;
        let mut end = code.len();
        for (i, c) in code[open..].char_indices() {
            match c {
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        end = open + i;
                        break;
                    }
                }
                _ => {}
            }
        }
        out.push((name, open..end));
    }
    out
}

fn is_ident(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// The paths a use tree starting at `rest` (just after `crate::`, `super::` or `self::`) names,
/// each as its segments: `a::{b, c::d}` gives `a::b` and `a::c::d`.
fn paths_from(rest: &str, prefix: &[String], out: &mut Vec<Vec<String>>) {
    let mut segs = prefix.to_vec();
    let mut s = rest;
    loop {
        if let Some(group) = s.strip_prefix('{') {
            // The group's items, split at top-level commas.
            let mut depth = 0;
            let mut start = 0;
            let mut end = group.len();
            for (i, c) in group.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' if depth == 0 => {
                        end = i;
                        break;
                    }
                    '}' => depth -= 1,
                    ',' if depth == 0 => {
                        paths_from(group[start..i].trim(), &segs, out);
                        start = i + 1;
                    }
                    _ => {}
                }
            }
            paths_from(group[start..end].trim(), &segs, out);
            return;
        }
        let ident: String = s.chars().take_while(|&c| is_ident(c)).collect();
        if ident.is_empty() {
            break;
        }
        s = &s[ident.len()..];
        if ident != "self" {
            segs.push(ident);
        }
        match s.strip_prefix("::") {
            Some(more) => s = more.trim_start(),
            None => break,
        }
    }
    if !segs.is_empty() {
        out.push(segs);
    }
}

/// The module paths `code` names, resolved from module `here`: absolute, with `super` and
/// `self` applied (`games/mod.rs` and `games.rs` resolve alike: both are module `games`).
fn named_paths(code: &str, here: &[String]) -> Vec<ModPath> {
    let inline = inline_modules(code);
    let mut out = Vec::new();
    let bytes = code.as_bytes();
    for (at, _) in code.match_indices("::") {
        // The module `super::` and `self::` start from: the file's own module, or the inline
        // module the path is in, for `self`; its parent for `super`.
        let mut own: ModPath = here.to_vec();
        own.extend(
            inline
                .iter()
                .filter(|(_, body)| body.contains(&at))
                .map(|(name, _)| name.clone()),
        );
        // The keyword just before `::`.
        let before = &code[..at];
        let word_start = before
            .char_indices()
            .rev()
            .take_while(|&(_, c)| is_ident(c))
            .last()
            .map_or(at, |(i, _)| i);
        let word = &code[word_start..at];
        if word_start > 0
            && (is_ident(bytes[word_start - 1] as char) || bytes[word_start - 1] == b':')
        {
            continue; // the middle of a longer path (`a::super` is not a start)
        }
        let base: ModPath = match word {
            "crate" => Vec::new(),
            "self" => own.clone(),
            "super" => {
                // `super::super::x`: each `super` climbs one more.
                let mut base = own.clone();
                base.pop();
                let mut rest = &code[at + 2..];
                while let Some(more) = rest.strip_prefix("super::") {
                    base.pop();
                    rest = more;
                }
                paths_from(rest.trim_start(), &base, &mut out);
                continue;
            }
            _ => continue,
        };
        paths_from(code[at + 2..].trim_start(), &base, &mut out);
    }
    out
}

/// The longest module of `mods` that `path` starts with.
fn resolve(mods: &BTreeSet<ModPath>, path: &[String]) -> Option<ModPath> {
    (1..=path.len())
        .rev()
        .map(|n| path[..n].to_vec())
        .find(|p| mods.contains(p))
}

/// File → the files it uses, in the crate whose sources are in `src`.
fn file_graph(src: &Path) -> BTreeMap<ModPath, (PathBuf, BTreeSet<ModPath>)> {
    let files: Vec<(ModPath, PathBuf)> = rust_files(src)
        .into_iter()
        .filter_map(|f| module_of(src, &f).map(|m| (m, f)))
        .collect();
    let mods: BTreeSet<ModPath> = files.iter().map(|(m, _)| m.clone()).collect();
    let mut graph = BTreeMap::new();
    for (m, file) in files {
        let code = code_of(&fs::read_to_string(&file).unwrap());
        let mut uses = BTreeSet::new();
        for path in named_paths(&code, &m) {
            if let Some(target) = resolve(&mods, &path) {
                // Not itself, not the root, not one of its own ancestors (which declares it).
                let ancestor = target.len() < m.len() && m[..target.len()] == target[..];
                if target != m && !target.is_empty() && !ancestor {
                    uses.insert(target);
                }
            }
        }
        graph.insert(m, (file, uses));
    }
    graph
}

/// The groups of more than one module that reach each other (Tarjan's strongly connected
/// components, iteratively).
fn circles(graph: &BTreeMap<ModPath, (PathBuf, BTreeSet<ModPath>)>) -> Vec<Vec<ModPath>> {
    let keys: Vec<&ModPath> = graph.keys().collect();
    let index_of: BTreeMap<&ModPath, usize> =
        keys.iter().enumerate().map(|(i, k)| (*k, i)).collect();
    let edges: Vec<Vec<usize>> = keys
        .iter()
        .map(|k| {
            graph[*k]
                .1
                .iter()
                .filter_map(|t| index_of.get(t).copied())
                .collect()
        })
        .collect();
    let n = keys.len();
    let (mut index, mut low) = (vec![usize::MAX; n], vec![0; n]);
    let mut on_stack = vec![false; n];
    let mut stack = Vec::new();
    let mut counter = 0;
    let mut out = Vec::new();
    for root in 0..n {
        if index[root] != usize::MAX {
            continue;
        }
        // (node, next edge to look at)
        let mut work = vec![(root, 0usize)];
        while let Some(&mut (v, ref mut next)) = work.last_mut() {
            if *next == 0 && index[v] == usize::MAX {
                index[v] = counter;
                low[v] = counter;
                counter += 1;
                stack.push(v);
                on_stack[v] = true;
            }
            if let Some(&w) = edges[v].get(*next) {
                *next += 1;
                if index[w] == usize::MAX {
                    work.push((w, 0));
                } else if on_stack[w] {
                    low[v] = low[v].min(index[w]);
                }
                continue;
            }
            work.pop();
            if let Some(&(parent, _)) = work.last() {
                low[parent] = low[parent].min(low[v]);
            }
            if low[v] == index[v] {
                let mut group = Vec::new();
                while let Some(w) = stack.pop() {
                    on_stack[w] = false;
                    group.push(keys[w].clone());
                    if w == v {
                        break;
                    }
                }
                if group.len() > 1 {
                    group.sort();
                    out.push(group);
                }
            }
        }
    }
    out
}

/// The `src` folder of every crate of the workspace, sorted.
fn crate_sources() -> Vec<PathBuf> {
    let mut crates: Vec<PathBuf> = fs::read_dir(crates_dir())
        .unwrap()
        .map(|e| e.unwrap().path().join("src"))
        .filter(|p| p.is_dir())
        .collect();
    crates.sort();
    assert!(crates.len() >= 5, "the crates were not found");
    crates
}

/// The file graph folded onto the top-level modules: `games/round.rs` using `review/x.rs` is
/// `games` using `review` (the crate root's files are left out).
fn top_level_graph(
    files: &BTreeMap<ModPath, (PathBuf, BTreeSet<ModPath>)>,
) -> BTreeMap<ModPath, (PathBuf, BTreeSet<ModPath>)> {
    let mut graph: BTreeMap<ModPath, (PathBuf, BTreeSet<ModPath>)> = BTreeMap::new();
    for (m, (file, uses)) in files {
        let Some(top) = m.first() else { continue };
        let entry = graph
            .entry(vec![top.clone()])
            .or_insert_with(|| (file.clone(), BTreeSet::new()));
        entry.1.extend(
            uses.iter()
                .filter_map(|u| u.first())
                .filter(|u| *u != top)
                .map(|u| vec![u.clone()]),
        );
    }
    graph
}

#[test]
fn no_crate_has_a_circle_among_its_top_level_modules() {
    let mut found = Vec::new();
    for src in crate_sources() {
        let graph = top_level_graph(&file_graph(&src));
        for group in circles(&graph) {
            let names: Vec<String> = group.iter().map(|m| m.join("::")).collect();
            let krate = src.parent().unwrap().file_name().unwrap().to_string_lossy();
            found.push(format!("{krate}: {}", names.join(" ")));
        }
    }
    assert!(
        found.is_empty(),
        "circles among modules:\n{}",
        found.join("\n")
    );
}

#[test]
fn no_source_file_imports_one_that_imports_it_back_in_any_crate() {
    let mut found = Vec::new();
    for src in crate_sources() {
        let graph = file_graph(&src);
        for group in circles(&graph) {
            let files: Vec<String> = group
                .iter()
                .map(|m| {
                    let (file, _) = &graph[m];
                    file.strip_prefix(&src).unwrap().display().to_string()
                })
                .collect();
            let krate = src.parent().unwrap().file_name().unwrap().to_string_lossy();
            found.push(format!("{krate}: {}", files.join(" ")));
        }
    }
    assert!(found.is_empty(), "import circles:\n{}", found.join("\n"));
}

#[test]
fn the_reader_finds_a_circle_through_super_crate_self_and_groups() {
    let p = |s: &str| s.split('/').map(str::to_owned).collect::<ModPath>();
    let mods: BTreeSet<ModPath> = [vec!["a".to_owned()], vec!["a".to_owned(), "b".to_owned()]]
        .into_iter()
        .collect();
    let here = vec!["a".to_owned(), "c".to_owned()];
    let code = "use super::b::X;\nuse crate::{a::b, z};\nfn f() { self::g(); }\n";
    let named = named_paths(code, &here);
    let resolved: Vec<_> = named.iter().filter_map(|p| resolve(&mods, p)).collect();
    assert!(
        resolved.iter().filter(|p| p.len() == 2).count() >= 2,
        "{named:?}"
    );
    // The whole file is read: what follows a test module, and the test module itself, whose
    // `super::` is the file's own module (`a::c`), not its parent.
    let code = code_of(
        "#[cfg(test)]\nmod tests;\nuse crate::a::b;\n#[cfg(test)]\nmod t {\nuse crate::z;\nuse super::q;\n}\nuse crate::y;\n",
    );
    let named = named_paths(&code, &here);
    for want in [p("a/b"), p("z"), p("a/c/q"), p("y")] {
        assert!(named.contains(&want), "{want:?} not in {named:?}");
    }
    // Two files naming each other make one circle; a child naming its parent does not.
    let mut graph = BTreeMap::new();
    graph.insert(p("x"), (PathBuf::from("x.rs"), [p("y")].into()));
    graph.insert(p("y"), (PathBuf::from("y.rs"), [p("x")].into()));
    graph.insert(p("z"), (PathBuf::from("z.rs"), [p("x")].into()));
    assert_eq!(circles(&graph), vec![vec![p("x"), p("y")]]);
    // Folded onto top-level modules, files of `a` and `b` that use each other's siblings
    // are a circle though no two files are.
    let mut files = BTreeMap::new();
    files.insert(p("a/x"), (PathBuf::from("a/x.rs"), [p("b/y")].into()));
    files.insert(p("b/z"), (PathBuf::from("b/z.rs"), [p("a/w")].into()));
    files.insert(p("a/w"), (PathBuf::from("a/w.rs"), BTreeSet::new()));
    files.insert(p("b/y"), (PathBuf::from("b/y.rs"), BTreeSet::new()));
    assert!(circles(&files).is_empty());
    assert_eq!(
        circles(&top_level_graph(&files)),
        vec![vec![p("a"), p("b")]]
    );
}

#[test]
fn the_server_module_table_lists_every_module() {
    let lib = fs::read_to_string(crates_dir().join("oware-server/src/lib.rs")).unwrap();
    let declared: BTreeSet<String> = lib
        .lines()
        .filter_map(|l| {
            let l = l.trim();
            let l = l.strip_prefix("pub ").unwrap_or(l);
            let name = l.strip_prefix("mod ")?.strip_suffix(';')?;
            Some(name.trim().to_owned())
        })
        .collect();
    assert!(declared.len() > 10, "lib.rs's modules were not found");
    // Rows of the table: `//! | `name` | …` or `//! | `name/` | …`.
    let listed: BTreeSet<String> = lib
        .lines()
        .filter_map(|l| l.strip_prefix("//! | `"))
        .filter_map(|l| l.split('`').next())
        .map(|m| m.trim_end_matches('/').to_owned())
        .collect();
    let missing: Vec<_> = declared.difference(&listed).collect();
    let extra: Vec<_> = listed.difference(&declared).collect();
    assert!(
        missing.is_empty() && extra.is_empty(),
        "lib.rs's module table: missing {missing:?}, lists modules that do not exist {extra:?}"
    );
}

/// The crates whose files have a line limit: the server and the terminal client.
const LIMITED: [&str; 2] = ["oware-server", "oware-tui"];

/// The most lines a source file of [`LIMITED`] may have.
const MAX_LINES: usize = 800;

#[test]
fn no_source_file_of_the_server_or_the_terminal_client_is_over_800_lines() {
    let mut long = Vec::new();
    for krate in LIMITED {
        let files = rust_files(&crates_dir().join(krate).join("src"));
        assert!(files.len() > 5, "{krate}: the files were found");
        for file in files {
            let lines = fs::read_to_string(&file).unwrap().lines().count();
            if lines > MAX_LINES {
                long.push(format!("{} ({lines} lines)", file.display()));
            }
        }
    }
    assert!(long.is_empty(), "split by job: {long:?}");
}

/// The most methods `Games` may have, counted over every `impl Games` block.
const GAMES_METHODS_MAX: usize = 30;

/// Whether `line`, inside an `impl` block, declares one of its `fn` items (at the block's own
/// indentation, private ones too).
fn method_line(line: &str) -> bool {
    let Some(item) = line.strip_prefix("    ") else {
        return false;
    };
    if item.starts_with(' ') {
        return false;
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
    item.starts_with("fn ")
}

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
        if method_line(line) {
            fns += 1;
        }
    }
    (blocks, fns)
}

#[test]
fn games_is_a_repository_of_at_most_30_methods_all_in_src_games() {
    let src = crates_dir().join("oware-server/src");
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

/// The most methods a type of the server may have, over all its own `impl` blocks: a service
/// past it is split into parts (as lila's round is into its drawer, takebacker, rematcher…).
const SERVICE_METHODS_MAX: usize = 30;

/// The type whose inherent `impl` block `line` opens (`impl Name {`, `impl<T> Name<T> {`), if
/// it opens one (`impl Trait for Name` is not the type's own).
fn inherent_impl(line: &str) -> Option<String> {
    let rest = line.strip_prefix("impl")?;
    let rest = match rest.strip_prefix('<') {
        Some(generic) => generic.split_once('>')?.1,
        None => rest,
    };
    let header = rest.strip_prefix(' ')?.strip_suffix(" {")?;
    if header.contains(" for ") {
        return None;
    }
    let name: String = header.chars().take_while(|&c| is_ident(c)).collect();
    (!name.is_empty()).then_some(name)
}

/// The methods of each type with an inherent `impl` block in `text`, counted as
/// [`games_impls`] counts them (rustfmt's layout).
fn inherent_methods(text: &str) -> BTreeMap<String, usize> {
    let mut out = BTreeMap::new();
    let mut inside: Option<String> = None;
    for line in text.lines() {
        let Some(name) = &inside else {
            inside = inherent_impl(line);
            if let Some(name) = &inside {
                out.entry(name.clone()).or_insert(0);
            }
            continue;
        };
        if line.starts_with('}') {
            inside = None;
            continue;
        }
        if method_line(line) {
            *out.get_mut(name).expect("entered above") += 1;
        }
    }
    out
}

#[test]
fn no_type_of_the_server_has_over_30_methods() {
    let src = crates_dir().join("oware-server/src");
    let mut counts: BTreeMap<String, usize> = BTreeMap::new();
    for file in rust_files(&src) {
        for (name, n) in inherent_methods(&fs::read_to_string(&file).unwrap()) {
            *counts.entry(name).or_insert(0) += n;
        }
    }
    assert!(
        counts.get("Round").is_some_and(|&n| n > 0),
        "the impl blocks were found: {counts:?}"
    );
    let over: Vec<_> = counts
        .iter()
        .filter(|(_, &n)| n > SERVICE_METHODS_MAX)
        .collect();
    assert!(
        over.is_empty(),
        "types over {SERVICE_METHODS_MAX} methods (split them into services): {over:?}"
    );
}

#[test]
fn the_type_count_reads_inherent_impls_only() {
    let text = "impl Games {\n    fn a() {}\n}\nimpl Round {\n    fn b() {}\n    fn c() {}\n}\n\
                impl Follower for Round {\n    fn d() {}\n}\nimpl<T> Cache<T> {\n    fn e() {}\n}\n";
    let counts = inherent_methods(text);
    assert_eq!(counts.get("Games"), Some(&1));
    assert_eq!(counts.get("Round"), Some(&2));
    assert_eq!(
        counts.get("Cache"),
        Some(&1),
        "a generic block: `impl<T> Cache<T> {{`"
    );
    assert_eq!(counts.len(), 3, "{counts:?}");
}

#[test]
fn the_games_count_reads_every_method_of_every_impl_block() {
    let text = "impl Games {\n    pub fn a(&self) {\n        fn inner() {}\n    }\n\n    \
                pub(crate) async fn b(&self) {}\n    fn c() {}\n}\n\nimpl Other {\n    fn d() {}\n}\n\
                impl Games {\n    pub(super) fn e(&self) {}\n}\n";
    assert_eq!(games_impls(text), (2, 4));
}
