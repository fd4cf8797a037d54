// SPDX-License-Identifier: GPL-2.0

//! The checks' results in KTAP (`Documentation/dev-tools/ktap.rst`), the format of
//! KUnit's own output, so that `tools/testing/kunit/kunit.py parse` reads them.
//!
//! A module's output is one KTAP document holding one suite, named after the module,
//! as KUnit prints a suite: the document's header and plan (`1..1`) when the module
//! loads, then one test line per check (`ok N name` or `not ok N name`) with its figures
//! on a diagnostic line (`# ...`) before it, and the suite's result line when the
//! module is done. The suite has no plan line of its own: its checks span module init,
//! the commands `/init` writes and module exit, and how many there are depends on the
//! table. Every line carries the module's log prefix (`typed_clocks: `), which
//! `scripts/ktap-verdict.py` strips from that module's lines before handing them to
//! `kunit.py parse`.

use core::fmt::{self, Write};
use core::sync::atomic::{AtomicU32, Ordering};
use kernel::prelude::*;

/// A diagnostic line of the suite: `    # <text>`.
macro_rules! diag {
    ($($arg:tt)*) => {
        ::kernel::prelude::pr_info!("    # {}\n", ::core::format_args!($($arg)*))
    };
}
pub(crate) use diag;

/// One module's suite: its name, and the count of checks run and failed so far.
pub(crate) struct Suite {
    name: &'static str,
    run: AtomicU32,
    failed: AtomicU32,
}

impl Suite {
    /// A suite of no check yet.
    pub(crate) const fn new(name: &'static str) -> Self {
        Suite {
            name,
            run: AtomicU32::new(0),
            failed: AtomicU32::new(0),
        }
    }

    /// The document's header and plan, and the suite's header.
    pub(crate) fn begin(&self) {
        pr_info!("KTAP version 1\n");
        pr_info!("1..1\n");
        pr_info!("    KTAP version 1\n");
        pr_info!("    # Subtest: {}\n", self.name);
    }

    /// One check: `what` is `<name>: <figures>` (or only a name). The figures go on a
    /// diagnostic line, then the test line with the name.
    pub(crate) fn check(&self, ok: bool, what: fmt::Arguments<'_>) {
        let mut line = Line::new();
        // A line longer than the buffer is cut: `Line` never fails.
        let _ = line.write_fmt(what);
        let at = line.as_str().find(": ");
        // A `#` would start a KTAP directive in the test line: the name has `_` instead.
        line.hashes_to_underscores(at.unwrap_or(usize::MAX));
        let text = line.as_str();
        let (name, figures) = match at {
            Some(at) => (&text[..at], &text[at + 2..]),
            None => (text, ""),
        };
        let number = self.run.fetch_add(1, Ordering::Relaxed) + 1;
        if !figures.is_empty() {
            diag!("{}", figures);
        }
        if ok {
            pr_info!("    ok {} {}\n", number, name);
        } else {
            self.failed.fetch_add(1, Ordering::Relaxed);
            pr_err!("    not ok {} {}\n", number, name);
        }
    }

    /// The suite's result line: `ok 1 <suite>` when every check passed.
    pub(crate) fn end(&self) {
        let (run, failed) = (
            self.run.load(Ordering::Relaxed),
            self.failed.load(Ordering::Relaxed),
        );
        diag!("{} checks: {} passed, {} failed", run, run - failed, failed);
        if failed == 0 && run > 0 {
            pr_info!("ok 1 {}\n", self.name);
        } else {
            pr_err!("not ok 1 {}\n", self.name);
        }
    }
}

/// A check's text, formatted on the stack (no allocation); cut at its capacity.
struct Line {
    bytes: [u8; 384],
    len: usize,
}

impl Line {
    fn new() -> Self {
        Line {
            bytes: [0; 384],
            len: 0,
        }
    }

    /// Every `#` of the text up to `end` becomes `_` (both ASCII: still UTF-8).
    fn hashes_to_underscores(&mut self, end: usize) {
        for b in &mut self.bytes[..end.min(self.len)] {
            if *b == b'#' {
                *b = b'_';
            }
        }
    }

    fn as_str(&self) -> &str {
        // `write_str` only ever appends whole characters.
        core::str::from_utf8(&self.bytes[..self.len]).unwrap_or("")
    }
}

impl Write for Line {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        let room = self.bytes.len() - self.len;
        let mut take = s.len().min(room);
        while !s.is_char_boundary(take) {
            take -= 1;
        }
        self.bytes[self.len..self.len + take].copy_from_slice(&s.as_bytes()[..take]);
        self.len += take;
        Ok(())
    }
}
