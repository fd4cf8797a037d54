// An `offset` is relative to the `offset_base = true` clock: without a base the
// relation is meaningless and is rejected.
typed_clocks::declare_clocks!("tables/offset_without_base.toml", unsafe(bindings = crate::b));

mod b {
    #![allow(non_upper_case_globals)]
    pub const tk_offsets_TK_OFFS_BOOT: u32 = 1;
    pub unsafe fn ktime_mono_to_any(ktime: i64, _offset: u32) -> i64 {
        ktime
    }
    pub unsafe fn ktime_get() -> i64 {
        0
    }
    pub unsafe fn ktime_get_boottime() -> i64 {
        0
    }
}

fn main() {}
