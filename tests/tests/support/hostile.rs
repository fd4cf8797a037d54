//! A seeded generator of hostile clock tables for `hostile_tables.rs`: each case is
//! one module of a generated crate invoking `declare_clocks!` in one of the three
//! forms (a TOML file with a bindings module, a TOML file whose getters the macro
//! declares `extern "C"`, inline rows), with the kernel or the posix backend, and
//! knows its own answer: which rows are good (and so must be usable clocks, with
//! the table's values), and where each mistake is (the lines an error about it may
//! name, in the TOML file or in the module's source).
//!
//! Good rows are hostile too — names that shadow prelude and `core` items and the
//! runtime's other items (`Option`, `Deadline`, `PosixClock`), getters that are Rust-legal but odd
//! (`macro_rules`, `u64`, `nanos`), docs with escapes (`\e`, `\xHH`, which toml-span reads),
//! unicode and very long lines, integers in every TOML radix. Bad rows carry one
//! mistake each, from the classes the macro must reject: missing keys, wrong types,
//! unknown keys, invalid or keyword names, names of the runtime's items (`Instant`, a
//! capability trait), getters that take arguments, getters and clock-id constants that are
//! C23 or Rust keywords or `_`, duplicates, out-of-range integers, bad `returns`,
//! `resolution`, a broken rule of any capability (drawn from the macro's capability
//! data, `time-macros/src/capabilities.rs`, which also decides which capabilities a
//! good row may have), offsets without a base; and table-level
//! ones: a 200-level nested header, other TOML syntax errors (which mute what follows
//! them), invalid UTF-8, an empty table, unknown top-level keys (`kernel_services`
//! among them), unknown macro options.

use std::fmt::Write as _;

#[path = "capabilities.rs"]
pub mod capabilities;
#[path = "../../../time-macros/src/clock_ids.rs"]
mod clock_ids;
#[path = "../../../time-macros/src/validate/keywords.rs"]
#[allow(dead_code)] // the lists only
mod keywords;

/// SplitMix64: a small, seedable generator (the same stream for the same seed).
pub struct Rng(u64);

impl Rng {
    /// A generator seeded with `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n > 0`).
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    /// True with probability `percent`/100.
    fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }

    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

/// How the module invokes the macro.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Form {
    /// `declare_clocks!("tableNNNNN.toml", unsafe(bindings = crate::bindings))`.
    FileBindings,
    /// `declare_clocks!("tableNNNNN.toml", unsafe(extern "C"))`: the macro declares the
    /// getters.
    FileExtern,
    /// `declare_clocks! { … rows … }`, with or without `bindings`.
    Inline { bindings: bool },
}

/// Which file a line number refers to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// The case's TOML table.
    Toml,
    /// The case's module source (`src/tNNNNN.rs`).
    Rs,
}

/// One mistake in a table, and where an error about it may point.
#[derive(Clone, Debug)]
pub struct Defect {
    /// What the mistake is (for failure messages).
    pub what: String,
    pub place: Place,
    /// First and last line (1-based) an error about it may name.
    pub lines: (usize, usize),
    /// The getter the bindings module lacks, for that class of mistake (the compiler,
    /// not the macro, reports it, with a second error naming no place).
    pub missing_getter: bool,
    /// A clock id constant the bindings module (or `libc`) lacks: reported with a
    /// second error naming no place, like a missing getter.
    pub missing_clockid: bool,
    /// A getter naming a constant of the bindings module: the compiler's E0618 comes
    /// with the located const assertion.
    pub not_a_function: bool,
    /// An offset whose constant the bindings module lacks: one located const
    /// assertion, and nothing else.
    pub missing_offset: bool,
    /// The first TOML syntax error (or invalid UTF-8): reported even though it starts
    /// the muted part of the file.
    pub mutes: bool,
}

impl Defect {
    /// A mistake that an error at `place`, `lines`, must report.
    pub fn new(what: impl Into<String>, place: Place, lines: (usize, usize)) -> Defect {
        Defect {
            what: what.into(),
            place,
            lines,
            missing_getter: false,
            missing_clockid: false,
            not_a_function: false,
            missing_offset: false,
            mutes: false,
        }
    }
}

/// A good row: the clock it must declare, with the values the table gives it.
#[derive(Clone, Debug)]
pub struct Good {
    pub name: String,
    pub monotonic: bool,
    /// The expected `ClockSource::ID`.
    pub id: i32,
    pub doc: String,
    /// `Some(-1)` for `"tick"`, else nanoseconds; `None`: not given (1 ns).
    pub resolution: Option<i64>,
    /// Capability traits the clock must implement (`nmi_safe`, `hrtimer`, …).
    pub capabilities: Vec<&'static str>,
    /// The line of the row (in the TOML file or the module source).
    pub line: usize,
}

impl Good {
    /// A row `name` with clock id `id`, without `doc`, `resolution` or capabilities.
    pub fn new(name: &str, monotonic: bool, id: i32, line: usize) -> Good {
        Good {
            name: name.to_owned(),
            monotonic,
            id,
            doc: String::new(),
            resolution: None,
            capabilities: Vec::new(),
            line,
        }
    }
}

/// One generated case.
pub struct Case {
    pub index: usize,
    pub form: Form,
    pub posix: bool,
    /// `tableNNNNN.toml` and its bytes, for the file forms.
    pub table: Option<(String, Vec<u8>)>,
    /// The module's source, `src/tNNNNN.rs`.
    pub source: String,
    /// Rows that must be clocks. After a TOML syntax error (see `muted_from`) rows are
    /// neither good nor checked.
    pub good: Vec<Good>,
    pub defects: Vec<Defect>,
    /// The first line of the first TOML syntax error: rows that end on or after it are
    /// not checked, and any error located from there on is accepted.
    pub muted_from: Option<usize>,
    /// The invocation's tokens cannot be parsed at all (inline form): no row is
    /// checked, and errors within the invocation are accepted.
    pub rs_fatal: Option<(usize, usize)>,
}

impl Case {
    /// The module's name.
    pub fn module(&self) -> String {
        module_name(self.index)
    }

    /// Whether the case must compile without errors.
    pub fn is_good(&self) -> bool {
        self.defects.is_empty()
    }
}

/// `tNNNNN`.
pub fn module_name(index: usize) -> String {
    format!("t{index:05}")
}

/// `tableNNNNN.toml`.
pub fn table_name(index: usize) -> String {
    format!("table{index:05}.toml")
}

/// Getters of `ktime_t getter(void)` shape that the stand-in bindings module has,
/// and that (as `#[no_mangle]` functions) the generated crate defines for the
/// `extern "C"` form. Odd but valid in C and Rust alike.
pub const KTIME_GETTERS: &[&str] = &[
    "hostile_get_0",
    "hostile_get_1",
    "hostile_get_2",
    "hostile_get_3",
    "hostile_get_4",
    "hostile_get_5",
    "hostile_get_6",
    "hostile_get_7",
    "ktime_get",
    "ktime_get_real",
    "ktime_get_boottime",
    "ktime_get_clocktai",
    "ktime_get_raw",
    "ktime_get_coarse",
    "macro_rules",
    "raw",
    "safe",
    "union_",
    "Option",
    "Some",
    "None",
    "Ok",
    "Err",
    "Ktime",
    "CLOCKS",
    "for_each_clock",
    "__typed_clocks",
    "__private",
    "bindings",
    "core",
    "std",
    "libc",
    "typed_clocks",
    "assert",
    "u64",
    "i64",
    "_x",
    "__",
    "_0",
    "a",
    "Z9",
    "_Bool_",
    "Bool",
    "Atomic",
    "int_",
];

/// Getters of `u64 getter(void)` shape (`returns = "u64"`).
pub const U64_GETTERS: &[&str] = &[
    "hostile_ns_0",
    "hostile_ns_1",
    "hostile_ns_2",
    "hostile_ns_3",
    "nanos",
    "ktime_get_mono_fast_ns",
    "ktime_get_raw_fast_ns",
    "ktime_get_boot_fast_ns",
    "ktime_get_tai_fast_ns",
    "ktime_get_real_fast_ns",
    "ktime_get_ns",
    "ktime_get_real_ns",
];

/// The clock ids `clock_gettime` reads monotonically: the ids a monotonic row may have
/// with the posix backend (the `monotonic` capability's rule).
use capabilities::MONOTONIC_IDS;

/// The clock ids `clock_gettime` reads on every running Linux: the ids any row may have
/// with the posix backend.
use capabilities::POSIX_READABLE_IDS;

/// Values of a capability key that are not booleans, as TOML and as an inline value
/// (`None`: none inline).
const NOT_FLAGS: &[(&str, Option<&str>)] = &[
    ("\"yes\"", Some("yes")),
    ("1", Some("1")),
    ("{}", None),
    ("2024-01-01", None),
];

