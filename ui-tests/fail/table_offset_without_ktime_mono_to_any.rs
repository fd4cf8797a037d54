// A table with `offset` rows converts between its clocks with the bindings module's
// `ktime_mono_to_any`: a module without it is one error, at the first offset row's
// `tables/…toml:LINE:COL`, saying what to declare (not one per row, and no type error).
#[allow(non_camel_case_types, non_upper_case_globals)]
mod bindings {
    pub type tk_offsets = u32;
    pub const tk_offsets_TK_OFFS_REAL: tk_offsets = 0;
    pub const tk_offsets_TK_OFFS_BOOT: tk_offsets = 1;
    pub unsafe fn ktime_get() -> i64 {
        0
    }
    pub unsafe fn ktime_get_boottime() -> i64 {
        0
    }
    pub unsafe fn ktime_get_real() -> i64 {
        0
    }
}

typed_clocks::declare_clocks!(
    "tables/offset_without_ktime_mono_to_any.toml",
    unsafe(bindings = crate::bindings)
);

fn main() {}
