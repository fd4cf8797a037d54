//! The macro library's structural rules (`time-macros/src/lib.rs`'s module docs),
//! checked on its sources parsed with `syn`: no function in `time-macros/src` over 60
//! lines, and no two files there that import each other, directly or around a loop.
//! Each check also runs on a small broken tree, to show that it can fail.

use proc_macro2::Span;
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use syn::spanned::Spanned;
use syn::visit::{self, Visit};

/// The longest a function of the macro library may be, in lines from `fn` to its
/// closing brace (attributes and doc comments not counted).
const MAX_FUNCTION_LINES: usize = 60;

/// The macro library's sources; `TIME_MACROS_SRC` checks another tree instead (a
/// proposed change, in a copy).
fn macro_sources() -> PathBuf {
    std::env::var_os("TIME_MACROS_SRC").map_or_else(
        || Path::new(env!("CARGO_MANIFEST_DIR")).join("../time-macros/src"),
        PathBuf::from,
    )
}

/// A source file: its path under the root and its module path (`lib.rs`: none,
/// `validate/mod.rs`: `validate`, `validate/row/values.rs`: `validate::row::values`).
struct Source {
    file: String,
    module: Vec<String>,
    syntax: syn::File,
}

/// Whether an item is compiled in tests only: `#[cfg(test)]`, or `test` in a
/// `#[cfg(all(…))]`.
fn is_test(attrs: &[syn::Attribute]) -> bool {
    fn test_only(meta: &syn::Meta) -> bool {
        match meta {
            syn::Meta::Path(path) => path.is_ident("test"),
            syn::Meta::List(list) if list.path.is_ident("all") => list
                .parse_args_with(
                    syn::punctuated::Punctuated::<syn::Meta, syn::Token![,]>::parse_terminated,
                )
                .is_ok_and(|metas| metas.iter().any(test_only)),
            _ => false,
        }
    }
    attrs.iter().any(|attr| {
        attr.path().is_ident("cfg")
            && attr
                .parse_args::<syn::Meta>()
                .is_ok_and(|meta| test_only(&meta))
    })
}

/// Every `.rs` file under `root` that is compiled outside tests, parsed: the files
/// of modules declared `#[cfg(test)] mod NAME;` (and their submodules) are left out,
/// as the visitors below leave out inline `#[cfg(test)]` modules. The rules are the
/// library's; its unit tests are not held to them.
fn read_sources(root: &Path) -> Vec<Source> {
    let sources = read_all_sources(root);
    let test_modules: Vec<Vec<String>> = sources
        .iter()
        .flat_map(|source| {
            source.syntax.items.iter().filter_map(|item| match item {
                syn::Item::Mod(module) if module.content.is_none() && is_test(&module.attrs) => {
                    let mut path = source.module.clone();
                    path.push(module.ident.to_string());
                    Some(path)
                }
                _ => None,
            })
        })
        .collect();
    sources
        .into_iter()
        .filter(|source| {
            !test_modules
                .iter()
                .any(|test| source.module.starts_with(test))
        })
        .collect()
}

/// Every `.rs` file under `root`, parsed.
fn read_all_sources(root: &Path) -> Vec<Source> {
    let mut files = Vec::new();
    let mut dirs = vec![root.to_path_buf()];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
            } else if path.extension().is_some_and(|ext| ext == "rs") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
        .into_iter()
        .map(|path| {
            let relative = path.strip_prefix(root).unwrap();
            let mut module: Vec<String> = relative
                .with_extension("")
                .iter()
                .map(|part| part.to_string_lossy().into_owned())
                .collect();
            if matches!(module.last().map(String::as_str), Some("lib" | "mod")) {
                module.pop();
            }
            let text = std::fs::read_to_string(&path).unwrap();
            let syntax = syn::parse_file(&text)
                .unwrap_or_else(|e| panic!("{}: does not parse: {e}", path.display()));
            let file = relative.display().to_string();
            Source {
                file,
                module,
                syntax,
            }
        })
        .collect()
}

