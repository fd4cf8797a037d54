// The inline form is validated like a file: an unknown key is rejected at the key,
// with a suggestion.
time_core::declare_clocks! {
    Monotonic { getter: ktime_get, monotonic: true, clock_id: 1 },
}

fn main() {}
