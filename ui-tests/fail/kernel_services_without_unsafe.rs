// `__kernel_services!` writes `unsafe impl`s over a bindings module: every arm that
// leads to them requires the caller's own `unsafe(bindings = …)`. Called without it
// (issue 27, item 1: a file with no `unsafe` anywhere), nothing matches.
#![forbid(unsafe_code)]

mod bindings {}

typed_clocks::declare_clocks! {
    backend = posix;
    Monotonic { monotonic: true, clockid: CLOCK_MONOTONIC },
}

typed_clocks::__private::kernel_services! { bindings = crate::bindings; clock = Monotonic; }

fn main() {}
