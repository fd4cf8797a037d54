//! Hostile tables through the real macro and rustc: a seeded generator
//! (`support/hostile.rs`) writes many tables — good rows and rows with one mistake
//! each, TOML syntax errors, invalid UTF-8, in all three forms and both backends —
//! as the modules of one generated crate, with uses of every good row's clock beside
//! each invocation. One `cargo build --message-format=json` of that crate, then every
//! diagnostic is checked against what the generator knows:
//!
//! - no proc macro panicked;
//! - every error belongs to a table with a mistake, and is located at one of its
//!   mistakes: `tableNNNNN.toml:LINE:COL:` on the mistake's lines for a table file,
//!   the mistake's line of the module source for inline rows and macro options;
//! - every mistake is reported (except what follows a TOML syntax error, which the
//!   macro mutes);
//! - every good row is a usable clock: `Instant::<Name>::now()`, `elapsed()` when
//!   monotonic, its capability traits, and its `ClockSource` constants and `CLOCKS`
//!   entry equal to the table's values (const assertions), so an error anywhere in
//!   the uses is a failure.
//!
//! `HOSTILE_TABLES` sets the number of tables (default 300), `HOSTILE_SEED` the seed,
//! `HOSTILE_BATCH` the tables per crate (default 2000); `HOSTILE_TYPED_CLOCKS` builds
//! against another typed-clocks checkout (to see the check fail on an older macro),
//! `HOSTILE_TARGET_DIR` in another target dir.
//! `scripts/hostile-tables.sh` runs it long.

#[path = "support/hostile.rs"]
mod hostile;
mod scratch;

use hostile::{Case, Defect, Form, Place, Rng};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

fn env_number(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|value| value.trim().parse().ok())
        .unwrap_or(default)
}

/// One error rustc reported, attributed to a case.
#[derive(Debug)]
struct Reported {
    message: String,
    /// The line in the case's module source (the primary span, or the invocation it
    /// comes from).
    rs_line: usize,
    rendered: String,
}

/// A scratch crate holding one batch of cases.
struct Scratch {
    dir: PathBuf,
    target: PathBuf,
    package: String,
}

impl Scratch {
    fn write(cases: &[Case], label: &str) -> Scratch {
        let manifest_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
        let package = format!("hostile-tables-{}-{label}", std::process::id());
        let dir = std::env::temp_dir().join(&package);
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("src")).expect("scratch dir");
        let typed_clocks = std::env::var_os("HOSTILE_TYPED_CLOCKS")
            .map_or_else(|| manifest_dir.join("../time-core"), PathBuf::from)
            .canonicalize()
            .expect("typed-clocks dir");
        // The workspace's lock pins the dependencies' versions, so --offline works.
        std::fs::write(
            dir.join("Cargo.toml"),
            format!(
                "[package]\nname = \"{package}\"\nversion = \"0.0.0\"\nedition = \"2021\"\npublish = false\n\n\
                 [lib]\npath = \"src/lib.rs\"\n\n\
                 [dependencies]\ntyped-clocks = {{ path = {typed_clocks:?}, features = [\"posix\"] }}\n\n\
                 [workspace]\n",
            ),
        )
        .expect("write Cargo.toml");
        std::fs::copy(manifest_dir.join("../Cargo.lock"), dir.join("Cargo.lock"))
            .expect("copy Cargo.lock");
        std::fs::write(dir.join("src/lib.rs"), hostile::crate_root(cases)).expect("lib.rs");
        for case in cases {
            std::fs::write(dir.join(format!("src/{}.rs", case.module())), &case.source)
                .expect("module");
            if let Some((name, bytes)) = &case.table {
                std::fs::write(dir.join(name), bytes).expect("table");
            }
        }
        Scratch {
            dir,
            // Kept between runs under cargo's CARGO_TARGET_TMPDIR: only the first run
            // compiles typed-clocks and its dependencies. HOSTILE_TARGET_DIR gives a long
            // run its own (builds in one target dir wait for each other).
            target: std::env::var_os("HOSTILE_TARGET_DIR").map_or_else(
                || Path::new(env!("CARGO_TARGET_TMPDIR")).join("hostile-tables-target"),
                PathBuf::from,
            ),
            package,
        }
    }

    /// Builds the crate; returns whether it succeeded, its JSON lines and stderr.
    fn build(&self) -> (bool, String, String) {
        let output = Command::new(env!("CARGO"))
            .args(["build", "--offline", "--message-format=json"])
            .current_dir(&self.dir)
            .env("CARGO_TARGET_DIR", &self.target)
            .env("CARGO_INCREMENTAL", "0")
            .env_remove("RUSTFLAGS")
            .env_remove("CARGO_ENCODED_RUSTFLAGS")
            .env_remove("CARGO_BUILD_TARGET_DIR")
            .output()
            .expect("run cargo");
        (
            output.status.success(),
            String::from_utf8_lossy(&output.stdout).into_owned(),
            String::from_utf8_lossy(&output.stderr).into_owned(),
        )
    }

    /// Removes the crate and its build products (dependencies stay cached).
    fn clean_up(&self) {
        scratch::clean_up(&self.dir, &self.target, &self.package);
    }
}

