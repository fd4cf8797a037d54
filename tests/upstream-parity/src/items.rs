//! Upstream 7.3.4's items and, per item, the snippets that use it: upstream's
//! doctests, the in-tree call sites' shapes, and the natural generic and trait uses.
//! Every snippet compiles against upstream (the harness checks it).

/// Where a snippet's code lives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Where {
    /// In a crate that uses the kernel crate (a driver, a doctest).
    User,
    /// Inside the kernel crate, as a module of it (`crate::time::…`).
    KernelCrate,
}

/// The upstream file an item is declared in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum File {
    /// `rust/kernel/time.rs`.
    Time,
    /// `rust/kernel/time/delay.rs`.
    Delay,
    /// `rust/kernel/io/poll.rs`.
    Poll,
    /// `rust/kernel/time/hrtimer.rs` and `time/hrtimer/*.rs`.
    Hrtimer,
}

impl File {
    /// Every file, in the table's order.
    pub const ALL: [File; 4] = [File::Time, File::Delay, File::Poll, File::Hrtimer];

    /// The file's name in the table.
    pub fn name(self) -> &'static str {
        match self {
            Time => "`time.rs`",
            Delay => "`time/delay.rs`",
            Poll => "`io/poll.rs`",
            Hrtimer => "`time/hrtimer.rs`, `time/hrtimer/*.rs`",
        }
    }
}

/// One use of an item.
#[derive(Debug)]
pub struct Snippet {
    /// A unique name.
    pub id: &'static str,
    /// Where the code lives.
    pub place: Where,
    /// Refused by design against ours (listed in "Deliberately stricter"), so its
    /// failure does not count against the item.
    pub deliberate: bool,
    /// The code: a library crate using `kernel` (or, in the kernel crate, a module).
    pub code: &'static str,
}

/// One upstream item.
#[derive(Debug)]
pub struct Item {
    /// Its file.
    pub file: File,
    /// Its name as the table shows it.
    pub name: &'static str,
    /// Its uses.
    pub snippets: &'static [Snippet],
}

/// A snippet in a user crate.
const fn u(id: &'static str, code: &'static str) -> Snippet {
    Snippet {
        id,
        place: Where::User,
        deliberate: false,
        code,
    }
}

/// A snippet inside the kernel crate.
const fn k(id: &'static str, code: &'static str) -> Snippet {
    Snippet {
        id,
        place: Where::KernelCrate,
        deliberate: false,
        code,
    }
}

/// A user snippet that ours refuses by design.
const fn d(id: &'static str, code: &'static str) -> Snippet {
    Snippet {
        id,
        place: Where::User,
        deliberate: true,
        code,
    }
}

/// An item.
const fn item(file: File, name: &'static str, snippets: &'static [Snippet]) -> Item {
    Item {
        file,
        name,
        snippets,
    }
}

use File::*;

/// Every upstream item with its snippets.
pub const ITEMS: &[Item] = &[
    item(Time, "`NSEC_PER_SEC`", &[u("nsec_per_sec", r#"
pub const P: u64 = kernel::time::NSEC_PER_SEC as u64;
pub fn f() -> usize { kernel::time::NSEC_PER_SEC as usize }
"#)]),
    item(Time, "`impl Delta` (inside the kernel crate)", &[k("impl_delta", r#"
impl crate::time::Delta { pub fn twice(self) -> Self { self + self } }
"#)]),
];
