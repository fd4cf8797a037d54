//! Editing `clocks.toml` end to end: a crate outside the workspace declares its clocks
//! from its own table; adding a row makes a new type usable, removing one breaks the
//! code that uses it with an error naming the type, and an edit of the table alone
//! (no `.rs` change) rebuilds the crate — cargo tracks the table file.

mod scratch;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

struct Crate {
    dir: PathBuf,
    target: PathBuf,
    /// The package name, unique to this process, so that concurrent runs sharing the
    /// target dir never run each other's binary.
    package: String,
}

impl Crate {
    /// Copies tests/fixtures/edit-crate into a fresh temp dir, depending on this
    /// workspace's typed-clocks by absolute path.
    fn new() -> Crate {
        let fixture = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/edit-crate");
        let root =
            std::env::temp_dir().join(format!("time-core-edit-crate-{}", std::process::id()));
        let dir = root.join("crate");
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("src")).expect("temp dir");
        for file in ["clocks.toml", "src/main.rs"] {
            std::fs::copy(fixture.join(file), dir.join(file)).expect("copy fixture");
        }
        let typed_clocks = Path::new(env!("CARGO_MANIFEST_DIR")).join("../time-core");
        let package = format!("edit-crate-{}", std::process::id());
        std::fs::write(
            dir.join("Cargo.toml"),
            format!(
                "[package]\nname = \"{package}\"\nversion = \"0.0.0\"\nedition = \"2021\"\npublish = false\n\n\
                 [dependencies]\ntyped-clocks = {{ path = {typed_clocks:?} }}\n\n[workspace]\n",
                typed_clocks = typed_clocks.canonicalize().expect("typed-clocks dir")
            ),
        )
        .expect("write Cargo.toml");
        // The workspace's lock file pins the same dependency versions, so --offline works.
        let lock = Path::new(env!("CARGO_MANIFEST_DIR")).join("../Cargo.lock");
        std::fs::copy(lock, dir.join("Cargo.lock")).expect("copy Cargo.lock");
        // A target dir of its own (the outer build holds the lock on its own one), kept
        // between runs under cargo's CARGO_TARGET_TMPDIR so that only the first run
        // compiles typed-clocks's dependencies.
        Crate {
            target: Path::new(env!("CARGO_TARGET_TMPDIR")).join("edit-crate-target"),
            dir,
            package,
        }
    }

    /// Removes the copy and this process's build products (the dependencies stay
    /// cached for the next run).
    fn clean_up(&self) {
        scratch::clean_up(&self.dir, &self.target, &self.package);
    }

    fn edit(&self, file: &str, from: &str, to: &str) {
        let path = self.dir.join(file);
        let text = std::fs::read_to_string(&path).expect("read");
        assert!(text.contains(from), "{file} lacks {from:?}");
        std::fs::write(&path, text.replacen(from, to, 1)).expect("write");
    }

    fn cargo(&self, command: &str) -> Output {
        Command::new(env!("CARGO"))
            .args([command, "--offline", "--quiet"])
            .current_dir(&self.dir)
            .env("CARGO_TARGET_DIR", &self.target)
            // The outer cargo's settings for this test binary are not the inner build's;
            // CARGO_HOME (registry, offline cache) is inherited as it is.
            .env_remove("RUSTFLAGS")
            .env_remove("CARGO_ENCODED_RUSTFLAGS")
            .env_remove("CARGO_BUILD_TARGET_DIR")
            .output()
            .expect("run cargo")
    }

    /// Builds and runs the crate, returning what it printed.
    fn run(&self) -> String {
        let output = self.cargo("run");
        assert!(
            output.status.success(),
            "build failed:\n{}",
            String::from_utf8_lossy(&output.stderr)
        );
        String::from_utf8(output.stdout).expect("utf-8")
    }

    /// Builds the crate, expecting failure, and returns the compiler's messages.
    fn build_error(&self) -> String {
        let output = self.cargo("build");
        assert!(!output.status.success(), "build unexpectedly succeeded");
        String::from_utf8_lossy(&output.stderr).into_owned()
    }
}

const BETA_ROW: &str =
    "\n[[clock]]\nname = \"Beta\"\ngetter = \"edit_beta\"\nmonotonic = false\nclockid = 0\n";

#[test]
fn adding_editing_and_removing_clocks_in_the_table() {
    let krate = Crate::new();
    assert_eq!(krate.run(), "Alpha monotonic=true now=1\n");

    // Add a clock: a row in the table, and code that uses the new type.
    krate.edit(
        "clocks.toml",
        "clockid = 1\n",
        &format!("clockid = 1\n{BETA_ROW}"),
    );
    krate.edit("src/main.rs", "// USES", "show::<Beta>();");
    assert_eq!(
        krate.run(),
        "Alpha monotonic=true now=1\nBeta monotonic=false now=2\n"
    );

    // Edit only the table: the crate is rebuilt and the binary changes.
    krate.edit("clocks.toml", "monotonic = false", "monotonic = true");
    assert_eq!(
        krate.run(),
        "Alpha monotonic=true now=1\nBeta monotonic=true now=2\n"
    );

    // Remove the clock from the table only: the code using it no longer compiles.
    krate.edit("clocks.toml", &BETA_ROW.replace("false", "true"), "\n");
    let errors = krate.build_error();
    assert!(errors.contains("cannot find type `Beta`"), "{errors}");

    // A broken table names the file, line and column.
    krate.edit("clocks.toml", "monotonic = true", "monotonic = \"yes\"");
    let errors = krate.build_error();
    assert!(
        errors.contains("clocks.toml:5:14: `monotonic` must be a boolean, found a string"),
        "{errors}"
    );
    krate.clean_up();
}
