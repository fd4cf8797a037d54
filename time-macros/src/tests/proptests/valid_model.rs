//! A model of valid tables.

use super::*;
use crate::capabilities::{MONOTONIC_IDS, POSIX_READABLE_IDS};

#[derive(Clone, Debug)]
pub(crate) enum Id {
    Number(i32),
    Constant(String),
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
}

/// The kernel's `enum tk_offsets` members that name an offset.
const TIMEKEEPER_OFFSETS: [&str; 3] = ["TK_OFFS_REAL", "TK_OFFS_BOOT", "TK_OFFS_TAI"];

/// A table together with the options it is valid under.
#[derive(Clone, Debug)]
pub(crate) struct Table {
    pub(crate) rows: Vec<Row>,
    pub(crate) bindings: bool,
    pub(crate) posix: bool,
}

impl Table {
    /// `unsafe(bindings = some_crate::bindings)`, `unsafe(extern "C")`, `backend = posix`, as
    /// written in the invocation.
    pub(crate) fn options(&self) -> Vec<TokenStream> {
        let mut options = Vec::new();
        if self.bindings {
            options.push(quote!(unsafe(bindings = some_crate::bindings)));
        } else if !self.posix {
            options.push(quote!(unsafe(extern "C")));
        }
        if self.posix {
            options.push(quote!(backend = posix));
        }
        options
    }

    pub(crate) fn names(&self) -> Vec<String> {
        self.rows.iter().map(|row| row.name.clone()).collect()
    }

    pub(crate) fn monotonic_names(&self) -> BTreeSet<String> {
        self.rows
            .iter()
            .filter(|row| row.monotonic)
            .map(|row| row.name.clone())
            .collect()
    }

    /// Whether the kernel backend reads offsets from this table (posix ignores them).
    pub(crate) fn has_offsets(&self) -> bool {
        !self.posix
            && self
                .rows
                .iter()
                .any(|row| matches!(row.relation, Relation::Offset(_)))
    }
}

/// Raw material for a row, made valid by [`valid_table`]'s fix-ups.
pub(crate) type RawRow = (String, String, bool, bool, Option<Id>, Option<String>);

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
    (
        "[A-Z][A-Za-z0-9]{0,15}",
        "[a-z_][a-z0-9_]{0,12}",
        any::<bool>(),
        prop::bool::weighted(0.8),
        prop::option::of(id),
        prop::option::of(doc),
    )
}

/// A valid table of `rows` rows under random options: distinct names and getters,
/// constant clock ids only where they can be resolved, a clock id on every row with
/// the posix backend, and offsets (with one base) only with a bindings module.
pub(crate) fn valid_table(rows: std::ops::Range<usize>) -> impl Strategy<Value = Table> {
    (
        any::<bool>(),
        prop::bool::weighted(0.25),
        prop::collection::vec(raw_row(), rows),
        0usize..5,
        any::<Index>(),
        any::<bool>(),
    )
        .prop_map(|(bindings, posix, raw, offsets, base, lone_base)| {
            let mut names = BTreeSet::new();
            let mut getters = BTreeSet::new();
            let count = raw.len();
            let not_monotonic: Vec<i32> = POSIX_READABLE_IDS
                .iter()
                .copied()
                .filter(|id| !MONOTONIC_IDS.contains(id))
                .collect();
            let mut rows: Vec<Row> = raw
                .into_iter()
                .enumerate()
                .map(|(i, (name, getter, monotonic, has_getter, clockid, doc))| {
                    let mut name = if name == "Self" {
                        format!("{name}{i}")
                    } else {
                        name
                    };
                    while !names.insert(name.clone()) {
                        name.push_str(&i.to_string());
                    }
                    let mut getter = if is_keyword(&getter) {
                        format!("get_{getter}")
                    } else {
                        getter
                    };
                    while !getters.insert(getter.clone()) {
                        getter.push_str(&format!("_{i}"));
                    }
                    let clockid = match clockid {
                        // A constant named like the getter is an error of its own.
                        Some(Id::Constant(constant))
                            if is_keyword(&constant)
                                || !(bindings || posix)
                                || constant == getter =>
                        {
                            Some(Id::Number(constant.len() as i32))
                        }
                        // With the posix backend the id decides monotonicity.
                        _ if posix && monotonic => {
                            Some(Id::Number(MONOTONIC_IDS[i % MONOTONIC_IDS.len()]))
                        }
                        None => Some(Id::Number(i as i32)),
                        other => other,
                    };
                    // The posix backend reads only ids that `clock_gettime` reads on
                    // every running Linux.
                    let clockid = match clockid {
                        Some(Id::Number(id)) if posix && !POSIX_READABLE_IDS.contains(&id) => {
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
                    }
                })
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
            }
        })
}
