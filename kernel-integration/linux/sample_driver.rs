// SPDX-License-Identifier: GPL-2.0

//! `sample_driver`: driver code over `kernel::time`, written the way upstream's
//! drivers write it. A fake device has a status register whose ready bit its
//! "hardware", an `Arc`-owned hrtimer, sets a few milliseconds after a reset. The
//! driver waits for the bit with `read_poll_timeout` in the shapes of nova-core, tyr
//! and qt2025: the register read is fallible and returns the kernel's `Result`, and
//! the wait's error is the kernel's `ETIMEDOUT`, propagated with `?`. binder's
//! `Instant<Monotonic>` field and workqueue's `Jiffies` handed to C are here too.
//!
//! The checks report in KTAP, one suite `sample_driver` (the same writer as the
//! checks module's, `ktap.rs`); `scripts/linux-test` hands them to `kunit.py parse`.

use core::sync::atomic::{AtomicU32, Ordering};
use kernel::bindings;
use kernel::impl_has_hr_timer;
use kernel::io::poll::read_poll_timeout;
use kernel::prelude::*;
use kernel::sync::{Arc, ArcBorrow};
use kernel::time::hrtimer::{
    HrTimer, HrTimerCallback, HrTimerCallbackContext, HrTimerHandle, HrTimerPointer,
    HrTimerRestart, RelativeMode,
};
use kernel::time::{msecs_to_jiffies, Delta, Instant, Jiffies, Monotonic, Msecs};

mod ktap;
module! {
    type: SampleDriver,
    name: "sample_driver",
    authors: ["typed-clocks"],
    description: "Driver-shaped code over kernel::time: read_poll_timeout and an Arc hrtimer",
    license: "GPL",
}

/// The status register's ready bit.
const STATUS_READY: u32 = 1 << 0;
/// What a read returns when the device is gone.
const STATUS_GONE: u32 = u32::MAX;

/// The fake device: a status register, which its hrtimer sets ready.
#[pin_data]
struct Device {
    #[pin]
    timer: HrTimer<Self>,
    status: AtomicU32,
}

impl Device {
    /// A device whose status register reads `status`.
    fn new(status: u32) -> impl PinInit<Self> {
        pin_init!(Self {
            timer <- HrTimer::new(),
            status: AtomicU32::new(status),
        })
    }

    /// Reads the status register: fallible, as a register read through a `Bar` is.
    fn read_status(&self) -> Result<u32> {
        match self.status.load(Ordering::Acquire) {
            STATUS_GONE => Err(ENODEV),
            status => Ok(status),
        }
    }
}

impl HrTimerCallback for Device {
    type Pointer<'a> = Arc<Self>;

    fn run(this: ArcBorrow<'_, Self>, _ctx: HrTimerCallbackContext<'_, Self>) -> HrTimerRestart {
        this.status.fetch_or(STATUS_READY, Ordering::Release);
        HrTimerRestart::NoRestart
    }
}

impl_has_hr_timer! {
    impl HasHrTimer<Self> for Device {
        mode: RelativeMode<Monotonic>,
        field: self.timer
    }
}

/// nova-core's shape: `read_poll_timeout(...)?` in a function returning `Result`.
fn wait_ready(dev: &Device) -> Result {
    read_poll_timeout(
        || dev.read_status(),
        |status| status & STATUS_READY != 0,
        Delta::from_micros(100),
        Delta::from_millis(200),
    )?;
    Ok(())
}

/// tyr's shape: the wait's result, mapped, is the function's result.
fn wait_ready_mapped(dev: &Device, timeout: Delta) -> Result {
    read_poll_timeout(
        || dev.read_status(),
        |status| status & STATUS_READY != 0,
        Delta::from_micros(100),
        timeout,
    )
    .map(|_| ())
}

/// qt2025's shape: the error logged with `inspect_err`, then propagated.
fn wait_ready_logged(dev: &Device, timeout: Delta) -> Result<u32> {
    let status = read_poll_timeout(
        || dev.read_status(),
        |status| status & STATUS_READY != 0,
        Delta::from_micros(100),
        timeout,
    )
    .inspect_err(|e| ktap::diag!("waiting for the device: {:?}", e))?;
    Ok(status)
}