/// The case index and line of a span in `src/tNNNNN.rs`, following the macro
/// expansions it comes from back to the invocation.
fn attribute(span: &serde_json::Value) -> Option<(usize, usize)> {
    let mut span = span;
    loop {
        let file = span["file_name"].as_str().unwrap_or("");
        if let Some(index) = file
            .strip_prefix("src/t")
            .and_then(|rest| rest.strip_suffix(".rs"))
            .and_then(|digits| digits.parse().ok())
        {
            return Some((index, span["line_start"].as_u64()? as usize));
        }
        span = span.get("expansion")?.get("span")?;
    }
}

/// Parses cargo's JSON messages into errors per case index, and errors that belong
/// to no case.
fn collect(json: &str, first: usize) -> (Vec<(usize, Reported)>, Vec<String>) {
    let mut attributed = Vec::new();
    let mut stray = Vec::new();
    for line in json.lines() {
        let Ok(value) = serde_json::from_str::<serde_json::Value>(line) else {
            continue;
        };
        if value["reason"] != "compiler-message" {
            continue;
        }
        let message = &value["message"];
        let level = message["level"].as_str().unwrap_or("");
        let text = message["message"].as_str().unwrap_or("").to_owned();
        let rendered = message["rendered"].as_str().unwrap_or("").to_owned();
        // (A failed const assertion of the uses is "evaluation panicked": an error of
        // its module like any other.)
        if text.contains("proc macro panicked") || text.contains("proc-macro panicked") {
            stray.push(format!("a panic: {rendered}"));
            continue;
        }
        if !level.starts_with("error") {
            continue;
        }
        let spans = message["spans"].as_array().cloned().unwrap_or_default();
        if spans.is_empty() && text.starts_with("aborting due to") {
            continue;
        }
        let place = spans
            .iter()
            .filter(|span| span["is_primary"] == true)
            .chain(spans.iter())
            .find_map(attribute);
        match place {
            Some((index, rs_line)) if index >= first => attributed.push((
                index,
                Reported {
                    message: text,
                    rs_line,
                    rendered,
                },
            )),
            _ => stray.push(format!("an error outside every table's module: {rendered}")),
        }
    }
    (attributed, stray)
}

/// The line of `tableNNNNN.toml:LINE:COL:` at the start of `message`, or of a failed
/// const assertion of the expansion (`evaluation panicked: tableNNNNN.toml:…`).
fn toml_line(message: &str, table: &str) -> Option<usize> {
    let prefix = format!("{table}:");
    let rest = message
        .strip_prefix("evaluation panicked: ")
        .unwrap_or(message)
        .strip_prefix(&prefix)?;
    line_of_line_col(rest)
}

/// The line of `src/tNNNNN.rs:LINE:COL:` in an error the compiler shows away from the
/// invocation's token it is about (a const assertion naming an inline row's getter).
fn rs_line(message: &str, module: &str) -> Option<usize> {
    let prefix = format!("src/{module}.rs:");
    let at = message.find(&prefix)?;
    line_of_line_col(&message[at + prefix.len()..])
}

/// The `LINE` of `LINE:COL:` at the start of `text`.
fn line_of_line_col(text: &str) -> Option<usize> {
    let (line, rest) = text.split_once(':')?;
    let (column, _) = rest.split_once(':')?;
    column.parse::<usize>().ok()?;
    line.parse().ok()
}

