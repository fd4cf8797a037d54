//! Where a relative table path is resolved: the facts the macro reads from its
//! surroundings, gathered in one place so that the rest of the crate stays pure.

use std::path::{Path, PathBuf};

/// The environment variable read when `CARGO_MANIFEST_DIR` is absent (Kbuild and
/// other build systems call `rustc` directly): the directory relative table paths
/// are resolved against.
pub(crate) const TABLE_DIR_VAR: &str = "DECLARE_CLOCKS_DIR";

/// The directories a relative table path may be resolved against, in order.
#[derive(Clone, Debug)]
pub(crate) struct Environment {
    /// `CARGO_MANIFEST_DIR` of the invoking crate, when built by cargo.
    pub(crate) manifest_dir: Option<PathBuf>,
    /// `DECLARE_CLOCKS_DIR`, the fallback for builds outside cargo.
    pub(crate) table_dir: Option<PathBuf>,
    /// The directory of the source file holding the invocation, when the compiler
    /// knows it (as `include_str!` resolves paths).
    pub(crate) source_dir: Option<PathBuf>,
    /// Whether the runtime was built with the posix backend (time-core's `posix`
    /// feature, which turns on this crate's).
    pub(crate) posix_available: bool,
}

/// Where a table path resolved to, or every place that was tried.
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
            source_dir: None,
            posix_available: true,
        }
    }
}

impl Environment {
    /// Reads the environment of the running compiler. Only callable inside a proc macro.
    pub(crate) fn from_compiler() -> Self {
        Environment {
            manifest_dir: std::env::var_os("CARGO_MANIFEST_DIR").map(PathBuf::from),
            table_dir: std::env::var_os(TABLE_DIR_VAR).map(PathBuf::from),
            source_dir: proc_macro::Span::call_site()
                .local_file()
                .and_then(|file| file.parent().map(Path::to_path_buf)),
            posix_available: cfg!(feature = "posix"),
        }
    }

    /// Resolves `relative` as documented on `declare_clocks!`: absolute paths as they
    /// are; otherwise against `CARGO_MANIFEST_DIR` (or, outside cargo,
    /// `DECLARE_CLOCKS_DIR`), then against the invoking source file's directory.
    pub(crate) fn resolve(&self, relative: &Path) -> Resolved {
        if relative.is_absolute() {
            return if relative.is_file() {
                Resolved::Found(relative.to_path_buf())
            } else {
                Resolved::Missing(vec![relative.to_path_buf()])
            };
        }
        let base = self.manifest_dir.as_ref().or(self.table_dir.as_ref());
        let candidates: Vec<PathBuf> = base
            .into_iter()
            .chain(self.source_dir.as_ref())
            .map(|dir| dir.join(relative))
            .collect();
        match candidates.iter().find(|candidate| candidate.is_file()) {
            Some(found) => Resolved::Found(found.clone()),
            None => Resolved::Missing(candidates),
        }
    }
}

#[cfg(test)]
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
            table_dir: None,
            source_dir: Some(source),
            posix_available: true,
        };
        match env.resolve(Path::new("a.toml")) {
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
            source_dir: Some(source.clone()),
            posix_available: true,
        };
        assert!(
            matches!(env.resolve(Path::new("b.toml")), Resolved::Found(p) if p == source.join("b.toml"))
        );
        match env.resolve(Path::new("missing.toml")) {
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
            manifest_dir: None,
            table_dir: Some(dir.clone()),
            source_dir: None,
            posix_available: true,
        };
        assert!(
            matches!(env.resolve(Path::new("c.toml")), Resolved::Found(p) if p == dir.join("c.toml"))
        );
        let nothing = Environment::default();
        assert!(
            matches!(nothing.resolve(Path::new("c.toml")), Resolved::Missing(tried) if tried.is_empty())
        );
    }
}
