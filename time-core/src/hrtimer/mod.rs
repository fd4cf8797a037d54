//! High-resolution timers typed by clock: upstream's `kernel::time::hrtimer`, with
//! [`HrTimer`], a pinned timer holding its data, whose callback returns
//! [`HrTimerRestart`].
//!
//! A timer's [`HrTimerMode`] fixes its clock and how its expiry is given: the
//! absolute modes (`AbsoluteMode<C>`, …) expire at an [`Instant<C>`] of their clock,
//! the relative ones (`RelativeMode<C>`, …) a [`Delta`] from now. Starting a
//! `RealTime` timer with a `Monotonic` instant, or an absolute timer with a `Delta`,
//! does not compile. Modes exist only for clocks with a kernel hrtimer base
//! ([`HrTimerClock`](crate::HrTimerClock): `hrtimer = true` in the clock table).
//!
//! The C calls (`hrtimer_setup`, `hrtimer_start_range_ns`, `hrtimer_cancel`,
//! `hrtimer_forward`) come from the bindings module through [`HrTimerBindings`],
//! implemented by the kernel services template (`kernel_services = true`) on a type of
//! its own, whose generated `hrtimer` module names `HrTimer<T>` with it filled in.
//!
//! # Setting up and starting a timer
//!
//! As upstream: [`HrTimer::new`] returns an initializer ([`HrTimerInit`]), not a
//! timer, and the C timer is set up (`hrtimer_setup`) in place, where it stays, before
//! anyone can share it: on the stack with [`HrTimerSlot`], or in a heap allocation by
//! the kernel crate's `pin_init` ([`HrTimerInit::init`]). There is no `const`
//! constructor, so no `static` timer, which module unload would free while queued.
//!
//! A timer is started through a pointer to it, which returns a handle
//! ([`HrTimerHandle`]); dropping the handle cancels the timer and waits for its
//! callback. Which pointers may start a timer in safe code is upstream's rule:
//!
//! - an owned pointer (the kernel crate's `Arc` and `Pin<KBox>`) implements
//!   [`HrTimerPointer`], with a safe `start`, and only for `T: 'static`: leaking its
//!   handle leaks the allocation too, and `'static` data stays valid for ever;
//! - a borrowed `Pin<&HrTimer>` or `Pin<&mut HrTimer>` implements
//!   [`UnsafeHrTimerPointer`], whose `start` is `unsafe`: leaking the handle would let
//!   the borrow end (and the data the timer borrows be freed) while the timer is
//!   queued;
//! - [`ScopedHrTimerPointer::start_scoped`] starts a borrowed timer safely, runs a
//!   closure and cancels the timer before returning.
//!
//! ```text
//! struct Blinker { toggles: AtomicU32 }
//! impl HrTimerCallback for Blinker {
//!     type TimerMode = RelativeMode<Monotonic>;
//!     fn run(this: Pin<&Self>, mut ctx: HrTimerCallbackContext<'_, Self>) -> HrTimerRestart {
//!         this.toggles.fetch_add(1, Relaxed);
//!         ctx.forward_now(Delta::from_millis(500));
//!         HrTimerRestart::Restart
//!     }
//! }
//! let slot = pin!(HrTimerSlot::new());
//! let timer = slot.init(HrTimer::new(Blinker { toggles: AtomicU32::new(0) }));
//! timer.as_ref().start_scoped(Delta::from_millis(500), || wait_for_blinks());
//! // the timer is cancelled here
//! ```
//!
//! # States
//!
//! As upstream: a timer is **stopped** until started; **started** (queued on its
//! clock's base) until it expires; **running** while its callback runs, after which
//! it is started again if the callback returned [`HrTimerRestart::Restart`] and
//! stopped otherwise. Cancelling stops a started timer and waits for a running
//! callback to return.
//!
//! # Cancelling from the callback
//!
//! Every cancel (`HrTimerHandle::cancel`, dropping a handle, dropping the timer) calls
//! `hrtimer_cancel()`: "If the timer handler is running, this function will block
//! until the handler returns" (upstream's words). So a callback that cancels its own
//! timer, or drops the last handle of it (one it reached through a global or a
//! shared structure), waits for itself and hangs the CPU. That is a deadlock, not
//! undefined behaviour, and upstream's API has the same hazard; the callback's
//! [`HrTimerCallbackContext`] offers only `forward`, which is allowed there.
//!
//! C header: `include/linux/hrtimer.h`.

