// A crate that denies unsafe code allows it in the one module whose invocation vouches
// for C with `unsafe(…)`: what the invocation vouches for (the getter's `unsafe` call,
// the `unsafe impl`s of `ClockSource` and `NmiSafeClock`) compiles there.
#![deny(unsafe_code)]

#[allow(unsafe_code)]
mod clocks {
    mod b {
        pub unsafe fn deny_fast_ns() -> u64 {
            42
        }
    }

    typed_clocks::declare_clocks! {
        unsafe(bindings = self::b);
        Fast { getter: deny_fast_ns, returns: u64, monotonic: false, clockid: 0, nmi_safe: true },
    }
}

fn main() {
    let now = typed_clocks::nmi::now::<clocks::Fast>();
    assert_eq!(typed_clocks::ext::InstantExt::to_ktime(now), 42);
}
