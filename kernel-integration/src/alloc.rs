//! The kernel's owning pointer, on the host: `kernel::alloc::{Box, KBox}` over `std`'s
//! `Box`, with the kernel's API where the timers use it, and the allocation
//! [`flags`].

use core::ops::{Deref, DerefMut};
use core::pin::Pin;
use std::marker::PhantomData;

use pinned_init::PinInit;

/// An allocator of the kernel (`kmalloc`, `vmalloc`, …); on the host, all are `std`'s.
pub trait Allocator {}

/// The kernel's `kmalloc` allocator.
pub enum Kmalloc {}

impl Allocator for Kmalloc {}

/// Allocation flags (`gfp_t`): ignored on the host.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Flags(u32);

/// The allocation flags of the kernel's `kernel::alloc::flags`.
pub mod flags {
    use super::Flags;

    /// `GFP_KERNEL`: may sleep.
    pub const GFP_KERNEL: Flags = Flags(0);
    /// `GFP_ATOMIC`: does not sleep.
    pub const GFP_ATOMIC: Flags = Flags(1);
}

/// An owned allocation of a `T` from allocator `A`: the kernel's `kernel::alloc::Box`.
pub struct Box<T, A: Allocator = Kmalloc> {
    inner: std::boxed::Box<T>,
    _a: PhantomData<fn() -> A>,
}

/// A `Box` from `kmalloc`: the kernel's `KBox`.
pub type KBox<T> = Box<T, Kmalloc>;

impl<T, A: Allocator> Box<T, A> {
    /// Allocates a `T` and initializes it in place from `init`, pinned (the kernel's
    /// `Box::pin_init`). An allocation failure aborts on the host.
    pub fn pin_init<E>(init: impl PinInit<T, E>, _flags: Flags) -> Result<Pin<Self>, E> {
        let uninit = std::boxed::Box::<T>::new_uninit();
        let slot = std::boxed::Box::into_raw(uninit).cast::<T>();
        // SAFETY: `slot` is a fresh allocation for a `T`; on `Err` it is freed as
        // uninitialized memory below, on `Ok` it is initialized and owned by the
        // returned pinned `Box`, which never moves it.
        match unsafe { init.__pinned_init(slot) } {
            // SAFETY: `slot` came from `Box::into_raw` and holds an initialized `T`;
            // it is pinned from here on.
            Ok(()) => Ok(unsafe { Pin::new_unchecked(Self::from_raw(slot)) }),
            Err(error) => {
                // SAFETY: `slot` came from `Box::into_raw` of a `MaybeUninit<T>` box.
                drop(unsafe {
                    std::boxed::Box::from_raw(slot.cast::<core::mem::MaybeUninit<T>>())
                });
                Err(error)
            }
        }
    }

    /// Gives up the allocation as a raw pointer (the kernel's `Box::into_raw`).
    pub fn into_raw(b: Self) -> *mut T {
        std::boxed::Box::into_raw(b.inner)
    }

    /// Takes back an allocation given up by [`into_raw`](Self::into_raw).
    ///
    /// # Safety
    ///
    /// `raw` came from `Box::<T, A>::into_raw` and is not owned by anything else.
    pub unsafe fn from_raw(raw: *mut T) -> Self {
        Box {
            // SAFETY: the caller's promise.
            inner: unsafe { std::boxed::Box::from_raw(raw) },
            _a: PhantomData,
        }
    }
}

impl<T, A: Allocator> Deref for Box<T, A> {
    type Target = T;

    fn deref(&self) -> &T {
        &self.inner
    }
}

impl<T, A: Allocator> DerefMut for Box<T, A> {
    fn deref_mut(&mut self) -> &mut T {
        &mut self.inner
    }
}
