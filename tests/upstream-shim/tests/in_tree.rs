//! The rest of upstream's in-tree users, written as upstream writes them (in
//! `upstream_shim::drivers` and `kernel::workqueue`), run on the test timekeeper:
//! nova-core's GSP waits, tyr's GPU bring-up, binder's transaction timestamps, and the
//! workqueue's `Jiffies` delay. Each error is the kernel's.

use core::sync::atomic::AtomicU32;

use kernel::error::code::{EINVAL, EIO, EMSGSIZE, ENODEV, ENOTSUPP, ETIMEDOUT};
use kernel::error::Result;
use kernel::ffi::c_long;
use kernel::io::poll::{read_poll_timeout, read_poll_timeout_atomic};
use kernel::time::{msecs_to_jiffies, Delta, Instant, Jiffies, Monotonic};
use kernel::timekeeper;
use kernel::workqueue;
use upstream_shim::drivers::binder::Transaction;
use upstream_shim::drivers::gsp::{
    boot_wait_riscv, fsp_unload_bundle_run, fsp_wait_secure_boot, shutdown_gsp,
    wait_for_gsp_lockdown_release, wait_gfw_boot_completion, Bar, Cmdq, DelayUsPayload, FspFalcon,
    GspFalcon, GspLockdown, GspSequencer, RegPollPayload, FMC_BOOT_PARAMS_ADDR,
    FSP_BOOT_COMPLETE_STATUS_SUCCESS,
};
use upstream_shim::drivers::sim::{Device, Register};
use upstream_shim::drivers::tyr::{self, IoMem};

const US: Delta = Delta::from_micros(1);
const MS: Delta = Delta::from_millis(1);

fn gsp<'a>(cpuctl: &'a Register, mailbox0: &'a Register, scratch: &'a Register) -> GspFalcon<'a> {
    GspFalcon {
        riscv_cpuctl: cpuctl,
        mailbox0,
        scratch14: scratch,
    }
}

#[test]
fn the_gsp_boot_waits_poll_every_10_ms_for_up_to_5_s() {
    let _tk = timekeeper::test_mode();
    let idle = Register::new(0, 0, Delta::ZERO);
    let start = Instant::<Monotonic>::now();
    let active = Register::new(0, 1 << 7, MS * 25);
    assert_eq!(boot_wait_riscv(&gsp(&active, &idle, &idle)), Ok(()));
    // Reads at 0, 10, 20 and 30 ms (+ 1 us each).
    assert_eq!((active.reads(), start.elapsed()), (4, MS * 30 + US * 4));

    let start = Instant::<Monotonic>::now();
    assert_eq!(shutdown_gsp(&gsp(&idle, &idle, &idle)), Err(ETIMEDOUT));
    assert_eq!(start.elapsed(), Delta::from_secs(5) + US * 501);
    let suspended = Register::new(1 << 31, 1 << 31, Delta::ZERO);
    assert_eq!(shutdown_gsp(&gsp(&idle, &suspended, &idle)), Ok(()));

    let handoff = Register::new(0, 1, US * 3);
    let falcon = gsp(&idle, &idle, &handoff);
    assert_eq!(falcon.check_reload_completed(Delta::from_secs(2)), Ok(true));
    assert_eq!(handoff.reads(), 3);
}

#[test]
fn the_sequencer_polls_a_fallible_read_and_sleeps_with_fsleep() {
    let _tk = timekeeper::test_mode();
    let reg = Register::new(0x0, 0xab, US * 7);
    let sequencer = GspSequencer {
        bar: Bar {
            addr: 0x1000,
            reg: &reg,
        },
    };
    let poll = RegPollPayload {
        addr: 0x1000,
        mask: 0xff,
        val: 0xab,
        timeout: 100,
    };
    assert_eq!(poll.run(&sequencer), Ok(()));
    // The first read, then the poll's reads until the 7th microsecond.
    assert_eq!(reg.reads(), 7);

    // The read's own error ends the poll at once, through `op` and `.map(|_| ())`.
    reg.fail_next_reads(1);
    assert_eq!(poll.run(&sequencer), Err(EIO));
    let elsewhere = RegPollPayload {
        addr: 0x2000,
        ..poll
    };
    assert_eq!(elsewhere.run(&sequencer), Err(EINVAL));
    let never = RegPollPayload {
        addr: 0x1000,
        mask: 0xff,
        val: 0xcd,
        timeout: 0,
    };
    let start = Instant::<Monotonic>::now();
    assert_eq!(never.run(&sequencer), Err(ETIMEDOUT));
    // The default timeout: 4 s of 1 us reads.
    assert_eq!(start.elapsed(), Delta::from_secs(4) + US * 2);

    let start = Instant::<Monotonic>::now();
    assert_eq!(DelayUsPayload(250).run(&sequencer), Ok(()));
    assert_eq!(start.elapsed(), US * 250);
}