/// Checks one case's errors against what the generator knows; returns the failures.
fn check(case: &Case, errors: &[Reported]) -> Vec<String> {
    let mut failures = Vec::new();
    let table = case.table.as_ref().map(|(name, _)| name.as_str());
    let required = |defect: &Defect| match (case.rs_fatal, case.muted_from) {
        _ if defect.mutes => true,
        (Some(_), _) => false,
        (None, Some(from)) => defect.place == Place::Rs || defect.lines.0 < from,
        (None, None) => true,
    };
    let mut hit = vec![0_usize; case.defects.len()];
    for error in errors {
        let in_toml = table.and_then(|table| toml_line(&error.message, table));
        let in_rs = rs_line(&error.message, &case.module()).unwrap_or(error.rs_line);
        let mut matched = false;
        for (defect, hit) in case.defects.iter().zip(hit.iter_mut()) {
            let line = match (defect.place, in_toml) {
                (Place::Toml, Some(line)) => line,
                (Place::Rs, None) => in_rs,
                _ => continue,
            };
            if (defect.lines.0..=defect.lines.1).contains(&line) {
                *hit += 1;
                matched = true;
            }
        }
        // A getter naming a constant of the bindings module is a located assertion and
        // the compiler's own E0618 at the call. A getter, clock id or offset that the
        // module lacks has no companion: one error, at the table's place.
        let companion = error.message.starts_with("expected function, found ")
            && case.defects.iter().any(|defect| defect.not_a_function);
        let muted = match (in_toml, case.muted_from) {
            (Some(line), Some(from)) => line >= from,
            _ => false,
        };
        let fatal = case
            .rs_fatal
            .is_some_and(|(from, to)| (from..=to).contains(&error.rs_line));
        if !(matched || companion || muted || fatal) {
            let good = case
                .good
                .iter()
                .filter(|good| error.message.contains(&format!("`{}`", good.name)))
                .map(|good| good.name.as_str())
                .collect::<Vec<_>>();
            failures.push(format!(
                "table {} ({:?}, posix: {}): an error not at any of its mistakes{}: {}",
                case.index,
                case.form,
                case.posix,
                if good.is_empty() {
                    String::new()
                } else {
                    format!(" (about the good row {})", good.join(", "))
                },
                error.rendered.trim_end()
            ));
        }
    }
    for (defect, &hit) in case.defects.iter().zip(&hit) {
        // One mistake, one error: a getter, clock id or offset the bindings module
        // lacks is reported once, and nothing else (above) follows it.
        let once = defect.missing_getter || defect.missing_clockid || defect.missing_offset;
        if once && hit > 1 {
            failures.push(format!(
                "table {} ({:?}, posix: {}): {hit} errors for its one mistake `{}`",
                case.index, case.form, case.posix, defect.what
            ));
        }
        if hit == 0 && required(defect) {
            failures.push(format!(
                "table {} ({:?}, posix: {}): no error for its mistake `{}` at {:?} lines {}..={}",
                case.index,
                case.form,
                case.posix,
                defect.what,
                defect.place,
                defect.lines.0,
                defect.lines.1
            ));
        }
    }
    failures
}

/// Generates `count` cases from `seed`, builds them in crates of `batch` modules
/// and returns the failures, with figures for the summary.
fn run(count: usize, seed: u64, batch: usize, known_bugs: bool) -> (Vec<String>, String) {
    let started = Instant::now();
    let mut rng = Rng::new(seed);
    let mut failures = Vec::new();
    let (mut good_rows, mut defects, mut bad_tables, mut errors_seen) = (0, 0, 0, 0);
    let mut first = 0;
    let mut batch_number = 0;
    let mut failed_tables = Vec::new();
    while first < count {
        let cases: Vec<Case> = (first..count.min(first + batch))
            .map(|index| hostile::generate(&mut rng, index, known_bugs))
            .collect();
        good_rows += cases.iter().map(|case| case.good.len()).sum::<usize>();
        defects += cases.iter().map(|case| case.defects.len()).sum::<usize>();
        bad_tables += cases.iter().filter(|case| !case.is_good()).count();
        let scratch = Scratch::write(&cases, &batch_number.to_string());
        let (success, json, stderr) = scratch.build();
        let (attributed, stray) = collect(&json, first);
        errors_seen += attributed.len();
        let before = failures.len();
        failures.extend(stray);
        let mut per_case: Vec<Vec<Reported>> = (0..cases.len()).map(|_| Vec::new()).collect();
        for (index, error) in attributed {
            match per_case.get_mut(index - first) {
                Some(errors) => errors.push(error),
                None => failures.push(format!("an error for an unknown table {index}")),
            }
        }
        for (case, errors) in cases.iter().zip(&per_case) {
            let case_failures = check(case, errors);
            if !case_failures.is_empty() {
                failed_tables.push(case.index);
            }
            failures.extend(case_failures);
        }
        let all_good = cases.iter().all(Case::is_good);
        if success != all_good {
            failures.push(format!(
                "the crate of tables {first}..{} {} although {}:\n{stderr}",
                first + cases.len(),
                if success { "built" } else { "failed to build" },
                if all_good {
                    "every table is good"
                } else {
                    "some tables have mistakes"
                }
            ));
        }
        if failures.len() == before {
            scratch.clean_up();
        } else {
            failures.push(format!("(the crate is kept in {})", scratch.dir.display()));
        }
        eprintln!(
            "hostile_tables: tables {first}..{}: {} failure(s) so far, {:.0} s",
            first + cases.len(),
            failures.len(),
            started.elapsed().as_secs_f64()
        );
        first += cases.len();
        batch_number += 1;
    }
    let summary = format!(
        "hostile_tables: {count} tables (seed {seed}, {batch_number} crate(s)): {bad_tables} with mistakes, \
         {defects} mistakes, {errors_seen} errors checked, {good_rows} good rows checked usable; \
         {} failure(s) in {} table(s){} in {:.1} s",
        failures.len(),
        failed_tables.len(),
        if failed_tables.is_empty() {
            String::new()
        } else {
            format!(" ({failed_tables:?})")
        },
        started.elapsed().as_secs_f64()
    );
    (failures, summary)
}