mod mode;
mod pointer;

use core::cell::UnsafeCell;
use core::marker::{PhantomData, PhantomPinned};
use core::mem::MaybeUninit;
use core::pin::Pin;
use core::ptr::{addr_of, addr_of_mut, NonNull};

use crate::clock::{ClockId, ClockSource, Ktime};
use crate::delta::Delta;
use crate::instant::Instant;

pub use mode::{
    AbsoluteHardMode, AbsoluteMode, AbsolutePinnedHardMode, AbsolutePinnedMode,
    AbsolutePinnedSoftMode, AbsoluteSoftMode, HrTimerExpires, HrTimerExpiresFor, HrTimerMode,
    RawHrTimerMode, RelativeHardMode, RelativeMode, RelativePinnedHardMode, RelativePinnedMode,
    RelativePinnedSoftMode, RelativeSoftMode, KTIME_MAX,
};
pub use pointer::{
    HrTimerHandle, HrTimerPointer, PinHrTimerHandle, PinMutHrTimerHandle, ScopedHrTimerPointer,
    UnsafeHrTimerPointer,
};

/// The [`HrTimerClock::Bindings`](crate::HrTimerClock::Bindings) of the clocks of a
/// table that has no kernel services: timers cannot run on its clocks. It has no
/// values, and implements nothing a timer needs.
pub enum NoHrTimerBindings {}

/// What a timer callback asks for: upstream's `HrTimerRestart`.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub enum HrTimerRestart {
    /// The timer stops (`HRTIMER_NORESTART`).
    NoRestart,
    /// The timer is queued again at its expiry time, which the callback normally
    /// moved on with [`HrTimerCallbackContext::forward`] (`HRTIMER_RESTART`).
    Restart,
}

/// The instant type of the clock of `T`'s timer mode (upstream's `HrTimerInstant<T>`).
pub type HrTimerInstant<T> = Instant<<<T as HrTimerCallback>::TimerMode as HrTimerMode>::Clock>;

/// The data of an [`HrTimer`] and what happens when it expires (upstream's
/// `HrTimerCallback`, with the mode that upstream's `HasHrTimer` carries).
///
/// `Sync`, because the callback runs in another context (an interrupt in the kernel;
/// on the host, the thread that moves the test timekeeper). No `'static` bound here:
/// the pointer traits decide, and only [`HrTimerPointer`] (the safe `start`) needs it.
pub trait HrTimerCallback: Sync + Sized {
    /// The timer's mode: its clock and the kind of expiry it is started with.
    type TimerMode: HrTimerMode;

    /// Called when the timer expires, with the timer's data and a context that can
    /// move the expiry on for a restart.
    fn run(this: Pin<&Self>, ctx: HrTimerCallbackContext<'_, Self>) -> HrTimerRestart;
}

/// The C hrtimer functions of a bindings module: implemented by the
/// [`__kernel_services!`](crate::__kernel_services) template on its services type,
/// never by hand.
///
/// # Safety
///
/// Each function must be the kernel function of the same name (or behave as it
/// does), `RawHrTimer` its `struct hrtimer`, and the callback that `hrtimer_setup`
/// installs must call [`run_callback::<T, Self>`](run_callback) with the timer.
pub unsafe trait HrTimerBindings: Sized + 'static {
    /// The C `struct hrtimer`.
    type RawHrTimer;

    /// `hrtimer_setup(timer, <T's callback>, clock, mode)`.
    ///
    /// # Safety
    ///
    /// `timer` must point to writable memory for a C timer that stays where it is
    /// (pinned) from this call until it is no longer used, and that is not set up or
    /// is stopped.
    unsafe fn hrtimer_setup<T: HrTimerCallback>(
        timer: *mut Self::RawHrTimer,
        clock: ClockId,
        mode: RawHrTimerMode,
    );

    /// `hrtimer_start_range_ns(timer, expires, range_ns, mode)`.
    ///
    /// # Safety
    ///
    /// `timer` must be set up, and stay alive until it is cancelled or has stopped
    /// and its callback returned; `expires` must be in `0..=KTIME_MAX`.
    unsafe fn hrtimer_start_range_ns(
        timer: *mut Self::RawHrTimer,
        expires: Ktime,
        range_ns: u64,
        mode: RawHrTimerMode,
    );

