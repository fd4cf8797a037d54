//! Writing a table as TOML, in several layouts, remembering where each key went.

use super::*;

/// How a table is written: all of these are the same table to a TOML reader.
#[derive(Clone, Debug)]
pub(crate) struct Layout {
    /// `clock = [ { … }, … ]` instead of `[[clock]]` headers.
    pub(crate) inline_tables: bool,
    pub(crate) crlf: bool,
    pub(crate) comments: bool,
    pub(crate) quoted_keys: bool,
    pub(crate) literal_strings: bool,
    /// 0: decimal, 1: hex/octal/binary where non-negative, 2: `+`/underscores.
    pub(crate) number_style: u8,
    pub(crate) tight: bool,
    /// Permutes the keys of each row.
    pub(crate) key_order: u64,
}

pub(crate) fn layout() -> impl Strategy<Value = Layout> {
    (
        prop::bool::weighted(0.2),
        prop::bool::weighted(0.2),
        any::<bool>(),
        prop::bool::weighted(0.3),
        any::<bool>(),
        0u8..3,
        prop::bool::weighted(0.3),
        any::<u64>(),
    )
        .prop_map(
            |(
                inline_tables,
                crlf,
                comments,
                quoted_keys,
                literal_strings,
                number_style,
                tight,
                key_order,
            )| Layout {
                inline_tables,
                crlf,
                comments,
                quoted_keys,
                literal_strings,
                number_style,
                tight,
                key_order,
            },
        )
}

/// Where a written key and its value start (1-based line and character column).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct KeyAt {
    pub(crate) line: usize,
    pub(crate) key_column: usize,
    pub(crate) value_column: usize,
}

/// A written table.
#[derive(Debug)]
pub(crate) struct Written {
    pub(crate) text: String,
    pub(crate) rows: Vec<WrittenRow>,
}

/// Where a written row is.
#[derive(Debug)]
pub(crate) struct WrittenRow {
    /// Line and column of its `[[clock]]` header, or of its `{`.
    pub(crate) start: (usize, usize),
    pub(crate) keys: Vec<(&'static str, KeyAt)>,
}

impl Written {
    pub(crate) fn key(&self, row: usize, key: &str) -> KeyAt {
        self.rows[row]
            .keys
            .iter()
            .find(|(k, _)| *k == key)
            .map(|(_, at)| *at)
            .unwrap_or_else(|| panic!("row {row} has no key {key}"))
    }

