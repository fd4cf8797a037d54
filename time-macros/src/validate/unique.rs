//! The rules across rows: names, getters and offsets are unique, there is at most one
//! offset base, and offsets have one. Like serde's `check.rs`, a tracker that sees the
//! rows in order and reports each repetition where it is written, naming the first.

use super::row::RowRelation;
use crate::diagnostics::Diagnostics;
use crate::model::{Located, Relation, Site};
use proc_macro2::Ident;
use std::collections::HashMap;

/// What the rows seen so far have claimed.
#[derive(Default)]
pub(super) struct Uniqueness {
    /// Clock names, with where each was first declared.
    names: HashMap<String, Site>,
    /// Getters, with where each was first named.
    getters: HashMap<String, Site>,
    /// The first `offset_base = true` row.
    base: Option<Site>,
    /// The first row with an `offset`, for the "no base" error.
    first_offset: Option<Site>,
    /// Offsets seen, with where.
    offsets: HashMap<String, Site>,
}

impl Uniqueness {
    /// Claims the clock name `name`, written at `site`: `false` (and an error) when an
    /// earlier row has it.
    pub(super) fn name(
        &mut self,
        name: &Ident,
        site: &Site,
        diagnostics: &mut Diagnostics<'_>,
    ) -> bool {
        if let Some(first) = self.names.get(&name.to_string()) {
            let first = diagnostics.describe(first);
            diagnostics.error(
                site,
                format_args!("duplicate clock name `{name}`"),
                format_args!("`{name}` is first declared at {first}; give each clock its own name, or remove the repeated row"),
            );
            return false;
        }
        self.names.insert(name.to_string(), site.clone());
        true
    }

    /// Claims the getter `getter`, written at `site` (an error when an earlier row
    /// reads the same function).
    pub(super) fn getter(
        &mut self,
        getter: &Ident,
        site: &Site,
        diagnostics: &mut Diagnostics<'_>,
    ) {
        if let Some(first) = self.getters.get(&getter.to_string()) {
            let first = diagnostics.describe(first);
            diagnostics.error(
                site,
                format_args!("duplicate getter `{getter}`"),
                format_args!("`{getter}` is already the getter of the clock at {first}; two clocks that read the same C function are the same clock: remove one, or fix the getter"),
            );
        } else {
            self.getters.insert(getter.to_string(), site.clone());
        }
    }

    /// The row's place among related clocks, given what earlier rows claimed.
    pub(super) fn relation(
        &mut self,
        relation: RowRelation,
        diagnostics: &mut Diagnostics<'_>,
    ) -> Relation {
        match relation {
            RowRelation::None => Relation::None,
            RowRelation::Base(site) => {
                if let Some(first) = &self.base {
                    let first = diagnostics.describe(first);
                    diagnostics.error(
                        &site,
                        "a second clock is marked `offset_base = true`",
                        format_args!("offsets are relative to one base clock, first declared at {first}; keep one `offset_base = true`"),
                    );
                    return Relation::None;
                }
                self.base = Some(site);
                Relation::Base
            }
            RowRelation::Offset(offset) => self.offset(offset, diagnostics),
        }
    }

    fn offset(&mut self, offset: Located<String>, diagnostics: &mut Diagnostics<'_>) -> Relation {
        if let Some(first) = self.offsets.get(&offset.value) {
            let first = diagnostics.describe(first);
            diagnostics.error(
                &offset.site,
                format_args!("duplicate offset `{}`", offset.value),
                format_args!("`{}` is already the offset of the clock at {first}: two clocks with one offset are the same clock", offset.value),
            );
            return Relation::None;
        }
        self.offsets
            .insert(offset.value.clone(), offset.site.clone());
        self.first_offset.get_or_insert_with(|| offset.site.clone());
        Relation::Offset(Ident::new(
            &format!("tk_offsets_{}", offset.value),
            diagnostics.span_of(&offset.site),
        ))
    }

    /// The rules that need every row: offsets need a base.
    pub(super) fn finish(&self, diagnostics: &mut Diagnostics<'_>) {
        if let (None, Some(first)) = (&self.base, &self.first_offset) {
            diagnostics.error(
                first,
                "this clock has an `offset`, but no clock is its base",
                "mark the clock the offsets are relative to (the kernel's CLOCK_MONOTONIC) with `offset_base = true`",
            );
        }
    }
}
