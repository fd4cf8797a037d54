//! binder's transaction timestamps (`drivers/android/binder/transaction.rs`), as
//! upstream writes them: an `Instant<Monotonic>` field set with `Instant::now()`, and
//! `start_time.elapsed().as_millis()` in its debug print.

use core::fmt::Write;

use kernel::time::{Instant, Monotonic};

/// A transaction, with what its debug print shows.
pub struct Transaction {
    /// Its id.
    pub debug_id: usize,
    /// The transaction code.
    pub code: u32,
    start_time: Instant<Monotonic>,
}

impl Transaction {
    /// A transaction started now.
    pub fn new(debug_id: usize, code: u32) -> Self {
        Transaction {
            debug_id,
            code,
            start_time: Instant::now(),
        }
    }

    /// `debug_print_inner`'s line (into a `String` here, a `SeqFile` upstream).
    pub fn debug_print_inner(&self, m: &mut String, prefix: &str) {
        let _ = write!(
            m,
            "{}{}: code {:x} elapsed {}ms",
            prefix,
            self.debug_id,
            self.code,
            self.start_time.elapsed().as_millis(),
        );
    }
}
