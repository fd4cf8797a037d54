//! Derives, from the root `clocks.toml`, the bindgen-shaped stand-in bindings that
//! `tests/tests/lints.rs` declares the table's clocks over, so that the lint test
//! follows the table: a row added or removed there needs no edit here.
//!
//! `$OUT_DIR/lint_bindings.rs` holds, in the shape bindgen gives the real bindings:
//! one `unsafe fn getter() -> Ktime` (or `-> u64` for `returns = "u64"`) per row, each
//! returning its own reading; a `u32` constant per `clockid` constant name; `tk_offsets`
//! with every offset the table names and `ktime_mono_to_any`; and, when the table sets
//! `kernel_services = true`, the delay, jiffies and hrtimer functions of the kernel
//! services. `$OUT_DIR/lint_expected.rs` holds what the test checks against: each
//! clock's reading and id, the conversions between related clocks, and uses of the
//! kernel services when the table enables them.

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
    let (rows, kernel_services) = match toml_span::parse(&text) {
        Ok(document) => document
            .as_table()
            .map_or_else(|| (Vec::new(), false), read),
        Err(_) => (Vec::new(), false),
    };
    let out = PathBuf::from(env::var_os("OUT_DIR").expect("set by cargo"));
    write(
        &out.join("lint_bindings.rs"),
        &bindings(&rows, kernel_services),
    );
    write(
        &out.join("lint_expected.rs"),
        &expected(&rows, kernel_services),
    );

    // `capabilities.rs` (with the macro's data file it includes) is compiled into this
    // script: an edit of either rebuilds the script, and cargo reruns it.
    write(
        &out.join("capability_rows.rs"),
        &capability_rows(capabilities::capabilities()),
    );
}

