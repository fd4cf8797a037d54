// An `offset` whose `tk_offsets_*` constant the bindings module lacks: one error, a
// const assertion naming the row's `offset` key, as for getters and clock ids.
#[allow(non_camel_case_types)]
mod bindings {
    pub type tk_offsets = u32;
    pub const tk_offsets_TK_OFFS_REAL: tk_offsets = 0;
    pub unsafe fn ktime_get() -> i64 {
        0
    }
    pub unsafe fn ktime_get_boottime() -> i64 {
        0
    }
    pub unsafe fn ktime_mono_to_any(ktime: i64, _offset: tk_offsets) -> i64 {
        ktime
    }
}

typed_clocks::declare_clocks!("tables/offset_missing_from_bindings.toml", unsafe(bindings = crate::bindings));

fn main() {}
