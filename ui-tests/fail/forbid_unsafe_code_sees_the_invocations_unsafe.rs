// `#![forbid(unsafe_code)]` in the invoking crate: the invocation's `unsafe(…)` is where
// the user vouches for C, and the audit lint reports it there, at the user's `unsafe`
// token (the template's own `unsafe` blocks and impls are the macro's).
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

mod extern_getters {
    typed_clocks::declare_clocks! {
        unsafe(extern "C");
        Boom { getter: free, monotonic: false, clockid: 0 },
    }
}

fn main() {}
