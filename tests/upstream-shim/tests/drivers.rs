//! The drivers of `upstream_shim::drivers`, written as upstream writes them, run
//! against simulated hardware on the test timekeeper: every sleep and register read
//! lets its time pass, so each wait ends at an exact, checkable time, and each error
//! is the kernel's.

use kernel::error::code::{EIO, ENODEV, ETIMEDOUT};
use kernel::time::{Delta, Instant, Monotonic};
use kernel::timekeeper;
use upstream_shim::drivers::falcon::{select_core_ga102, Bar, Falcon, Ga102};
use upstream_shim::drivers::heartbeat::Heartbeat;
use upstream_shim::drivers::phy::{Device, PhyQT2025};
use upstream_shim::drivers::sim::Register;

const US: Delta = Delta::from_micros(1);
const MS: Delta = Delta::from_millis(1);

/// `HWCFG2` bits: memory scrubbing in progress, reset ready.
const MEM_SCRUBBING: u32 = 1 << 12;
const RESET_READY: u32 = 1 << 31;

#[test]
fn the_qt2025_probe_polls_every_50_ms_until_the_firmware_runs() {
    let _tk = timekeeper::test_mode();
    let start = Instant::<Monotonic>::now();
    let status = Register::new(0x10, 0x21, MS * 120);
    let mut dev = Device {
        hw_rev: 0xb3_01,
        status: &status,
    };
    assert_eq!(PhyQT2025::probe(&mut dev), Ok(()));
    // Reads at 0, 50, 100 ms (still loading) and 150 ms, each taking 1 us of bus time.
    assert_eq!(status.reads(), 4);
    assert_eq!(start.elapsed(), MS * 150 + US * 4);
}

#[test]
fn the_qt2025_probe_gives_up_after_3_s_and_passes_bus_errors_back() {
    let _tk = timekeeper::test_mode();
    let start = Instant::<Monotonic>::now();
    let never = Register::new(0x00, 0x00, Delta::ZERO);
    let mut dev = Device {
        hw_rev: 0xb3_01,
        status: &never,
    };
    assert_eq!(PhyQT2025::probe(&mut dev), Err(ETIMEDOUT));
    // A read every 50 ms (+ 1 us of bus time): the 61st, 3 s + 61 us into the poll,
    // is the first past the 3 s timeout.
    assert_eq!(never.reads(), 61);
    assert_eq!(start.elapsed(), Delta::from_millis(3_000) + US * 61);

    // The MDIO read's own error comes back through `?`, unchanged.
    let flaky = Register::new(0x10, 0x21, Delta::ZERO);
    flaky.fail_next_reads(1);
    let mut dev = Device {
        hw_rev: 0xb3_01,
        status: &flaky,
    };
    assert_eq!(PhyQT2025::probe(&mut dev), Err(EIO));
    assert_eq!(flaky.reads(), 0);
    // Another revision is refused before any poll.
    let mut dev = Device {
        hw_rev: 0xb2_00,
        status: &flaky,
    };
    assert_eq!(PhyQT2025::probe(&mut dev), Err(ENODEV));
}

fn bar<'a>(hwcfg2: &'a Register, other: &'a Register) -> Bar<'a> {
    Bar {
        hwcfg2,
        bcr_ctrl: other,
        cpuctl: other,
        dmatrfcmd: other,
    }
}

