//! Kernel errors, in the shape of the kernel crate's `rust/kernel/error.rs`: an
//! [`Error`] wrapping a negative errno, [`Result<T = (), E = Error>`](Result), and the
//! errno constants in [`code`], which drivers bring in with `use kernel::prelude::*`
//! and write bare (`Err(EINVAL)`, `ok_or(ENODEV)?`, `Err(ETIMEDOUT)`).
//!
//! This module stands for the kernel's: `kernel::io::poll` (upstream's file with the
//! series' patches) returns this `Result`, as in the kernel.

use core::fmt;
use core::num::NonZeroI32;

use super::ffi::c_int;

/// The largest errno (`MAX_ERRNO` in `include/linux/err.h`).
const MAX_ERRNO: c_int = 4095;

/// The errno constants, as the kernel's `kernel::error::code`.
pub mod code {
    macro_rules! declare_err {
        ($($err:ident = $errno:literal: $doc:literal,)*) => {$(
            #[doc = $doc]
            pub const $err: super::Error = match super::Error::try_from_errno(-$errno) {
                Some(err) => err,
                None => panic!("Invalid errno in `declare_err!`"),
            };
        )*};
    }

    declare_err! {
        EPERM = 1: "Operation not permitted.",
        ENOENT = 2: "No such file or directory.",
        EIO = 5: "I/O error.",
        EAGAIN = 11: "Try again.",
        ENOMEM = 12: "Out of memory.",
        EBUSY = 16: "Device or resource busy.",
        ENODEV = 19: "No such device.",
        EINVAL = 22: "Invalid argument.",
        EFBIG = 27: "File too large.",
        ERANGE = 34: "Math result not representable.",
        EOVERFLOW = 75: "Value too large for defined data type.",
        EMSGSIZE = 90: "Message too long.",
        ETIMEDOUT = 110: "Connection timed out.",
        ENOTSUPP = 524: "Operation is not supported.",
    }
}

/// A kernel error: a negative errno, as the kernel's `kernel::error::Error`.
///
/// # Invariants
///
/// The value is a valid errno, from `-MAX_ERRNO` to -1.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Error(NonZeroI32);

impl Error {
    /// The error for `errno`, or `EINVAL` when it is not an errno (the kernel's also
    /// warns).
    pub fn from_errno(errno: c_int) -> Error {
        Error::try_from_errno(errno).unwrap_or(code::EINVAL)
    }

    /// The error for `errno`, or `None` when it is not an errno.
    pub const fn try_from_errno(errno: c_int) -> Option<Error> {
        if errno < -MAX_ERRNO || errno >= 0 {
            return None;
        }
        match NonZeroI32::new(errno) {
            Some(errno) => Some(Error(errno)),
            None => None,
        }
    }

    /// The negative errno, for returning to C.
    pub fn to_errno(self) -> c_int {
        self.0.get()
    }

    /// The errno's name, for the errnos of [`code`].
    pub fn name(&self) -> Option<&'static str> {
        Some(match -self.0.get() {
            1 => "EPERM",
            2 => "ENOENT",
            5 => "EIO",
            11 => "EAGAIN",
            12 => "ENOMEM",
            16 => "EBUSY",
            19 => "ENODEV",
            22 => "EINVAL",
            27 => "EFBIG",
            34 => "ERANGE",
            75 => "EOVERFLOW",
            90 => "EMSGSIZE",
            110 => "ETIMEDOUT",
            524 => "ENOTSUPP",
            _ => return None,
        })
    }
}

/// `ETIMEDOUT`, or `Error(110)` for an errno without a name, as the kernel's.
impl fmt::Debug for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.name() {
            Some(name) => f.debug_tuple(name).finish(),
            None => f.debug_tuple("Error").field(&-self.0.get()).finish(),
        }
    }
}

impl From<core::num::TryFromIntError> for Error {
    fn from(_: core::num::TryFromIntError) -> Error {
        code::EINVAL
    }
}

impl From<core::convert::Infallible> for Error {
    fn from(never: core::convert::Infallible) -> Error {
        match never {}
    }
}

/// The kernel's `Result`: `Result<T, Error>`, `()` by default.
pub type Result<T = (), E = Error> = core::result::Result<T, E>;

/// `Ok(())` for 0 and above, the errno's error below (the kernel's `to_result`).
pub fn to_result(err: c_int) -> Result {
    if err < 0 {
        Err(Error::from_errno(err))
    } else {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::code::*;
    use super::*;

    #[test]
    fn errnos_names_and_bad_values() {
        assert_eq!(ETIMEDOUT.to_errno(), -110);
        assert_eq!(Error::from_errno(-110), ETIMEDOUT);
        assert_eq!(Error::from_errno(0), EINVAL);
        assert_eq!(Error::from_errno(-4096), EINVAL);
        assert_eq!(format!("{ETIMEDOUT:?}"), "ETIMEDOUT");
        assert_eq!(format!("{:?}", Error::from_errno(-4000)), "Error(4000)");
        assert_eq!(to_result(-5), Err(EIO));
        assert_eq!(to_result(3), Ok(()));
        assert_eq!(Error::from(u8::try_from(300u32).unwrap_err()), EINVAL);
    }
}