fn report(failures: &[String], summary: &str) {
    println!("{summary}");
    if !failures.is_empty() {
        let shown: Vec<&str> = failures.iter().take(30).map(String::as_str).collect();
        panic!(
            "{summary}\n\n{}{}",
            shown.join("\n\n"),
            if failures.len() > shown.len() {
                format!("\n\n… and {} more", failures.len() - shown.len())
            } else {
                String::new()
            }
        );
    }
}

fn run_from_env(known_bugs: bool) {
    let count = env_number("HOSTILE_TABLES", 300) as usize;
    let seed = env_number("HOSTILE_SEED", 0x5eed_7ab1e5);
    let batch = env_number("HOSTILE_BATCH", 2000).max(1) as usize;
    let (failures, summary) = run(count, seed, batch, known_bugs);
    report(&failures, &summary);
}

#[test]
fn hostile_tables_compile_to_located_errors_and_usable_clocks() {
    run_from_env(false);
}

/// Builds `cases` as one crate and checks them.
fn check_cases(cases: &[Case]) {
    let scratch = Scratch::write(cases, &format!("hand-{}", cases[0].index));
    let (success, json, stderr) = scratch.build();
    let (attributed, mut failures) = collect(&json, cases[0].index);
    for case in cases {
        let errors: Vec<Reported> = attributed
            .iter()
            .filter(|(index, _)| *index == case.index)
            .map(|(_, error)| Reported {
                message: error.message.clone(),
                rs_line: error.rs_line,
                rendered: error.rendered.clone(),
            })
            .collect();
        failures.extend(check(case, &errors));
    }
    if success != cases.iter().all(Case::is_good) {
        failures.push(format!("unexpected build outcome ({success}):\n{stderr}"));
    }
    if failures.is_empty() {
        scratch.clean_up();
    }
    report(&failures, &format!("{} hand-written table(s)", cases.len()));
}

const ROW_0: &str =
    "[[clock]]\nname = \"Good1\"\ngetter = \"hostile_get_0\"\nmonotonic = true\nclockid = 1\n";

/// `clockid = "_"` and the other clock-id strings that are not tokens Rust can use
/// where the expansion puts them, in both backends and all three forms: each is an
/// error at its row, and the good row beside it keeps its clock.
#[test]
fn underscore_and_keyword_clock_ids_are_located_in_every_form() {
    let mut cases = Vec::new();
    for (n, constant) in [
        "_", "r#_", "self", "Self", "crate", "super", "_Bool", "true",
    ]
    .iter()
    .enumerate()
    {
        for (m, (form, posix)) in [
            (Form::FileBindings, false),
            (Form::FileExtern, false),
            (Form::FileExtern, true),
        ]
        .into_iter()
        .enumerate()
        {
            let index = 90_000 + n * 10 + m;
            let toml = format!(
                "{ROW_0}\n[[clock]]\nname = \"Bad2\"\ngetter = \"hostile_get_1\"\nmonotonic = true\nclockid = {constant:?}\n"
            );
            let defect = Defect::new(format!("clockid {constant:?}"), Place::Toml, (7, 11));
            cases.push(hostile::case_from_toml(
                index,
                form,
                posix,
                &toml,
                vec![hostile::Good::new("Good1", true, 1, 1)],
                vec![defect],
            ));
        }
        // Inline rows: the constant as an identifier token (a raw `r#_` is no token).
        if *constant == "r#_" {
            continue;
        }
        for (m, options) in [
            &["unsafe(bindings = crate::bindings);"][..],
            &["backend = posix;"][..],
        ]
        .into_iter()
        .enumerate()
        {
            let rows = [
                "Good1 { getter: hostile_get_0, monotonic: true, clockid: 1 }".to_owned(),
                format!("Bad2 {{ getter: hostile_get_1, monotonic: true, clockid: {constant} }}"),
            ];
            let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
            let line = hostile::inline_row_line(options.len(), 1);
            cases.push(hostile::case_from_inline(
                90_000 + n * 10 + 5 + m,
                options,
                &rows,
                vec![hostile::Good::new("Good1", true, 1, line - 1)],
                vec![Defect::new(
                    format!("clockid {constant}"),
                    Place::Rs,
                    (line, line),
                )],
            ));
        }
    }
    check_cases(&cases);
}

