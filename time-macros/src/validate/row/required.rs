//! The keys every row gives: each a [`Required`] entry, reported the same way when
//! the row lacks it.

use crate::ast::{Backend, Row};
use crate::capability::{Capability, CAPABILITIES};
use crate::ctxt::Ctxt;
use crate::schema::{self, Key};

/// A key every row must give (with the posix backend too, if `posix`).
struct Required {
    /// The key.
    key: Key,
    /// Whether the posix backend needs it too (it reads clocks by id, not by getter).
    posix: bool,
    /// What to write and what the key means, for the error's help (written out only
    /// when a row lacks the key).
    help: Help,
}

/// The help of a [`Required`] key.
enum Help {
    /// What to write, and what the key means.
    Fixed(&'static str, &'static str),
    /// A required capability: `key = true`, and the capability's doc.
    Capability(&'static Capability),
}

/// The required keys, in the order their absence is reported: the name, the getter,
/// the required capabilities, the clock id.
fn required_keys() -> impl Iterator<Item = Required> {
    let fixed = |key, posix, example, meaning| Required {
        key,
        posix,
        help: Help::Fixed(example, meaning),
    };
    let leading = [
        fixed(
            schema::NAME,
            true,
            "name = \"Monotonic\"",
            "the clock's Rust type name",
        ),
        fixed(
            schema::GETTER,
            false,
            "getter = \"ktime_get\"",
            "the C function `ktime_t getter(void)` that reads the clock",
        ),
    ];
    let capabilities = CAPABILITIES
        .iter()
        .filter(|capability| capability.required)
        .map(|capability| Required {
            key: capability.key,
            posix: true,
            help: Help::Capability(capability),
        });
    let clockid = fixed(
        schema::CLOCKID,
        true,
        "clockid = \"CLOCK_MONOTONIC\"",
        "`ClockSource::ID`, the `clockid_t` of the clock's time base (for a clock without one of \
         its own, such as the coarse BootTime, the id of the time base it reads: CLOCK_BOOTTIME)",
    );
    leading
        .into_iter()
        .chain(capabilities)
        .chain(core::iter::once(clockid))
}

/// Whether `row` (the `index`th) gives every key the backend requires; reports each
/// one it lacks.
pub(super) fn check(backend: Backend, row: &Row, index: usize, cx: &Ctxt) -> bool {
    required_keys()
        .filter(|required| required.posix || backend == Backend::Kernel)
        .fold(true, |all, required| {
            let present = row.mentions(required.key);
            if !present {
                missing(row, index, &required, cx);
            }
            present && all
        })
}

/// Reports that `row` lacks `required` (unless the row was cut short, which is
/// reported already).
fn missing(row: &Row, index: usize, required: &Required, cx: &Ctxt) {
    if row.is_cut() {
        return;
    }
    let which = match row.text(schema::NAME) {
        Some(name) => format!("clock `{}`", name.value),
        None => format!("clock #{}", index + 1),
    };
    let help = match required.help {
        Help::Fixed(example, meaning) => format!("add `{example}`: {meaning}"),
        Help::Capability(capability) => format!(
            "add `{} = true`: whether the clock {}",
            capability.key, capability.doc
        ),
    };
    cx.error(
        &row.site,
        format_args!("{which} is missing the required key `{}`", required.key),
        help,
    );
}
