//! The rest of the kernel crate that `kernel::time` and its users reach, on the host:
//! `kernel::{fmt, processor, task}` and the logging macros.

/// `kernel::fmt`: `core::fmt`'s names.
pub mod fmt {
    pub use core::fmt::{Arguments, Debug, Display, Error, Formatter, Result, Write};
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
    /// `might_sleep()`: warns, as `CONFIG_DEBUG_ATOMIC_SLEEP` does, when called in
    /// atomic context (a timer callback of the host hrtimer base).
    #[track_caller]
    pub fn might_sleep() {
        let location = core::panic::Location::caller();
        // SAFETY: `__might_sleep` reads the nul-terminated file name, which is static.
        unsafe {
            bindings::__might_sleep(c"rust".as_ptr(), location.line() as i32);
        }
    }
}

/// `pr_info!("…", args)`: prints a line (the kernel's log at `KERN_INFO`).
#[macro_export]
macro_rules! pr_info {
    ($($fmt:tt)*) => {
        ::std::print!($($fmt)*)
    };
}

/// `dev_err!(dev, "…", args)`: logs an error for a device (whose `log` method takes
/// the level and the message).
#[macro_export]
macro_rules! dev_err {
    ($dev:expr, $($fmt:tt)*) => {
        $dev.log("err", ::core::format_args!($($fmt)*))
    };
}

/// `dev_info!(dev, "…", args)`: logs information for a device.
#[macro_export]
macro_rules! dev_info {
    ($dev:expr, $($fmt:tt)*) => {
        $dev.log("info", ::core::format_args!($($fmt)*))
    };
}

/// The kernel's `try_pin_init!`: pin-init's, with the kernel's `Error` as the default
/// error type.
#[macro_export]
macro_rules! try_pin_init {
    ($(&$this:ident in)? $t:ident $(::<$($generics:ty),* $(,)?>)? { $($fields:tt)* }) => {
        ::pinned_init::try_pin_init!($(&$this in)? $t $(::<$($generics),*>)? {
            $($fields)*
        }? $crate::error::Error)
    };
    ($($rest:tt)*) => {
        ::pinned_init::try_pin_init!($($rest)*)
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
