// A table file with twenty clocks; getters and clock id constants come from a
// bindings module, as bindgen output would provide them.
use typed_clocks::{ext::{ClockSourceExt, InstantExt}, Instant};

typed_clocks::declare_clocks!("tables/many_clocks.toml", unsafe(bindings = crate::bindings));

mod bindings {
    pub unsafe fn get_00() -> i64 {
        0
    }
    pub const CLOCK_00: i32 = 0;
    pub unsafe fn get_01() -> i64 {
        1
    }
    pub const CLOCK_01: i32 = 1;
    pub unsafe fn get_02() -> i64 {
        2
    }
    pub const CLOCK_02: i32 = 2;
    pub unsafe fn get_03() -> i64 {
        3
    }
    pub const CLOCK_03: i32 = 3;
    pub unsafe fn get_04() -> i64 {
        4
    }
    pub const CLOCK_04: i32 = 4;
    pub unsafe fn get_05() -> i64 {
        5
    }
    pub const CLOCK_05: i32 = 5;
    pub unsafe fn get_06() -> i64 {
        6
    }
    pub const CLOCK_06: i32 = 6;
    pub unsafe fn get_07() -> i64 {
        7
    }
    pub const CLOCK_07: i32 = 7;
    pub unsafe fn get_08() -> i64 {
        8
    }
    pub const CLOCK_08: i32 = 8;
    pub unsafe fn get_09() -> i64 {
        9
    }
    pub const CLOCK_09: i32 = 9;
    pub unsafe fn get_10() -> i64 {
        10
    }
    pub const CLOCK_10: i32 = 10;
    pub unsafe fn get_11() -> i64 {
        11
    }
    pub const CLOCK_11: i32 = 11;
    pub unsafe fn get_12() -> i64 {
        12
    }
    pub const CLOCK_12: i32 = 12;
    pub unsafe fn get_13() -> i64 {
        13
    }
    pub const CLOCK_13: i32 = 13;
    pub unsafe fn get_14() -> i64 {
        14
    }
    pub const CLOCK_14: i32 = 14;
    pub unsafe fn get_15() -> i64 {
        15
    }
    pub const CLOCK_15: i32 = 15;
    pub unsafe fn get_16() -> i64 {
        16
    }
    pub const CLOCK_16: i32 = 16;
    pub unsafe fn get_17() -> i64 {
        17
    }
    pub const CLOCK_17: i32 = 17;
    pub unsafe fn get_18() -> i64 {
        18
    }
    pub const CLOCK_18: i32 = 18;
    pub unsafe fn get_19() -> i64 {
        19
    }
    pub const CLOCK_19: i32 = 19;
}

fn check<C: ClockSourceExt>(expected: i64) {
    assert_eq!(Instant::<C>::now().to_ktime(), expected);
    assert_eq!(C::ID, expected as i32);
    assert_eq!(C::MONOTONIC, expected % 2 == 0);
    assert_eq!(C::NAME, format!("Clock{expected:02}"));
}

fn main() {
    check::<Clock00>(0);
    check::<Clock01>(1);
    check::<Clock02>(2);
    check::<Clock03>(3);
    check::<Clock04>(4);
    check::<Clock05>(5);
    check::<Clock06>(6);
    check::<Clock07>(7);
    check::<Clock08>(8);
    check::<Clock09>(9);
    check::<Clock10>(10);
    check::<Clock11>(11);
    check::<Clock12>(12);
    check::<Clock13>(13);
    check::<Clock14>(14);
    check::<Clock15>(15);
    check::<Clock16>(16);
    check::<Clock17>(17);
    check::<Clock18>(18);
    check::<Clock19>(19);
    let _ = Instant::<Clock00>::now().elapsed();
    let _ = Instant::<Clock02>::now().elapsed();
    let _ = Instant::<Clock04>::now().elapsed();
    let _ = Instant::<Clock06>::now().elapsed();
    let _ = Instant::<Clock08>::now().elapsed();
    let _ = Instant::<Clock10>::now().elapsed();
    let _ = Instant::<Clock12>::now().elapsed();
    let _ = Instant::<Clock14>::now().elapsed();
    let _ = Instant::<Clock16>::now().elapsed();
    let _ = Instant::<Clock18>::now().elapsed();
}
