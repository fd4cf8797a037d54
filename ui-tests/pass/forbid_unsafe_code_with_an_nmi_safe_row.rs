// `#![forbid(unsafe_code)]` in the invoking crate: the invocation's `unsafe(…)` is
// where the user vouches; the template's own `unsafe` blocks and its `unsafe impl` of
// the NMI seal are the macro's, and compile.
#![forbid(unsafe_code)]

mod b {
    pub fn forbid_fast_ns() -> u64 {
        42
    }
}

typed_clocks::declare_clocks! {
    unsafe(bindings = crate::b);
    Fast { getter: forbid_fast_ns, returns: u64, monotonic: false, clockid: 0, nmi_safe: true },
}

fn main() {
    assert_eq!(typed_clocks::nmi::now::<Fast>().to_ktime(), 42);
}
