// `offset = "TK_OFFS_MAX"`: the count of the kernel's offsets, not one of them, which
// `ktime_mono_to_any` would index past `offsets[]` with. Refused at the table key.
#[allow(non_camel_case_types)]
mod bindings {
    pub type tk_offsets = u32;
    pub const tk_offsets_TK_OFFS_MAX: tk_offsets = 3;
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

typed_clocks::declare_clocks!("tables/offset_not_a_timekeeper_offset.toml", unsafe(bindings = crate::bindings));

fn main() {}