/// For each capability, a clock with it (and no other) per backend that gives it, and
/// a test that the clock has its trait; with the posix backend where it ignores the
/// key, a test that the clock lacks the trait. The kernel rows are read through
/// getters the template declares `extern "C"`, over clock id 1 (`CLOCK_MONOTONIC`,
/// which has an hrtimer base), returning `u64` (which NMI-safe readers need).
fn capability_rows(capabilities: &[capabilities::Capability]) -> String {
    let mut items = String::new();
    let mut checks = String::new();
    for capability in capabilities {
        let key = capability.key;
        let traits = capability.trait_name;
        // `monotonic` is in every row: the row with it gives it `true`.
        let monotonic = if key == "monotonic" {
            ""
        } else {
            "monotonic: false, "
        };
        writeln!(
            items,
            "#[unsafe(no_mangle)]\n\
             extern \"C\" fn capable_{key}() -> u64 {{ 7 }}\n\
             pub mod kernel_{key} {{\n\
             \x20   typed_clocks::declare_clocks! {{\n\
             \x20       unsafe(extern \"C\");\n\
             \x20       Capable {{ getter: capable_{key}, returns: u64, clockid: 1, {monotonic}{key}: true }},\n\
             \x20   }}\n\
             }}\n\
             pub mod posix_{key} {{\n\
             \x20   typed_clocks::declare_clocks! {{\n\
             \x20       backend = posix;\n\
             \x20       Capable {{ clockid: 1, {monotonic}{key}: true }},\n\
             \x20   }}"
        )
        .unwrap();
        writeln!(
            checks,
            "    // `{key}`\n\
             \x20   fn {key}<C: typed_clocks::capabilities::{traits}>() {{}}\n\
             \x20   {key}::<kernel_{key}::Capable>();\n\
             \x20   assert_eq!(\n\
             \x20       typed_clocks::ext::InstantExt::to_ktime(\n\
             \x20           typed_clocks::Instant::<kernel_{key}::Capable>::now()\n\
             \x20       ),\n\
             \x20       7\n\
             \x20   );"
        )
        .unwrap();
        if capability.on_posix() {
            writeln!(items, "}}").unwrap();
            writeln!(checks, "    {key}::<posix_{key}::Capable>();").unwrap();
        } else {
            // The posix backend ignores the key: whether the clock has the trait, by
            // an inherent constant that only a clock with it has, over a trait's.
            writeln!(
                items,
                "\x20   pub struct Probe<C>(core::marker::PhantomData<C>);\n\
                 \x20   pub trait Lacks {{ const HAS: bool = false; }}\n\
                 \x20   impl<C> Lacks for Probe<C> {{}}\n\
                 \x20   impl<C: typed_clocks::{traits}> Probe<C> {{ pub const HAS: bool = true; }}\n\
                 }}"
            )
            .unwrap();
            writeln!(
                checks,
                "    {{\n\
                 \x20       use posix_{key}::Lacks as _;\n\
                 \x20       const {{ assert!(!posix_{key}::Probe::<posix_{key}::Capable>::HAS, \"posix ignores `{key}`\") }};\n\
                 \x20   }}"
            )
            .unwrap();
        }
    }
    format!(
        "{items}\n/// Each clock has its capability's trait (or lacks it, where the posix backend\n\
         /// ignores the key).\n\
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

fn read(document: &Table<'_>) -> (Vec<Row>, bool) {
    let mut rows = Vec::new();
    let mut kernel_services = false;
    for (key, value) in document {
        match (key.name.as_ref(), value.as_ref()) {
            ("kernel_services", ValueInner::Boolean(flag)) => kernel_services = *flag,
            ("clock", ValueInner::Array(array)) => {
                rows.extend(array.iter().filter_map(|row| row.as_table().map(read_row)));
            }
            _ => {}
        }
    }
    (rows, kernel_services)
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

fn bindings(rows: &[Row], kernel_services: bool) -> String {
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
    if kernel_services {
        text.push('\n');
        text.push_str(KERNEL_SERVICES_TYPES);
        text.push_str(KERNEL_SERVICES);
    }
    text
}

/// The kernel services' C types and constants, bindgen-shaped: the fixtures' one copy,
/// which `ui-tests` and the zero-cost and renamed-dependency fixtures include as well.
const KERNEL_SERVICES_TYPES: &str = include_str!("fixtures/kernel_services_types.rs");

/// The kernel services' C functions (the signatures of the kernel's, bindgen-shaped), as
/// stand-ins: the hrtimer functions keep the expiry in the struct, nothing fires.
const KERNEL_SERVICES: &str = r#"
/// # Safety
/// Always safe.
pub unsafe fn fsleep(_usecs: ::std::os::raw::c_ulong) {}
/// # Safety
/// Always safe.
pub unsafe fn udelay(_usecs: ::std::os::raw::c_ulong) {}
/// # Safety
/// Always safe.
pub unsafe fn __msecs_to_jiffies(m: ::std::os::raw::c_uint) -> ::std::os::raw::c_ulong {
    ::std::os::raw::c_ulong::from(m) / 4
}
/// # Safety
/// Always safe.
pub unsafe fn might_sleep() {}
/// # Safety
/// `timer` must be valid for writes.
pub unsafe fn hrtimer_setup_in_place(
    timer: *mut hrtimer,
    function: Option<unsafe extern "C" fn(arg1: *mut hrtimer) -> hrtimer_restart>,
    _clock_id: clockid_t,
    _mode: hrtimer_mode,
) {
    // SAFETY: the caller's contract.
    unsafe {
        timer.write(hrtimer {
            node: timerqueue_node { expires: 0 },
            function,
        });
    }
}
/// # Safety
/// `timer` must be set up.
pub unsafe fn hrtimer_start_range_ns(
    timer: *mut hrtimer,
    tim: Ktime,
    _range_ns: u64,
    _mode: hrtimer_mode,
) {
    // SAFETY: the caller's contract.
    unsafe { (*timer).node.expires = tim };
}
/// # Safety
/// `timer` must be set up.
pub unsafe fn hrtimer_cancel_checked(_timer: *mut hrtimer) -> ::std::os::raw::c_int {
    0
}
/// # Safety
/// `timer` must be set up.
pub unsafe fn hrtimer_try_to_cancel(_timer: *mut hrtimer) -> ::std::os::raw::c_int {
    0
}
/// # Safety
/// `timer` must be set up and stopped.
pub unsafe fn hrtimer_destroy_in_place(_timer: *mut hrtimer) {}
/// # Safety
/// `timer` must be set up.
pub unsafe fn hrtimer_is_queued(_timer: *mut hrtimer) -> bool {
    false
}
/// # Safety
/// `timer` must be set up.
pub unsafe fn hrtimer_forward(timer: *mut hrtimer, _now: Ktime, interval: Ktime) -> u64 {
    // SAFETY: the caller's contract.
    unsafe { (*timer).node.expires += interval };
    1
}
/// # Safety
/// `timer` must be set up and not queued.
pub unsafe fn hrtimer_forward_now(timer: *mut hrtimer, interval: Ktime) -> u64 {
    // SAFETY: the caller's contract.
    unsafe { hrtimer_forward(timer, 0, interval) }
}
"#;

/// Uses of the kernel services in the lint test, when the table enables them.
const SERVICES_CHECK: &str = "
    assert_eq!(kernel_clocks::kernel_services::msecs_to_jiffies(8), 2);
    kernel_clocks::kernel_services::delay::fsleep(typed_clocks::Delta::from_micros(1));
    let polled = kernel_clocks::kernel_services::poll::read_poll_timeout(
        || Ok(3),
        |v| *v == 3,
        typed_clocks::Delta::ZERO,
        typed_clocks::Delta::from_millis(1),
    );
    assert_eq!(polled, Ok(3));
";

fn expected(rows: &[Row], kernel_services: bool) -> String {
    let mut text = String::from(
        "/// Each clock's name, stand-in reading and clock id, in table order.\n\
         const EXPECTED: &[(&str, Ktime, ClockId)] = &[\n",
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
    text.push_str("];\n\n/// Converts from the offset base to every clock with an offset.\nfn check_conversions() {\n");
    let offsets = offsets(rows);
    if let Some((base_index, base)) = rows.iter().enumerate().find(|(_, row)| row.offset_base) {
        for row in rows {
            let Some(offset) = &row.offset else { continue };
            let value = offsets
                .iter()
                .find(|(name, _)| name == offset)
                .map_or(0, |&(_, value)| value);
            writeln!(
                text,
                "    assert_eq!(Instant::<kernel_clocks::{}>::now().to_clock::<kernel_clocks::{}>().to_ktime(), {});",
                base.name,
                row.name,
                literal(reading(base_index) + offset_shift(value))
            )
            .unwrap();
        }
    }
    text.push_str(
        "}\n\n/// Uses the kernel services, when the table enables them.\nfn check_services() {",
    );
    if kernel_services {
        text.push_str(SERVICES_CHECK);
    }
    text.push_str("}\n");
    text
}