/// The functions longer than [`MAX_FUNCTION_LINES`], as `file:LINE: name (N lines)`.
fn long_functions(root: &Path) -> Vec<String> {
    struct Functions<'a> {
        file: &'a str,
        long: Vec<String>,
    }
    impl Functions<'_> {
        fn check(&mut self, sig: &syn::Signature, body: &syn::Block) {
            let start = sig.fn_token.span.start().line;
            let lines = body.brace_token.span.close().end().line - start + 1;
            if lines > MAX_FUNCTION_LINES {
                let name = &sig.ident;
                self.long
                    .push(format!("{}:{start}: {name} ({lines} lines)", self.file));
            }
        }
    }
    impl<'ast> Visit<'ast> for Functions<'_> {
        fn visit_item_mod(&mut self, node: &'ast syn::ItemMod) {
            if !is_test(&node.attrs) {
                visit::visit_item_mod(self, node);
            }
        }
        fn visit_item_fn(&mut self, node: &'ast syn::ItemFn) {
            self.check(&node.sig, &node.block);
            visit::visit_item_fn(self, node);
        }
        fn visit_impl_item_fn(&mut self, node: &'ast syn::ImplItemFn) {
            self.check(&node.sig, &node.block);
            visit::visit_impl_item_fn(self, node);
        }
        fn visit_trait_item_fn(&mut self, node: &'ast syn::TraitItemFn) {
            if let Some(body) = &node.default {
                self.check(&node.sig, body);
            }
            visit::visit_trait_item_fn(self, node);
        }
    }
    let mut long = Vec::new();
    for source in read_sources(root) {
        let mut functions = Functions {
            file: &source.file,
            long: Vec::new(),
        };
        functions.visit_file(&source.syntax);
        long.extend(functions.long);
    }
    long
}

/// For each file, the other files whose modules it names: in a `use` (globs
/// included) or in a path (`crate::ast::Site`, `super::model::Clock`, `row::check`
/// for a child module), from anywhere in the file, its inline modules included.
fn imports(sources: &[Source]) -> BTreeMap<String, BTreeSet<String>> {
    let modules: BTreeMap<Vec<String>, String> = sources
        .iter()
        .map(|source| (source.module.clone(), source.file.clone()))
        .collect();
    struct Names<'a> {
        modules: &'a BTreeMap<Vec<String>, String>,
        /// The module the visitor is in (the file's, then its inline modules').
        module: Vec<String>,
        named: BTreeSet<String>,
    }
    impl Names<'_> {
        /// The file of the module that `segments`, written in the current module,
        /// names (the longest prefix that is a file's module); none for another crate.
        fn name(&mut self, segments: &[String]) {
            let mut absolute = match segments.first().map(String::as_str) {
                Some("crate") => Vec::new(),
                Some("self") => self.module.clone(),
                Some("super") => self.module.clone(),
                Some(first) => {
                    let mut child = self.module.clone();
                    child.push(first.to_string());
                    if !self.modules.contains_key(&child) {
                        return;
                    }
                    self.module.clone()
                }
                None => return,
            };
            let mut rest = segments;
            if matches!(rest[0].as_str(), "crate" | "self") {
                rest = &rest[1..];
            }
            while rest.first().is_some_and(|segment| segment == "super") {
                absolute.pop();
                rest = &rest[1..];
            }
            absolute.extend(rest.iter().cloned());
            while !self.modules.contains_key(&absolute) {
                if absolute.pop().is_none() {
                    return;
                }
            }
            self.named.insert(self.modules[&absolute].clone());
        }

        fn use_tree(&mut self, prefix: &mut Vec<String>, tree: &syn::UseTree) {
            match tree {
                syn::UseTree::Path(path) => {
                    prefix.push(path.ident.to_string());
                    self.use_tree(prefix, &path.tree);
                    prefix.pop();
                }
                syn::UseTree::Name(syn::UseName { ident })
                | syn::UseTree::Rename(syn::UseRename { ident, .. }) => {
                    prefix.push(ident.to_string());
                    self.name(prefix);
                    prefix.pop();
                }
                syn::UseTree::Glob(_) => self.name(prefix),
                syn::UseTree::Group(group) => {
                    for tree in &group.items {
                        self.use_tree(prefix, tree);
                    }
                }
            }
        }
    }
    impl<'ast> Visit<'ast> for Names<'_> {
        fn visit_item_use(&mut self, node: &'ast syn::ItemUse) {
            self.use_tree(&mut Vec::new(), &node.tree);
        }
        fn visit_path(&mut self, node: &'ast syn::Path) {
            let segments: Vec<String> = node.segments.iter().map(|s| s.ident.to_string()).collect();
            self.name(&segments);
            visit::visit_path(self, node);
        }
        // `pub(crate)` and `pub(super)` name no module's items.
        fn visit_visibility(&mut self, _: &'ast syn::Visibility) {}
        fn visit_item_mod(&mut self, node: &'ast syn::ItemMod) {
            if is_test(&node.attrs) {
                return;
            }
            self.module.push(node.ident.to_string());
            visit::visit_item_mod(self, node);
            self.module.pop();
        }
    }
    sources
        .iter()
        .map(|source| {
            let mut names = Names {
                modules: &modules,
                module: source.module.clone(),
                named: BTreeSet::new(),
            };
            names.visit_file(&source.syntax);
            names.named.remove(&source.file);
            (source.file.clone(), names.named)
        })
        .collect()
}