#[test]
fn the_fsp_wait_logs_its_error_and_returns_it() {
    let _tk = timekeeper::test_mode();
    let dev = Device::new();
    let booted = Register::new(0, FSP_BOOT_COMPLETE_STATUS_SUCCESS, MS * 15);
    assert_eq!(fsp_wait_secure_boot(&dev, &booted), Ok(()));
    assert_eq!(booted.reads(), 3);
    assert!(dev.messages().is_empty());

    let never = Register::new(0, 0, Delta::ZERO);
    assert_eq!(fsp_wait_secure_boot(&dev, &never), Err(ETIMEDOUT));
    assert_eq!(
        dev.messages(),
        ["err: FSP secure boot completion error: ETIMEDOUT\n"]
    );
}

#[test]
fn the_command_queue_waits_for_room_and_for_replies() {
    let _tk = timekeeper::test_mode();
    let free = Register::new(16, 4096, US * 3);
    let pending = Register::new(0, 8, MS * 2);
    let cmdq = Cmdq {
        free_bytes: &free,
        pending_bytes: &pending,
        others_first: AtomicU32::new(2),
    };
    assert_eq!(cmdq.allocate_command(100, Cmdq::ALLOCATE_TIMEOUT), Ok(64));
    assert_eq!(
        cmdq.allocate_command(0x10000, Cmdq::ALLOCATE_TIMEOUT),
        Err(EMSGSIZE)
    );
    assert_eq!(cmdq.wait_for_msg(Cmdq::RECEIVE_TIMEOUT), Ok((0x5a, 7)));
    // Two messages of another function are consumed (`Err(ERANGE) => continue`).
    assert_eq!(cmdq.receive_reply(), Ok(0x5a));

    let empty = Register::new(0, 0, Delta::ZERO);
    let cmdq = Cmdq {
        free_bytes: &empty,
        pending_bytes: &empty,
        others_first: AtomicU32::new(0),
    };
    assert_eq!(cmdq.allocate_command(1, MS), Err(ETIMEDOUT));
    let start = Instant::<Monotonic>::now();
    assert_eq!(cmdq.receive_reply(), Err(ETIMEDOUT));
    assert!(start.elapsed() > Cmdq::RECEIVE_TIMEOUT);
}

#[test]
fn tyr_resets_and_powers_on_and_logs_what_fails() {
    let _tk = timekeeper::test_mode();
    let dev = Device::new();
    let reset = Register::new(0, 1 << 8, MS * 2);
    let l2 = Register::new(0, 1, Delta::ZERO);
    let regions = [IoMem {
        gpu_irq_rawstat: &reset,
        l2_ready_lo: &l2,
    }];
    assert!(tyr::probe(&dev, &regions).is_ok());
    assert_eq!(reset.reads(), 3);
    assert_eq!(dev.messages(), ["info: Tyr initialized correctly."]);

    assert_eq!(tyr::probe(&dev, &[]).err(), Some(ENODEV));
    let stuck = Register::new(0, 0, Delta::ZERO);
    let regions = [IoMem {
        gpu_irq_rawstat: &stuck,
        l2_ready_lo: &l2,
    }];
    assert_eq!(tyr::probe(&dev, &regions).err(), Some(ETIMEDOUT));
    assert_eq!(
        dev.messages().last().map(String::as_str),
        Some("err: GPU reset failed.")
    );
}

