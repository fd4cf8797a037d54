// The kernel-crate shim both host `kernel` crates share: what upstream's time files
// and their users reach in the kernel crate besides `kernel::time` and `kernel::io`.
// The harness appends it to each crate's root module; `error` and `ffi` are
// `tests/upstream-shim`'s, `alloc` and `sync` `kernel-integration`'s.

extern crate pinned_init as pin_init;

pub use bindings;

pub mod error;
pub mod ffi;

pub mod alloc;
pub mod sync;

/// `kernel::types`.
pub mod types {
    use core::cell::UnsafeCell;
    use core::marker::PhantomPinned;
    use core::mem::MaybeUninit;
    use pin_init::PinInit;

    /// A `T` that C may write at any time: the kernel's `Opaque<T>`.
    #[repr(transparent)]
    pub struct Opaque<T> {
        value: UnsafeCell<MaybeUninit<T>>,
        _pin: PhantomPinned,
    }

    impl<T> Opaque<T> {
        /// An initializer that calls `init_func` on the place of the `T`.
        pub fn ffi_init(init_func: impl FnOnce(*mut T)) -> impl PinInit<Self> {
            // SAFETY: `init_func` initializes the place; an `Opaque` may be uninitialized.
            unsafe {
                pin_init::pin_init_from_closure::<_, core::convert::Infallible>(move |slot| {
                    init_func(Self::cast_into(slot));
                    Ok(())
                })
            }
        }

        /// The pointer to the `T` of `self`.
        pub const fn get(&self) -> *mut T {
            UnsafeCell::get(&self.value).cast::<T>()
        }

        /// The pointer to the `T` of `*this`.
        pub const fn cast_into(this: *const Self) -> *mut T {
            UnsafeCell::raw_get(this.cast::<UnsafeCell<MaybeUninit<T>>>()).cast::<T>()
        }

        /// The pointer to the `T` of `*this`.
        pub const fn raw_get(this: *const Self) -> *mut T {
            Self::cast_into(this)
        }
    }
}

/// `kernel::fmt`: `core::fmt`'s names, and the kernel's own `Display`.
pub mod fmt {
    pub use core::fmt::{Arguments, Debug, Error, Formatter, Result, Write};

    /// The kernel's `Display` (`pr_info!`'s `{}`).
    pub trait Display {
        /// Formats `self`.
        fn fmt(&self, f: &mut Formatter<'_>) -> Result;
    }
}

/// `kernel::processor`.
pub mod processor {
    /// `cpu_relax()`.
    pub fn cpu_relax() {
        core::hint::spin_loop();
    }
}

/// `kernel::task`.
pub mod task {
    /// `might_sleep()`.
    #[track_caller]
    pub fn might_sleep() {
        // SAFETY: `might_sleep` has no precondition.
        unsafe { crate::bindings::might_sleep() }
    }
}

/// `kernel::prelude`.
pub mod prelude {
    pub use crate::alloc::{flags::*, Box, KBox};
    pub use crate::error::{code::*, Error, Result};
    pub use crate::ffi::{c_int, c_long, c_uint, c_ulong};
    pub use crate::try_pin_init;
    pub use core::pin::Pin;
    pub use pin_init::{init, pin_data, pin_init, pinned_drop, Init, PinInit};
}

/// The kernel's `try_pin_init!`: pin-init's, with the kernel's `Error` as the default
/// error type.
#[macro_export]
macro_rules! try_pin_init {
    ($(&$this:ident in)? $t:ident $(::<$($generics:ty),* $(,)?>)? { $($fields:tt)* }) => {
        ::pin_init::try_pin_init!($(&$this in)? $t $(::<$($generics),*>)? {
            $($fields)*
        }? $crate::error::Error)
    };
    ($($rest:tt)*) => {
        ::pin_init::try_pin_init!($($rest)*)
    };
}

/// The kernel's `container_of!`: the pointer to the `$Container` whose field
/// `$field` `$field_ptr` points to.
#[macro_export]
macro_rules! container_of {
    ($field_ptr:expr, $Container:ty, $($fields:tt)*) => {{
        let offset: usize = ::core::mem::offset_of!($Container, $($fields)*);
        let field_ptr = $field_ptr;
        field_ptr.byte_sub(offset).cast::<$Container>()
    }};
}
