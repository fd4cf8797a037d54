//! The rules across rows: names, getters and offsets are unique, there is at most one
//! offset base, and offsets have one. Like serde's `check.rs`, a tracker that sees the
//! rows in order and reports each repetition where it is written, naming the first.

use super::model::{Relation, RowRelation};
use crate::ast::{Located, Site, Table};
use crate::ctxt::Ctxt;
use proc_macro2::Ident;

/// What the rows seen so far have claimed.
#[derive(Default)]
pub(super) struct Uniqueness {
    /// Clock names, with where each was first declared.
    names: Claims,
    /// Getters, with where each was first named.
    getters: Claims,
    /// The first `offset_base = true` row.
    base: Option<Site>,
    /// The first row with an `offset`, for the "no base" error.
    first_offset: Option<Site>,
    /// Offsets seen, with where.
    offsets: Claims,
}

/// Texts claimed by rows, sorted, each with where it was first claimed: a claim is a
/// binary search (cheaper than hashing in the unoptimised build a proc macro gets).
#[derive(Default)]
struct Claims(Vec<(String, Site)>);

impl Claims {
    /// Claims `text` for `site`; when an earlier row has it, where that row claimed it.
    fn claim(&mut self, text: &str, site: &Site) -> Result<(), &Site> {
        match self
            .0
            .binary_search_by(|(claimed, _)| claimed.as_str().cmp(text))
        {
            Ok(at) => Err(&self.0[at].1),
            Err(at) => {
                self.0.insert(at, (text.to_owned(), site.clone()));
                Ok(())
            }
        }
    }
}

impl Uniqueness {
    /// Claims the clock name `name`, written at `site`: `false` (and an error) when an
    /// earlier row has it.
    pub(super) fn name(&mut self, table: &Table, name: &str, site: &Site, cx: &Ctxt) -> bool {
        if let Err(first) = self.names.claim(name, site) {
            cx.error(
                site,
                format_args!("duplicate clock name `{name}`"),
                format_args!(
                    "`{name}` is first declared at {}; give each clock its own name, or remove the repeated row",
                    table.describe(first)
                ),
            );
            return false;
        }
        true
    }

    /// Claims the getter `getter`, written at `site`: `false` (and an error) when an
    /// earlier row reads the same function.
    pub(super) fn getter(&mut self, table: &Table, getter: &str, site: &Site, cx: &Ctxt) -> bool {
        if let Err(first) = self.getters.claim(getter, site) {
            cx.error(
                site,
                format_args!("duplicate getter `{getter}`"),
                format_args!(
                    "`{getter}` is already the getter of the clock at {}; two clocks that read the \
                     same C function are the same clock: remove one, or fix the getter",
                    table.describe(first)
                ),
            );
            return false;
        }
        true
    }

    /// The row's place among related clocks, given what earlier rows claimed; `None`
    /// (reported) when an earlier row claimed it.
    pub(super) fn relation(
        &mut self,
        table: &Table,
        relation: RowRelation,
        cx: &Ctxt,
    ) -> Option<Relation> {
        match relation {
            RowRelation::None => Some(Relation::None),
            RowRelation::Base(site) => {
                if let Some(first) = &self.base {
                    cx.error(
                        &site,
                        "a second clock is marked `offset_base = true`",
                        format_args!(
                            "offsets are relative to one base clock, first declared at {}; keep one `offset_base = true`",
                            table.describe(first)
                        ),
                    );
                    return None;
                }
                self.base = Some(site);
                Some(Relation::Base)
            }
            RowRelation::Offset(offset) => self.offset(table, offset, cx),
        }
    }

    fn offset(&mut self, table: &Table, offset: Located<String>, cx: &Ctxt) -> Option<Relation> {
        if let Err(first) = self.offsets.claim(&offset.value, &offset.site) {
            cx.error(
                &offset.site,
                format_args!("duplicate offset `{}`", offset.value),
                format_args!(
                    "`{}` is already the offset of the clock at {}: two clocks with one offset are the same clock",
                    offset.value,
                    table.describe(first)
                ),
            );
            return None;
        }
        self.first_offset.get_or_insert_with(|| offset.site.clone());
        let member = Ident::new(
            &format!("tk_offsets_{}", offset.value),
            table.span_of(&offset.site),
        );
        Some(Relation::Offset(Located::new(member, offset.site)))
    }

    /// The rules that need every row: offsets need a base.
    pub(super) fn finish(&self, cx: &Ctxt) {
        if let (None, Some(first)) = (&self.base, &self.first_offset) {
            cx.error(
                first,
                "this clock has an `offset`, but no clock is its base",
                "mark the clock the offsets are relative to (the kernel's CLOCK_MONOTONIC) with `offset_base = true`",
            );
        }
    }
}