#[test]
fn binder_prints_the_elapsed_milliseconds_of_a_transaction() {
    let tk = timekeeper::test_mode();
    let t = Transaction::new(7, 0x2a);
    tk.advance(Delta::from_micros(2_500)).expect("advance");
    let mut line = String::new();
    t.debug_print_inner(&mut line, "  ");
    assert_eq!(line, "  7: code 2a elapsed 2ms");
}

#[test]
fn the_workqueue_passes_a_jiffies_delay_to_c_unconverted() {
    // `Jiffies` is the kernel's `ffi::c_ulong`, so this is upstream's
    // `enqueue_delayed(w, delay: Jiffies)` calling `queue_delayed_work_on(.., delay)`.
    let delay: Jiffies = msecs_to_jiffies(1_000);
    assert!(workqueue::system().enqueue_delayed(delay));
    assert_eq!(workqueue::system().last_delay(), 250);
    let as_the_kernel_binds_it: kernel::ffi::c_ulong = delay;
    assert_eq!(as_the_kernel_binds_it, 250);
}

/// `lib/find_bit_benchmark_rust.rs`'s timing: `Instant::<Monotonic>::now()`,
/// `elapsed()`, `as_nanos()`.
fn test_next_bit(bits: &[bool]) -> (i64, usize) {
    let time = Instant::<Monotonic>::now();
    let cnt = bits.iter().filter(|bit| **bit).count();
    let delta = time.elapsed();
    (delta.as_nanos(), cnt)
}

#[test]
fn the_benchmark_times_with_elapsed() {
    let _tk = timekeeper::test_mode();
    assert_eq!(test_next_bit(&[true, false, true]), (0, 2));
}

/// `MAX_SCHEDULE_TIMEOUT`, `LONG_MAX`.
const MAX_SCHEDULE_TIMEOUT: c_long = c_long::MAX;

/// `sync/condvar.rs`'s `wait_interruptible_timeout`: the `Jiffies` timeout converted
/// to the C `long` of `schedule_timeout`, and the remaining `Jiffies` back.
fn wait_interruptible_timeout(jiffies: Jiffies, slept: c_long) -> (c_long, Jiffies) {
    let jiffies: c_long = jiffies.try_into().unwrap_or(MAX_SCHEDULE_TIMEOUT);
    let res = jiffies - slept;
    (jiffies, res as Jiffies)
}

#[test]
fn the_condvar_timeout_converts_jiffies_as_upstream() {
    assert_eq!(wait_interruptible_timeout(250, 100), (250, 150));
    assert_eq!(
        wait_interruptible_timeout(Jiffies::MAX, 0).0,
        MAX_SCHEDULE_TIMEOUT
    );
}

/// `HW_READY` of upstream's `kernel::io::poll` doc examples.
const HW_READY: u16 = 0x01;

/// The `read_poll_timeout` doc example of upstream's `rust/kernel/io/poll.rs`, with a
/// fallible 16-bit read (`io.try_read16(0x1000)`).
fn wait_for_hardware(try_read16: impl Fn(usize) -> Result<u16>) -> Result {
    read_poll_timeout(
        // The `op` closure reads the value of a specific status register.
        || try_read16(0x1000),
        // The `cond` closure takes a reference to the value returned by `op`
        // and checks whether the hardware is ready.
        |val: &u16| *val == HW_READY,
        Delta::from_millis(50),
        Delta::from_secs(3),
    )?;
    Ok(())
}

/// The `read_poll_timeout_atomic` doc example of upstream's `rust/kernel/io/poll.rs`.
fn wait_for_hardware_atomic(try_read16: impl Fn(usize) -> Result<u16>) -> Result {
    read_poll_timeout_atomic(
        // The `op` closure reads the value of a specific status register.
        || try_read16(0x1000),
        // The `cond` closure takes a reference to the value returned by `op`
        // and checks whether the hardware is ready.
        |val: &u16| *val == HW_READY,
        Delta::from_micros(50),
        1000,
    )?;
    Ok(())
}