/// Clock-id constants of the stand-in bindings module, with their values.
pub const BINDINGS_CLOCKIDS: &[(&str, i32)] = &[
    ("CLOCK_REALTIME", 0),
    ("CLOCK_MONOTONIC", 1),
    ("CLOCK_MONOTONIC_RAW", 4),
    ("CLOCK_REALTIME_COARSE", 5),
    ("CLOCK_MONOTONIC_COARSE", 6),
    ("CLOCK_BOOTTIME", 7),
    ("CLOCK_TAI", 11),
    ("HOSTILE_CLOCK", 99),
    ("__clk", -7),
    ("_1", 3),
    ("Result", 21),
    ("i32", 22),
    ("macro_rules_", 23),
];

/// `enum tk_offsets` members of the stand-in bindings (as `tk_offsets_<member>`).
pub const OFFSETS: &[&str] = &["TK_OFFS_REAL", "TK_OFFS_BOOT"];

/// Valid clock names that shadow prelude, `core` and runtime items.
const SHADOW_NAMES: &[&str] = &[
    "Option",
    "Some",
    "None",
    "Result",
    "Ok",
    "Sized",
    "Copy",
    "Clone",
    "Send",
    "Sync",
    "Default",
    "Debug",
    "Drop",
    "Fn",
    "Box",
    "String",
    "Vec",
    "Into",
    "From",
    "Iterator",
    "Eq",
    "PartialEq",
    "Ord",
    "Hash",
    "Ktime",
    "ClockId",
    "Deadline",
    "Nanos",
    "Tick",
    "Sealed",
    "SameClockAs",
    "PosixClock",
    "ClockSourceExt",
    "InstantExt",
    "DeltaExt",
    "KtimeMax",
    "PhantomData",
    "T",
    "E",
    "A",
    "Z",
    "X1",
    "ABC",
    "C",
    "D",
    "N",
    "V",
    "Visitor",
];

/// Valid clock names that break the expansion (see `hostile_tables.rs`'s ignored
/// tests): generated only when asked for. None are known.
pub const KNOWN_BUG_NAMES: &[&str] = &[];

/// Names the macro must reject, each with what is wrong.
const BAD_NAMES: &[&str] = &[
    "",
    "monotonic_raw",
    "Mono_Tonic",
    "Mono-Tonic",
    "9Lives",
    "Self",
    "self",
    "_",
    "r#Type",
    "Crème",
    "Ångström",
    "A B",
    "Ａ",
    "Good\u{200d}Clock",
    "GOOD_X",
    "\0",
    "\u{1b}",
    "Mono\nTonic",
    "::Mono",
    "lower",
    "crate",
    "Mono{}",
    // The items of the runtime the expansion declares or names (a clock of that name
    // would clash with it where the runtime is declared, `runtime = self`); the
    // capability traits are added from the macro's data (`bad_names`).
    "CLOCKS",
    "ClockInfo",
    "Resolution",
    "TableClock",
    "ClockVisitor",
    "ConvertsTo",
    "ClockSource",
    "Instant",
    "Delta",
];

/// [`BAD_NAMES`] and the name of each trait of the capability data.
fn bad_names() -> &'static [&'static str] {
    static NAMES: std::sync::OnceLock<Vec<&'static str>> = std::sync::OnceLock::new();
    NAMES.get_or_init(|| {
        let traits = capabilities::capabilities().iter().flat_map(|capability| {
            [
                Some(capability.tr.name),
                capability.narrower.as_ref().map(|n| n.tr.name),
            ]
        });
        BAD_NAMES.iter().copied().chain(traits.flatten()).collect()
    })
}

/// Readers of `include/linux/timekeeping.h` that take arguments, which the macro
/// knows and refuses as getters (a getter is called with none).
const GETTERS_WITH_ARGUMENTS: &[&str] = &[
    "ktime_get_with_offset",
    "ktime_get_coarse_with_offset",
    "ktime_mono_to_any",
    "ktime_mono_to_real",
    "ktime_get_ts64",
    "ktime_get_real_ts64",
    "ktime_get_coarse_clocktai_ts64",
];

/// Getters (and clock-id constants) the macro must reject: the keywords of C23 (and
/// C11's spellings) and of Rust (every edition) that the macro holds
/// (`time-macros/src/validate/keywords.rs`), and these: `_`, raw-identifier
/// spellings, and strings that are not C identifiers.
fn bad_c_names() -> &'static [&'static str] {
    static NAMES: std::sync::OnceLock<Vec<&'static str>> = std::sync::OnceLock::new();
    NAMES.get_or_init(|| [keywords::C_KEYWORDS, keywords::RUST_KEYWORDS, NOT_C_NAMES].concat())
}

const NOT_C_NAMES: &[&str] = &[
    // `_` and raw-identifier spellings.
    "_",
    "r#type",
    "r#fn",
    "r#ktime_get",
    "r#_",
    // Not C identifiers.
    "",
    "9lives",
    "ktime get",
    "ktime-get",
    "ktimé",
    "bindings::ktime_get",
    "k\u{200b}time",
    "ktime_get()",
    "\u{1b}",
    "a\nb",
    "'a",
    "$x",
    "ktime_get;",
];

/// What the generator knows while it builds one table.
struct Builder<'r> {
    rng: &'r mut Rng,
    form: Form,
    posix: bool,
    /// Getters not yet used in this table.
    free_ktime: Vec<&'static str>,
    free_u64: Vec<&'static str>,
    free_offsets: Vec<&'static str>,
    used_getters: Vec<String>,
    /// Getters written in good rows (the first keeps its getter when another row repeats it).
    good_getters: Vec<String>,
    good_names: Vec<String>,
    next_name: usize,
    has_base: bool,
    /// Also generate the inputs of known, unfixed bugs.
    known_bugs: bool,
}

/// A row before rendering.
#[derive(Clone)]
struct Row {
    /// `name` as a TOML value and as the inline ident (`None`: the form cannot write
    /// this name, and the row is not generated for it).
    name: Option<(String, Option<String>)>,
    /// `(key, TOML value, inline value)`; `None` values: not writable in that form.
    entries: Vec<(String, Option<String>, Option<String>)>,
    good: Option<Good>,
    defect: Option<String>,
    /// A TOML syntax error (mutes what follows).
    syntax: bool,
    /// An inline syntax error (the whole invocation fails to parse).
    inline_fatal: bool,
    missing_getter: bool,
    missing_clockid: bool,
    not_a_function: bool,
    missing_offset: bool,
}

impl Row {
    fn new() -> Row {
        Row {
            name: None,
            entries: Vec::new(),
            good: None,
            defect: None,
            syntax: false,
            inline_fatal: false,
            missing_getter: false,
            missing_clockid: false,
            not_a_function: false,
            missing_offset: false,
        }
    }

    fn set(&mut self, key: &str, toml: Option<String>, inline: Option<String>) {
        if let Some(entry) = self.entries.iter_mut().find(|entry| entry.0 == key) {
            entry.1 = toml;
            entry.2 = inline;
        } else {
            self.entries.push((key.to_owned(), toml, inline));
        }
    }

    fn remove(&mut self, key: &str) {
        self.entries.retain(|entry| entry.0 != key);
    }

    fn has(&self, key: &str) -> bool {
        self.entries.iter().any(|entry| entry.0 == key)
    }

    /// Whether the row gives the boolean `key` `true`.
    fn is_true(&self, key: &str) -> bool {
        self.entries
            .iter()
            .any(|entry| entry.0 == key && entry.1.as_deref() == Some("true"))
    }

    fn renderable(&self, form: Form) -> bool {
        match form {
            Form::Inline { .. } => {
                matches!(&self.name, Some((_, Some(_))))
                    && self.entries.iter().all(|entry| entry.2.is_some())
            }
            _ => self.entries.iter().all(|entry| entry.1.is_some()),
        }
    }
}

