//! The clock of a row whose every check gave its value.

use super::super::model::{Clock, Relation};
use super::values::Values;
use crate::ast::{Backend, Row};
use crate::schema;

/// The clock `row` declares, when it is complete: no error in it (`valid`: nor in
/// its required keys), and every value checked.
pub(super) fn clock(row: &Row, backend: Backend, valid: bool, values: &Values) -> Option<Clock> {
    if !valid || !values.distinct || !values.getter_ok {
        return None;
    }
    // The posix backend reads clocks by id: a getter, if written, is unused.
    let getter = match backend {
        Backend::Kernel => Some(values.getter.clone()?),
        Backend::Posix => None,
    };
    values.relation.as_ref()?;
    Some(Clock {
        name: values.name.clone()?,
        getter,
        returns_u64: values.returns_u64?,
        monotonic: values.monotonic,
        id: values.clockid.clone()?,
        doc: row.text(schema::DOC).map(|doc| doc.value.to_owned()),
        header: row
            .text(schema::HEADER)
            .map(|header| header.value.to_owned()),
        resolution: values.resolution?,
        capabilities: values.capabilities.clone()?,
        relation: Relation::None,
    })
}
