// The kernel-crate shim both host `kernel` crates share: what upstream's time files
// and their users reach in the kernel crate besides `kernel::time` and `kernel::io`.
// The harness appends it to each crate's root module; `error` and `ffi` are
// `tests/upstream-shim`'s, `alloc` and `sync::arc` `kernel-integration`'s.

extern crate pinned_init as pin_init;

pub use bindings;

pub mod error;
pub mod ffi;

pub mod alloc;

/// `kernel::sync`: `Arc` and `ArcBorrow` (`kernel_integration`'s), atomics and
/// completions.
pub mod sync {
    mod arc;
    pub use arc::{Arc, ArcBorrow};

    /// `kernel::sync::atomic`, as far as upstream's doctests use it.
    pub mod atomic {
        /// The memory orderings.
        #[allow(non_upper_case_globals)]
        pub mod ordering {
            use core::sync::atomic::Ordering;
            /// A full barrier.
            pub const Full: Ordering = Ordering::SeqCst;
            /// Acquire.
            pub const Acquire: Ordering = Ordering::Acquire;
            /// Release.
            pub const Release: Ordering = Ordering::Release;
            /// Relaxed.
            pub const Relaxed: Ordering = Ordering::Relaxed;
        }

        use core::sync::atomic::Ordering;

        /// An atomic `T`.
        pub struct Atomic<T: AtomicType>(T::Repr);

        /// A type with an atomic counterpart.
        pub trait AtomicType: Copy {
            /// The `core` atomic.
            type Repr;
            /// The atomic holding `v`.
            fn repr(v: Self) -> Self::Repr;
            /// Reads `r`.
            fn load(r: &Self::Repr, o: Ordering) -> Self;
            /// Writes `v` to `r`.
            fn store(r: &Self::Repr, v: Self, o: Ordering);
            /// Adds `v` to `r`, returning the value before.
            fn fetch_add(r: &Self::Repr, v: Self, o: Ordering) -> Self;
        }

        impl<T: AtomicType> Atomic<T> {
            /// A new atomic holding `v`.
            pub fn new(v: T) -> Self {
                Self(T::repr(v))
            }

            /// Reads the value.
            pub fn load(&self, o: Ordering) -> T {
                T::load(&self.0, o)
            }

            /// Writes `v`.
            pub fn store(&self, v: T, o: Ordering) {
                T::store(&self.0, v, o)
            }

            /// Adds `v`, returning the value before.
            pub fn fetch_add(&self, v: T, o: Ordering) -> T {
                T::fetch_add(&self.0, v, o)
            }
        }

        macro_rules! atomic {
            ($($t:ty => $repr:ty),*) => {$(
                impl AtomicType for $t {
                    type Repr = $repr;
                    fn repr(v: Self) -> $repr {
                        <$repr>::new(v)
                    }
                    fn load(r: &$repr, o: Ordering) -> Self {
                        r.load(o)
                    }
                    fn store(r: &$repr, v: Self, o: Ordering) {
                        r.store(v, o)
                    }
                    fn fetch_add(r: &$repr, v: Self, o: Ordering) -> Self {
                        r.fetch_add(v, o)
                    }
                }
            )*};
        }

        atomic!(u32 => core::sync::atomic::AtomicU32, u64 => core::sync::atomic::AtomicU64,
            i32 => core::sync::atomic::AtomicI32, i64 => core::sync::atomic::AtomicI64);
    }

    /// `kernel::sync::completion`.
    pub mod completion {
        use core::sync::atomic::{AtomicBool, Ordering};
        use pin_init::PinInit;

        /// A completion: a flag that waiters wait on.
        #[pin_init::pin_data]
        pub struct Completion {
            done: AtomicBool,
        }

        impl Completion {
            /// A new, not completed completion.
            pub fn new() -> impl PinInit<Self> {
                pin_init::pin_init!(Self { done: AtomicBool::new(false) })
            }

            /// Completes it for every waiter.
            pub fn complete_all(&self) {
                self.done.store(true, Ordering::Release);
            }

            /// Waits until it is completed.
            pub fn wait_for_completion(&self) {
                while !self.done.load(Ordering::Acquire) {
                    core::hint::spin_loop();
                }
            }
        }
    }
}

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

/// `pr_info!`: formats its arguments (the log line goes nowhere).
#[macro_export]
macro_rules! pr_info {
    ($($t:tt)*) => {{
        let _ = ::core::format_args!($($t)*);
    }};
}

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
    pub use crate::{pr_info, try_pin_init};
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