/// A TOML string value for `text`, in one of TOML's spellings.
fn toml_string(rng: &mut Rng, text: &str) -> String {
    let plain = !text.chars().any(|c| c.is_control() || c == '\'');
    if plain && rng.chance(30) {
        return format!("'{text}'");
    }
    let mut out = String::from("\"");
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' if rng.chance(50) => out.push_str("\\t"),
            '\u{1b}' if rng.chance(70) => out.push_str("\\e"),
            c if (c as u32) < 0x20 || c == '\u{7f}' => {
                if rng.chance(50) {
                    let _ = write!(out, "\\x{:02X}", c as u32);
                } else {
                    let _ = write!(out, "\\u{:04x}", c as u32);
                }
            }
            c if !c.is_ascii() && rng.chance(30) => {
                if (c as u32) > 0xffff || rng.chance(30) {
                    let _ = write!(out, "\\U{:08X}", c as u32);
                } else {
                    let _ = write!(out, "\\u{:04X}", c as u32);
                }
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// A Rust string literal for `text`.
fn rust_string(text: &str) -> String {
    format!("{text:?}")
}

/// A TOML integer for `value`, in one of TOML's spellings.
fn toml_int(rng: &mut Rng, value: i128) -> String {
    match rng.below(8) {
        0 if value >= 0 => format!("0x{value:x}"),
        1 if value >= 0 => format!("0o{value:o}"),
        2 if value >= 0 => format!("0b{value:b}"),
        3 if value >= 0 => format!("+{value}"),
        4 if value.unsigned_abs() >= 1000 => {
            let digits = value.unsigned_abs().to_string();
            let mut grouped = String::new();
            for (i, digit) in digits.chars().enumerate() {
                if i > 0 && (digits.len() - i).is_multiple_of(3) {
                    grouped.push('_');
                }
                grouped.push(digit);
            }
            format!("{}{grouped}", if value < 0 { "-" } else { "" })
        }
        _ => value.to_string(),
    }
}

fn bool_text(value: bool) -> String {
    value.to_string()
}

/// A doc string: empty, plain, unicode, escapes, newlines, very long.
fn doc_text(rng: &mut Rng) -> String {
    match rng.below(12) {
        0 => String::new(),
        1 => "Time since boot.".to_owned(),
        2 => "Zeit seit dem Start — «horloge» 時計 🕰️ \u{202e}RTL\u{202c}".to_owned(),
        3 => "An escape: \u{1b}[31mred\u{1b}[0m, a tab\tand a bell\u{7}.".to_owned(),
        4 => "Two\nlines, \"quoted\" and \\ back-slashed.".to_owned(),
        5 => "Braces {} and {{}} and {0} and `code` and */ and \"# and ```".to_owned(),
        6 => "x".repeat(2_000 + rng.below(18_000)),
        7 => "NUL \0 inside".to_owned(),
        8 => "#[doc = \"injected\"] pub fn f() {}".to_owned(),
        9 => "\u{feff}BOM and \u{200b}zero width".to_owned(),
        _ => format!("Clock {}.", rng.below(1000)),
    }
}

impl Builder<'_> {
    fn inline(&self) -> bool {
        matches!(self.form, Form::Inline { .. })
    }

    fn has_bindings(&self) -> bool {
        matches!(
            self.form,
            Form::FileBindings | Form::Inline { bindings: true }
        )
    }

    fn fresh_name(&mut self, prefix: &str) -> String {
        self.next_name += 1;
        format!("{prefix}{}", self.next_name)
    }

    /// Claims `getter` for one row: false if a row has it already.
    fn claim(&mut self, getter: &str) -> bool {
        if self.used_getters.iter().any(|used| used == getter) {
            return false;
        }
        self.free_ktime.retain(|free| *free != getter);
        self.free_u64.retain(|free| *free != getter);
        self.used_getters.push(getter.to_owned());
        true
    }

    fn take_getter(&mut self, u64_getter: bool) -> Option<&'static str> {
        let pool = if u64_getter {
            &mut self.free_u64
        } else {
            &mut self.free_ktime
        };
        if pool.is_empty() {
            return None;
        }
        let index = self.rng.below(pool.len());
        let getter = pool.swap_remove(index);
        self.used_getters.push(getter.to_owned());
        Some(getter)
    }

    /// A good row, or `None` when the getter pools are exhausted.
    fn good_row(&mut self) -> Option<Row> {
        let mut row = Row::new();
        let name = if self.rng.chance(15) {
            let shadow = if self.known_bugs && !KNOWN_BUG_NAMES.is_empty() && self.rng.chance(20) {
                self.rng.pick(KNOWN_BUG_NAMES).to_string()
            } else {
                self.rng.pick(SHADOW_NAMES).to_string()
            };
            if self.good_names.contains(&shadow) {
                self.fresh_name("Good")
            } else {
                shadow
            }
        } else if self.rng.chance(3) {
            let q = "Q".repeat(1_000 + self.rng.below(4_000));
            self.fresh_name(&format!("Long{q}"))
        } else {
            self.fresh_name("Good")
        };
        row.name = Some((toml_string(self.rng, &name), Some(name.clone())));
        let monotonic = self.rng.chance(50);
        let returns_u64 = self.rng.chance(25);
        // The posix backend does not read the getter: it may be left out.
        let with_getter = !self.posix || self.rng.chance(50);
        let getter = if with_getter {
            Some(self.take_getter(returns_u64)?)
        } else {
            None
        };
        if let Some(getter) = getter {
            let inline = if self.rng.chance(30) {
                rust_string(getter)
            } else {
                getter.to_owned()
            };
            row.set("getter", Some(toml_string(self.rng, getter)), Some(inline));
        }
        row.set(
            "monotonic",
            Some(bool_text(monotonic)),
            Some(bool_text(monotonic)),
        );
        // clockid: required; a constant needs somewhere to look it up. With the posix
        // backend the id decides monotonicity: a monotonic row reads a monotonic one.
        let constants: Vec<(&str, i32)> = if self.posix {
            // The uapi ids, all of which `libc` has (the posix backend names them there).
            clock_ids::CLOCK_IDS
                .iter()
                .filter(|(_, value)| {
                    POSIX_READABLE_IDS.contains(value)
                        && (!monotonic || MONOTONIC_IDS.contains(value))
                })
                .copied()
                .collect()
        } else if self.has_bindings() {
            BINDINGS_CLOCKIDS.to_vec()
        } else {
            Vec::new()
        };
        // A draw that decides nothing now that every row has a clock id, kept so that
        // the tables of a seed stay alike.
        let _ = self.posix || self.rng.chance(60);
        let mut id_known = true;
        let id = if !constants.is_empty() && self.rng.chance(50) {
            let (constant, value) = *self.rng.pick(&constants);
            // A draw that decides nothing, kept so that each seed keeps naming the
            // tables it names (docs/reliability.md quotes a seed).
            let _ = self.rng.chance(20);
            // Inline, a constant is an identifier (a string is the wrong type).
            row.set(
                "clockid",
                Some(toml_string(self.rng, constant)),
                Some(constant.to_owned()),
            );
            // The macro knows the values of the uapi names only.
            id_known = clock_ids::CLOCK_IDS
                .iter()
                .any(|(name, known)| *name == constant && *known == value);
            value
        } else {
            let value = match self.rng.below(6) {
                _ if self.posix && monotonic => *self.rng.pick(MONOTONIC_IDS),
                0 => i32::MIN,
                1 => i32::MAX,
                2 => -1,
                _ => self.rng.below(16) as i32,
            };
            // With the posix backend, an id that `clock_gettime` reads: the value drawn,
            // mapped onto those ids without another draw.
            let value = if self.posix && !POSIX_READABLE_IDS.contains(&value) {
                POSIX_READABLE_IDS[value.unsigned_abs() as usize % POSIX_READABLE_IDS.len()]
            } else {
                value
            };
            row.set(
                "clockid",
                Some(toml_int(self.rng, i128::from(value))),
                Some(if value < 0 && self.rng.chance(50) {
                    format!("- {}", i128::from(value).unsigned_abs())
                } else {
                    value.to_string()
                }),
            );
            value
        };
        let mut good = Good::new(&name, monotonic, id, 0);
        if self.rng.chance(40) {
            good.doc = doc_text(self.rng);
            let toml = if self.rng.chance(20)
                && !good.doc.contains("\"\"\"")
                && !good.doc.chars().any(|c| c.is_control() && c != '\n')
                && !good.doc.contains('\\')
                && !good.doc.starts_with('\n')
            {
                // A multi-line basic string: the row spans the lines it holds.
                format!("\"\"\"\n{}\"\"\"", good.doc)
            } else {
                toml_string(self.rng, &good.doc)
            };
            row.set("doc", Some(toml), Some(rust_string(&good.doc)));
        }
        if returns_u64 {
            let value = if self.rng.chance(30) {
                rust_string("u64")
            } else {
                "u64".to_owned()
            };
            row.set("returns", Some(toml_string(self.rng, "u64")), Some(value));
        } else if self.rng.chance(10) {
            row.set(
                "returns",
                Some(toml_string(self.rng, "ktime_t")),
                Some("ktime_t".to_owned()),
            );
        }
        if self.rng.chance(30) {
            if self.rng.chance(40) {
                good.resolution = Some(-1);
                let inline = if self.rng.chance(50) {
                    "tick".to_owned()
                } else {
                    rust_string("tick")
                };
                row.set(
                    "resolution",
                    Some(toml_string(self.rng, "tick")),
                    Some(inline),
                );
            } else {
                let ns = match self.rng.below(4) {
                    0 => i64::MAX,
                    1 => 1,
                    2 => 4_000_000,
                    _ => 1 + self.rng.below(1_000_000) as i64,
                };
                good.resolution = Some(ns);
                row.set(
                    "resolution",
                    Some(toml_int(self.rng, i128::from(ns))),
                    Some(ns.to_string()),
                );
            }
        }
        // Capabilities (each of the macro's table), only where the row follows their
        // rules; `monotonic` is in every row, above.
        let facts = RowFacts {
            posix: self.posix,
            getter,
            returns_u64,
            id,
            id_known,
        };
        for capability in capabilities::capabilities() {
            let consistent = !capability.required
                && capability
                    .rules
                    .iter()
                    .all(|check| facts.follows(check.rule, &row));
            if !consistent || !self.rng.chance(30) {
                continue;
            }
            if self.posix && !capability.on_posix() {
                // The posix backend ignores it: the clock lacks the trait there.
                row.set(
                    capability.key,
                    Some("true".to_owned()),
                    Some("true".to_owned()),
                );
            } else {
                good.capabilities.push(capability.key);
            }
        }
        for capability in &good.capabilities {
            row.set(capability, Some("true".to_owned()), Some("true".to_owned()));
        }
        if self.rng.chance(10) {
            let capability = self.rng.pick(capabilities::capabilities()).key;
            if !row.has(capability) {
                row.set(
                    capability,
                    Some("false".to_owned()),
                    Some("false".to_owned()),
                );
            }
        }
        // Offsets: conversions through the bindings module (kernel backend), or keys
        // the posix backend ignores.
        if self.has_bindings() && !self.posix && self.rng.chance(30) {
            if !self.has_base && self.rng.chance(50) {
                self.has_base = true;
                row.set(
                    "offset_base",
                    Some("true".to_owned()),
                    Some("true".to_owned()),
                );
            } else if self.has_base && !self.free_offsets.is_empty() {
                let index = self.rng.below(self.free_offsets.len());
                let offset = self.free_offsets.swap_remove(index);
                row.set(
                    "offset",
                    Some(toml_string(self.rng, offset)),
                    Some(rust_string(offset)),
                );
            }
        } else if self.posix && self.rng.chance(10) {
            row.set(
                "offset",
                Some(toml_string(self.rng, "not checked with posix")),
                Some(rust_string("not checked with posix")),
            );
        } else if self.rng.chance(5) {
            row.set(
                "offset_base",
                Some("false".to_owned()),
                Some("false".to_owned()),
            );
        }
        // Any key order.
        for i in (1..row.entries.len()).rev() {
            let j = self.rng.below(i + 1);
            row.entries.swap(i, j);
        }
        self.good_names.push(name);
        if let Some(getter) = getter {
            self.good_getters.push(getter.to_owned());
        }
        row.good = Some(good);
        Some(row)
    }

    /// A row whose mistake only the compiler can see, reported at the row by the
    /// expansion's stand-ins and assertions: a clock id constant, offset or getter that
    /// the bindings module (or `libc`) lacks, or a getter naming a constant.
    fn compiler_checked_row(&mut self, mut row: Row) -> Option<Row> {
        // Inline, the compiler reports these at the row's own tokens.
        if self.inline() {
            return None;
        }
        let what = if self.rng.chance(50) && !self.posix && self.has_bindings() {
            // A constant the bindings module lacks.
            row.set(
                "clockid",
                Some("\"CLOCK_ABSENT\"".to_owned()),
                Some("CLOCK_ABSENT".to_owned()),
            );
            row.remove("hrtimer");
            row.missing_clockid = true;
            "clockid constant absent from the bindings module"
        } else if self.posix {
            row.set(
                "clockid",
                Some("\"CLOCK_ABSENT\"".to_owned()),
                Some("CLOCK_ABSENT".to_owned()),
            );
            row.remove("hrtimer");
            row.missing_clockid = true;
            "clockid constant absent from libc"
        } else if self.has_bindings() && row.has("getter") && self.claim("CLOCK_MONOTONIC") {
            // A getter naming a bindings item that is not a function.
            row.set(
                "getter",
                Some("\"CLOCK_MONOTONIC\"".to_owned()),
                Some("CLOCK_MONOTONIC".to_owned()),
            );
            row.remove("nmi_safe");
            row.not_a_function = true;
            "getter naming a constant of the bindings module"
        } else if self.has_bindings() && self.has_base && self.rng.chance(50) {
            // An offset of the kernel's that the stand-in bindings lack.
            row.set(
                "offset",
                Some("\"TK_OFFS_TAI\"".to_owned()),
                Some("TK_OFFS_TAI".to_owned()),
            );
            row.remove("offset_base");
            row.missing_offset = true;
            "offset constant absent from the bindings module"
        } else {
            return None;
        };
        row.defect = Some(what.to_owned());
        Some(row)
    }

    /// A row with one mistake, or `None` when the chosen mistake does not apply.
    fn bad_row(&mut self) -> Option<Row> {
        // Start from a good row and break it.
        let saved = (
            self.good_names.len(),
            self.good_getters.len(),
            self.has_base,
            self.free_offsets.clone(),
        );
        let mut row = self.good_row()?;
        self.good_names.truncate(saved.0);
        self.good_getters.truncate(saved.1);
        self.has_base = saved.2;
        self.free_offsets = saved.3;
        // Offsets relate rows across the table: a bad row has none unless that is its
        // mistake.
        row.remove("offset");
        row.remove("offset_base");
        row.good = None;
        // A bad row's name is unique (unless the mistake is the name).
        let bad_name = self.fresh_name("Bad");
        row.name = Some((toml_string(self.rng, &bad_name), Some(bad_name.clone())));
        let inline = self.inline();
        if self.rng.chance(10) {
            if let Some(row) = self.compiler_checked_row(row.clone()) {
                return Some(row);
            }
        }
        let what: String = match self.rng.below(27) {
            0 => {
                let name = *self.rng.pick(bad_names());
                let ident = (!name.is_empty()
                    && !name.starts_with(|c: char| c.is_ascii_digit())
                    && (name.starts_with("r#")
                        || !name.contains([
                            '\0', '\u{1b}', '\n', ' ', '-', ':', '{', '#', '\u{200d}',
                        ])))
                .then(|| name.to_owned());
                row.name = Some((toml_string(self.rng, name), ident));
                format!("invalid name {name:?}")
            }
            1 if !inline => {
                row.name = None;
                "no name".to_owned()
            }
            2 if !self.posix => {
                row.remove("getter");
                "no getter".to_owned()
            }
            3 => {
                row.remove("monotonic");
                "no monotonic".to_owned()
            }
            4 => {
                row.remove("clockid");
                "no clockid".to_owned()
            }
            5 => {
                let getter = *self.rng.pick(bad_c_names());
                let ident = (getter
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '_')
                    && !getter.is_empty()
                    && !getter.starts_with(|c: char| c.is_ascii_digit()))
                .then(|| getter.to_owned())
                .or_else(|| {
                    (getter.starts_with("r#") && getter != "r#_").then(|| getter.to_owned())
                });
                let inline = match ident {
                    Some(ident) if self.rng.chance(60) => ident,
                    _ => rust_string(getter),
                };
                row.set("getter", Some(toml_string(self.rng, getter)), Some(inline));
                format!("invalid getter {getter:?}")
            }
            6 => {
                let constant = *self.rng.pick(bad_c_names());
                let ident = (constant
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '_')
                    && !constant.is_empty()
                    && !constant.starts_with(|c: char| c.is_ascii_digit()))
                .then(|| constant.to_owned())
                .or_else(|| {
                    (constant.starts_with("r#") && constant != "r#_").then(|| constant.to_owned())
                })
                .unwrap_or_else(|| rust_string(constant));
                row.set(
                    "clockid",
                    Some(toml_string(self.rng, constant)),
                    Some(ident),
                );
                format!("invalid clockid constant {constant:?}")
            }
            7 => {
                let value: i128 = *self.rng.pick(&[
                    2_147_483_648,
                    -2_147_483_649,
                    i128::from(i64::MAX),
                    i128::from(i64::MIN),
                    4_294_967_296,
                ]);
                row.set(
                    "clockid",
                    Some(toml_int(self.rng, value)),
                    Some(value.to_string()),
                );
                format!("clockid {value} out of range")
            }
            8 => {
                let digits = "9".repeat(20 + self.rng.below(40));
                row.set("clockid", Some(digits.clone()), Some(digits.clone()));
                // toml-span reads TOML's integers as `i64`, as TOML defines them: beyond
                // that, a TOML file is invalid (which mutes what follows); inline rows
                // are Rust literals, out of range.
                row.syntax = !inline;
                "clockid beyond i64".to_owned()
            }
            9 => {
                let mut wrong: Vec<(&str, &str, Option<&str>)> = vec![
                    ("name", "5", None),
                    ("getter", "true", Some("5")),
                    ("monotonic", "\"yes\"", Some("1")),
                    ("monotonic", "1", Some("\"true\"")),
                    ("clockid", "1.5", Some("1.5")),
                    ("clockid", "[1]", None),
                    ("clockid", "true", Some("true")),
                    ("doc", "3", Some("three")),
                    ("offset", "1", Some("1")),
                    ("returns", "64", Some("64")),
                    ("resolution", "true", Some("true")),
                    ("resolution", "1.5", Some("1.5")),
                    ("resolution", "{ ns = 1 }", None),
                ];
                // Every optional capability of the data, with a value that is no boolean.
                let optional = capabilities::capabilities().iter().filter(|c| !c.required);
                wrong.extend(optional.zip(NOT_FLAGS.iter().cycle()).map(
                    |(capability, (toml, inline_value))| (capability.key, *toml, *inline_value),
                ));
                wrong.extend([
                    ("offset_base", "\"true\"", Some("\"true\"")),
                    ("monotonic", "nan", None),
                    ("clockid", "inf", None),
                    ("resolution", "1979-05-27T07:32:00Z", None),
                ]);
                let (key, toml, inline_value) = *self.rng.pick(&wrong);
                if key == "name" {
                    if inline {
                        return None;
                    }
                    row.name = Some((toml.to_owned(), None));
                } else {
                    row.set(key, Some(toml.to_owned()), inline_value.map(str::to_owned));
                }
                // toml-span reads no date-times: in a file they are invalid TOML.
                row.syntax =
                    !inline && toml.starts_with(|c: char| c.is_ascii_digit()) && toml.contains('-');
                format!("{key} of the wrong type: {toml}")
            }
            10 => {
                let key = *self.rng.pick(&[
                    "gettr",
                    "Name",
                    "clock_id",
                    "nmi-safe",
                    "kernel_services",
                    "returns_",
                    "\"nàme\"",
                    "\"\"",
                    "\"ke y\"",
                    "resolutoin",
                    "hr_timer",
                    "monotonic_raw",
                ]);
                let long_key;
                let key = if self.rng.chance(5) {
                    long_key = format!("k{}", "e".repeat(5_000));
                    long_key.as_str()
                } else {
                    key
                };
                let inline_key = key
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '_')
                    .then(|| key.to_owned());
                if inline && inline_key.is_none() {
                    return None;
                }
                row.entries.push((
                    key.to_owned(),
                    Some("true".to_owned()),
                    Some("true".to_owned()),
                ));
                format!("unknown key {key}")
            }
            11 => {
                // A duplicate name: the first row keeps its clock.
                let first = self.good_names.last()?.clone();
                let toml = toml_string(self.rng, &first);
                row.name = Some((toml, Some(first.clone())));
                format!("duplicate name {first}")
            }
            12 => {
                let first = self.good_getters.first()?.clone();
                if !row.has("getter") {
                    return None;
                }
                row.set(
                    "getter",
                    Some(toml_string(self.rng, &first)),
                    Some(first.clone()),
                );
                format!("duplicate getter {first}")
            }
            13 => {
                let value = *self
                    .rng
                    .pick(&["i64", "ktime", "u32", "", "U64", "u64 ", "ktime_t*"]);
                row.set(
                    "returns",
                    Some(toml_string(self.rng, value)),
                    Some(rust_string(value)),
                );
                format!("returns {value:?}")
            }
            14 => {
                let (toml, inline) = *self.rng.pick(&[
                    ("0", "0"),
                    ("-1", "-1"),
                    ("-9223372036854775808", "-9223372036854775808"),
                    ("9223372036854775808", "9223372036854775808"),
                    ("\"Tick\"", "Tick"),
                    ("\"\"", "\"\""),
                    ("\"1ns\"", "\"1ns\""),
                    ("\"jiffy\"", "jiffy"),
                ]);
                row.set("resolution", Some(toml.to_owned()), Some(inline.to_owned()));
                // Beyond `i64`, a TOML file is invalid (toml-span reads TOML's `i64`s).
                row.syntax = !self.inline() && toml == "9223372036854775808";
                format!("resolution {toml}")
            }
            // A capability's rule, broken.
            15..=17 => self.break_rule(&mut row)?,
            18 => {
                row.set(
                    "offset",
                    Some("\"TK_OFFS_BOOT\"".to_owned()),
                    Some("TK_OFFS_BOOT".to_owned()),
                );
                row.set(
                    "offset_base",
                    Some("true".to_owned()),
                    Some("true".to_owned()),
                );
                "offset and offset_base".to_owned()
            }
            19 if !self.posix && !self.has_bindings() => {
                row.set(
                    "offset_base",
                    Some("true".to_owned()),
                    Some("true".to_owned()),
                );
                "offset_base without bindings".to_owned()
            }
            20 if !self.posix && self.has_bindings() => {
                // Not names, and names that are not one of the timekeeper's offsets.
                let offset = *self.rng.pick(&[
                    "1",
                    "TK OFFS",
                    "tk-offs",
                    "é",
                    "",
                    "TK_OFFS_MAX",
                    "_",
                    "fn",
                    "_Bool",
                ]);
                row.set(
                    "offset",
                    Some(toml_string(self.rng, offset)),
                    Some(rust_string(offset)),
                );
                row.remove("offset_base");
                format!("offset {offset:?}")
            }
            21 if !self.posix && !self.has_bindings() => {
                let constant = *self.rng.pick(&["CLOCK_MONOTONIC", "HOSTILE_CLOCK"]);
                row.set(
                    "clockid",
                    Some(toml_string(self.rng, constant)),
                    Some(constant.to_owned()),
                );
                "a clockid constant without bindings".to_owned()
            }
            22 if !inline => {
                // TOML syntax: a duplicate key (mutes what follows).
                let (key, value, _) = row.entries.first()?.clone();
                row.entries.push((key, value, None));
                row.syntax = true;
                "a duplicate key".to_owned()
            }
            23 if !inline => {
                let broken = *self.rng.pick(&[
                    "\"unterminated",
                    "\"bad escape \\q\"",
                    "\"raw control \u{1}\"",
                    "= 5",
                    "\"\\uD800\"",
                    "0x",
                    "1__0",
                    "[1, 2",
                    "{ a = 1",
                    "[1979-05-27T0732:00Z]",
                ]);
                row.set("doc", Some(broken.to_owned()), None);
                row.syntax = true;
                format!("TOML syntax in a value: {broken}")
            }
            24 if inline => {
                let (key, value) = *self.rng.pick(&[
                    ("monotonic", "true true"),
                    ("clockid", "- x"),
                    ("getter", "::ktime_get"),
                    ("doc", "\"a\" \"b\""),
                    ("clockid", "1..2"),
                ]);
                row.set(key, None, Some(value.to_owned()));
                row.inline_fatal = true;
                format!("inline syntax: {key}: {value}")
            }
            25 if self.form == Form::FileBindings
                || self.form == (Form::Inline { bindings: true }) =>
            {
                if self.posix || !row.has("getter") {
                    return None;
                }
                let getter = format!("hostile_absent_{}", self.rng.below(5));
                if !self.claim(&getter) {
                    return None;
                }
                row.set(
                    "getter",
                    Some(toml_string(self.rng, &getter)),
                    Some(getter.clone()),
                );
                row.missing_getter = true;
                format!("getter {getter} absent from the bindings module")
            }
            26 if !self.posix && row.has("getter") => {
                let getter = *self.rng.pick(GETTERS_WITH_ARGUMENTS);
                if !self.claim(getter) {
                    return None;
                }
                row.set(
                    "getter",
                    Some(toml_string(self.rng, getter)),
                    Some(getter.to_owned()),
                );
                row.remove("nmi_safe");
                format!("getter {getter}, which takes arguments")
            }
            _ => return None,
        };
        row.defect = Some(what);
        Some(row)
    }

    /// Breaks one rule of a capability the backend checks in `row` (a good row), with
    /// the capability's key `true`; what it did, or `None` when the row cannot break it.
    fn break_rule(&mut self, row: &mut Row) -> Option<String> {
        let posix = self.posix;
        let rules: Vec<(&'static str, capabilities::Rule)> = capabilities::capabilities()
            .iter()
            .filter(|capability| !posix || capability.on_posix())
            .flat_map(|capability| {
                capability
                    .rules
                    .iter()
                    .map(move |check| (capability.key, check.rule))
            })
            .filter(|(_, rule)| posix || !matches!(rule, capabilities::Rule::PosixIdIn(_)))
            .collect();
        if rules.is_empty() {
            return None;
        }
        let (key, rule) = *self.rng.pick(&rules);
        row.set(key, Some("true".to_owned()), Some("true".to_owned()));
        let broken = match rule {
            capabilities::Rule::IdIn(ids) | capabilities::Rule::PosixIdIn(ids) => {
                // An id the backend reads (else that is a second mistake).
                let candidates: Vec<i32> = (-1..16)
                    .filter(|id| !ids.contains(id) && (!posix || POSIX_READABLE_IDS.contains(id)))
                    .collect();
                if candidates.is_empty() {
                    return None;
                }
                let id = *self.rng.pick(&candidates);
                row.set("clockid", Some(id.to_string()), Some(id.to_string()));
                format!("clock id {id}, not one of {ids:?}")
            }
            capabilities::Rule::ConflictsWith(other) => {
                row.set(other, Some("true".to_owned()), Some("true".to_owned()));
                format!("and {other}")
            }
            capabilities::Rule::GetterNotIn(getters) => {
                if !row.has("getter") {
                    return None;
                }
                // One the bindings module declares.
                let declared: Vec<&str> = getters
                    .iter()
                    .copied()
                    .filter(|getter| KTIME_GETTERS.contains(getter) || U64_GETTERS.contains(getter))
                    .collect();
                if declared.is_empty() {
                    return None;
                }
                let getter = *self.rng.pick(&declared);
                if !self.claim(getter) {
                    return None;
                }
                row.set(
                    "getter",
                    Some(toml_string(self.rng, getter)),
                    Some(getter.to_owned()),
                );
                format!("on the getter {getter}")
            }
            capabilities::Rule::Requires(other, value) => {
                row.remove(other);
                format!("without {other} = {value}")
            }
        };
        Some(format!("{key}'s rule: {broken}"))
    }
}

