// A crate that denies unsafe code allows it in the one module whose invocation vouches
// for C with `unsafe(…)`; the template's own `unsafe` blocks and its `unsafe impl` of
// the NMI seal compile there.
#![deny(unsafe_code)]

mod b {
    pub fn forbid_fast_ns() -> u64 {
        42
    }
}

#[allow(unsafe_code)]
mod clocks {
    typed_clocks::declare_clocks! {
        unsafe(bindings = crate::b);
        Fast { getter: forbid_fast_ns, returns: u64, monotonic: false, clockid: 0, nmi_safe: true },
    }
}

fn main() {
    assert_eq!(typed_clocks::ext::InstantExt::to_ktime(typed_clocks::nmi::now::<clocks::Fast>()), 42);
}