#[test]
fn upstreams_poll_doc_examples_compile_and_run() {
    let _tk = timekeeper::test_mode();
    let ready = Register::new(0, 1, MS * 120);
    let read = |addr: usize| -> Result<u16> {
        if addr == 0x1000 {
            Ok(ready.try_read32()? as u16)
        } else {
            Err(EINVAL)
        }
    };
    assert_eq!(wait_for_hardware(read), Ok(()));
    assert_eq!(ready.reads(), 4);
    let start = Instant::<Monotonic>::now();
    let never = |_| Ok(0);
    assert_eq!(wait_for_hardware_atomic(never), Err(ETIMEDOUT));
    // 1000 tries, 50 us apart.
    assert_eq!(start.elapsed(), Delta::from_millis(50));
    let broken = |_| Err(EIO);
    assert_eq!(wait_for_hardware(broken), Err(EIO));
}

#[test]
fn the_gh100_lockdown_and_unload_waits_and_the_fsp_message_wait() {
    let _tk = timekeeper::test_mode();
    let dev = Device::new();
    let released = Register::new(0, 1, MS * 15);
    let zero = Register::new(0, 0, Delta::ZERO);
    let lockdown = GspLockdown {
        priv_mask: &released,
        mailbox0: &zero,
        halted: &zero,
    };
    assert_eq!(wait_for_gsp_lockdown_release(&dev, &lockdown), Ok(()));
    assert_eq!(released.reads(), 3);
    // The mailbox still holds the boot parameters' address: keep polling.
    let clears = Register::new(FMC_BOOT_PARAMS_ADDR, 0, MS * 40);
    let lockdown = GspLockdown {
        priv_mask: &released,
        mailbox0: &clears,
        halted: &zero,
    };
    assert_eq!(wait_for_gsp_lockdown_release(&dev, &lockdown), Ok(()));
    // Read at 0, 10, 20, 30 and 40 ms (+ 2 us of bus time per poll).
    assert_eq!(clears.reads(), 5);
    let failed = Register::new(0x17, 0x17, Delta::ZERO);
    let lockdown = GspLockdown {
        priv_mask: &released,
        mailbox0: &failed,
        halted: &zero,
    };
    assert_eq!(wait_for_gsp_lockdown_release(&dev, &lockdown), Err(EIO));
    assert_eq!(dev.messages(), ["err: GSP-FMC boot failed (mbox: 0x17)\n"]);

    // The halt status read fails: its error ends the poll and is logged.
    let unreadable = Register::new(u32::MAX, u32::MAX, Delta::ZERO);
    let lockdown = GspLockdown {
        priv_mask: &released,
        mailbox0: &zero,
        halted: &unreadable,
    };
    assert_eq!(fsp_unload_bundle_run(&dev, &lockdown), Err(ENOTSUPP));
    assert_eq!(
        dev.messages().last().map(String::as_str),
        Some("err: GSP falcon failed to halt\n")
    );
    let halts = Register::new(0, 1, MS * 25);
    let lockdown = GspLockdown {
        priv_mask: &released,
        mailbox0: &zero,
        halted: &halts,
    };
    assert_eq!(fsp_unload_bundle_run(&dev, &lockdown), Ok(()));

    let queue = Register::new(0, 64, MS * 5);
    assert_eq!(FspFalcon { msgq: &queue }.recv_msg(), Ok(64));
    let too_big = Register::new(4096, 4096, Delta::ZERO);
    assert_eq!(FspFalcon { msgq: &too_big }.recv_msg(), Err(EMSGSIZE));
    let bogus = Register::new(u32::MAX, u32::MAX, Delta::ZERO);
    assert_eq!(FspFalcon { msgq: &bogus }.recv_msg(), Err(EIO));
}

#[test]
fn the_gfw_boot_wait_reads_two_registers_per_poll() {
    let _tk = timekeeper::test_mode();
    let start = Instant::<Monotonic>::now();
    let mask = Register::new(0, 1, MS * 2);
    let gfw = Register::new(0, 0xff, Delta::ZERO);
    assert_eq!(wait_gfw_boot_completion(&mask, &gfw), Ok(()));
    // `&&` skips the second read while the mask is locked: reads at 0, 1 and 2 ms.
    assert_eq!((mask.reads(), gfw.reads()), (3, 1));
    assert_eq!(start.elapsed(), MS * 2 + US * 4);
    let never = Register::new(0, 0, Delta::ZERO);
    assert_eq!(wait_gfw_boot_completion(&never, &gfw), Err(ETIMEDOUT));
}
