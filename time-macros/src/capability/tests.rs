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
        "| key | trait | `unsafe` | posix backend | meaning |\n|---|---|---|---|---|\n",
    );
    for capability in CAPABILITIES {
        let mut traits = format!("`{}`", capability.tr.name);
        if let Some(narrower) = &capability.narrower {
            let ids: Vec<String> = narrower
                .except_ids
                .iter()
                .map(|id| {
                    let named = crate::clock_ids::CLOCK_IDS
                        .iter()
                        .find(|(_, value)| value == id);
                    named.map_or_else(|| id.to_string(), |(name, _)| format!("`{name}`"))
                })
                .collect();
            traits.push_str(&format!(
                ", and `{}` unless the clock id is {}",
                narrower.tr.name,
                ids.join(" or ")
            ));
        }
        table.push_str(&format!(
            "| `{}` | {traits} | {} | {} | {} |\n",
            capability.key,
            if capability.tr.is_unsafe { "yes" } else { "no" },
            match capability.posix {
                None => "ignored",
                Some(Impl::MonotonicId) => "checked against the clock id",
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

/// An `unsafe trait` is implemented on the caller's word or after a check; a safe one
/// needs neither. The posix backend has no caller's word to vouch with.
#[test]
fn every_unsafe_capability_is_justified_with_each_backend() {
    for capability in CAPABILITIES {
        for backend in [Backend::Kernel, Backend::Posix] {
            match capability.justified(backend) {
                Some(Impl::Plain) => assert!(!capability.tr.is_unsafe, "{}", capability.key),
                Some(Impl::Vouched) => assert!(
                    capability.tr.is_unsafe && backend == Backend::Kernel,
                    "{}: only the kernel backend has an `unsafe(…)` to vouch",
                    capability.key
                ),
                Some(Impl::MonotonicId) => {
                    assert!(capability.tr.is_unsafe && capability.key == "monotonic")
                }
                None => {}
            }
        }
        if let Some(narrower) = &capability.narrower {
            assert_eq!(narrower.tr.supertrait, Some(capability.tr.name));
            assert_eq!(narrower.tr.is_unsafe, capability.tr.is_unsafe);
        }
        assert_eq!(capability.tr.is_unsafe, !capability.tr.safety.is_empty());
    }
}
