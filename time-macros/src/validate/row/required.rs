//! The keys every row gives: each a [`Required`] entry, reported the same way when
//! the row lacks it.

use crate::ast::{Backend, Row};
use crate::capability::CAPABILITIES;
use crate::ctxt::Ctxt;
use crate::schema::{self, Key};

/// A key every row must give (with the posix backend too, if `posix`).
struct Required {
    /// The key.
    key: Key,
    /// Whether the posix backend needs it too (it reads clocks by id, not by getter).
    posix: bool,
    /// What to write, for the error's help.
    example: String,
    /// What the key means, for the error's help.
    meaning: String,
}

/// The required keys, in the order their absence is reported: the name, the getter,
/// the required capabilities, the clock id.
fn required_keys() -> Vec<Required> {
    let fixed = |key, posix, example: &str, meaning: &str| Required {
        key,
        posix,
        example: example.to_owned(),
        meaning: meaning.to_owned(),
    };
    let mut keys = vec![
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
    keys.extend(
        CAPABILITIES
            .iter()
            .filter(|capability| capability.required)
            .map(|capability| Required {
                key: capability.key,
                posix: true,
                example: format!("{} = true", capability.key),
                meaning: format!("whether the clock {}", capability.doc),
            }),
    );
    keys.push(fixed(
        schema::CLOCKID,
        true,
        "clockid = \"CLOCK_MONOTONIC\"",
        "`ClockSource::ID`, the `clockid_t` of the clock's time base (for a clock without one of \
         its own, such as the coarse BootTime, the id of the time base it reads: CLOCK_BOOTTIME)",
    ));
    keys
}

/// Whether `row` (the `index`th) gives every key the backend requires; reports each
/// one it lacks.
pub(super) fn check(backend: Backend, row: &Row, index: usize, cx: &Ctxt) -> bool {
    required_keys()
        .iter()
        .filter(|required| required.posix || backend == Backend::Kernel)
        .fold(true, |all, required| {
            let present = row.mentions(required.key);
            if !present {
                missing(row, index, required, cx);
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
    cx.error(
        &row.site,
        format_args!("{which} is missing the required key `{}`", required.key),
        format_args!("add `{}`: {}", required.example, required.meaning),
    );
}