    /// `hrtimer_cancel(timer) != 0`: if the timer handler is running, this function
    /// will block until the handler returns.
    ///
    /// # Safety
    ///
    /// `timer` must be set up. Called from the timer's own callback it never returns
    /// (a deadlock, which this contract does not exclude: see the
    /// [module documentation](self#cancelling-from-the-callback)).
    unsafe fn hrtimer_cancel(timer: *mut Self::RawHrTimer) -> bool;

    /// `hrtimer_forward(timer, now, interval)`.
    ///
    /// # Safety
    ///
    /// `timer` must be set up and not queued: stopped with no callback running and
    /// no concurrent access, or in its own callback.
    unsafe fn hrtimer_forward(timer: *mut Self::RawHrTimer, now: Ktime, interval: Ktime) -> u64;

    /// `READ_ONCE(timer->node.expires)`.
    ///
    /// # Safety
    ///
    /// `timer` must be set up.
    unsafe fn hrtimer_expires(timer: *const Self::RawHrTimer) -> Ktime;
}

/// A high-resolution timer holding its data `T`, on the clock of `T`'s
/// [`HrTimerMode`], backed by a C `struct hrtimer` of the bindings `K`.
///
/// Drivers name it `hrtimer::HrTimer<T>` from the kernel services template, which fills
/// in `K`. It is made in place from [`HrTimer::new`]'s initializer and started through a
/// pointer to it (see the [module documentation](self)).
///
/// # Invariants
///
/// - `timer` was set up by `K::hrtimer_setup::<T>` (for `T`'s clock and mode) where it
///   is, and the timer has not moved since: every `HrTimer` is made by
///   [`HrTimerInit::init`], whose contract pins it.
/// - The C side reaches the timer only through pointers derived from a pointer to the
///   whole `HrTimer` ([`raw_get`](Self::raw_get)), so [`run_callback`] can go back to
///   the container ([`container_of`](Self::container_of)) with the provenance of the
///   whole struct.
pub struct HrTimer<T, K: HrTimerBindings> {
    timer: UnsafeCell<MaybeUninit<K::RawHrTimer>>,
    data: T,
    // `!Unpin`: the C timer must not move once set up. It also keeps the compiler from
    // treating `&mut HrTimer` as `noalias` (today's rule for `!Unpin` types), which
    // `Drop::drop` and `forward` rely on only as a second line: see their comments.
    // When `UnsafePinned` is stable, `timer` should be wrapped in it and this noted.
    _pin: PhantomPinned,
}

// SAFETY: the C timer belongs to the `HrTimer` and the C side serializes access to it;
// the data is sent with the timer.
unsafe impl<T: Send, K: HrTimerBindings> Send for HrTimer<T, K> {}
// SAFETY: the C timer functions lock the timer's base; the callback and every `&self`
// method get `&T` only.
unsafe impl<T: Sync, K: HrTimerBindings> Sync for HrTimer<T, K> {}

/// An initializer of an [`HrTimer`] holding `data` (upstream's `impl PinInit<HrTimer>`):
/// the timer is set up where it is written, by [`HrTimerSlot::init`] on the stack or
/// by [`init`](Self::init) from a kernel crate's `pin_init` wrapper.
#[must_use = "an initializer does nothing until it is written into a slot"]
pub struct HrTimerInit<T, K: HrTimerBindings> {
    data: T,
    _bindings: PhantomData<fn() -> K>,
}

impl<T: HrTimerCallback, K: HrTimerBindings> HrTimerInit<T, K> {
    /// Writes the timer to `slot` and sets up its C timer there
    /// (`hrtimer_setup`), as upstream's `HrTimer::new()` initializer does. A kernel
    /// crate wraps this in its `pin_init_from_closure`.
    ///
    /// # Safety
    ///
    /// `slot` must be valid for writes of an `HrTimer<T, K>` and aligned; from this
    /// call on, the timer there is pinned: it is not moved, and its memory is not
    /// freed or reused before the timer is dropped in place.
    pub unsafe fn init(self, slot: *mut HrTimer<T, K>) {
        // SAFETY: `slot` is valid for writes (contract); `addr_of_mut!` makes no
        // reference to the uninitialized timer.
        unsafe { addr_of_mut!((*slot).data).write(self.data) };
        let clock = <<T::TimerMode as HrTimerMode>::Clock as ClockSource>::ID;
        // SAFETY: `raw_get` stays inside the allocation `slot` points to; the memory
        // is pinned from here on (contract), and `hrtimer_setup` needs no prior
        // initialization. `_pin` is zero-sized and `timer` is `MaybeUninit`, so the
        // timer is fully initialized after this call.
        unsafe {
            K::hrtimer_setup::<T>(
                HrTimer::raw_get(slot),
                clock,
                <T::TimerMode as HrTimerMode>::C_MODE,
            )
        };
    }
}

