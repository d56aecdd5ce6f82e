//! A page's modules in one file: its script and every module it imports, put together by the
//! server (issue 57, the first visit on a slow mobile network).
//!
//! On DevTools' slow 3G profile every request waits 2 s and a browser opens 6 connections to a
//! plain-HTTP site, so the home page's 40 modules cost seven rounds of 2 s even when all are
//! preloaded. One file per page makes it one round. The page's `<script type="module">` names
//! `/js/NAME.bundle.js` (the layout's `bundle(…)`), which holds the page's script and the page
//! scripts every page runs ([`ENTRIES`]), with every module they import.
//!
//! Each module becomes an async function called once, in the order the browser would evaluate
//! them (depth first, imports in their order, no module twice; the project has no import circles,
//! `import_circles.py`): its `import { a, b as c } from "./x.js"` lines become
//! `const { a, b: c } = <x's exports>`, `import * as x` the exports object itself, its `export`
//! keywords are dropped and it answers its exports. Async because a module may wait at its top
//! level (`i18n.js` waits for its catalogue). The exports are copied at the import, not live: a
//! module may therefore export no `let` (the bundler refuses it, and any form it does not know:
//! default exports, a name imported from a module outside `js/`). The modules stay
//! served one by one as well (with their comments; the bundle leaves out the comment lines,
//! [`without_comments`], a third of the bytes): the engine's worker imports its own (`engine-worker.js`), and the
//! page's `import.meta.url` (the bundle's address, in `js/`) still points beside them.

use std::fmt::Write;

/// The page scripts the layout adds to every page's own script (`parts/layout.html`).
pub(crate) const ENTRIES: [&str; 1] = ["/js/pwa.js"];

/// The address of the bundle of the page whose script is `script` (`/js/main.js` →
/// `/js/main.bundle.js`).
pub(crate) fn address(script: &str) -> String {
    let stem = script.strip_suffix(".js").unwrap_or(script);
    format!("{stem}.bundle.js")
}

/// The page script whose bundle is served at `path` (`/js/main.bundle.js` → `/js/main.js`).
pub(crate) fn script_of(path: &str) -> Option<String> {
    let stem = path.strip_prefix("/js/")?.strip_suffix(".bundle.js")?;
    let plain = !stem.is_empty()
        && stem
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
    plain.then(|| format!("/js/{stem}.js"))
}

/// The addresses of the bundles `pages` (their HTML) load (`<script type="module" src="…">`),
/// each once, sorted.
pub(crate) fn addresses_in<'a>(pages: impl Iterator<Item = &'a str>) -> Vec<String> {
    let mut found: Vec<String> = Vec::new();
    let marker = "<script type=\"module\" src=\"";
    for html in pages {
        for (at, _) in html.match_indices(marker) {
            let rest = &html[at + marker.len()..];
            let Some(end) = rest.find('"') else { continue };
            let address = &rest[..end];
            if script_of(address).is_some() && !found.iter().any(|f| f == address) {
                found.push(address.to_owned());
            }
        }
    }
    found.sort();
    found
}

/// The bundle at `address` (`/js/NAME.bundle.js`): the page script's, with [`ENTRIES`].
pub(crate) fn bundle_at(
    address: &str,
    read: &dyn Fn(&str) -> Option<String>,
) -> Result<String, String> {
    let script = script_of(address).ok_or_else(|| format!("{address}: not a bundle"))?;
    let mut entries = vec![script.as_str()];
    entries.extend(ENTRIES);
    bundle(&entries, read)
}

/// One module's text, split: its imports (the module's path, what it takes) and its body.
struct Module {
    /// The imported modules' paths (`/js/x.js`), each with how its exports are taken.
    imports: Vec<(String, Taken)>,
    /// The module's text with its import lines taken out and its `export` keywords dropped.
    body: String,
    /// The names it exports: (exported name, the expression that holds it).
    exports: Vec<(String, String)>,
}

/// How a module takes an imported module's exports.
enum Taken {
    /// `import { a, b as c }`: (exported name, local name).
    Names(Vec<(String, String)>),
    /// `import * as x`.
    All(String),
    /// `import "./x.js"`: run only.
    Nothing,
    /// `export { a, b as c } from "./x.js"`: passed on as the module's own exports.
    Passed(Vec<(String, String)>),
}

