//! Valid tables: they expand without errors, and each clock has what its row says.

use super::*;

#[test]
pub(crate) fn valid_tables_expand_in_every_layout() {
    property(
        "valid_tables_expand_in_every_layout",
        1,
        (valid_table(1..12), layout()),
        |(table, layout)| {
            let written = write(&table, &layout);
            let expansion = check_table(&written.text, &table.args())?;
            check_valid_expansion(&expansion, &table)?;
            check_assertions(&expansion, &table, &written)?;
            prop_assert_eq!(expansion.included.as_deref(), Some("/clocks.toml"));
            Ok(())
        },
    );
}

#[test]
pub(crate) fn valid_tables_expand_from_files() {
    let dir = temp_dir("valid");
    property(
        "valid_tables_expand_from_files",
        8,
        (valid_table(1..12), layout()),
        |(table, layout)| {
            let written = write(&table, &layout);
            let expansion = expand_file(&dir, written.text.as_bytes(), &table.args());
            check_valid_expansion(&expansion, &table)?;
            // The table is `include_bytes!`'d, by its absolute path.
            let file = dir.join("clocks.toml");
            prop_assert_eq!(expansion.included.as_deref(), file.to_str());
            Ok(())
        },
    );
}

#[test]
pub(crate) fn valid_tables_expand_in_the_inline_form() {
    property(
        "valid_tables_expand_in_the_inline_form",
        1,
        (valid_table(1..12), any::<u64>()),
        |(table, seed)| {
            let tokens = inline_tokens(&table, seed);
            let expansion = observe(declare_clocks(tokens, &Environment::default()));
            check_valid_expansion(&expansion, &table)?;
            prop_assert!(expansion.included.is_none());
            Ok(())
        },
    );
}

/// What the expansion of the valid `table` declares: no error; each row's clock, in
/// table order, implementing the runtime's clock trait with the row's id, the traits
/// of its capabilities (and `PosixClock` with the posix backend) and `TableClock` with
/// its row as data; `CLOCKS`; the conversions between the related clocks; and the
/// runtime's items with `runtime = self` only.
pub(crate) fn check_valid_expansion(expansion: &Expansion, table: &Table) -> TestCaseResult {
    prop_assert!(
        expansion.errors.is_empty(),
        "errors for a valid table: {:#?}",
        expansion.errors
    );
    check_invariants(expansion)?;
    let names = table.names();
    prop_assert_eq!(&expansion.types, &names);
    prop_assert_eq!(&expansion.clocks, &names);
    prop_assert_eq!(
        &expansion.clock_trait_paths,
        &BTreeSet::from([table.clock_trait()])
    );
    let runtime = format!("{}::", table.runtime.path());
    for path in &expansion.trait_paths {
        prop_assert!(
            path.starts_with(&runtime),
            "`{}` is not the runtime's",
            path
        );
    }
    prop_assert_eq!(&expansion.impls, &table.impls());
    prop_assert_eq!(&expansion.conversions, &table.conversions());
    for row in &table.rows {
        let id = row.clockid.as_ref().map(Id::text);
        prop_assert_eq!(expansion.ids.get(&row.name), id.as_ref(), "{}", row.name);
        check_info(&expansion.infos[&row.name], table, row)?;
    }
    let runtime_items: BTreeSet<String> = expansion.runtime_items.keys().cloned().collect();
    if table.runtime == Runtime::SelfModule {
        prop_assert_eq!(runtime_items, runtime_item_names());
    } else {
        prop_assert!(runtime_items.is_empty(), "{:?}", runtime_items);
    }
    Ok(())
}

/// A clock's `TableClock::INFO`: its name, getter, resolution and one flag per
/// capability, as the row says with the table's backend.
fn check_info(info: &BTreeMap<String, String>, table: &Table, row: &Row) -> TestCaseResult {
    prop_assert_eq!(&info["name"], &format!("{:?}", row.name));
    let getter = row.getter.as_deref().filter(|_| !table.posix).unwrap_or("");
    prop_assert_eq!(&info["getter"], &format!("{getter:?}"));
    let resolution = match row.resolution {
        Some(0) => "Resolution::Tick".to_owned(),
        Some(nanos) => format!("Resolution::Nanos({nanos})"),
        None => "Resolution::Nanos(1)".to_owned(),
    };
    prop_assert!(
        info["resolution"].ends_with(&resolution),
        "{} for {}",
        info["resolution"],
        resolution
    );
    for (key, has) in table.capabilities(row) {
        prop_assert_eq!(&info[key], &has.to_string(), "`{}` of {}", key, row.name);
    }
    Ok(())
}

/// The compile-time checks of a valid table written as `written`: one per item it names
/// in a bindings module (each getter, each constant clock id, `ktime_mono_to_any` and
/// each offset) or in `libc` (a constant clock id with the posix backend), each at the
/// row's value for it; none when the table names no module's items.
fn check_assertions(expansion: &Expansion, table: &Table, written: &Written) -> TestCaseResult {
    let mut expected = Vec::new();
    let at = |row: usize, key: &str| {
        let at = written.key(row, key);
        format!("clocks.toml:{}:{}: ", at.line, at.value_column)
    };
    let module = if table.posix {
        "libc"
    } else {
        "some_crate::bindings"
    };
    for (index, row) in table.rows.iter().enumerate() {
        if let (Some(getter), true, false) = (&row.getter, table.bindings, table.posix) {
            expected.push(format!(
                "{}`{getter}` is not a function of the bindings module `{module}`",
                at(index, "getter")
            ));
        }
        if let (Some(Id::Constant(constant)), true) = (&row.clockid, table.bindings || table.posix)
        {
            expected.push(format!(
                "{}`{module}` has no clock id constant `{constant}`",
                at(index, "clockid")
            ));
        }
        if let (Relation::Offset(offset), true) =
            (&row.relation, table.bindings && table.has_offsets())
        {
            expected.push(format!(
                "{}the bindings module `{module}` has no timekeeper offset `tk_offsets_{offset}`",
                at(index, "offset")
            ));
        }
    }
    for prefix in &expected {
        prop_assert!(
            expansion
                .assertions
                .iter()
                .any(|message| message.starts_with(prefix)),
            "no check {:?} among {:#?}",
            prefix,
            expansion.assertions
        );
    }
    // Every check is at a value of its row that names a module's item.
    let places: BTreeSet<String> = table
        .rows
        .iter()
        .enumerate()
        .flat_map(|(index, _)| {
            let keys = written.rows[index].keys.iter().map(|(key, _)| *key);
            keys.filter(|key| ["getter", "clockid", "offset"].contains(key))
                .map(|key| at(index, key))
                .collect::<Vec<_>>()
        })
        .collect();
    prop_assert_eq!(
        expansion.assertions.is_empty(),
        expected.is_empty(),
        "{:#?}",
        expansion.assertions
    );
    for message in &expansion.assertions {
        prop_assert!(
            places.iter().any(|place| message.starts_with(place)),
            "a check at no value that names an item: {:?}",
            message
        );
    }
    Ok(())
}
