//! [`Error`]: the errno-shaped error of the kernel services ([`poll`](crate::poll)).

use core::fmt;
use core::num::NonZeroI32;

/// An error carrying a kernel errno, as the kernel's `kernel::error::Error`: what
/// `read_poll_timeout` returns on a timeout ([`code::ETIMEDOUT`]), and what its `op`
/// closure returns to stop polling with an error.
///
/// One concrete type, not a generic `E`: a driver writes
/// `read_poll_timeout(|| Ok(reg.read()), |v| …, Delta::ZERO, timeout)?`, and with a
/// generic error type nothing would tell the compiler which error that `Ok` belongs
/// to. A kernel tree maps it to `kernel::error::Error` by its errno
/// ([`Error::to_errno`], [`Error::from_errno`]).
///
/// ```
/// use typed_clocks::error::{code, Error};
///
/// assert_eq!(code::ETIMEDOUT.to_errno(), -110);
/// assert_eq!(Error::from_errno(-110), code::ETIMEDOUT);
/// assert_eq!(format!("{:?}", code::ETIMEDOUT), "ETIMEDOUT");
/// assert_eq!(code::ETIMEDOUT.to_string(), "ETIMEDOUT: connection timed out");
/// ```
///
/// # Invariants
///
/// The value is a negative errno, from −4095 (`-MAX_ERRNO`) to −1.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Error(NonZeroI32);

/// `Result<T, Error>`, as the kernel's `kernel::error::Result`.
pub type Result<T = (), E = Error> = core::result::Result<T, E>;

/// The largest errno (`MAX_ERRNO` in `include/linux/err.h`).
const MAX_ERRNO: i32 = 4095;

/// `-EINVAL`, what a value that is not an errno becomes (evaluated at compile time).
const EINVAL_ERRNO: NonZeroI32 = match NonZeroI32::new(-22) {
    Some(errno) => errno,
    None => panic!("-22 is not zero"),
};

impl Error {
    /// The error for the negative errno `errno` (`-ETIMEDOUT`, …). A value outside
    /// −4095..=−1 is not an errno and gives `EINVAL`, as the kernel's
    /// `Error::from_errno` does.
    #[inline]
    pub const fn from_errno(errno: i32) -> Self {
        match NonZeroI32::new(errno) {
            // INVARIANT: the guard checks that `errno` is in −4095..=−1.
            Some(nonzero) if errno >= -MAX_ERRNO && errno < 0 => Error(nonzero),
            // INVARIANT: `EINVAL_ERRNO` is −22.
            _ => Error(EINVAL_ERRNO),
        }
    }

    /// The negative errno, for returning to C.
    #[inline]
    pub const fn to_errno(self) -> i32 {
        self.0.get()
    }

    /// The errno's name (`"ETIMEDOUT"`) for the errnos in [`code`].
    pub const fn name(self) -> Option<&'static str> {
        match self.describe() {
            Some((name, _)) => Some(name),
            None => None,
        }
    }

    const fn describe(self) -> Option<(&'static str, &'static str)> {
        Some(match -self.0.get() {
            1 => ("EPERM", "operation not permitted"),
            5 => ("EIO", "input/output error"),
            11 => ("EAGAIN", "try again"),
            16 => ("EBUSY", "device or resource busy"),
            19 => ("ENODEV", "no such device"),
            22 => ("EINVAL", "invalid argument"),
            34 => ("ERANGE", "result out of range"),
            110 => ("ETIMEDOUT", "connection timed out"),
            _ => return None,
        })
    }
}

/// `ETIMEDOUT`, or `Error(-N)` for an errno without a name here.
impl fmt::Debug for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.name() {
            Some(name) => f.write_str(name),
            None => write!(f, "Error({})", self.to_errno()),
        }
    }
}

/// `ETIMEDOUT: connection timed out`, or `errno -N`.
impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.describe() {
            Some((name, text)) => write!(f, "{name}: {text}"),
            None => write!(f, "errno {}", self.to_errno()),
        }
    }
}

impl core::error::Error for Error {}

/// The errnos the kernel services return or drivers commonly pass through, as the
/// kernel's `kernel::error::code`.
pub mod code {
    use super::Error;

    macro_rules! errnos {
        ($($name:ident = $errno:literal: $doc:literal,)*) => {$(
            #[doc = $doc]
            pub const $name: Error = Error::from_errno(-$errno);
        )*};
    }

    errnos! {
        EPERM = 1: "Operation not permitted.",
        EIO = 5: "I/O error.",
        EAGAIN = 11: "Try again.",
        EBUSY = 16: "Device or resource busy.",
        ENODEV = 19: "No such device.",
        EINVAL = 22: "Invalid argument.",
        ERANGE = 34: "Math result not representable.",
        ETIMEDOUT = 110: "Connection timed out: what `read_poll_timeout` returns when it gives up.",
    }
}

#[cfg(test)]
// Host only: the in-tree series carries the files the kernel build reads, and
// rustfmt would look for this one there (the workspace's check names it).
#[rustfmt::skip]
mod tests;
