//! The checks of one row on its own, by job: the keys every row gives (`required`),
//! each value and the rules between the values of the row (`values`), and the clock
//! of a complete row (`assemble`). A row is complete exactly when every check gave
//! its value. Rules across rows are in `unique`.

mod assemble;
mod required;
mod values;

use super::model::{Clock, RowRelation};
use crate::ast::{Located, Row, Table};
use crate::ctxt::Ctxt;
use proc_macro2::Ident;

/// A row, checked on its own.
pub(super) struct CheckedRow {
    /// The type name, when it is usable (the row then declares at least its marker).
    pub(super) name: Option<Ident>,
    /// The getter, for the rule that getters are unique (with either backend).
    pub(super) getter: Option<Located<Ident>>,
    /// The row's place among related clocks, before the checks across rows.
    pub(super) relation: RowRelation,
    /// The clock, when every value of the row is valid.
    pub(super) clock: Option<Clock>,
}

/// Checks `row` (the `index`th of `table`) on its own.
pub(super) fn check(table: &Table, row: &Row, index: usize, cx: &Ctxt) -> CheckedRow {
    let backend = table.options.backend;
    let has_required = required::check(backend, row, index, cx);
    let values = values::check(table, row, cx);
    let valid = has_required && !row.had_errors() && !row.is_cut();
    let clock = assemble::clock(row, backend, valid, &values);
    CheckedRow {
        name: values.name,
        getter: values.getter,
        relation: values.relation.unwrap_or(RowRelation::None),
        clock,
    }
}
