//! The part of upstream's `rust/kernel/workqueue.rs` that uses `kernel::time`:
//! `Queue::enqueue_delayed(w, delay: Jiffies)`, which passes `delay` as it is to the
//! C `queue_delayed_work_on(int cpu, struct workqueue_struct *wq, struct delayed_work
//! *dwork, unsigned long delay)`. The work item itself is left out: only the delay's
//! type is at stake.

use core::sync::atomic::Ordering;

use super::time::Jiffies;

/// Stands for the kernel's bindgen output: `unsigned long` is the kernel's
/// [`ffi::c_ulong`](super::ffi::c_ulong).
mod bindings {
    use super::super::ffi;
    use core::sync::atomic::{AtomicUsize, Ordering};

    pub(super) const WQ_MISC_CONSTS_WORK_CPU_UNBOUND: u32 = 64;

    /// The last delay queued, for the tests.
    pub(super) static LAST_DELAY: AtomicUsize = AtomicUsize::new(0);

    /// `bool queue_delayed_work_on(int cpu, …, unsigned long delay)`, recording the
    /// delay.
    pub(super) fn queue_delayed_work_on(cpu: ffi::c_int, delay: ffi::c_ulong) -> bool {
        LAST_DELAY.store(delay, Ordering::Relaxed);
        cpu >= 0
    }
}

/// A kernel work queue (only its delayed enqueue).
pub struct Queue(());

/// The system work queue.
pub fn system() -> &'static Queue {
    static SYSTEM: Queue = Queue(());
    &SYSTEM
}

impl Queue {
    /// Enqueues delayed work to run `delay` jiffies from now, as upstream's
    /// `enqueue_delayed`: the delay goes to C unconverted.
    pub fn enqueue_delayed(&self, delay: Jiffies) -> bool {
        bindings::queue_delayed_work_on(
            bindings::WQ_MISC_CONSTS_WORK_CPU_UNBOUND as super::ffi::c_int,
            delay,
        )
    }

    /// The delay of the last `enqueue_delayed` (a test hook, not upstream's).
    pub fn last_delay(&self) -> Jiffies {
        bindings::LAST_DELAY.load(Ordering::Relaxed)
    }
}
