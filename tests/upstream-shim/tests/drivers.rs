//! The drivers of `upstream_shim::drivers`, written against upstream's paths, run
//! against simulated hardware on the test timekeeper: every sleep and register read
//! lets its time pass, so each wait ends at an exact, checkable time.

use kernel_integration::timekeeper;
use upstream_shim::drivers::falcon::{Falcon, MEM_SCRUBBING, RESET_COMPLETED};
use upstream_shim::drivers::heartbeat::Heartbeat;
use upstream_shim::drivers::phy::Phy;
use upstream_shim::drivers::sim::Register;
use upstream_shim::kernel::time::error::code::{EIO, ETIMEDOUT};
use upstream_shim::kernel::time::{Delta, Instant, Monotonic};

const US: Delta = Delta::from_micros(1);
const MS: Delta = Delta::from_millis(1);

#[test]
fn the_phy_probe_polls_every_50_ms_until_the_firmware_runs() {
    let _tk = timekeeper::test_mode();
    let start = Instant::<Monotonic>::now();
    let status = Register::new(0x10, 0x21, 120 * MS);
    assert_eq!(Phy { status: &status }.probe(), Ok(0x21));
    // fsleep(1 ms), then reads at 1 ms, 51 ms, 101 ms (still loading) and 151 ms,
    // each taking 1 us of bus time.
    assert_eq!(status.reads(), 4);
    assert_eq!(start.elapsed(), 151 * MS + 4 * US);
}

#[test]
fn the_phy_probe_gives_up_after_3_s_and_passes_bus_errors_back() {
    let _tk = timekeeper::test_mode();
    let start = Instant::<Monotonic>::now();
    let never = Register::new(0x00, 0x00, Delta::ZERO);
    assert_eq!(Phy { status: &never }.probe(), Err(ETIMEDOUT));
    // The poll starts at 1 ms and reads every 50 ms (+ 1 us of bus time): the 61st
    // read, 3 s + 61 us into the poll, is the first past the 3 s timeout.
    assert_eq!(never.reads(), 61);
    assert_eq!(start.elapsed(), Delta::from_millis(3_001) + 61 * US);

    let flaky = Register::new(0x10, 0x21, Delta::ZERO);
    flaky.fail_next_reads(1);
    assert_eq!(Phy { status: &flaky }.probe(), Err(EIO));
    assert_eq!(flaky.reads(), 0);
}

#[test]
fn the_falcon_busy_polls_memory_scrubbing_by_bus_time() {
    let _tk = timekeeper::test_mode();
    let start = Instant::<Monotonic>::now();
    let hwcfg2 = Register::new(MEM_SCRUBBING, 0, 10 * US);
    let irq = Register::new(0, RESET_COMPLETED, Delta::ZERO);
    let falcon = Falcon {
        hwcfg2: &hwcfg2,
        irq_rawstat: &irq,
    };
    assert_eq!(falcon.wait_mem_scrubbing(), Ok(()));
    // No sleeps: each 1 us read moves the clock, the 10th sees the scrubbing done.
    assert_eq!((hwcfg2.reads(), start.elapsed()), (10, 10 * US));

    let stuck = Register::new(MEM_SCRUBBING, MEM_SCRUBBING, Delta::ZERO);
    let falcon = Falcon {
        hwcfg2: &stuck,
        irq_rawstat: &irq,
    };
    assert_eq!(falcon.wait_mem_scrubbing(), Err(ETIMEDOUT));
    assert_eq!(stuck.reads(), 20_001);
}

#[test]
fn the_falcon_reset_wait_sleeps_a_millisecond_between_reads() {
    let _tk = timekeeper::test_mode();
    let start = Instant::<Monotonic>::now();
    let hwcfg2 = Register::new(0, 0, Delta::ZERO);
    let irq = Register::new(0, RESET_COMPLETED, 3 * MS);
    let falcon = Falcon {
        hwcfg2: &hwcfg2,
        irq_rawstat: &irq,
    };
    assert_eq!(falcon.wait_reset(), Ok(RESET_COMPLETED));
    assert_eq!((irq.reads(), start.elapsed()), (4, 3 * MS + 4 * US));

    let halted = Register::new(0, RESET_COMPLETED, 12 * US);
    let falcon = Falcon {
        hwcfg2: &hwcfg2,
        irq_rawstat: &halted,
    };
    // Reads at 1, 7 and 13 us (5 us udelay after each miss): the third sees it.
    assert_eq!(falcon.wait_halted_atomic(), Ok(RESET_COMPLETED));
    assert_eq!(halted.reads(), 3);
    let never = Register::new(0, 0, Delta::ZERO);
    let falcon = Falcon {
        hwcfg2: &hwcfg2,
        irq_rawstat: &never,
    };
    assert_eq!(falcon.wait_halted_atomic(), Err(ETIMEDOUT));
    assert_eq!(never.reads(), 10);
}

#[test]
fn the_heartbeat_completes_one_batch_per_period_on_monotonic() {
    let tk = timekeeper::test_mode();
    let timer = Heartbeat::start(Heartbeat::timer(250 * US, 8));
    for period in 1..=8 {
        if period == 4 {
            // A wall-clock step does not disturb a monotonic timer.
            tk.step_real_time(Delta::from_secs(-3600)).expect("step");
        }
        tk.advance(250 * US - Delta::from_nanos(1))
            .expect("advance");
        assert_eq!(timer.timer().data().completed(), period - 1);
        tk.advance(Delta::from_nanos(1)).expect("advance");
        assert_eq!(timer.timer().data().completed(), period);
    }
    assert_eq!(timer.timer().data().overruns(), 0);
    // The eighth batch was the last.
    tk.advance(MS).expect("advance");
    assert_eq!(timer.timer().data().completed(), 8);
}