impl<T, K: HrTimerBindings> HrTimer<T, K> {
    /// An initializer of a stopped timer holding `data` (upstream's `HrTimer::new`,
    /// which returns an `impl PinInit<Self>`). Write it with [`HrTimerSlot::init`]
    /// (stack) or a kernel crate's `pin_init` ([`HrTimerInit::init`]).
    // Upstream's name and shape: `new` returns the initializer of `Self`.
    #[allow(clippy::new_ret_no_self)]
    #[inline]
    pub fn new(data: T) -> HrTimerInit<T, K>
    where
        T: HrTimerCallback,
    {
        HrTimerInit {
            data,
            _bindings: PhantomData,
        }
    }

    /// The timer's data.
    #[inline]
    pub fn data(&self) -> &T {
        &self.data
    }

    /// The C timer of the timer `this` points to, derived from `this` with
    /// `addr_of!` so that it keeps the provenance of the whole timer (upstream's
    /// `raw_get`).
    ///
    /// # Safety
    ///
    /// `this` must point to a live allocation of at least the size of `Self`.
    #[inline]
    pub unsafe fn raw_get(this: *const Self) -> *mut K::RawHrTimer {
        // SAFETY: the field projection stays inside the allocation (contract); no
        // reference is made.
        let cell = unsafe { addr_of!((*this).timer) };
        UnsafeCell::raw_get(cell).cast()
    }

    /// The timer whose C timer `raw` is: the inverse of [`raw_get`](Self::raw_get)
    /// (upstream's `timer_container_of`).
    ///
    /// # Safety
    ///
    /// `raw` must be the C timer of an `HrTimer<T, K>`, derived by `raw_get` from a
    /// pointer to the whole timer.
    #[inline]
    pub unsafe fn container_of(raw: *mut K::RawHrTimer) -> *const Self {
        // SAFETY: `raw` points `offset_of!(Self, timer)` bytes into an `HrTimer`
        // (contract), and carries the provenance of the whole timer (`raw_get`), so
        // stepping back stays inside it.
        unsafe {
            raw.cast::<u8>()
                .sub(core::mem::offset_of!(Self, timer))
                .cast::<Self>()
        }
    }

    /// Starts the timer `this` points to: queues it on its clock's base to expire at
    /// `expires`. What the pointer types' `start` calls (upstream's `HasHrTimer::start`).
    ///
    /// # Safety
    ///
    /// `this` must point to a live `HrTimer`, which, with everything its data
    /// borrows, stays alive until the timer is cancelled, or has stopped and its
    /// callback returned; and no `&mut` to it (such as the `Pin<&mut Self>` of
    /// [`forward`](Self::forward)) may be made until then. A pointer type meets this by
    /// keeping the timer borrowed or owned in the handle it returns, and cancelling in
    /// the handle's `Drop` ([`HrTimerHandle`]).
    #[inline]
    pub unsafe fn raw_start<E>(this: *const Self, expires: E)
    where
        T: HrTimerCallback,
        E: HrTimerExpiresFor<T::TimerMode>,
    {
        // SAFETY: `this` is a live `HrTimer`, whose C timer is set up (invariant) and
        // kept alive while queued (contract); `HrTimerExpires::as_nanos` is in
        // `0..=KTIME_MAX`.
        unsafe {
            K::hrtimer_start_range_ns(
                Self::raw_get(this),
                expires.as_nanos(),
                0,
                <T::TimerMode as HrTimerMode>::C_MODE,
            )
        }
    }

    /// Cancels the timer `this` points to (upstream's `raw_cancel`): if the timer
    /// handler is running, this function will block until the handler returns.
    /// Returns whether the timer was queued.
    ///
    /// Note that the timer might be started by a concurrent start operation. If so,
    /// the timer might not be in the **stopped** state when this function returns.
    ///
    /// # Safety
    ///
    /// `this` must point to a live `HrTimer`.
    #[inline]
    pub unsafe fn raw_cancel(this: *const Self) -> bool {
        // SAFETY: a live `HrTimer` is set up (invariant); `hrtimer_cancel` may be
        // called on any set-up timer.
        unsafe { K::hrtimer_cancel(Self::raw_get(this)) }
    }

