//! Derives, from the root `clocks.toml`, the bindgen-shaped stand-in bindings that
//! `tests/tests/lints.rs` declares the table's clocks over, so that the lint test
//! follows the table: a row added or removed there needs no edit here.
//!
//! `$OUT_DIR/lint_bindings.rs` holds, in the shape bindgen gives the real bindings:
//! one `unsafe fn getter() -> Ktime` (or `-> u64` for `returns = "u64"`) per row, each
//! returning its own reading; a `u32` constant per `clockid` constant name; `tk_offsets`
//! with every offset the table names and `ktime_mono_to_any`.
//! `$OUT_DIR/lint_expected.rs` holds what the test checks against: each clock's
//! reading and id, and the conversions between related clocks.
//!
//! `$OUT_DIR/capability_rows.rs` holds, for `tests/tests/expansion_rows.rs`, one clock
//! per capability of the macro's capability data and per backend.

use std::env;
use std::fmt::Write as _;
use std::path::PathBuf;

use toml_span::value::{Table, ValueInner};

#[path = "tests/support/capabilities.rs"]
mod capabilities;
/// The clock ids of the kernel's `include/uapi/linux/time.h` (the macro's list).
#[path = "../time-macros/src/clock_ids.rs"]
mod clock_ids;

/// The kernel's `enum tk_offsets`, in order.
const KERNEL_OFFSETS: &[&str] = &["TK_OFFS_REAL", "TK_OFFS_BOOT", "TK_OFFS_TAI"];

/// One `[[clock]]` row, as far as the stand-in needs it.
#[derive(Default)]
struct Row {
    name: String,
    getter: String,
    returns_u64: bool,
    clockid: Option<ClockId>,
    offset: Option<String>,
    offset_base: bool,
}

enum ClockId {
    Constant(String),
    Number(String),
}

fn main() {
    let table = PathBuf::from(env::var_os("CARGO_MANIFEST_DIR").expect("set by cargo"))
        .join("../clocks.toml");
    println!("cargo:rerun-if-changed={}", table.display());
    println!("cargo:rerun-if-changed=build.rs");
    let text = std::fs::read_to_string(&table)
        .unwrap_or_else(|error| fail(&format!("cannot read {}: {error}", table.display())));
    // A malformed table is declare_clocks!'s to report, with its line and column; the
    // stand-in then declares what it could read.
    let rows = match toml_span::parse(&text) {
        Ok(document) => document.as_table().map_or_else(Vec::new, read),
        Err(_) => Vec::new(),
    };
    let out = PathBuf::from(env::var_os("OUT_DIR").expect("set by cargo"));
    write(&out.join("lint_bindings.rs"), &bindings(&rows));
    write(&out.join("lint_expected.rs"), &expected(&rows));

    // `capabilities.rs` (with the macro's data file it includes) is compiled into this
    // script: an edit of either rebuilds the script, and cargo reruns it.
    write(
        &out.join("capability_rows.rs"),
        &capability_rows(capabilities::capabilities()),
    );
}

/// The module of trait `name`'s probe: `HrTimerClock` → `probe_hr_timer_clock`.
fn probe(name: &str) -> String {
    let mut module = String::from("probe");
    for c in name.chars() {
        if c.is_ascii_uppercase() {
            module.push('_');
        }
        module.push(c.to_ascii_lowercase());
    }
    module
}

/// Every trait of the capability data: each capability's, then its narrower one's.
fn traits(capabilities: &[capabilities::Capability]) -> Vec<&'static str> {
    capabilities
        .iter()
        .flat_map(|capability| {
            [
                Some(capability.tr.name),
                capability.narrower.as_ref().map(|n| n.tr.name),
            ]
        })
        .flatten()
        .collect()
}

