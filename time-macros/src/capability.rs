//! The capabilities' rules applied to a row, and how the template justifies each
//! capability's impl with a backend. The capabilities themselves are data, in
//! [`crate::capabilities`].

use crate::ast::{Backend, Row};
pub(crate) use crate::capabilities::{Capability, Impl, Rule, CAPABILITIES};

/// The kind of the slot of an impl justified as `justified`, as the template's
/// `@capability` arms name it.
pub(crate) fn slot_kind(justified: Impl) -> &'static str {
    match justified {
        Impl::Plain => "plain",
        Impl::Vouched => "vouched",
        Impl::MonotonicId => "monotonic_id",
        Impl::TimerBase => "timer_base",
    }
}

/// What a capability's rules look at in its row.
pub(crate) struct Facts<'a> {
    /// The backend of the table.
    pub(crate) backend: Backend,
    /// The row.
    pub(crate) row: &'a Row,
    /// The row's getter, as written.
    pub(crate) getter: Option<&'a str>,
    /// The row's clock id, as written (a constant name or a number), if valid.
    pub(crate) clockid: Option<&'a str>,
    /// The value of a known clock id (a number, or a uapi `CLOCK_*` name).
    pub(crate) clockid_value: Option<i32>,
}

impl Capability {
    /// How the template justifies the impl with `backend` (`None`: ignored there).
    pub(crate) fn justified(&self, backend: Backend) -> Option<Impl> {
        match backend {
            Backend::Kernel => Some(self.kernel),
            Backend::Posix => self.posix,
        }
    }

    /// The error and help of the first of its rules the row breaks.
    pub(crate) fn broken(&self, facts: &Facts<'_>) -> Option<(String, String)> {
        let check = self.rules.iter().find(|check| breaks(check.rule, facts))?;
        let message = check
            .message
            .replace("{clockid}", facts.clockid.unwrap_or("?"))
            .replace("{getter}", facts.getter.unwrap_or("?"));
        Some((message, check.help.to_owned()))
    }
}

/// Whether the row of `facts` breaks `rule`.
fn breaks(rule: Rule, facts: &Facts<'_>) -> bool {
    match rule {
        Rule::IdIn(ids) => {
            facts.clockid.is_some()
                && !facts
                    .clockid_value
                    .is_some_and(|value| ids.contains(&value))
        }
        Rule::PosixIdIn(ids) => {
            facts.backend == Backend::Posix
                && facts
                    .clockid_value
                    .is_some_and(|value| !ids.contains(&value))
        }
        Rule::ConflictsWith(key) => facts.row.is_set(key),
        Rule::GetterNotIn(getters) => facts.getter.is_some_and(|getter| getters.contains(&getter)),
        Rule::Requires(key, value) => facts.row.text(key).map(|text| text.value) != Some(value),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Held while a test reads or (with `UPDATE_DOCS=1`) rewrites the documentation:
    /// two tests rewrite `declare_clocks.md`, and test threads run them at once.
    static DOCS: std::sync::Mutex<()> = std::sync::Mutex::new(());

    fn lock_docs() -> std::sync::MutexGuard<'static, ()> {
        DOCS.lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// The capability table of `declare_clocks!`'s documentation, as this table says
    /// it: one line per capability.
    fn documented_table() -> String {
        let mut table = String::from(
            "| key | trait | seal | `unsafe` | posix backend | meaning |\n|---|---|---|---|---|---|\n",
        );
        for capability in CAPABILITIES {
            table.push_str(&format!(
                "| `{}` | `{}` | {} | {} | {} | {} |\n",
                capability.key,
                capability.trait_name,
                capability.seal.map_or_else(
                    || "— (the trait is `unsafe`)".to_owned(),
                    |seal| format!("`{seal}`")
                ),
                if capability.is_unsafe { "yes" } else { "no" },
                match capability.posix {
                    None => "ignored",
                    Some(Impl::MonotonicId | Impl::TimerBase) => "checked against the clock id",
                    Some(_) => "yes",
                },
                capability.doc,
            ));
        }
        table
    }

    /// The documentation of `declare_clocks!` holds the table above between its
    /// markers; `UPDATE_DOCS=1` rewrites it there.
    #[test]
    fn the_documented_capability_table_is_this_one() {
        let _docs = lock_docs();
        const BEGIN: &str =
            "<!-- capability table: generated from time-macros/src/capabilities.rs -->\n";
        const END: &str = "<!-- end of capability table -->";
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../time-core/doc/declare_clocks.md"
        );
        let doc = std::fs::read_to_string(path).expect("read declare_clocks.md");
        let start = doc.find(BEGIN).expect("the begin marker") + BEGIN.len();
        let end = doc.find(END).expect("the end marker");
        let expected = documented_table();
        if std::env::var_os("UPDATE_DOCS").is_some() {
            std::fs::write(path, format!("{}{expected}{}", &doc[..start], &doc[end..]))
                .expect("write declare_clocks.md");
            return;
        }
        assert_eq!(
            doc[start..end],
            expected,
            "regenerate the table: UPDATE_DOCS=1 cargo test -p typed-clocks-macros --lib \
             documented (then read the diff)"
        );
    }

    /// Every error or example that lists the valid keys, in the documentation, lists
    /// the keys the schema has; `UPDATE_DOCS=1` rewrites them there.
    #[test]
    fn documented_key_lists_are_the_schema() {
        let _docs = lock_docs();
        const LIST: &str = "valid keys are: ";
        let keys = crate::schema::row_keys().join(", ");
        for path in ["/../README.md", "/../time-core/doc/declare_clocks.md"] {
            let path = format!("{}{path}", env!("CARGO_MANIFEST_DIR"));
            let text = std::fs::read_to_string(&path).expect("read the documentation");
            let mut updated = String::new();
            let mut rest = text.as_str();
            while let Some(at) = rest.find(LIST) {
                let (before, list) = rest.split_at(at + LIST.len());
                let end = list.find('\n').unwrap_or(list.len());
                updated.push_str(before);
                updated.push_str(&keys);
                rest = &list[end..];
            }
            updated.push_str(rest);
            if std::env::var_os("UPDATE_DOCS").is_some() {
                std::fs::write(&path, updated).expect("write the documentation");
            } else {
                assert!(
                    updated == text,
                    "{path} lists other keys than {keys}: regenerate the lists with \
                     UPDATE_DOCS=1 cargo test -p typed-clocks-macros --lib documented (then \
                     read the diff)"
                );
            }
        }
    }

    #[test]
    fn every_unsafe_capability_is_justified_with_each_backend() {
        for capability in CAPABILITIES {
            for backend in [Backend::Kernel, Backend::Posix] {
                match capability.justified(backend) {
                    Some(Impl::Plain) => assert!(!capability.is_unsafe, "{}", capability.key),
                    Some(Impl::Vouched) => assert!(
                        capability.is_unsafe && backend == Backend::Kernel,
                        "{}: only the kernel backend has an `unsafe(…)` to vouch",
                        capability.key
                    ),
                    Some(Impl::MonotonicId | Impl::TimerBase) | None => {}
                }
            }
            assert_eq!(
                capability.seal.is_none(),
                capability.kernel == Impl::TimerBase
            );
        }
    }
}