/// The bundle of the modules `entries` (addresses, `/js/main.js`), each module's text read by
/// `read`: one ES module's text, or what in a module it cannot take apart.
pub(crate) fn bundle(
    entries: &[&str],
    read: &dyn Fn(&str) -> Option<String>,
) -> Result<String, String> {
    // Depth first, imports in their order: the order the browser evaluates them in.
    let mut order: Vec<(String, Module)> = Vec::new();
    for entry in entries {
        visit(entry, read, &mut order, &mut Vec::new())?;
    }
    let index = |path: &str| order.iter().position(|(p, _)| p == path);
    let mut out = String::from(
        "// The page's modules in one file (crates/oware-server/src/http/bundle.rs); each is\n\
         // served on its own too, under its name in /js/.\n\
         const __oware_modules = [];\n",
    );
    for (n, (path, module)) in order.iter().enumerate() {
        let _ = writeln!(
            out,
            "// {path}\n__oware_modules[{n}] = await (async () => {{"
        );
        let mut passed = Vec::new();
        for (from, taken) in &module.imports {
            let at = index(from).ok_or_else(|| format!("{path}: {from} not bundled"))?;
            let exports = format!("__oware_modules[{at}]");
            match taken {
                Taken::Names(names) => {
                    let list: Vec<String> = names
                        .iter()
                        .map(|(name, local)| {
                            if name == local {
                                name.clone()
                            } else {
                                format!("{name}: {local}")
                            }
                        })
                        .collect();
                    let _ = writeln!(out, "const {{ {} }} = {exports};", list.join(", "));
                }
                Taken::All(local) => {
                    let _ = writeln!(out, "const {local} = {exports};");
                }
                Taken::Nothing => {}
                Taken::Passed(names) => passed.extend(
                    names
                        .iter()
                        .map(|(name, as_)| (as_.clone(), format!("{exports}.{name}"))),
                ),
            }
        }
        out.push_str(&module.body);
        let list: Vec<String> = module
            .exports
            .iter()
            .chain(&passed)
            .map(|(name, value)| {
                if name == value {
                    name.clone()
                } else {
                    format!("{name}: {value}")
                }
            })
            .collect();
        let _ = writeln!(out, "return {{ {} }};\n}})();", list.join(", "));
    }
    Ok(out)
}

/// Adds the module at `path` to `order` after the modules it imports, unless it is there.
fn visit(
    path: &str,
    read: &dyn Fn(&str) -> Option<String>,
    order: &mut Vec<(String, Module)>,
    open: &mut Vec<String>,
) -> Result<(), String> {
    if order.iter().any(|(p, _)| p == path) {
        return Ok(());
    }
    if open.iter().any(|p| p == path) {
        return Err(format!("{path}: an import circle ({})", open.join(" → ")));
    }
    let text = read(path).ok_or_else(|| format!("{path}: no such module"))?;
    let module = split(path, &without_comments(&text))?;
    open.push(path.to_owned());
    for (from, _) in &module.imports {
        visit(from, read, order, open)?;
    }
    open.pop();
    order.push((path.to_owned(), module));
    Ok(())
}

/// `text` without its comment lines (a line that is a `//` comment, a `/* … */` block whose
/// lines hold nothing else): a third of the modules' bytes, which a slow network would carry
/// before the page can start. Only whole lines outside template literals (a backtick opens one
/// on a code line, the next closes it); a module whose backticks do not pair up, or a block
/// that ends before code, keeps its comments.
fn without_comments(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut in_template = false;
    let mut block: Vec<&str> = Vec::new();
    for line in text.lines() {
        let bare = line.trim();
        if !block.is_empty() {
            block.push(line);
            if bare.contains("*/") {
                if !bare.ends_with("*/") || bare.matches("*/").count() > 1 {
                    return text.to_owned();
                }
                block.clear();
            }
            continue;
        }
        if !in_template && bare.starts_with("//") {
            continue;
        }
        if !in_template && bare.starts_with("/*") {
            match bare[2..].find("*/") {
                None => block.push(line),
                Some(end) if end + 4 == bare.len() => {}
                // Code after the comment (`/** @type {T} */ (x)`): a code line.
                Some(_) => {
                    out.push_str(line);
                    out.push('\n');
                    if line.matches('`').count() % 2 == 1 {
                        in_template = !in_template;
                    }
                }
            }
            continue;
        }
        out.push_str(line);
        out.push('\n');
        if line.matches('`').count() % 2 == 1 {
            in_template = !in_template;
        }
    }
    if in_template || !block.is_empty() {
        return text.to_owned();
    }
    out
}

