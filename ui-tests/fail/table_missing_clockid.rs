// Every row needs its `clockid` (`ClockSource::ID`): a row without one is refused at
// its header, and the help says what to write, also for a clock that has no
// `clockid_t` of its own.
typed_clocks::declare_clocks!("tables/missing_clockid.toml", unsafe(extern "C"));

fn main() {}