    pub(crate) fn row_start(&self, row: usize) -> (usize, usize) {
        self.rows[row].start
    }
}

/// A TOML string: a literal `'…'` when allowed and possible, otherwise basic `"…"`.
pub(crate) fn toml_string(text: &str, literal: bool) -> String {
    if literal && !text.contains('\'') && !text.chars().any(|c| c.is_control() && c != '\t') {
        return format!("'{text}'");
    }
    let mut quoted = String::from("\"");
    for c in text.chars() {
        match c {
            '"' => quoted.push_str("\\\""),
            '\\' => quoted.push_str("\\\\"),
            c if c.is_control() => quoted.push_str(&format!("\\u{:04X}", u32::from(c))),
            c => quoted.push(c),
        }
    }
    quoted.push('"');
    quoted
}

pub(crate) fn toml_number(n: i64, style: u8, seed: u64) -> String {
    match (style, n >= 0, seed % 3) {
        (1, true, 0) => format!("0x{n:X}"),
        (1, true, 1) => format!("0o{n:o}"),
        (1, true, _) => format!("0b{n:b}"),
        (2, true, 0) => format!("+{n}"),
        (2, _, _) if n.unsigned_abs() >= 10 => {
            let digits = n.unsigned_abs().to_string();
            let (head, tail) = digits.split_at(1);
            format!("{}{head}_{tail}", if n < 0 { "-" } else { "" })
        }
        _ => n.to_string(),
    }
}

/// The `key = value` pairs of `row` as TOML text, in the row's (permuted) key order.
/// `value_override` replaces the value of one key (a fault); `rename` its key name.
pub(crate) fn row_pairs(row: &Row, layout: &Layout, index: usize) -> Vec<(&'static str, String)> {
    let mut pairs: Vec<(&'static str, String)> =
        vec![("name", toml_string(&row.name, layout.literal_strings))];
    if let Some(getter) = &row.getter {
        pairs.push(("getter", toml_string(getter, layout.literal_strings)));
    }
    pairs.push(("monotonic", row.monotonic.to_string()));
    match &row.clockid {
        Some(Id::Number(n)) => pairs.push((
            "clockid",
            toml_number(
                i64::from(*n),
                layout.number_style,
                layout.key_order ^ index as u64,
            ),
        )),
        Some(Id::Constant(constant)) => {
            pairs.push(("clockid", toml_string(constant, layout.literal_strings)))
        }
        None => {}
    }
    if let Some(doc) = &row.doc {
        pairs.push(("doc", toml_string(doc, layout.literal_strings)));
    }
    match &row.relation {
        Relation::None => {}
        Relation::Base => pairs.push(("offset_base", "true".to_owned())),
        Relation::Offset(offset) => {
            pairs.push(("offset", toml_string(offset, layout.literal_strings)))
        }
    }
    for (key, set) in [
        ("nmi_safe", row.nmi_safe),
        ("hrtimer", row.hrtimer),
        ("settable", row.settable),
        ("counts_suspend", row.counts_suspend),
    ] {
        if set {
            pairs.push((key, "true".to_owned()));
        }
    }
    if row.nmi_safe {
        pairs.push(("returns", toml_string("u64", layout.literal_strings)));
    }
    match row.resolution {
        None => {}
        Some(0) => pairs.push(("resolution", toml_string("tick", layout.literal_strings))),
        Some(nanos) => pairs.push((
            "resolution",
            toml_number(nanos, layout.number_style, layout.key_order ^ index as u64),
        )),
    }
    // A deterministic permutation per row (Fisher–Yates over a small LCG).
    let mut state = layout.key_order ^ (index as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    for i in (1..pairs.len()).rev() {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        pairs.swap(i, (state >> 33) as usize % (i + 1));
    }
    pairs
}

/// A table's text being built, line by line, with positions in characters.
pub(crate) struct Builder {
    pub(crate) text: String,
    pub(crate) line: usize,
    pub(crate) column: usize,
    pub(crate) newline: &'static str,
}

impl Builder {
    pub(crate) fn push(&mut self, text: &str) -> (usize, usize) {
        let at = (self.line, self.column);
        self.text.push_str(text);
        self.column += text.chars().count();
        at
    }

    pub(crate) fn end_line(&mut self) {
        self.text.push_str(self.newline);
        self.line += 1;
        self.column = 1;
    }

    /// Writes `key`, `equals` and `value`, and returns where toml-span places them.
    fn push_pair(&mut self, layout: &Layout, equals: &str, key: &str, value: &str) -> KeyAt {
        let written_key = if layout.quoted_keys {
            format!("\"{key}\"")
        } else {
            key.to_owned()
        };
        let (line, key_column) = self.push(&written_key);
        let key_column = key_column + usize::from(layout.quoted_keys);
        self.push(equals);
        let (_, value_column) = self.push(value);
        // toml-span spans a string by its contents, after the quote (an empty string
        // at its quote).
        let value_column = value_column
            + usize::from(value.starts_with(['"', '\'']) && !matches!(value, "\"\"" | "''"));
        KeyAt {
            line,
            key_column,
            value_column,
        }
    }
}

/// Writes `table` in `layout`; `edit(row, pairs)` may change a row's pairs first.
pub(crate) fn write_with(
    table: &Table,
    layout: &Layout,
    mut edit: impl FnMut(usize, &mut Vec<(&'static str, String)>),
) -> Written {
    let mut out = Builder {
        text: String::new(),
        line: 1,
        column: 1,
        newline: if layout.crlf { "\r\n" } else { "\n" },
    };
    let equals = if layout.tight { "=" } else { " = " };
    let mut rows = Vec::new();
    if layout.comments {
        out.push("# A clock table: one [[clock]] per clock.");
        out.end_line();
    }
    if layout.inline_tables {
        out.push("clock = [");
        out.end_line();
    }
    for (index, row) in table.rows.iter().enumerate() {
        let mut pairs = row_pairs(row, layout, index);
        edit(index, &mut pairs);
        let mut keys = Vec::new();
        let start;
        if layout.inline_tables {
            out.push("  ");
            start = out.push("{ ");
            for (i, (key, value)) in pairs.iter().enumerate() {
                if i > 0 {
                    out.push(", ");
                }
                keys.push((*key, out.push_pair(layout, equals, key, value)));
            }
            out.push(" },");
            out.end_line();
        } else {
            if index > 0 && !layout.tight {
                out.end_line();
            }
            start = out.push("[[clock]]");
            if layout.comments {
                out.push(&format!(" # clock {index}"));
            }
            out.end_line();
            for (key, value) in &pairs {
                let at = out.push_pair(layout, equals, key, value);
                if layout.comments {
                    out.push(" # the row's ");
                    out.push(key);
                }
                out.end_line();
                keys.push((*key, at));
            }
        }
        rows.push(WrittenRow { start, keys });
    }
    if layout.inline_tables {
        out.push("]");
        out.end_line();
    }
    Written {
        text: out.text,
        rows,
    }
}

pub(crate) fn write(table: &Table, layout: &Layout) -> Written {
    write_with(table, layout, |_, _| {})
}

/// The same table in the inline form: `[::typed_clocks] unsafe(bindings = …); Name { … }, …`.
pub(crate) fn inline_tokens(table: &Table, seed: u64) -> TokenStream {
    let rows = table.rows.iter().enumerate().map(|(i, row)| {
        let name = Ident::new(&row.name, Span::call_site());
        let mut fields = Vec::new();
        if let Some(getter) = &row.getter {
            fields.push(if (seed >> (i % 64)) & 1 == 0 {
                let getter = Ident::new(getter, Span::call_site());
                quote!(getter: #getter)
            } else {
                quote!(getter: #getter)
            });
        }
        let monotonic = row.monotonic;
        fields.push(quote!(monotonic: #monotonic));
        match &row.clockid {
            Some(Id::Number(n)) => fields.push(match ((seed >> (i % 61)) & 1, *n < 0) {
                // A negative id either as `-` then a literal, or as one negative literal.
                (0, true) => {
                    let magnitude = Literal::i64_unsuffixed(-i64::from(*n));
                    quote!(clockid: - #magnitude)
                }
                _ => quote!(clockid: #n),
            }),
            Some(Id::Constant(constant)) => {
                let constant = Ident::new(constant, Span::call_site());
                fields.push(quote!(clockid: #constant));
            }
            None => {}
        }
        if let Some(doc) = &row.doc {
            fields.push(quote!(doc: #doc));
        }
        match &row.relation {
            Relation::None => {}
            Relation::Base => fields.push(quote!(offset_base: true)),
            Relation::Offset(offset) => {
                let offset = Ident::new(offset, Span::call_site());
                fields.push(quote!(offset: #offset));
            }
        }
        for (key, set) in [
            ("nmi_safe", row.nmi_safe),
            ("hrtimer", row.hrtimer),
            ("settable", row.settable),
            ("counts_suspend", row.counts_suspend),
        ] {
            let key = Ident::new(key, Span::call_site());
            if set {
                fields.push(quote!(#key: true));
            }
        }
        if row.nmi_safe {
            fields.push(quote!(returns: u64));
        }
        match row.resolution {
            None => {}
            Some(0) => fields.push(quote!(resolution: tick)),
            Some(nanos) => fields.push(quote!(resolution: #nanos)),
        }
        quote!(#name { #(#fields),* })
    });
    table.args().inline(quote!(#(#rows),*))
}

/// A fresh directory for the table files of one property.
pub(crate) fn temp_dir(property: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "time-macros-proptests-{}-{property}",
        std::process::id()
    ));
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

pub(crate) fn env_for(dir: &std::path::Path) -> Environment {
    Environment {
        manifest_dir: Some(dir.to_path_buf()),
        ..Environment::default()
    }
}

/// Runs the macro on `"clocks.toml"` with `args`, with `bytes` as the file.
pub(crate) fn expand_file(dir: &std::path::Path, bytes: &[u8], args: &Args) -> Expansion {
    std::fs::write(dir.join("clocks.toml"), bytes).expect("write table");
    observe(declare_clocks(args.file("clocks.toml"), &env_for(dir)))
}
