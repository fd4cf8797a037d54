// The root module both host `kernel` crates share: their `time` and `io::poll` (each
// crate's own files), and the rest of the kernel crate as `kernel-integration` has it
// (its `alloc`, `error`, `host`, `prelude`, `sync` and `types` files, copied beside
// this one, and `kernel-bindings` as `bindings` and `ffi`). The harness appends it to
// each crate's head (`upstream.rs`, `ours.rs`).

// Upstream's files name pin-init `pin_init`.
extern crate pinned_init as pin_init;

pub mod time;

/// `kernel::io`: `poll`, and what its doctests use of the rest.
pub mod io {
    pub mod poll;
    pub use crate::io_shim::{Io, Mmio, Region};
}

pub mod alloc;
pub mod error;
mod host;
pub mod prelude;
pub mod sync;
pub mod types;

pub use bindings::{self, ffi};
pub use host::{fmt, processor, task};

/// What `kernel::io` has besides `poll`, as far as upstream's doctests use it.
pub mod io_shim {
    use core::marker::PhantomData;

    /// I/O accessors.
    pub trait Io {
        /// Reads a 16-bit register at `offset`.
        fn try_read16(&self, offset: usize) -> crate::error::Result<u16>;
    }

    /// A region of `SIZE` bytes.
    pub struct Region<const SIZE: usize>;

    /// Memory-mapped I/O over `R`.
    pub struct Mmio<'a, R>(PhantomData<&'a R>);

    impl<const SIZE: usize> Io for Mmio<'_, Region<SIZE>> {
        fn try_read16(&self, _offset: usize) -> crate::error::Result<u16> {
            Ok(0)
        }
    }
}