/// What a capability's rules look at in a good row being built.
struct RowFacts<'a> {
    /// Whether the table has the posix backend.
    posix: bool,
    /// The getter, if the row has one.
    getter: Option<&'a str>,
    /// Whether the row gives `returns = "u64"`.
    returns_u64: bool,
    /// The clock id's value.
    id: i32,
    /// Whether the macro knows that value (a number or a uapi name, not a constant of
    /// the bindings module).
    id_known: bool,
}

impl RowFacts<'_> {
    /// Whether the row follows `rule` (as the macro reads it: `time-macros/src/capability.rs`).
    fn follows(&self, rule: capabilities::Rule, row: &Row) -> bool {
        match rule {
            capabilities::Rule::IdIn(ids) => self.id_known && ids.contains(&self.id),
            capabilities::Rule::PosixIdIn(ids) => {
                !self.posix || !self.id_known || ids.contains(&self.id)
            }
            capabilities::Rule::ConflictsWith(key) => !row.is_true(key),
            capabilities::Rule::GetterNotIn(getters) => {
                !self.getter.is_some_and(|getter| getters.contains(&getter))
            }
            capabilities::Rule::Requires(key, value) => match key {
                "returns" => (value == "u64") == self.returns_u64,
                // A key the generator does not draw: never given.
                _ => false,
            },
        }
    }
}