/// For each capability, a clock with it (and no other) per backend, and a test that
/// the clock has exactly the traits the key gives (with the posix backend, where it
/// ignores the key, none) and the `ClockInfo` flags of its row. A capability with a
/// narrower trait also gets a kernel clock over an id the narrower trait excepts,
/// which has the capability's trait only. The kernel rows are read through getters
/// the expansion declares `extern "C"`, over clock id 1 (`CLOCK_MONOTONIC`, which has
/// an hrtimer base), returning `u64` (which NMI-safe readers need).
///
/// Whether a clock has a trait is read in a `const`: each trait has a `Probe<C>` whose
/// inherent `HAS` (`true`) exists only where `C` has the trait, over its `Lacks`
/// trait's `false`.
fn capability_rows(capabilities: &[capabilities::Capability]) -> String {
    let traits = traits(capabilities);
    let mut items = String::new();
    let mut checks = String::new();
    for name in &traits {
        let module = probe(name);
        writeln!(
            items,
            "pub mod {module} {{\n\
             \x20   pub struct Probe<C>(core::marker::PhantomData<C>);\n\
             \x20   pub trait Lacks {{ const HAS: bool = false; }}\n\
             \x20   impl<C> Lacks for Probe<C> {{}}\n\
             \x20   impl<C: typed_clocks::{name}> Probe<C> {{ pub const HAS: bool = true; }}\n\
             }}"
        )
        .unwrap();
        writeln!(checks, "    use {module}::Lacks as _;").unwrap();
    }
    // `clock` has exactly the traits `expected`.
    let has_exactly = |checks: &mut String, clock: &str, expected: &[&str]| {
        for name in &traits {
            let (not, what) = if expected.contains(name) {
                ("", "has")
            } else {
                ("!", "lacks")
            };
            let module = probe(name);
            writeln!(
                checks,
                "    const {{ assert!({not}{module}::Probe::<{clock}>::HAS, \"{clock} {what} {name}\") }};"
            )
            .unwrap();
        }
    };
    for capability in capabilities {
        let key = capability.key;
        let name = capability.tr.name;
        // `monotonic` is in every row: the row with it gives it `true`.
        let monotonic = if key == "monotonic" {
            ""
        } else {
            "monotonic: false, "
        };
        let excepted = capability.narrower.as_ref().map(|narrower| {
            let id = narrower.except_ids[0];
            writeln!(
                items,
                "#[unsafe(no_mangle)]\n\
                 extern \"C\" fn capable_{key}_excepted() -> u64 {{ 8 }}"
            )
            .unwrap();
            format!(
                "\x20       Excepted {{ getter: capable_{key}_excepted, returns: u64, clockid: {id}, {monotonic}{key}: true }},\n"
            )
        });
        writeln!(
            items,
            "#[unsafe(no_mangle)]\n\
             extern \"C\" fn capable_{key}() -> u64 {{ 7 }}\n\
             pub mod kernel_{key} {{\n\
             \x20   typed_clocks::declare_clocks! {{\n\
             \x20       // SAFETY: the getters are `u64 f(void)`, above, constant.\n\
             \x20       unsafe(extern \"C\");\n\
             \x20       Capable {{ getter: capable_{key}, returns: u64, clockid: 1, {monotonic}{key}: true }},\n\
             {}\
             \x20   }}\n\
             }}\n\
             pub mod posix_{key} {{\n\
             \x20   typed_clocks::declare_clocks! {{\n\
             \x20       backend = posix;\n\
             \x20       Capable {{ clockid: 1, {monotonic}{key}: true }},\n\
             \x20   }}\n\
             }}",
            excepted.as_deref().unwrap_or("")
        )
        .unwrap();
        writeln!(
            checks,
            "    // `{key}`\n\
             \x20   assert_eq!(\n\
             \x20       typed_clocks::ext::InstantExt::to_ktime(\n\
             \x20           typed_clocks::Instant::<kernel_{key}::Capable>::now()\n\
             \x20       ),\n\
             \x20       7\n\
             \x20   );"
        )
        .unwrap();
        for other in capabilities {
            let not = if other.key == key { "" } else { "!" };
            writeln!(
                checks,
                "    assert!({not}kernel_{key}::CLOCKS[0].{0}, \"kernel_{key}: {0}\");",
                other.key
            )
            .unwrap();
        }
        let mut kernel = vec![name];
        kernel.extend(capability.narrower.as_ref().map(|n| n.tr.name));
        has_exactly(&mut checks, &format!("kernel_{key}::Capable"), &kernel);
        if capability.narrower.is_some() {
            has_exactly(&mut checks, &format!("kernel_{key}::Excepted"), &[name]);
        }
        let posix: &[&str] = if capability.on_posix() { &[name] } else { &[] };
        has_exactly(&mut checks, &format!("posix_{key}::Capable"), posix);
    }
    format!(
        "{items}\n/// Each clock has exactly the traits its capability gives it, and its row's flags.\n\
         pub fn check() {{\n{checks}}}\n"
    )
}

