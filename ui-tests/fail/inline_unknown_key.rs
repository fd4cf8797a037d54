// The inline form is validated like a file: an unknown key is rejected at the key,
// with a suggestion.
typed_clocks::declare_clocks! {
    unsafe(extern "C");
    Monotonic { getter: ktime_get, monotonic: true, clock_id: 1 },
}

fn main() {}