/// Generates case `index` from `rng`; with `known_bugs`, also from the inputs of
/// known, unfixed bugs.
pub fn generate(rng: &mut Rng, index: usize, known_bugs: bool) -> Case {
    loop {
        if let Some(case) = try_generate(rng, index, known_bugs) {
            return case;
        }
    }
}

fn try_generate(rng: &mut Rng, index: usize, known_bugs: bool) -> Option<Case> {
    let form = match rng.below(3) {
        0 => Form::FileBindings,
        1 => Form::FileExtern,
        _ => Form::Inline {
            bindings: rng.chance(50),
        },
    };
    let posix =
        form != Form::FileBindings && form != (Form::Inline { bindings: true }) && rng.chance(30);
    let mut builder = Builder {
        rng,
        form,
        posix,
        free_ktime: KTIME_GETTERS.to_vec(),
        free_u64: U64_GETTERS.to_vec(),
        free_offsets: OFFSETS.to_vec(),
        used_getters: Vec::new(),
        good_getters: Vec::new(),
        good_names: Vec::new(),
        next_name: 0,
        has_base: false,
        known_bugs,
    };
    // Mostly one or two mistakes; some tables have none.
    let row_count = 1 + builder.rng.below(7);
    let bad_percent = *builder.rng.pick(&[0, 10, 20, 35, 60]);
    let mut rows = Vec::new();
    for _ in 0..row_count {
        let row = if builder.rng.chance(bad_percent) {
            builder.bad_row()
        } else {
            builder.good_row()
        };
        if let Some(row) = row {
            if row.renderable(form) {
                rows.push(row);
            }
        }
    }
    match form {
        Form::Inline { bindings } => Some(render_inline(index, bindings, posix, rows, builder.rng)),
        _ => render_file(index, form, posix, rows, builder.rng),
    }
}