/// The early-return shape, `if let Err(e) = … { return Err(e) }`, kept as drivers
/// write it (where the function goes on after the check) rather than as Clippy's `?`.
#[allow(clippy::question_mark)]
fn wait_ready_or_return(dev: &Device) -> Result {
    if let Err(e) = wait_ready_mapped(dev, Delta::ZERO) {
        return Err(e);
    }
    Ok(())
}

/// binder's shape: a transaction stamped when it starts (`Instant::now()` into a
/// field of type `Instant<Monotonic>`), its age in milliseconds.
struct Transaction {
    start_time: Instant<Monotonic>,
}

impl Transaction {
    fn new() -> Self {
        Self {
            start_time: Instant::now(),
        }
    }

    fn age_ms(&self) -> i64 {
        self.start_time.elapsed().as_millis()
    }
}

/// workqueue's shape: a `Jiffies` handed to C where it takes a `c_ulong`, as
/// `enqueue_delayed` hands its `delay` to `queue_delayed_work_on`.
fn jiffies_back_to_msecs(msecs: Msecs) -> i64 {
    let delay: Jiffies = msecs_to_jiffies(msecs);
    let mut ts = bindings::timespec64::default();
    // SAFETY: `jiffies_to_timespec64()` converts a number into the `timespec64` it is
    // given, which is valid for writes.
    unsafe { bindings::jiffies_to_timespec64(delay, &mut ts) };
    ts.tv_sec * 1000 + (ts.tv_nsec / 1_000_000) as i64
}

/// The module: its checks run in `init`.
struct SampleDriver;

/// The module's KTAP suite.
static SUITE: ktap::Suite = ktap::Suite::new("sample_driver");

impl kernel::Module for SampleDriver {
    fn init(_module: &'static ThisModule) -> Result<Self> {
        SUITE.begin();
        let checks = &SUITE;

        // Reset: the device is ready 5 ms after its timer is started.
        let device: Arc<Device> = Arc::pin_init(Device::new(0), GFP_KERNEL)?;
        let transaction = Transaction::new();
        let start = Instant::<Monotonic>::now();
        let mut handle = device.clone().start(Delta::from_millis(5));
        let ready = wait_ready(&device);
        let took = start.elapsed();
        checks.check(
            ready.is_ok() && took >= Delta::from_millis(5),
            format_args!(
                "read_poll_timeout(..)? until the Arc hrtimer set ready: {ready:?} after {} us",
                took.as_micros_ceil()
            ),
        );
        let age = transaction.age_ms();
        checks.check(
            age >= 5,
            format_args!("a transaction's start_time.elapsed().as_millis(): {age} ms"),
        );
        checks.check(
            !handle.cancel(),
            format_args!("the Arc hrtimer ran once and stopped"),
        );
        checks.check(
            wait_ready_mapped(&device, Delta::from_millis(1)).is_ok(),
            format_args!("read_poll_timeout(..).map(|_| ()) of a ready device: Ok"),
        );

        // A second device that never becomes ready: the wait times out with the
        // kernel's ETIMEDOUT, no earlier than its timeout.
        let stuck = KBox::pin_init(Device::new(0), GFP_KERNEL)?;
        let start = Instant::<Monotonic>::now();
        let timed_out = wait_ready_logged(&stuck, Delta::from_millis(10));
        let took = start.elapsed();
        checks.check(
            timed_out == Err(ETIMEDOUT) && took >= Delta::from_millis(10),
            format_args!(
                "read_poll_timeout of a device never ready: {timed_out:?} after {} us",
                took.as_micros_ceil()
            ),
        );
        let returned = wait_ready_or_return(&stuck);
        checks.check(
            returned == Err(ETIMEDOUT),
            format_args!("if let Err(e) = read_poll_timeout(..) {{ return Err(e) }}: {returned:?}"),
        );

        // A device that is gone: the register read's own error comes back unchanged.
        let gone = KBox::pin_init(Device::new(STATUS_GONE), GFP_KERNEL)?;
        let error = wait_ready_mapped(&gone, Delta::from_millis(10));
        checks.check(
            error == Err(ENODEV),
            format_args!("an error of the register read comes back as it is: {error:?}"),
        );

        let msecs = jiffies_back_to_msecs(20);
        checks.check(
            msecs >= 20,
            format_args!("msecs_to_jiffies(20) passed to C's jiffies_to_timespec64: {msecs} ms"),
        );

        drop(handle);
        SUITE.end();
        Ok(SampleDriver)
    }
}
