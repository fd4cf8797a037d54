//! A model of valid tables, and what their expansion must declare.

use super::*;
use crate::capabilities::{
    CAPABILITIES, HRTIMER_BASES, MONOTONIC_IDS, POSIX_READABLE_IDS, SEQCOUNT_GETTERS,
};
use crate::clock_ids::CLOCK_IDS;

#[derive(Clone, Debug)]
pub(crate) enum Id {
    Number(i32),
    Constant(String),
}

impl Id {
    /// The id's value, when a number or a uapi `CLOCK_*` name says it.
    pub(crate) fn value(&self) -> Option<i32> {
        match self {
            Id::Number(number) => Some(*number),
            Id::Constant(constant) => CLOCK_IDS
                .iter()
                .find(|(name, _)| name == constant)
                .map(|(_, value)| *value),
        }
    }

    /// The `ID` of the expansion: the number, or the constant.
    pub(crate) fn text(&self) -> String {
        match self {
            Id::Number(number) => number.to_string(),
            Id::Constant(constant) => constant.clone(),
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Relation {
    None,
    Base,
    Offset(String),
}

#[derive(Clone, Debug)]
pub(crate) struct Row {
    pub(crate) name: String,
    pub(crate) getter: Option<String>,
    pub(crate) monotonic: bool,
    pub(crate) clockid: Option<Id>,
    pub(crate) doc: Option<String>,
    pub(crate) relation: Relation,
    /// `nmi_safe = true`, with `returns = "u64"`.
    pub(crate) nmi_safe: bool,
    pub(crate) hrtimer: bool,
    pub(crate) settable: bool,
    pub(crate) counts_suspend: bool,
    /// `resolution`: `Some(0)` is `"tick"`.
    pub(crate) resolution: Option<i64>,
}

/// The kernel's `enum tk_offsets` members that name an offset.
const TIMEKEEPER_OFFSETS: [&str; 3] = ["TK_OFFS_REAL", "TK_OFFS_BOOT", "TK_OFFS_TAI"];

/// How the invocation names its runtime.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Runtime {
    /// `[::typed_clocks]` first, as `typed_clocks::declare_clocks!` passes `$crate`.
    Crate,
    /// `runtime = self`: the runtime's items are declared with the clocks.
    SelfModule,
    /// `runtime = crate::time`, which wins over the `[::typed_clocks]` before it.
    Path,
}

impl Runtime {
    /// The path the generated code names the runtime by, without spaces.
    pub(crate) fn path(self) -> &'static str {
        match self {
            Runtime::Crate => "::typed_clocks",
            Runtime::SelfModule => "self",
            Runtime::Path => "crate::time",
        }
    }
}

/// A table together with the options it is valid under.
#[derive(Clone, Debug)]
pub(crate) struct Table {
    pub(crate) rows: Vec<Row>,
    pub(crate) bindings: bool,
    pub(crate) posix: bool,
    pub(crate) runtime: Runtime,
    /// `clock_trait = ClockId`.
    pub(crate) clock_id_trait: bool,
}

/// An invocation's arguments besides the table: the runtime group that
/// `typed_clocks::declare_clocks!` puts first, and the options.
#[derive(Clone, Debug, Default)]
pub(crate) struct Args {
    pub(crate) prefix: TokenStream,
    pub(crate) options: Vec<TokenStream>,
}

impl Args {
    /// The file form: `PREFIX "path", OPTION, …`.
    pub(crate) fn file(&self, path: &str) -> TokenStream {
        let Args { prefix, options } = self;
        quote!(#prefix #path #(, #options)*)
    }

    /// The inline form: `PREFIX OPTION; … ROWS`.
    pub(crate) fn inline(&self, rows: TokenStream) -> TokenStream {
        let Args { prefix, options } = self;
        quote!(#prefix #(#options;)* #rows)
    }
}

/// The arguments of an invocation whose getters the macro declares itself,
/// `unsafe(extern "C")`, for typed-clocks.
pub(crate) fn extern_getters() -> Args {
    Args {
        prefix: quote!([::typed_clocks]),
        options: vec![quote!(unsafe(extern "C"))],
    }
}

impl Table {
    /// A table of no rows under these options (for input that is not a model's table).
    pub(crate) fn options_only(bindings: bool, posix: bool) -> Self {
        Table {
            rows: Vec::new(),
            bindings,
            posix,
            runtime: Runtime::Crate,
            clock_id_trait: false,
        }
    }

    /// `unsafe(bindings = some_crate::bindings)`, `unsafe(extern "C")`, `backend = posix`,
    /// the runtime and the clock trait, as written in the invocation.
    pub(crate) fn args(&self) -> Args {
        let mut options = Vec::new();
        if self.bindings {
            options.push(quote!(unsafe(bindings = some_crate::bindings)));
        } else if !self.posix {
            options.push(quote!(unsafe(extern "C")));
        }
        if self.posix {
            options.push(quote!(backend = posix));
        }
        match self.runtime {
            Runtime::Crate => {}
            Runtime::SelfModule => options.push(quote!(runtime = self)),
            Runtime::Path => options.push(quote!(runtime = crate::time)),
        }
        if self.clock_id_trait {
            options.push(quote!(clock_trait = ClockId));
        }
        let prefix = match self.runtime {
            Runtime::SelfModule => TokenStream::new(),
            Runtime::Crate | Runtime::Path => quote!([::typed_clocks]),
        };
        Args { prefix, options }
    }

    pub(crate) fn names(&self) -> Vec<String> {
        self.rows.iter().map(|row| row.name.clone()).collect()
    }

    /// The clock trait's path, as the expansion names it.
    pub(crate) fn clock_trait(&self) -> String {
        let name = if self.clock_id_trait {
            "ClockId"
        } else {
            "ClockSource"
        };
        format!("{}::{name}", self.runtime.path())
    }

    /// Whether the kernel backend reads offsets from this table (posix ignores them).
    pub(crate) fn has_offsets(&self) -> bool {
        !self.posix
            && self
                .rows
                .iter()
                .any(|row| matches!(row.relation, Relation::Offset(_)))
    }

    /// Each capability key the row has, with the table's backend (the posix backend
    /// ignores `nmi_safe` and `hrtimer`).
    pub(crate) fn capabilities(&self, row: &Row) -> BTreeMap<&'static str, bool> {
        BTreeMap::from([
            ("monotonic", row.monotonic),
            ("nmi_safe", row.nmi_safe && !self.posix),
            ("hrtimer", row.hrtimer && !self.posix),
            ("settable", row.settable),
            ("counts_suspend", row.counts_suspend),
        ])
    }

    /// The traits each row's clock implements besides the clock trait and
    /// `TableClock`: the trait's name → the clocks.
    pub(crate) fn impls(&self) -> BTreeMap<String, BTreeSet<String>> {
        let mut impls: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        for row in &self.rows {
            let mut add = |name: &str| {
                impls
                    .entry(name.to_owned())
                    .or_default()
                    .insert(row.name.clone());
            };
            for capability in CAPABILITIES {
                if !self.capabilities(row)[capability.key] {
                    continue;
                }
                add(capability.tr.name);
                if let Some(narrower) = &capability.narrower {
                    let id = row.clockid.as_ref().and_then(Id::value);
                    if id.is_some_and(|id| !narrower.except_ids.contains(&id)) {
                        add(narrower.tr.name);
                    }
                }
            }
            if self.posix {
                add("PosixClock");
            }
        }
        impls
    }

    /// The conversions: between every two related clocks, with a bindings module.
    pub(crate) fn conversions(&self) -> BTreeSet<(String, String)> {
        if !self.bindings || !self.has_offsets() {
            return BTreeSet::new();
        }
        let related: Vec<&String> = self
            .rows
            .iter()
            .filter(|row| row.relation != Relation::None)
            .map(|row| &row.name)
            .collect();
        let mut pairs = BTreeSet::new();
        for from in &related {
            for to in &related {
                if from != to {
                    pairs.insert(((*from).clone(), (*to).clone()));
                }
            }
        }
        pairs
    }
}

/// The names the runtime's items take, which `runtime = self` declares.
pub(crate) fn runtime_item_names() -> BTreeSet<String> {
    let mut names: BTreeSet<String> = [
        "Resolution",
        "ClockInfo",
        "TableClock",
        "ClockVisitor",
        "ConvertsTo",
    ]
    .into_iter()
    .map(str::to_owned)
    .collect();
    for capability in CAPABILITIES {
        names.insert(capability.tr.name.to_owned());
        if let Some(narrower) = &capability.narrower {
            names.insert(narrower.tr.name.to_owned());
        }
    }
    names
}

/// Whether a clock may not be named `name`: a name of the runtime's items (those it
/// declares, and `Instant`, `ClockSource`, …).
pub(crate) fn is_runtime_name(name: &str) -> bool {
    crate::schema::RUNTIME_ITEMS.contains(&name) || runtime_item_names().contains(name)
}

/// Raw material for a row, made valid by [`valid_table`]'s fix-ups: name, getter,
/// monotonic, whether a posix row has a getter, id, doc, capability bits, resolution.
pub(crate) type RawRow = (
    String,
    String,
    bool,
    bool,
    Option<Id>,
    Option<String>,
    u8,
    Option<i64>,
);

pub(crate) fn raw_row() -> impl Strategy<Value = RawRow> {
    let id = prop_oneof![
        any::<i32>().prop_map(Id::Number),
        (-2i32..16).prop_map(Id::Number),
        "[A-Za-z_][A-Za-z0-9_]{0,16}".prop_map(Id::Constant),
        "CLOCK_[A-Z_]{1,12}".prop_map(Id::Constant),
    ];
    let doc = prop_oneof![
        "\\PC{0,40}",
        ".{0,30}",
        "[a-z ]{0,10}\n[a-z ]{0,10}\r\n\t[a-z\"'\\\\]{0,10}",
    ];
    let resolution = prop_oneof![Just(0i64), 1i64..1_000_000, Just(i64::MAX)];
    (
        "[A-Z][A-Za-z0-9]{0,15}",
        "[a-z_][a-z0-9_]{0,12}",
        any::<bool>(),
        prop::bool::weighted(0.8),
        prop::option::of(id),
        prop::option::of(doc),
        any::<u8>(),
        prop::option::weighted(0.3, resolution),
    )
}

/// A valid table of `rows` rows under random options: distinct names and getters,
/// constant clock ids only where they can be resolved, a clock id on every row with
/// the posix backend, capabilities only where their rules allow, and offsets (with one
/// base) only with a bindings module.
pub(crate) fn valid_table(rows: std::ops::Range<usize>) -> impl Strategy<Value = Table> {
    (
        any::<bool>(),
        prop::bool::weighted(0.25),
        prop::collection::vec(raw_row(), rows),
        0usize..5,
        any::<Index>(),
        any::<bool>(),
        prop::sample::select(vec![Runtime::Crate, Runtime::SelfModule, Runtime::Path]),
        prop::bool::weighted(0.2),
    )
        .prop_map(
            |(bindings, posix, raw, offsets, base, lone_base, runtime, clock_id_trait)| {
                let mut names = BTreeSet::new();
                let mut getters = BTreeSet::new();
                let count = raw.len();
                let mut rows: Vec<Row> = raw
                    .into_iter()
                    .enumerate()
                    .map(|(i, raw)| valid_row(i, raw, bindings, posix, &mut names, &mut getters))
                    .collect();
                if bindings || posix {
                    let base = base.index(count);
                    // The timekeeper has three offsets.
                    let offsets = offsets.min(count - 1).min(TIMEKEEPER_OFFSETS.len());
                    if offsets > 0 || lone_base {
                        rows[base].relation = Relation::Base;
                    }
                    for k in 0..offsets {
                        rows[(base + 1 + k) % count].relation =
                            Relation::Offset(TIMEKEEPER_OFFSETS[k].to_owned());
                    }
                }
                Table {
                    rows,
                    bindings,
                    posix,
                    runtime,
                    clock_id_trait,
                }
            },
        )
}

/// Row `i`, made valid under the options, its name and getter made unique against
/// those of the rows before it.
fn valid_row(
    i: usize,
    (name, getter, monotonic, has_getter, clockid, doc, caps, resolution): RawRow,
    bindings: bool,
    posix: bool,
    names: &mut BTreeSet<String>,
    getters: &mut BTreeSet<String>,
) -> Row {
    let mut name = if name == "Self" || is_runtime_name(&name) {
        format!("{name}{i}")
    } else {
        name
    };
    while !names.insert(name.clone()) {
        name.push_str(&i.to_string());
    }
    let nmi_safe = caps & 1 != 0;
    let hrtimer = caps & 2 != 0;
    let settable = caps & 4 != 0 && !monotonic;
    let counts_suspend = caps & 8 != 0;
    // Not a seqcount reader, which an `nmi_safe` row (this one, or one that a broken
    // row's test gives this getter) cannot name.
    let mut getter = if is_keyword(&getter) || SEQCOUNT_GETTERS.contains(&getter.as_str()) {
        format!("get_{getter}")
    } else {
        getter
    };
    while !getters.insert(getter.clone()) {
        getter.push_str(&format!("_{i}"));
    }
    let clockid = match clockid {
        // The kernel has hrtimer bases for four clock ids, named or numbered.
        _ if hrtimer && !posix => {
            let base = HRTIMER_BASES[i % HRTIMER_BASES.len()];
            let named = CLOCK_IDS.iter().find(|(_, value)| *value == base);
            match named {
                Some((name, _)) if bindings && (i / HRTIMER_BASES.len()).is_multiple_of(2) => {
                    Some(Id::Constant((*name).to_owned()))
                }
                _ => Some(Id::Number(base)),
            }
        }
        // A constant named like the getter is an error of its own.
        Some(Id::Constant(constant))
            if is_keyword(&constant) || !(bindings || posix) || constant == getter =>
        {
            Some(Id::Number(constant.len() as i32))
        }
        // With the posix backend the id decides monotonicity.
        _ if posix && monotonic => Some(Id::Number(MONOTONIC_IDS[i % MONOTONIC_IDS.len()])),
        None => Some(Id::Number(i as i32)),
        other => other,
    };
    // The posix backend reads only ids that `clock_gettime` reads on every running Linux.
    let not_monotonic: Vec<i32> = POSIX_READABLE_IDS
        .iter()
        .copied()
        .filter(|id| !MONOTONIC_IDS.contains(id))
        .collect();
    let clockid = match clockid {
        Some(Id::Number(id)) if posix && !POSIX_READABLE_IDS.contains(&id) => {
            Some(Id::Number(not_monotonic[i % not_monotonic.len()]))
        }
        Some(Id::Constant(constant))
            if posix
                && Id::Constant(constant.clone())
                    .value()
                    .is_some_and(|id| !POSIX_READABLE_IDS.contains(&id)) =>
        {
            Some(Id::Number(not_monotonic[i % not_monotonic.len()]))
        }
        other => other,
    };
    Row {
        name,
        getter: (has_getter || !posix).then_some(getter),
        monotonic,
        clockid,
        doc,
        relation: Relation::None,
        nmi_safe,
        hrtimer,
        settable,
        counts_suspend,
        resolution,
    }
}
