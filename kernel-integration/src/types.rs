//! The kernel's `kernel::types`, as far as `kernel::time` uses it: [`Opaque`].

use core::cell::UnsafeCell;
use core::marker::PhantomPinned;
use core::mem::MaybeUninit;
use pinned_init::PinInit;

/// A `T` that C may write at any time: the kernel's `Opaque<T>`.
#[repr(transparent)]
pub struct Opaque<T> {
    value: UnsafeCell<MaybeUninit<T>>,
    _pin: PhantomPinned,
}

impl<T> Opaque<T> {
    /// An initializer that calls `init_func` on the place of the `T`.
    pub fn ffi_init(init_func: impl FnOnce(*mut T)) -> impl PinInit<Self> {
        // SAFETY: `init_func` initializes the place as C does; an `Opaque` may be
        // uninitialized.
        unsafe {
            pinned_init::pin_init_from_closure::<_, core::convert::Infallible>(move |slot| {
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