/// `text`, the module at `path`, taken apart.
fn split(path: &str, text: &str) -> Result<Module, String> {
    let fail = |what: &str, line: &str| Err(format!("{path}: {what}: {line}"));
    let mut module = Module {
        imports: Vec::new(),
        body: String::with_capacity(text.len()),
        exports: Vec::new(),
    };
    let mut lines = text.lines();
    while let Some(line) = lines.next() {
        let is_import = line.starts_with("import ") || line.starts_with("import{");
        let is_list = line.starts_with("export {");
        if is_import || is_list {
            // An import or an export list may run over lines: up to the one that ends it.
            let mut statement = line.to_owned();
            while !statement.trim_end().ends_with(';') {
                let Some(next) = lines.next() else {
                    return fail("an unfinished statement", line);
                };
                statement.push(' ');
                statement.push_str(next.trim());
            }
            if is_import || statement.contains(" from ") {
                module.imports.push(import(path, &statement)?);
            } else {
                let list = statement["export {".len()..]
                    .trim_end()
                    .trim_end_matches(';')
                    .trim_end()
                    .trim_end_matches('}');
                for (name, as_) in names(list) {
                    module.exports.push((as_, name));
                }
            }
            // The line stays a line, so that an error's line number is near.
            module.body.push('\n');
            continue;
        }
        if let Some(rest) = line.strip_prefix("export ") {
            let name = ["async function ", "function ", "class ", "const "]
                .iter()
                .find_map(|kind| rest.strip_prefix(kind))
                .map(|after| {
                    after
                        .trim_start_matches('*')
                        .trim_start()
                        .split(|c: char| !(c.is_alphanumeric() || c == '_' || c == '$'))
                        .next()
                        .unwrap_or("")
                });
            match name {
                Some(name) if !name.is_empty() => {
                    module.exports.push((name.to_owned(), name.to_owned()));
                    module.body.push_str(rest);
                    module.body.push('\n');
                }
                _ => return fail("an export the bundler does not take", line),
            }
            continue;
        }
        module.body.push_str(line);
        module.body.push('\n');
    }
    Ok(module)
}

/// The module an import (or re-export) `statement` names and what it takes.
fn import(path: &str, statement: &str) -> Result<(String, Taken), String> {
    let bad = || format!("{path}: an import the bundler does not take: {statement}");
    let statement = statement.trim_end().trim_end_matches(';');
    let (head, from) = match statement.rsplit_once(" from ") {
        Some((head, from)) => (head.trim(), from.trim()),
        None => ("", statement.strip_prefix("import").ok_or_else(bad)?.trim()),
    };
    let module = from
        .strip_prefix("\"./")
        .and_then(|m| m.strip_suffix('"'))
        .filter(|m| m.ends_with(".js") && !m.contains('/'))
        .ok_or_else(bad)?;
    let from = format!("/js/{module}");
    let taken = if head.is_empty() {
        Taken::Nothing
    } else if let Some(list) = head.strip_prefix("export {") {
        Taken::Passed(names(list.trim_end_matches('}')))
    } else if let Some(list) = head
        .strip_prefix("import {")
        .or_else(|| head.strip_prefix("import{"))
    {
        Taken::Names(names(list.trim_end().trim_end_matches('}')))
    } else if let Some(local) = head.strip_prefix("import * as ") {
        Taken::All(local.trim().to_owned())
    } else {
        return Err(bad());
    };
    Ok((from, taken))
}

