//! Intrusive high-resolution timers on the host: what the kernel crate's
//! `kernel::time::hrtimer` is, here over the host hrtimer base (`csrc/hrtimer.c`).
//!
//! The timer layer is `typed_clocks::hrtimer` with this table's bindings
//! ([`HrTimer<T>`](HrTimer) is `typed_clocks::hrtimer::HrTimer<T,
//! kernel_services::Services>`, from `declare_clocks!`'s kernel services); the owned
//! pointers are this crate's [`Arc`](crate::sync::Arc) (`arc.rs`) and
//! [`KBox`](crate::alloc::KBox) (`tbox.rs`): the kernel's files of the same names,
//! the same files (`linux/intree/rust/kernel/time/hrtimer/`).
//!
//! ```
//! use core::sync::atomic::{AtomicU32, Ordering::Relaxed};
//! use kernel_integration::prelude::*;
//! use kernel_integration::sync::{Arc, ArcBorrow};
//! use kernel_integration::time::hrtimer::{
//!     HrTimer, HrTimerCallback, HrTimerCallbackContext, HrTimerHandle, HrTimerPointer,
//!     HrTimerRestart, RelativeMode,
//! };
//! use kernel_integration::time::{Delta, Monotonic};
//! use kernel_integration::{alloc::flags::GFP_KERNEL, impl_has_hr_timer};
//!
//! #[pin_data]
//! struct Ticks {
//!     #[pin]
//!     timer: HrTimer<Self>,
//!     count: AtomicU32,
//! }
//!
//! impl HrTimerCallback for Ticks {
//!     type Pointer<'a> = Arc<Self>;
//!
//!     fn run(this: ArcBorrow<'_, Self>, _ctx: HrTimerCallbackContext<'_, Self>) -> HrTimerRestart {
//!         this.count.fetch_add(1, Relaxed);
//!         HrTimerRestart::NoRestart
//!     }
//! }
//!
//! impl_has_hr_timer! {
//!     impl HasHrTimer<Self> for Ticks { mode: RelativeMode<Monotonic>, field: self.timer }
//! }
//!
//! let tk = kernel_integration::timekeeper::test_mode();
//! let ticks = Arc::pin_init(
//!     pin_init!(Ticks { timer <- HrTimer::new(), count: AtomicU32::new(0) }),
//!     GFP_KERNEL,
//! )
//! .unwrap();
//! let mut handle = ticks.clone().start(Delta::from_millis(1));
//! tk.advance(Delta::from_millis(1)).unwrap();
//! assert_eq!(ticks.count.load(Relaxed), 1);
//! assert!(!handle.cancel(), "it ran and stopped");
//! ```

pub use super::kernel_services::hrtimer::*;
pub use typed_clocks::hrtimer::HrTimerOf;

/// Implements [`HasHrTimer<T>`] for a struct with an [`HrTimer`] field: the kernel
/// crate's `kernel::impl_has_hr_timer!`, which is `typed_clocks::impl_has_hr_timer!`.
#[macro_export]
macro_rules! impl_has_hr_timer {
    ($($tokens:tt)*) => {
        $crate::time::hrtimer::impl_has_hr_timer! { $($tokens)* }
    };
}

// The kernel crate's own files: the same text, over this crate's `Arc` and `KBox`.
#[path = "../../linux/intree/rust/kernel/time/hrtimer/arc.rs"]
mod arc;
pub use arc::ArcHrTimerHandle;
// `box` is a reserved keyword, so prefix with `t` for timer
#[path = "../../linux/intree/rust/kernel/time/hrtimer/tbox.rs"]
mod tbox;
pub use tbox::BoxHrTimerHandle;
