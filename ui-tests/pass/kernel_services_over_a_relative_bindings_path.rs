// The bindings module may be named relative to the invoking module (`self::fake`,
// `fake`) with `kernel_services = true` too: the generated `kernel_services` module
// reaches it through an import where the invocation is.
mod relative {
    mod fake {
        pub use ui_tests::bindings::*;
    }

    typed_clocks::declare_clocks! {
        unsafe(bindings = self::fake);
        kernel_services = true;
        Monotonic { getter: ktime_get, monotonic: true, clockid: CLOCK_MONOTONIC, hrtimer: true },
    }
    pub use kernel_services::hrtimer::{HrTimer, RelativeMode};
}

mod bare {
    mod fake {
        pub use ui_tests::bindings::*;
    }

    typed_clocks::declare_clocks! {
        unsafe(bindings = fake);
        kernel_services = true;
        Monotonic { getter: ktime_get, monotonic: true, clockid: CLOCK_MONOTONIC, hrtimer: true },
    }
    pub use kernel_services::msecs_to_jiffies;
}

fn main() {
    let _ = core::mem::size_of::<relative::HrTimer<()>>();
    let _: fn(u32) -> typed_clocks::Jiffies = bare::msecs_to_jiffies;
}
