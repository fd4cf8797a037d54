// `__clock_rows!` writes the `ClockSource` impls of `declare_clocks!`'s rows on its
// invoker's word that each row's `read` returns its clock's time and that its `id` is
// its clock's. It requires the invoker's own `unsafe`: without it, nothing matches,
// and a block that returns any number does not become a clock reading.
#![forbid(unsafe_code)]

typed_clocks::__clock_rows! {
    declared_in = "";
    count = 1;
    bases = [Anything];
    rows = [Anything "Anything" "" monotonic = true; id = 1; read = { 0 }; items = {};];
}

fn main() {}