    /// Moves the expiry on by whole `interval`s until it is after `now`, returning how
    /// many intervals that took (0 if the expiry already is after `now`), as
    /// upstream's `forward` and the kernel's `hrtimer_forward()`.
    ///
    /// This function is mainly useful for a timer that is not started: a
    /// `Pin<&mut HrTimer>` proves that no handle of it is alive. For forwarding the
    /// timer from within its callback, see [`HrTimerCallbackContext::forward`].
    #[inline]
    pub fn forward(self: Pin<&mut Self>, now: HrTimerInstant<T>, interval: Delta) -> u64
    where
        T: HrTimerCallback,
    {
        let this: *const Self = &*self;
        // SAFETY: set up (invariant). `Pin<&mut Self>` is exclusive, and
        // `raw_start`'s contract forbids a `&mut` while the timer may be queued or
        // running: every handle borrows or owns the timer, so none is alive, and the
        // last one dropped cancelled the timer and waited for its callback
        // (`HrTimerHandle`'s contract); a callback reaches only `&T`, never the timer.
        // So the timer is neither queued nor running, and nothing else touches it.
        // The `&mut` is only turned into a raw pointer.
        unsafe { K::hrtimer_forward(Self::raw_get(this), now.to_ktime(), interval.as_nanos()) }
    }

    /// [`forward`](Self::forward) from the clock's current time.
    #[inline]
    pub fn forward_now(self: Pin<&mut Self>, interval: Delta) -> u64
    where
        T: HrTimerCallback,
    {
        self.forward(HrTimerInstant::<T>::now(), interval)
    }

    /// When the timer expires (or last expired), on its clock: a snapshot, as
    /// upstream's `expires`. 0 for a timer never started.
    ///
    /// As in the kernel, a relative `CLOCK_REALTIME` timer is queued on the monotonic
    /// base, so for `RelativeMode<RealTime>` the value is a monotonic time.
    #[inline]
    pub fn expires(&self) -> HrTimerInstant<T>
    where
        T: HrTimerCallback,
    {
        // SAFETY: set up (invariant); the read is racy by design (READ_ONCE in the
        // kernel).
        Instant::from_ktime(unsafe { K::hrtimer_expires(Self::raw_get(self)) })
    }
}

impl<T, K: HrTimerBindings> Drop for HrTimer<T, K> {
    fn drop(&mut self) {
        // By the handle contracts the timer is stopped and no callback runs here: the
        // last handle cancelled it before the borrow or ownership that `&mut self`
        // needs could end. Cancelling again costs one base lock and makes a timer
        // dropped while queued (a broken `unsafe` start contract) wait rather than
        // leave the C side a dangling pointer. Even then the `&mut self` only becomes
        // a raw pointer, and `PhantomPinned` keeps it from being `noalias`.
        let this: *const Self = self;
        // SAFETY: `self` is a live, set-up timer.
        unsafe { Self::raw_cancel(this) };
    }
}

/// A place on the stack for one [`HrTimer`] (what upstream's `stack_pin_init!` makes):
/// pin it with `core::pin::pin!`, then [`init`](Self::init) writes and sets up the
/// timer in it. The slot drops the timer (which cancels it) when it is dropped; the
/// drop guarantee of `Pin` makes sure that happens before the memory is reused.
///
/// ```text
/// let slot = pin!(HrTimerSlot::new());
/// let timer: Pin<&mut HrTimer<Blinker>> = slot.init(HrTimer::new(Blinker::default()));
/// ```
pub struct HrTimerSlot<T, K: HrTimerBindings> {
    timer: MaybeUninit<HrTimer<T, K>>,
    full: bool,
    _pin: PhantomPinned,
}

impl<T, K: HrTimerBindings> Default for HrTimerSlot<T, K> {
    fn default() -> Self {
        Self::new()
    }
}

impl<T, K: HrTimerBindings> HrTimerSlot<T, K> {
    /// An empty slot.
    #[inline]
    pub fn new() -> Self {
        HrTimerSlot {
            timer: MaybeUninit::uninit(),
            full: false,
            _pin: PhantomPinned,
        }
    }

