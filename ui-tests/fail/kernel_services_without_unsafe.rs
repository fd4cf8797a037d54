// `__kernel_services!` writes `unsafe impl`s over a bindings module: every arm that
// leads to them, its internal `@error` and `@expand` arms included, requires the
// caller's own `unsafe`. Called without it (issue 27, item 1: a file with no `unsafe`
// anywhere), nothing matches.
#![forbid(unsafe_code)]

mod bindings {}

typed_clocks::declare_clocks! {
    backend = posix;
    Monotonic { monotonic: true, clockid: CLOCK_MONOTONIC },
}

typed_clocks::__private::kernel_services! { bindings = crate::bindings; clock = Monotonic; }

typed_clocks::__kernel_services! { @error [crate::bindings] clock = Monotonic; }

typed_clocks::__kernel_services! { @expand [crate::bindings] Monotonic [crate::bindings] }

fn main() {}