#[test]
fn the_falcon_busy_polls_memory_scrubbing_by_bus_time() {
    let _tk = timekeeper::test_mode();
    let start = Instant::<Monotonic>::now();
    let hwcfg2 = Register::new(MEM_SCRUBBING, 0, US * 10);
    let other = Register::new(0, 0, Delta::ZERO);
    let falcon = Falcon {
        bar: bar(&hwcfg2, &other),
    };
    let hal = Ga102::<()>::new();
    assert_eq!(hal.reset_wait_mem_scrubbing(&falcon), Ok(()));
    // No sleeps: each 1 us read moves the clock, the 10th sees the scrubbing done.
    assert_eq!((hwcfg2.reads(), start.elapsed()), (10, US * 10));

    let stuck = Register::new(MEM_SCRUBBING, MEM_SCRUBBING, Delta::ZERO);
    let falcon = Falcon {
        bar: bar(&stuck, &other),
    };
    assert_eq!(hal.reset_wait_mem_scrubbing(&falcon), Err(ETIMEDOUT));
    assert_eq!(stuck.reads(), 20_001);
}

#[test]
fn the_falcon_reset_ignores_a_missing_reset_ready_and_waits_for_scrubbing() {
    let _tk = timekeeper::test_mode();
    let start = Instant::<Monotonic>::now();
    // RESET_READY never comes; scrubbing is done from the start.
    let hwcfg2 = Register::new(0, 0, Delta::ZERO);
    let other = Register::new(0, 0, Delta::ZERO);
    let falcon = Falcon {
        bar: bar(&hwcfg2, &other),
    };
    assert_eq!(Ga102::<()>::new().reset_eng(&falcon), Ok(()));
    // The ignored 150 us wait reads 151 times, then one scrubbing read.
    assert_eq!((hwcfg2.reads(), start.elapsed()), (152, US * 152));

    let ready = Register::new(RESET_READY, RESET_READY, Delta::ZERO);
    let falcon = Falcon {
        bar: bar(&ready, &other),
    };
    assert_eq!(Ga102::<()>::new().reset_eng(&falcon), Ok(()));
    assert_eq!(ready.reads(), 2);
}

#[test]
fn the_falcon_waits_for_its_core_its_halt_and_each_dma_transfer() {
    let _tk = timekeeper::test_mode();
    let hwcfg2 = Register::new(0, 0, Delta::ZERO);
    let valid = Register::new(0, 1, US * 5);
    assert_eq!(select_core_ga102(&bar(&hwcfg2, &valid)), Ok(()));
    assert_eq!(valid.reads(), 5);
    let never = Register::new(0, 0, Delta::ZERO);
    assert_eq!(select_core_ga102(&bar(&hwcfg2, &never)), Err(ETIMEDOUT));
    // 10 ms of 1 us reads, and the one past it.
    assert_eq!(never.reads(), 10_001);

    let halted = Register::new(0, 1 << 4, US * 3);
    let falcon = Falcon {
        bar: bar(&hwcfg2, &halted),
    };
    assert_eq!(falcon.wait_till_halted(), Ok(()));
    assert_eq!(halted.reads(), 3);

    // Idle from the start: one read per transfer, and `?` inside the loop.
    let idle = Register::new(1 << 1, 1 << 1, Delta::ZERO);
    let falcon = Falcon {
        bar: bar(&hwcfg2, &idle),
    };
    assert_eq!(falcon.dma_wr(4), Ok(()));
    assert_eq!(idle.reads(), 4);
}

#[test]
fn the_heartbeat_completes_one_batch_per_period_on_monotonic() {
    let tk = timekeeper::test_mode();
    let heartbeat = Heartbeat::timer(US * 250, 8);
    let _handle = Heartbeat::start(heartbeat.clone());
    for period in 1..=8 {
        if period == 4 {
            // A wall-clock step does not disturb a monotonic timer.
            tk.step_real_time(Delta::from_secs(-3600)).expect("step");
        }
        tk.advance(US * 250 - Delta::from_nanos(1))
            .expect("advance");
        assert_eq!(heartbeat.completed(), period - 1);
        tk.advance(Delta::from_nanos(1)).expect("advance");
        assert_eq!(heartbeat.completed(), period);
    }
    assert_eq!(heartbeat.overruns(), 0);
    // The eighth batch was the last.
    tk.advance(MS).expect("advance");
    assert_eq!(heartbeat.completed(), 8);
}