/// The module source around an invocation: the invocation in `mod table`, the uses
/// of the good rows beside it, through a glob import (rustc does not report unresolved
/// paths into a module whose macro expansion failed, so the uses must not name the
/// module in their paths).
fn module_source(invocation: &[String], good: &[Good], posix: bool) -> String {
    let mut source =
        String::from("#[allow(unused_imports)]\nuse self::table::*;\n\npub mod table {\n");
    for line in invocation {
        source.push_str(line);
        source.push('\n');
    }
    source.push_str("}\n");
    if !good.is_empty() {
        source.push_str("\npub fn visit(visitor: &mut impl ::typed_clocks::ClockVisitor) {\n    for_each_clock(visitor);\n}\n");
    }
    for (i, good) in good.iter().enumerate() {
        let name = &good.name;
        let _ = write!(
            source,
            "\npub fn use_{i}() -> ::typed_clocks::Ktime {{\n    let now = ::typed_clocks::Instant::<{name}>::now();\n    let _: &'static ::core::primitive::str = <{name} as ::typed_clocks::ext::ClockSourceExt>::NAME;\n"
        );
        if good.monotonic {
            source.push_str("    let _ = now.elapsed();\n    crate::monotonic::<");
            source.push_str(name);
            source.push_str(">();\n");
        }
        for capability in &good.capabilities {
            let _ = writeln!(source, "    crate::{capability}::<{name}>();");
            // The narrower trait, where the row's clock id allows it.
            let narrower = capabilities::capabilities()
                .iter()
                .find(|c| c.key == *capability)
                .and_then(|c| c.narrower.as_ref());
            if narrower.is_some_and(|narrower| !narrower.except_ids.contains(&good.id)) {
                let _ = writeln!(source, "    crate::{capability}_narrower::<{name}>();");
            }
        }
        if posix {
            let _ = writeln!(source, "    crate::posix::<{name}>();");
        }
        source.push_str("    ::typed_clocks::ext::InstantExt::to_ktime(now)\n}\n");
        let id = good.id;
        let resolution = good.resolution.unwrap_or(1);
        let _ = write!(
            source,
            "const _: () = ::core::assert!(crate::declared(&CLOCKS, {name:?}, {}, {id}, {}));\n\
             const _: () = ::core::assert!(crate::source::<{name}>({name:?}, {}, {resolution}));\n",
            good.monotonic,
            rust_string(&good.doc),
            good.monotonic,
        );
    }
    source
}