fn fail(message: &str) -> ! {
    println!("cargo:warning={message}");
    std::process::exit(1)
}

fn write(path: &PathBuf, text: &str) {
    std::fs::write(path, text)
        .unwrap_or_else(|error| fail(&format!("cannot write {}: {error}", path.display())));
}

fn read(document: &Table<'_>) -> Vec<Row> {
    let mut rows = Vec::new();
    for (key, value) in document {
        if let ("clock", ValueInner::Array(array)) = (key.name.as_ref(), value.as_ref()) {
            rows.extend(array.iter().filter_map(|row| row.as_table().map(read_row)));
        }
    }
    rows
}

fn read_row(table: &Table<'_>) -> Row {
    let mut row = Row::default();
    for (key, value) in table {
        match (key.name.as_ref(), value.as_ref()) {
            ("name", ValueInner::String(text)) => row.name = text.to_string(),
            ("getter", ValueInner::String(text)) => row.getter = text.to_string(),
            ("returns", ValueInner::String(text)) => row.returns_u64 = text == "u64",
            ("clockid", ValueInner::String(text)) => {
                row.clockid = Some(ClockId::Constant(text.to_string()));
            }
            ("clockid", ValueInner::Integer(number)) => {
                row.clockid = Some(ClockId::Number(number.to_string()));
            }
            ("offset", ValueInner::String(text)) => row.offset = Some(text.to_string()),
            ("offset_base", ValueInner::Boolean(flag)) => row.offset_base = *flag,
            _ => {}
        }
    }
    row
}

/// The reading of the getter of row `index`: distinct for every row.
fn reading(index: usize) -> i64 {
    i64::try_from(index + 1).expect("few rows") * 1_000_000 + 5
}

/// The value of each offset: the kernel's for its three, then one each in table order.
fn offsets(rows: &[Row]) -> Vec<(String, u32)> {
    let mut offsets: Vec<(String, u32)> = KERNEL_OFFSETS
        .iter()
        .zip(0..)
        .map(|(name, value)| ((*name).to_owned(), value))
        .collect();
    for row in rows {
        if let Some(offset) = &row.offset {
            if !offsets.iter().any(|(name, _)| name == offset) {
                let value = u32::try_from(offsets.len()).expect("few offsets");
                offsets.push((offset.clone(), value));
            }
        }
    }
    offsets
}

/// The stand-in's value of a clock-id constant: the uapi one, or one past them.
fn clockid_value(name: &str, index: usize) -> u32 {
    clock_ids::CLOCK_IDS
        .iter()
        .find(|(uapi, _)| *uapi == name)
        .map_or_else(
            || 100 + u32::try_from(index).expect("few rows"),
            |&(_, value)| u32::try_from(value).expect("a uapi id"),
        )
}

/// `value` as a Rust literal with `_` between groups of three digits.
fn literal(value: i64) -> String {
    let digits = value.unsigned_abs().to_string();
    let mut text = String::new();
    for (index, digit) in digits.chars().enumerate() {
        if index > 0 && (digits.len() - index).is_multiple_of(3) {
            text.push('_');
        }
        text.push(digit);
    }
    if value < 0 {
        text.insert(0, '-');
    }
    text
}

/// What `ktime_mono_to_any` adds for offset value `value`.
fn offset_shift(value: u32) -> i64 {
    1_000 * (i64::from(value) + 1)
}