/// The import loops of the files under `root`, each as `a.rs -> b.rs -> a.rs`: one
/// loop through each file that is on one, found depth first.
fn import_loops(root: &Path) -> Vec<String> {
    let graph = imports(&read_sources(root));
    let mut loops = BTreeSet::new();
    for start in graph.keys() {
        // Depth first from `start`, back to `start`.
        let mut stack = vec![(start.clone(), vec![start.clone()])];
        let mut seen = BTreeSet::new();
        while let Some((file, path)) = stack.pop() {
            for next in &graph[&file] {
                if next == start {
                    // One text per loop, whichever of its files it was found from.
                    let at = path.iter().min().unwrap();
                    let turn = path.iter().position(|file| file == at).unwrap();
                    let mut cycle: Vec<&String> =
                        path[turn..].iter().chain(&path[..turn]).collect();
                    cycle.push(at);
                    let cycle: Vec<&str> = cycle.iter().map(|file| file.as_str()).collect();
                    loops.insert(cycle.join(" -> "));
                } else if seen.insert(next.clone()) {
                    let mut longer = path.clone();
                    longer.push(next.clone());
                    stack.push((next.clone(), longer));
                }
            }
        }
    }
    loops.into_iter().collect()
}

#[test]
fn no_function_of_the_macro_library_is_over_60_lines() {
    let long = long_functions(&macro_sources());
    assert!(
        long.is_empty(),
        "functions of time-macros/src over {MAX_FUNCTION_LINES} lines (split them by job):\n{}",
        long.join("\n")
    );
}

#[test]
fn no_files_of_the_macro_library_import_each_other() {
    let loops = import_loops(&macro_sources());
    assert!(
        loops.is_empty(),
        "files of time-macros/src that import each other (move what both need into a \
         module of its own, below both):\n{}",
        loops.join("\n")
    );
}

/// The checks on a broken tree: a 61-line function (and a 60-line one, allowed), two
/// files that import each other and three around a loop; the same in unit tests,
/// which the rules leave out.
#[test]
fn the_checks_find_what_they_forbid() {
    let root = std::env::temp_dir().join(format!("macro-structure-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    std::fs::create_dir_all(root.join("d")).unwrap();
    let write = |file: &str, text: &str| std::fs::write(root.join(file), text).unwrap();
    let body = |lines: usize| "    let _ = 1;\n".repeat(lines - 2);
    write("b.rs", "pub struct B;\nfn f() -> super::c::C { todo!() }\n");
    write("c.rs", "pub struct C;\nuse crate::a::*;\n");
    write("d/mod.rs", "mod inner;\nuse inner::I;\npub struct D;\n");
    write("d/inner.rs", "pub struct I;\nuse super::D;\n");
    write("e.rs", "mod tests {\n    use super::super::lib_item;\n}\n");
    // A module compiled in some tests only is a unit test too; `not(test)` is not.
    write(
        "f.rs",
        &format!(
            "#[cfg(all(test, feature = \"toml\"))]\nmod tests;\n\
             #[cfg(not(test))]\nfn long() {{\n{}}}\n",
            body(61)
        ),
    );
    std::fs::create_dir_all(root.join("f")).unwrap();
    write("f/tests.rs", &format!("fn long() {{\n{}}}\n", body(61)));
    // Unit tests (`t`, and `a`'s `tests`) are not held to the rules.
    write(
        "lib.rs",
        &format!(
            "mod a;\nmod b;\nmod c;\nmod d;\nmod e;\nmod f;\n#[cfg(test)]\nmod t;\n\nfn fine() {{\n{}}}\n",
            body(60)
        ),
    );
    std::fs::create_dir_all(root.join("t")).unwrap();
    write(
        "t/mod.rs",
        &format!("use crate::a::*;\nfn long() {{\n{}}}\n", body(61)),
    );
    write(
        "a.rs",
        &format!(
            "use crate::b::B;\n\nimpl B {{\n    fn long() {{\n{}    }}\n}}\n\n\
             #[cfg(test)]\nmod tests {{\n    use crate::t::*;\n    fn long() {{\n{}    }}\n}}\n",
            body(61),
            body(61)
        ),
    );
    let long = long_functions(&root);
    let loops = import_loops(&root);
    std::fs::remove_dir_all(&root).unwrap();
    assert_eq!(long, ["a.rs:4: long (61 lines)", "f.rs:4: long (61 lines)"]);
    assert_eq!(
        loops,
        [
            "a.rs -> b.rs -> c.rs -> a.rs",
            "d/inner.rs -> d/mod.rs -> d/inner.rs"
        ]
    );
}

/// `Span::start` gives lines outside a procedural macro only with proc-macro2's
/// `span-locations` feature, which the test crate enables.
#[test]
fn spans_have_lines() {
    let file: syn::File = syn::parse_str("\n\nfn f() {}").unwrap();
    assert_eq!(file.items[0].span().start().line, 3);
    let _: Span = file.span();
}