/// The names of an import or export list (`a, b as c`): (name, local name).
fn names(list: &str) -> Vec<(String, String)> {
    list.split(',')
        .map(str::trim)
        .filter(|n| !n.is_empty())
        .map(|n| match n.split_once(" as ") {
            Some((name, local)) => (name.trim().to_owned(), local.trim().to_owned()),
            None => (n.to_owned(), n.to_owned()),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::{address, bundle, script_of, without_comments};

    fn files(path: &str) -> Option<String> {
        Some(
            match path {
                "/js/a.js" => "import { b, c as see } from \"./b.js\";\nimport * as all from \"./c.js\";\nimport {\n  d,\n} from \"./d.js\";\nexport { two } from \"./c.js\";\nexport const one = b() + see + all.two + d;\nexport async function f() {}\n",
                "/js/b.js" => "import \"./c.js\";\nexport function b() { return 1; }\nconst c = 2;\nexport { c };\n",
                "/js/c.js" => "export const two = 2;\nawait null;\n",
                "/js/d.js" => "export class d {}\n",
                "/js/bad.js" => "export default 3;\n",
                "/js/far.js" => "import { x } from \"../far.js\";\n",
                "/js/let.js" => "export let x = 1;\n",
                _ => return None,
            }
            .to_owned(),
        )
    }

    #[test]
    fn modules_come_in_evaluation_order_with_their_imports_and_exports() {
        let out = bundle(&["/js/a.js", "/js/d.js"], &files).unwrap();
        let at = |m: &str| out.find(&format!("// {m}\n")).unwrap();
        assert!(at("/js/c.js") < at("/js/b.js"));
        assert!(at("/js/b.js") < at("/js/d.js"));
        assert!(at("/js/d.js") < at("/js/a.js"));
        assert_eq!(out.matches("// /js/d.js\n").count(), 1);
        assert!(
            out.contains("const { b, c: see } = __oware_modules[1];\n"),
            "{out}"
        );
        assert!(out.contains("const all = __oware_modules[0];\n"), "{out}");
        assert!(out.contains("const { d } = __oware_modules[2];\n"), "{out}");
        assert!(
            out.contains("\nconst one = b() + see + all.two + d;\nasync function f() {}\n"),
            "{out}"
        );
        assert!(
            out.contains("return { one, f, two: __oware_modules[0].two };"),
            "{out}"
        );
        assert!(out.contains("return { b, c };"), "{out}");
        assert!(
            !out.contains("export ") && !out.contains("import "),
            "{out}"
        );
    }

    #[test]
    fn what_the_bundler_cannot_take_is_an_error() {
        for (entry, what) in [
            ("/js/bad.js", "does not take"),
            ("/js/far.js", "does not take"),
            ("/js/let.js", "does not take"),
            ("/js/none.js", "no such module"),
        ] {
            let e = bundle(&[entry], &files).unwrap_err();
            assert!(e.contains(what), "{entry}: {e}");
        }
        let circle = |p: &str| match p {
            "/js/x.js" => Some("import \"./y.js\";\n".to_owned()),
            "/js/y.js" => Some("import \"./x.js\";\n".to_owned()),
            _ => None,
        };
        assert!(bundle(&["/js/x.js"], &circle)
            .unwrap_err()
            .contains("circle"));
    }

    #[test]
    fn a_bundle_is_named_after_its_page_script() {
        assert_eq!(address("/js/main.js"), "/js/main.bundle.js");
        assert_eq!(
            script_of("/js/main.bundle.js").as_deref(),
            Some("/js/main.js")
        );
        for path in [
            "/js/.bundle.js",
            "/js/a/b.bundle.js",
            "/main.bundle.js",
            "/js/main.js",
        ] {
            assert_eq!(script_of(path), None, "{path}");
        }
    }

    #[test]
    fn comment_lines_go_and_code_stays() {
        let text = "// a\n/**\n * b `c\n */\nconst x = 1; // d\n  /** @type {T} */\n/** @type {T} */ (y).z = `\n// in a template\n`;\n/* e */\nlet w = 2;\n";
        assert_eq!(
            without_comments(text),
            "const x = 1; // d\n/** @type {T} */ (y).z = `\n// in a template\n`;\nlet w = 2;\n"
        );
        // Backticks that do not pair up, a block that ends before code: as it was.
        for odd in ["// a\nconst x = `;\n", "// a\n/* b\n */ x();\n", "/* a\n"] {
            assert_eq!(without_comments(odd), odd);
        }
    }
}