fn bindings(rows: &[Row]) -> String {
    let mut text = String::new();
    let mut constants = Vec::new();
    for (index, row) in rows.iter().enumerate() {
        if let Some(ClockId::Constant(name)) = &row.clockid {
            if !constants.contains(name) {
                let value = clockid_value(name, index);
                writeln!(text, "pub const {name}: u32 = {value};").unwrap();
                constants.push(name.clone());
            }
        }
    }
    text.push_str("\npub type tk_offsets = ::std::os::raw::c_uint;\n");
    for (name, value) in offsets(rows) {
        writeln!(text, "pub const tk_offsets_{name}: tk_offsets = {value};").unwrap();
    }
    text.push_str(
        "\n/// # Safety\n/// Always safe; `unsafe` to match the shape of a bindgen'd C function.\n\
         pub unsafe fn ktime_mono_to_any(ktime: Ktime, offset: tk_offsets) -> Ktime {\n    \
         ktime + 1_000 * (Ktime::from(offset) + 1)\n}\n",
    );
    for (index, row) in rows.iter().enumerate() {
        let (ty, value) = if row.returns_u64 {
            ("u64", format!("{}_u64", literal(reading(index))))
        } else {
            ("Ktime", literal(reading(index)))
        };
        writeln!(
            text,
            "\n/// # Safety\n/// Always safe.\npub unsafe fn {}() -> {ty} {{\n    {value}\n}}",
            row.getter
        )
        .unwrap();
    }
    text
}

fn expected(rows: &[Row]) -> String {
    let mut text = String::from(
        "/// Each clock's name, stand-in reading and clock id, in table order.\n\
         const EXPECTED: &[(&str, Ktime, i32)] = &[\n",
    );
    for (index, row) in rows.iter().enumerate() {
        let id = match &row.clockid {
            // A row without one is an error of the table, which the macro reports.
            None => "0".to_owned(),
            Some(ClockId::Constant(name)) => {
                // The first row naming a constant gave it its value.
                let first = rows
                    .iter()
                    .position(
                        |other| matches!(&other.clockid, Some(ClockId::Constant(n)) if n == name),
                    )
                    .unwrap_or(index);
                clockid_value(name, first).to_string()
            }
            Some(ClockId::Number(number)) => number.clone(),
        };
        writeln!(
            text,
            "    ({:?}, {}, {id}),",
            row.name,
            literal(reading(index))
        )
        .unwrap();
    }
    text.push_str("];\n\n/// Converts from the offset base to every clock with an offset, and back.\nfn check_conversions() {\n");
    let offsets = offsets(rows);
    // (from, to, what the conversion adds), as row indices.
    let mut conversions = Vec::new();
    if let Some(base_index) = rows.iter().position(|row| row.offset_base) {
        for (index, row) in rows.iter().enumerate() {
            let Some(offset) = &row.offset else { continue };
            let value = offsets
                .iter()
                .find(|(name, _)| name == offset)
                .map_or(0, |&(_, value)| value);
            conversions.push((base_index, index, offset_shift(value)));
            conversions.push((index, base_index, -offset_shift(value)));
        }
    }
    for (from, to, shift) in &conversions {
        writeln!(
            text,
            "    assert_eq!(Instant::<kernel_clocks::{}>::now().to_clock::<kernel_clocks::{}>().to_ktime(), {});",
            rows[*from].name,
            rows[*to].name,
            literal(reading(*from) + shift)
        )
        .unwrap();
    }
    text.push_str(
        "}\n\n/// The same conversions in `own_runtime`.\nfn check_own_conversions() {\n    use own_runtime::ConvertsTo;\n",
    );
    for (from, to, shift) in &conversions {
        writeln!(
            text,
            "    assert_eq!(<own_runtime::{0} as ConvertsTo<own_runtime::{1}>>::to_clock(own_runtime::Instant::now()).as_nanos(), {2}, \"{0} to {1}\");",
            rows[*from].name,
            rows[*to].name,
            literal(reading(*from) + shift)
        )
        .unwrap();
    }
    text.push_str("}\n");
    text
}