/// A clock named `V` is a valid row: the expansion's generic parameters have names
/// that no clock can have (`__Visitor`), so `visitor.visit::<V>()` means the clock.
#[test]
fn a_clock_named_like_the_expansions_type_parameter() {
    let toml =
        "[[clock]]\nname = \"V\"\ngetter = \"hostile_get_0\"\nmonotonic = true\nclockid = 1\n";
    let case = hostile::case_from_toml(
        91_000,
        Form::FileBindings,
        false,
        toml,
        vec![hostile::Good::new("V", true, 1, 1)],
        Vec::new(),
    );
    check_cases(&[case]);
}

/// A `clockid` constant that the bindings module (or, with the posix backend, `libc`)
/// lacks is an error at the row's `tableNNNNN.toml:LINE:COL`, as a getter the bindings
/// module lacks is.
#[test]
fn a_clock_id_constant_the_bindings_lack() {
    let bad = "\n[[clock]]\nname = \"Bad2\"\ngetter = \"hostile_get_1\"\nmonotonic = true\nclockid = \"CLOCK_ABSENT\"\n";
    let cases = [(Form::FileBindings, false), (Form::FileExtern, true)]
        .into_iter()
        .enumerate()
        .map(|(n, (form, posix))| {
            hostile::case_from_toml(
                91_100 + n,
                form,
                posix,
                &format!("{ROW_0}{bad}"),
                vec![hostile::Good::new("Good1", true, 1, 1)],
                vec![{
                    let mut defect = Defect::new("clockid constant absent", Place::Toml, (7, 11));
                    defect.missing_clockid = true;
                    defect
                }],
            )
        })
        .collect::<Vec<_>>();
    check_cases(&cases);
}

/// A getter naming an item of the bindings module that is not a function (here a
/// constant): a const assertion naming the row's `tableNNNNN.toml:LINE:COL`, beside
/// the compiler's E0618 at the invocation.
#[test]
fn a_getter_naming_a_constant_of_the_bindings() {
    let toml = format!(
        "{ROW_0}\n[[clock]]\nname = \"Bad2\"\ngetter = \"CLOCK_MONOTONIC\"\nmonotonic = true\nclockid = 1\n"
    );
    let case = hostile::case_from_toml(
        91_200,
        Form::FileBindings,
        false,
        &toml,
        vec![hostile::Good::new("Good1", true, 1, 1)],
        vec![{
            let mut defect = Defect::new("getter names a constant", Place::Toml, (7, 11));
            defect.not_a_function = true;
            defect
        }],
    );
    check_cases(&[case]);
}

/// The generator reads the capabilities and their rules from the macro's data file:
/// each capability (but the required `monotonic`) appears in good rows, and each one
/// with a rule in rows that break it, with the backends that check it.
#[test]
fn every_capability_gets_good_rows_and_every_rule_broken_rows() {
    let mut rng = Rng::new(0x5eed_7ab1e5);
    let cases: Vec<Case> = (0..3000)
        .map(|index| hostile::generate(&mut rng, index, false))
        .collect();
    for capability in hostile::capabilities::capabilities() {
        let good = cases
            .iter()
            .flat_map(|case| &case.good)
            .filter(|good| good.capabilities.contains(&capability.key))
            .count();
        let broken = cases
            .iter()
            .flat_map(|case| &case.defects)
            .filter(|defect| {
                defect
                    .what
                    .starts_with(&format!("{}'s rule: ", capability.key))
            })
            .count();
        eprintln!(
            "{}: {good} good rows, {broken} rows breaking a rule",
            capability.key
        );
        assert!(
            capability.required || good > 0,
            "{}: no good row",
            capability.key
        );
        assert!(
            capability.rules.is_empty() || broken > 0,
            "{}: no row breaks its rules",
            capability.key
        );
    }
}