fn render_inline(index: usize, bindings: bool, posix: bool, rows: Vec<Row>, rng: &mut Rng) -> Case {
    // Line 1..5 of the module are the header of `module_source`.
    let first_line = 5;
    let mut invocation = vec!["    ::typed_clocks::declare_clocks! {".to_owned()];
    let mut defects = Vec::new();
    let option_line = |invocation: &Vec<String>| first_line + invocation.len();
    if bindings {
        invocation.push("        unsafe(bindings = crate::bindings);".to_owned());
    } else if !posix {
        invocation.push("        unsafe(extern \"C\");".to_owned());
    }
    if posix {
        invocation.push("        backend = posix;".to_owned());
    } else if rng.chance(10) {
        invocation.push("        backend = kernel;".to_owned());
    }
    if rng.chance(10) {
        let (option, what) = match rng.below(3) {
            0 => (
                *rng.pick(&["kernel_services = true;", "kernel_services = false;"]),
                "kernel_services, an option of no invocation",
            ),
            1 => ("colour = blue;", "unknown option"),
            _ => ("backend = kernel; backend = posix;", "backend given twice"),
        };
        let line = option_line(&invocation);
        invocation.push(format!("        {option}"));
        defects.push(Defect::new(what, Place::Rs, (line, line)));
    }
    let mut good = Vec::new();
    let mut fatal = false;
    let mut rows_written = 0;
    for row in rows {
        let line = option_line(&invocation);
        let Some((_, Some(name))) = &row.name else {
            continue;
        };
        let mut text = format!("        {name} {{ ");
        for (key, _, value) in &row.entries {
            let _ = write!(text, "{key}: {}, ", value.as_deref().unwrap_or(""));
        }
        text.push_str("},");
        invocation.push(text);
        rows_written += 1;
        if let Some(what) = row.defect {
            let mut defect = Defect::new(what, Place::Rs, (line, line));
            defect.missing_getter = row.missing_getter;
            defect.missing_clockid = row.missing_clockid;
            defect.not_a_function = row.not_a_function;
            defect.missing_offset = row.missing_offset;
            // The first row that cannot be parsed ends the invocation: only its error
            // (and those about the options before it) is reported.
            defect.mutes = row.inline_fatal && !fatal;
            defects.push(defect);
        } else if let Some(mut row_good) = row.good {
            row_good.line = line;
            good.push(row_good);
        }
        fatal |= row.inline_fatal;
    }
    if rows_written == 0 {
        // No rows at all: an empty inline table is an error at the invocation.
        defects.push(Defect::new(
            "an empty inline table",
            Place::Rs,
            (first_line, first_line + invocation.len()),
        ));
    }
    invocation.push("    }".to_owned());
    let rs_fatal = fatal.then(|| (first_line, first_line + invocation.len()));
    if fatal {
        good.clear();
    }
    let source = module_source(&invocation, &good, posix);
    Case {
        index,
        form: Form::Inline { bindings },
        posix,
        table: None,
        source,
        good,
        defects,
        muted_from: None,
        rs_fatal,
    }
}

fn render_file(
    index: usize,
    form: Form,
    posix: bool,
    rows: Vec<Row>,
    rng: &mut Rng,
) -> Option<Case> {
    let mut lines: Vec<String> = Vec::new();
    let mut defects = Vec::new();
    let mut good = Vec::new();
    let mut muted_from: Option<usize> = None;
    let bindings = form == Form::FileBindings;
    if rng.chance(2) {
        return Some(toml_rules_case(index, form, posix, rng));
    }
    if rng.chance(20) {
        lines.push("# A hostile clock table.".to_owned());
    }
    // Table-level keys and mistakes before the first row.
    if rng.chance(15) {
        let line = lines.len() + 1;
        // `kernel_services` (an unknown key with a help of its own) in half of them.
        let key = if rng.chance(50) {
            *rng.pick(&[
                "kernel_services = true",
                "kernel_services = false",
                "kernel_services = \"yes\"",
                "kernel_services = [true]",
            ])
        } else {
            *rng.pick(&[
                "clocks = []",
                "colour = \"blue\"",
                "\"\" = 1",
                "Clock = 3",
                "nmi_safe = true",
            ])
        };
        lines.push(key.to_owned());
        defects.push(Defect::new(
            "unknown top-level key",
            Place::Toml,
            (line, line),
        ));
    }
    // One table in ten is an array of inline tables, one row per line (toml-span
    // allows the trailing comma).
    let inline_tables = rng.chance(10) && rows.iter().all(|row| !row.syntax);
    if inline_tables && !rows.is_empty() {
        lines.push("clock = [".to_owned());
    }
    let deep_at = (rng.chance(8)).then(|| rng.below(rows.len() + 1));
    let rows_len = rows.len();
    let mut multi_line = false;
    for (position, row) in rows.into_iter().enumerate() {
        if deep_at == Some(position) && !inline_tables {
            push_deep_header(&mut lines, &mut defects, &mut muted_from);
        }
        if inline_tables {
            let mut text = String::from("  { ");
            if let Some((name, _)) = &row.name {
                let _ = write!(text, "name = {name}, ");
            }
            for (key, value, _) in &row.entries {
                let value = value.as_deref().unwrap_or("");
                if value.contains('\n') {
                    return None;
                }
                let _ = write!(text, "{key} = {value}, ");
            }
            text.push_str("},");
            lines.push(text);
        } else {
            if rng.chance(30) {
                lines.push(String::new());
            }
            lines.push(
                rng.pick(&[
                    "[[clock]]",
                    "[[clock]]",
                    "[[ clock ]]",
                    "[[\"clock\"]]",
                    "[[clock]] # a row",
                ])
                .to_string(),
            );
        }
        let start = lines.len();
        if !inline_tables {
            let mut entries: Vec<String> = Vec::new();
            if let Some((name, _)) = &row.name {
                entries.push(format!("name = {name}"));
            }
            for (key, value, _) in &row.entries {
                let quoted =
                    rng.chance(5) && key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
                let key = if quoted {
                    format!("\"{key}\"")
                } else {
                    key.clone()
                };
                entries.push(format!("{key} = {}", value.as_deref().unwrap_or("")));
            }
            let rotate = rng.below(entries.len().max(1));
            entries.rotate_left(rotate);
            for entry in entries {
                multi_line |= entry.contains('\n');
                for line in entry.split('\n') {
                    lines.push(line.to_owned());
                }
                if rng.chance(5) {
                    lines.push("# a comment, ünïcödé".to_owned());
                }
            }
        }
        let end = lines.len();
        let muted = muted_from.is_some_and(|from| end >= from);
        let mutes = row.syntax && muted_from.is_none();
        if mutes {
            muted_from = Some(start);
        }
        if let Some(what) = row.defect {
            // A value that opens a bracket swallows what follows: its error may be later.
            let open = row.syntax
                && row.entries.iter().any(|(_, value, _)| {
                    value
                        .as_deref()
                        .is_some_and(|v| v.starts_with('[') || v.starts_with('{'))
                });
            let mut defect = Defect::new(
                what,
                Place::Toml,
                (start, if open { usize::MAX } else { end }),
            );
            defect.missing_getter = row.missing_getter;
            defect.missing_clockid = row.missing_clockid;
            defect.not_a_function = row.not_a_function;
            defect.missing_offset = row.missing_offset;
            defect.mutes = mutes;
            defects.push(defect);
        } else if let (Some(mut row_good), false) = (row.good, muted) {
            row_good.line = start;
            good.push(row_good);
        }
    }
    if deep_at == Some(rows_len) && !inline_tables {
        push_deep_header(&mut lines, &mut defects, &mut muted_from);
    }
    if inline_tables && rows_len > 0 {
        lines.push("]".to_owned());
    }
    // (After a TOML error, which hides whatever follows it, an empty table is not an
    // error of its own.)
    if rows_len == 0 && muted_from.is_none() {
        defects.push(Defect::new("a table without rows", Place::Toml, (1, 1)));
    }
    // Multi-line strings keep their line ends: CRLF would change the docs.
    let crlf = !multi_line && rng.chance(10);
    let mut text = lines.join(if crlf { "\r\n" } else { "\n" });
    text.push_str(if crlf { "\r\n" } else { "\n" });
    let mut bytes = text.into_bytes();
    // Invalid UTF-8: one error at the byte's line, and no rows at all.
    if rng.chance(2) && !bytes.is_empty() {
        let at = rng.below(bytes.len());
        let line = bytes[..at].iter().filter(|&&b| b == b'\n').count() + 1;
        let at = bytes[..at]
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |p| p + 1);
        bytes.insert(at, 0xff);
        // Nothing else in the file is read.
        for defect in &mut defects {
            defect.mutes = false;
        }
        let mut defect = Defect::new("invalid UTF-8", Place::Toml, (line, line));
        defect.mutes = true;
        defects.push(defect);
        muted_from = Some(1);
        good.clear();
    }
    let name = table_name(index);
    let mut invocation = vec![
        "    ::typed_clocks::declare_clocks!(".to_owned(),
        format!("        {name:?},"),
    ];
    if bindings {
        invocation.push("        unsafe(bindings = crate::bindings),".to_owned());
    } else if !posix {
        invocation.push("        unsafe(extern \"C\"),".to_owned());
    }
    if posix {
        invocation.push("        backend = posix,".to_owned());
    }
    if rng.chance(5) {
        let line = 5 + invocation.len();
        let (option, what) = match (bindings, rng.below(3)) {
            (true, 0) => (
                "unsafe(bindings = crate::bindings),",
                "bindings given twice",
            ),
            (_, 1) => ("backend = kernel, backend = kernel,", "backend given twice"),
            _ => ("colour = blue,", "unknown option"),
        };
        // With posix, `backend = kernel` twice would report at the first repeat only.
        if !(posix && what == "backend given twice") {
            invocation.push(format!("        {option}"));
            defects.push(Defect::new(what, Place::Rs, (line, line)));
        }
    }
    invocation.push("    );".to_owned());
    let source = module_source(&invocation, &good, posix);
    Some(Case {
        index,
        form,
        posix,
        table: Some((name, bytes)),
        source,
        good,
        defects,
        muted_from,
        rs_fatal: None,
    })
}

