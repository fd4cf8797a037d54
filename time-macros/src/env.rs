//! Where a relative table path is resolved: the facts the macro reads from its
//! surroundings, gathered in one place so that the rest of the crate stays pure.

use crate::ast::Locator;
#[cfg(feature = "toml")]
use crate::ast::{Site, TableText};
#[cfg(feature = "toml")]
use crate::ctxt::Ctxt;
use crate::expand::Lexer;
use proc_macro2::Span;
#[cfg(feature = "toml")]
use std::path::Path;
use std::path::PathBuf;

/// The environment variable read when `CARGO_MANIFEST_DIR` is absent (Kbuild and
/// other build systems call `rustc` directly): the directory relative table paths
/// are resolved against.
pub(crate) const TABLE_DIR_VAR: &str = "DECLARE_CLOCKS_DIR";

/// The directories a relative table path may be resolved against, in order.
#[derive(Clone, Debug)]
#[cfg_attr(not(feature = "toml"), allow(dead_code))] // the file form needs the `toml` feature
pub(crate) struct Environment {
    /// `CARGO_MANIFEST_DIR` of the invoking crate, when built by cargo.
    pub(crate) manifest_dir: Option<PathBuf>,
    /// `DECLARE_CLOCKS_DIR`, the fallback for builds outside cargo.
    pub(crate) table_dir: Option<PathBuf>,
    /// The source file that holds a token, when the compiler knows it: the table path
    /// literal's file, whose directory is tried as `include_str!` resolves paths.
    pub(crate) source_file: Option<fn(Span) -> Option<PathBuf>>,
    /// `file:LINE:COL` of a token, when the compiler knows it.
    pub(crate) locate: Option<Locator>,
    /// The compiler's lexer, which the expansion's text is read with; `None`:
    /// proc-macro2's (`expand::lex`).
    pub(crate) lex: Option<Lexer>,
    /// Whether the runtime was built with the posix backend (typed-clocks's `posix`
    /// feature, which turns on this crate's).
    pub(crate) posix_available: bool,
    /// The directory that relative directories above are relative to (the
    /// compiler's working directory: rustc reports the invoking file relative to it);
    /// `None`: this process's working directory, which in a proc macro is rustc's.
    pub(crate) working_dir: Option<PathBuf>,
}

/// Where a table path resolved to, or every place that was tried.
#[cfg(feature = "toml")]
#[derive(Debug)]
pub(crate) enum Resolved {
    /// The first candidate that exists.
    Found(PathBuf),
    /// No candidate exists; the candidates, in the order tried.
    Missing(Vec<PathBuf>),
}

impl Default for Environment {
    /// No directories to resolve against; the posix backend available.
    fn default() -> Self {
        Environment {
            manifest_dir: None,
            table_dir: None,
            source_file: None,
            locate: None,
            lex: None,
            posix_available: true,
            working_dir: None,
        }
    }
}

#[cfg(feature = "toml")]
impl Environment {
    /// `path` as seen from [`Environment::working_dir`] (unchanged when absolute, or
    /// when no working directory is given).
    fn in_working_dir(&self, path: &Path) -> PathBuf {
        match &self.working_dir {
            Some(dir) if path.is_relative() => dir.join(path),
            _ => path.to_path_buf(),
        }
    }

    /// Resolves `relative` as documented on `declare_clocks!`: absolute paths as they
    /// are; otherwise against `CARGO_MANIFEST_DIR` (or, outside cargo,
    /// `DECLARE_CLOCKS_DIR`), then against `source_dir`, the directory of the file that
    /// holds the path literal.
    pub(crate) fn resolve(&self, relative: &Path, source_dir: Option<&Path>) -> Resolved {
        if relative.is_absolute() {
            return if relative.is_file() {
                Resolved::Found(relative.to_path_buf())
            } else {
                Resolved::Missing(vec![relative.to_path_buf()])
            };
        }
        let base = self.manifest_dir.as_ref().or(self.table_dir.as_ref());
        let candidates: Vec<PathBuf> = base
            .map(PathBuf::as_path)
            .into_iter()
            .chain(source_dir)
            .map(|dir| self.in_working_dir(&dir.join(relative)))
            .collect();
        match candidates.iter().find(|candidate| candidate.is_file()) {
            Some(found) => Resolved::Found(found.clone()),
            None => Resolved::Missing(candidates),
        }
    }

    /// Finds and reads the table file that `path` names, as UTF-8 text; `None` (with
    /// the reason in `cx`) when it is missing, unreadable or not UTF-8. Also
    /// returns the file's absolute path, which the expansion includes: `include_bytes!`
    /// resolves a relative path against the invoking file's directory, not against
    /// the directory the path was found from.
    pub(crate) fn load_table(&self, path: &syn::LitStr, cx: &Ctxt) -> Option<(TableText, String)> {
        let shown = path.value();
        let site = Site::Tokens(path.span());
        // The file that holds the path literal (the user's token, also through
        // `typed_clocks::declare_clocks!`, whose own call site is in typed-clocks).
        let source_dir = self
            .source_file
            .and_then(|file_of| file_of(path.span()))
            .and_then(|file| file.parent().map(Path::to_path_buf));
        let file = match self.resolve(Path::new(&shown), source_dir.as_deref()) {
            // `std::path::absolute` without the call: the process's working directory
            // joined on.
            Resolved::Found(file) if file.is_relative() => std::env::current_dir()
                .map(|dir| dir.join(&file))
                .unwrap_or(file),
            Resolved::Found(file) => file,
            Resolved::Missing(tried) => {
                self.missing_table(&shown, &tried, &site, cx);
                return None;
            }
        };
        let Some(file_text) = file.to_str() else {
            cx.error(
                &site,
                format!(
                    "the path of the clock table `{}` is not valid UTF-8",
                    file.display()
                ),
                "move the table to a path that is valid UTF-8",
            );
            return None;
        };
        let text = read_table(&file, file_text, &shown, path, &site, cx)?;
        Some((
            TableText::new(shown, text, path.span()),
            file_text.to_owned(),
        ))
    }

