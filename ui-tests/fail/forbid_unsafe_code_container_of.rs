// `kernel::container_of!` steps back from a field's pointer to its struct with
// `byte_sub`, an `unsafe` method: the caller's own `unsafe` block vouches that the
// pointer points to that field of such a struct. Without one the macro does not
// compile (E0133); with one, under `#![forbid(unsafe_code)]`, the lint reports the
// caller's `unsafe` block.
#![forbid(unsafe_code)]

pub struct Pair {
    pub a: u32,
    pub b: u64,
}

pub fn without_unsafe(field: *const u64) -> *const Pair {
    kernel::container_of!(field, Pair, b)
}

pub fn with_unsafe(field: *const u64) -> *const Pair {
    unsafe { kernel::container_of!(field, Pair, b) }
}

fn main() {}