/// A case from a hand-written table file (`form`: `FileBindings` or `FileExtern`).
/// A table whose mistake lies where TOML's rules and the schema meet: `[clock]` with a
/// sub-table (valid TOML, a schema error), or, after `[clock.sub]` and `clock = [ … ]`
/// in it, a dotted key `clock.name` at the top level (invalid TOML, which toml-span
/// reports at its line).
fn toml_rules_case(index: usize, form: Form, posix: bool, rng: &mut Rng) -> Case {
    let single = || Defect::new("`clock` is a single table", Place::Toml, (1, 1));
    if rng.chance(50) {
        let sub = if rng.chance(50) { "sub" } else { "name" };
        let toml = format!(
            "[clock]\n{}[clock.{sub}]\n",
            if sub == "sub" {
                "name = \"Single\"\n"
            } else {
                "\n"
            }
        );
        return case_from_toml(
            index,
            form,
            posix,
            &toml,
            Vec::new(),
            vec![
                single(),
                Defect::new("a sub-table of `clock`", Place::Toml, (3, 3)),
            ],
        );
    }
    let mut dotted = Defect::new("a dotted key extending an array", Place::Toml, (4, 4));
    dotted.mutes = true;
    let mut case = case_from_toml(
        index,
        form,
        posix,
        "[clock.sub]\nclock = [ 1 ]\n\nclock.name = \"A\"\n",
        Vec::new(),
        vec![single(), dotted],
    );
    case.muted_from = Some(4);
    case
}

pub fn case_from_toml(
    index: usize,
    form: Form,
    posix: bool,
    toml: &str,
    good: Vec<Good>,
    defects: Vec<Defect>,
) -> Case {
    let name = table_name(index);
    let mut invocation = vec![
        "    ::typed_clocks::declare_clocks!(".to_owned(),
        format!("        {name:?},"),
    ];
    if form == Form::FileBindings {
        invocation.push("        unsafe(bindings = crate::bindings),".to_owned());
    } else if !posix {
        invocation.push("        unsafe(extern \"C\"),".to_owned());
    }
    if posix {
        invocation.push("        backend = posix,".to_owned());
    }
    invocation.push("    );".to_owned());
    Case {
        index,
        form,
        posix,
        table: Some((name, toml.as_bytes().to_vec())),
        source: module_source(&invocation, &good, posix),
        good,
        defects,
        muted_from: None,
        rs_fatal: None,
    }
}

/// A case from hand-written inline rows, one per line after `options` (each a
/// line such as `unsafe(bindings = crate::bindings);`).
pub fn case_from_inline(
    index: usize,
    options: &[&str],
    rows: &[&str],
    good: Vec<Good>,
    defects: Vec<Defect>,
) -> Case {
    let mut invocation = vec!["    ::typed_clocks::declare_clocks! {".to_owned()];
    invocation.extend(options.iter().map(|option| format!("        {option}")));
    invocation.extend(rows.iter().map(|row| format!("        {row},")));
    invocation.push("    }".to_owned());
    let posix = options.iter().any(|option| option.contains("posix"));
    Case {
        index,
        form: Form::Inline {
            bindings: options.iter().any(|option| option.contains("bindings")),
        },
        posix,
        table: None,
        source: module_source(&invocation, &good, posix),
        good,
        defects,
        muted_from: None,
        rs_fatal: None,
    }
}

/// The line of inline row `row` (0-based) after `options` options in a module
/// written by [`case_from_inline`].
pub fn inline_row_line(options: usize, row: usize) -> usize {
    6 + options + row
}

/// `[a.a.a.….b]` 200 levels deep, past the TOML parser's recursion limit: a syntax
/// error at its line that mutes what follows.
fn push_deep_header(
    lines: &mut Vec<String>,
    defects: &mut Vec<Defect>,
    muted_from: &mut Option<usize>,
) {
    let line = lines.len() + 1;
    lines.push(format!("[{}b]", "a.".repeat(200)));
    lines.push("x = 1".to_owned());
    let mut defect = Defect::new("a 200-level nested header", Place::Toml, (line, line));
    if muted_from.is_none() {
        *muted_from = Some(line);
        defect.mutes = true;
    }
    defects.push(defect);
}

/// The crate root of a generated crate: the stand-in bindings module, the `extern "C"`
/// getters, the helpers the modules' checks call, and the modules.
pub fn crate_root(cases: &[Case]) -> String {
    let mut root = String::from(
        "//! Generated by clock-tests' hostile_tables.rs.\n\
         #![allow(non_snake_case, non_upper_case_globals, non_camel_case_types, dead_code, unused_imports, clashing_extern_declarations, unused_qualifications)]\n\n\
         /// Stand-in for bindgen output.\n\
         pub mod bindings {\n    pub type ktime_t = i64;\n    pub type tk_offsets = ::core::ffi::c_uint;\n",
    );
    for (constant, value) in BINDINGS_CLOCKIDS {
        let _ = writeln!(root, "    pub const {constant}: i32 = {value};");
    }
    for (i, offset) in OFFSETS.iter().enumerate() {
        let _ = writeln!(root, "    pub const tk_offsets_{offset}: tk_offsets = {i};");
    }
    root.push_str("    pub unsafe fn ktime_mono_to_any(ktime: ktime_t, _offset: tk_offsets) -> ktime_t { ktime }\n");
    for getter in KTIME_GETTERS {
        let _ = writeln!(root, "    pub unsafe fn {getter}() -> ktime_t {{ 1 }}");
    }
    for getter in U64_GETTERS {
        let _ = writeln!(root, "    pub unsafe fn {getter}() -> u64 {{ 2 }}");
    }
    root.push_str("}\n\n/// Definitions of the getters the `extern \"C\"` form declares.\npub mod externs {\n");
    for getter in KTIME_GETTERS {
        let _ = writeln!(
            root,
            "    #[unsafe(no_mangle)]\n    pub extern \"C\" fn {getter}() -> i64 {{ 1 }}"
        );
    }
    for getter in U64_GETTERS {
        let _ = writeln!(
            root,
            "    #[unsafe(no_mangle)]\n    pub extern \"C\" fn {getter}() -> u64 {{ 2 }}"
        );
    }
    root.push_str(
        "}\n\n\
         const fn same(a: &str, b: &str) -> bool {\n\
         \x20   let (a, b) = (a.as_bytes(), b.as_bytes());\n\
         \x20   if a.len() != b.len() { return false; }\n\
         \x20   let mut i = 0;\n\
         \x20   while i < a.len() { if a[i] != b[i] { return false; } i += 1; }\n\
         \x20   true\n\
         }\n\n\
         /// Whether `clocks` lists `name` with these values.\n\
         pub const fn declared(clocks: &[::typed_clocks::ClockInfo], name: &str, monotonic: bool, id: i32, doc: &str) -> bool {\n\
         \x20   let mut i = 0;\n\
         \x20   while i < clocks.len() {\n\
         \x20       let c = &clocks[i];\n\
         \x20       if same(c.name, name) {\n\
         \x20           let id_ok = c.id == id;\n\
         \x20           return c.monotonic == monotonic && id_ok && same(c.doc, doc);\n\
         \x20       }\n\
         \x20       i += 1;\n\
         \x20   }\n\
         \x20   false\n\
         }\n\n\
         /// Whether `C`'s `ClockSourceExt` constants are these (`resolution` -1: a tick).\n\
         pub const fn source<C: ::typed_clocks::ext::ClockSourceExt>(name: &str, monotonic: bool, resolution: i64) -> bool {\n\
         \x20   let resolution_ok = match C::RESOLUTION { ::typed_clocks::Resolution::Nanos(ns) => ns == resolution, ::typed_clocks::Resolution::Tick => resolution == -1 };\n\
         \x20   same(C::NAME, name) && C::MONOTONIC == monotonic && resolution_ok\n\
         }\n\n\
         pub fn posix<C: ::typed_clocks::posix::PosixClock>() {}\n",
    );
    // A bound check per capability (`monotonic` too), named after its key.
    for capability in capabilities::capabilities() {
        let _ = writeln!(
            root,
            "pub fn {}<C: ::typed_clocks::{}>() {{}}",
            capability.key, capability.tr.name
        );
        if let Some(narrower) = &capability.narrower {
            let _ = writeln!(
                root,
                "pub fn {}_narrower<C: ::typed_clocks::{}>() {{}}",
                capability.key, narrower.tr.name
            );
        }
    }
    root.push('\n');
    for case in cases {
        let _ = writeln!(root, "pub mod {};", case.module());
    }
    root
}