    /// Reports that the table `shown` is at none of the paths `tried`.
    fn missing_table(&self, shown: &str, tried: &[PathBuf], site: &Site, cx: &Ctxt) {
        // Name the build-dependent bases symbolically (their absolute paths differ
        // between machines and build directories); the invoking file's directory is
        // shown as it is.
        let bases = [
            ("CARGO_MANIFEST_DIR", &self.manifest_dir),
            (TABLE_DIR_VAR, &self.table_dir),
        ];
        let tried: Vec<String> = tried
            .iter()
            .map(|candidate| {
                let symbolic = bases.iter().find_map(|(name, base)| {
                    let base = base.as_ref()?;
                    let rest = candidate.strip_prefix(base).ok()?;
                    Some(format!("`${name}/{}`", rest.display()))
                });
                symbolic.unwrap_or_else(|| format!("`{}`", candidate.display()))
            })
            .collect();
        let looked = if tried.is_empty() {
            format!(
                "neither CARGO_MANIFEST_DIR nor {TABLE_DIR_VAR} is set and the invoking \
                 file is unknown"
            )
        } else {
            format!("looked for {}", tried.join(" and "))
        };
        cx.error(
            site,
            format!("cannot find the clock table `{shown}`: {looked}"),
            format!(
                "create the file, or fix the path: a relative path is resolved against \
                 the crate's CARGO_MANIFEST_DIR (outside cargo: the {TABLE_DIR_VAR} \
                 environment variable), then against the directory of the file that \
                 invokes the macro"
            ),
        );
    }
}

/// The text of the table file `file` (`file_text`, shown as `shown`, written as
/// `path`); `None` (reported at `site`) when it cannot be read or is not UTF-8.
#[cfg(feature = "toml")]
fn read_table(
    file: &Path,
    file_text: &str,
    shown: &str,
    path: &syn::LitStr,
    site: &Site,
    cx: &Ctxt,
) -> Option<String> {
    let bytes = match std::fs::read(file) {
        Ok(bytes) => bytes,
        Err(io) => {
            cx.error(
                site,
                format!("cannot read the clock table `{shown}` (`{file_text}`): {io}"),
                "check that the path names a readable file",
            );
            return None;
        }
    };
    match String::from_utf8(bytes) {
        Ok(text) => Some(text),
        Err(not_utf8) => {
            let valid = not_utf8.utf8_error().valid_up_to();
            let mut bytes = not_utf8.into_bytes();
            bytes.truncate(valid);
            // The valid prefix, located as every place in the table is.
            let prefix = String::from_utf8_lossy(&bytes).into_owned();
            let at = TableText::new(shown.to_owned(), prefix, path.span()).location(valid);
            cx.error(
                site,
                format!("{at}: the clock table is not valid UTF-8"),
                "TOML files are UTF-8: re-save the file as UTF-8",
            );
            None
        }
    }
}

#[cfg(all(test, feature = "toml"))]
mod tests {
    use super::*;

    fn temp_dir_with(file: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!(
            "time-macros-env-{}-{}",
            std::process::id(),
            file.replace('/', "_")
        ));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join(file), "").unwrap();
        dir
    }

    #[test]
    fn manifest_dir_wins_over_source_dir() {
        let manifest = temp_dir_with("a.toml");
        let source = temp_dir_with("a2.toml");
        std::fs::write(source.join("a.toml"), "").unwrap();
        let env = Environment {
            manifest_dir: Some(manifest.clone()),
            ..Environment::default()
        };
        match env.resolve(Path::new("a.toml"), Some(&source)) {
            Resolved::Found(path) => assert_eq!(path, manifest.join("a.toml")),
            Resolved::Missing(tried) => panic!("not found: {tried:?}"),
        }
    }

    #[test]
    fn falls_back_to_source_dir_then_reports_every_candidate() {
        let source = temp_dir_with("b.toml");
        let env = Environment {
            manifest_dir: Some(PathBuf::from("/nonexistent-manifest")),
            table_dir: Some(PathBuf::from("/ignored-because-cargo")),
            ..Environment::default()
        };
        assert!(matches!(
            env.resolve(Path::new("b.toml"), Some(&source)),
            Resolved::Found(p) if p == source.join("b.toml")
        ));
        match env.resolve(Path::new("missing.toml"), Some(&source)) {
            Resolved::Missing(tried) => assert_eq!(
                tried,
                vec![
                    PathBuf::from("/nonexistent-manifest/missing.toml"),
                    source.join("missing.toml")
                ]
            ),
            Resolved::Found(path) => panic!("unexpectedly found {path:?}"),
        }
    }

    #[test]
    fn table_dir_is_the_fallback_outside_cargo() {
        let dir = temp_dir_with("c.toml");
        let env = Environment {
            table_dir: Some(dir.clone()),
            ..Environment::default()
        };
        assert!(matches!(
            env.resolve(Path::new("c.toml"), None),
            Resolved::Found(p) if p == dir.join("c.toml")
        ));
        let nothing = Environment::default();
        assert!(matches!(
            nothing.resolve(Path::new("c.toml"), None),
            Resolved::Missing(tried) if tried.is_empty()
        ));
    }
}