    /// Writes the timer of `init` here and sets it up, dropping (so cancelling) the
    /// timer the slot held, if any.
    #[inline]
    pub fn init(self: Pin<&mut Self>, init: HrTimerInit<T, K>) -> Pin<&mut HrTimer<T, K>>
    where
        T: HrTimerCallback,
    {
        // SAFETY: nothing below moves out of the slot.
        let this = unsafe { self.get_unchecked_mut() };
        this.clear();
        let slot = this.timer.as_mut_ptr();
        // SAFETY: `slot` is valid for writes and aligned; it is pinned (the slot is
        // `!Unpin` and reached through `Pin<&mut Self>`), and `Drop` drops the timer
        // in place before the slot's memory can be reused.
        unsafe { init.init(slot) };
        this.full = true;
        // SAFETY: initialized just above, and pinned with the slot.
        unsafe { Pin::new_unchecked(&mut *slot) }
    }

    fn clear(&mut self) {
        if self.full {
            self.full = false;
            // SAFETY: `full`: the timer is initialized, and no borrow of it is alive
            // (`&mut self`).
            unsafe { self.timer.as_mut_ptr().drop_in_place() };
        }
    }
}

impl<T, K: HrTimerBindings> Drop for HrTimerSlot<T, K> {
    fn drop(&mut self) {
        self.clear();
    }
}

/// Runs `T`'s callback for the C timer `raw`: what the kernel services template's
/// `extern "C"` trampoline calls.
///
/// # Safety
///
/// `raw` must be the C timer of a live `HrTimer<T, K>` set up with this trampoline
/// (so derived from a pointer to the whole timer), called by the hrtimer base as the
/// timer's callback.
#[doc(hidden)]
pub unsafe fn run_callback<T: HrTimerCallback, K: HrTimerBindings>(
    raw: *mut K::RawHrTimer,
) -> HrTimerRestart {
    // SAFETY: `raw` is the C timer of an `HrTimer<T, K>`, derived by `raw_get`
    // (contract, and the invariant of `HrTimer`).
    let timer = unsafe { HrTimer::<T, K>::container_of(raw) };
    // SAFETY: the timer is live while its callback runs (the start contracts), pinned,
    // and only shared references to its data exist while it is started (the handles
    // hold the only others, shared or raw).
    let data = unsafe { Pin::new_unchecked(&*addr_of!((*timer).data)) };
    let ctx = HrTimerCallbackContext {
        // SAFETY: `raw` is not null: it points into a live timer.
        raw: unsafe { NonNull::new_unchecked(raw.cast()) },
        forward: forward_raw::<K>,
        _timer: PhantomData,
    };
    T::run(data, ctx)
}

/// # Safety
///
/// `raw` is a set-up C timer of `K` whose callback is running.
unsafe fn forward_raw<K: HrTimerBindings>(raw: NonNull<()>, now: Ktime, interval: Ktime) -> u64 {
    // SAFETY: by the caller's promise; the kernel allows forwarding in the callback.
    unsafe { K::hrtimer_forward(raw.as_ptr().cast(), now, interval) }
}

/// What a running callback may do to its own timer (upstream's
/// `HrTimerCallbackContext`): move the expiry on before returning
/// [`HrTimerRestart::Restart`].
///
/// # Invariants
///
/// Exists only during the callback of the timer `raw`, and `forward` is the
/// `hrtimer_forward` of that timer's bindings.
pub struct HrTimerCallbackContext<'a, T: HrTimerCallback> {
    raw: NonNull<()>,
    forward: unsafe fn(NonNull<()>, Ktime, Ktime) -> u64,
    _timer: PhantomData<&'a T>,
}

impl<T: HrTimerCallback> HrTimerCallbackContext<'_, T> {
    /// Moves the expiry on by whole `interval`s until it is after `now`; returns the
    /// number of intervals (the overruns), 0 if it already is after `now`.
    #[inline]
    pub fn forward(&mut self, now: HrTimerInstant<T>, interval: Delta) -> u64 {
        // SAFETY: in the callback of `raw` (type invariant).
        unsafe { (self.forward)(self.raw, now.to_ktime(), interval.as_nanos()) }
    }

    /// [`forward`](Self::forward) from the clock's current time: the usual step of a
    /// periodic timer.
    #[inline]
    pub fn forward_now(&mut self, interval: Delta) -> u64 {
        self.forward(HrTimerInstant::<T>::now(), interval)
    }
}
