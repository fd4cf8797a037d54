// `declare_clocks!` inside a function body, as a doctest writes it (rustdoc wraps the
// example in `fn main`): the file form over a bindings module declared in the same
// body (getters, an offset and `ktime_mono_to_any`), and inline rows whose getter the
// macro declares `extern "C"`. Each in a block of its own, as each declares `CLOCKS`.
use typed_clocks::{ext::InstantExt, ClockSource, Instant};

fn main() {
    {
        #[allow(non_upper_case_globals)]
        mod b {
            pub const tk_offsets_TK_OFFS_BOOT: u32 = 1;
            pub unsafe fn ktime_mono_to_any(ktime: i64, _offset: u32) -> i64 {
                ktime + 3
            }
            pub unsafe fn g() -> i64 {
                10
            }
            pub unsafe fn h() -> i64 {
                13
            }
        }

        typed_clocks::declare_clocks!("tables/function_body.toml", unsafe(bindings = b));

        let steady = Instant::<Steady>::now();
        assert_eq!(steady.to_ktime(), 10);
        assert_eq!(steady.to_clock::<Boot>().to_ktime(), 13);
        assert_eq!(CLOCKS.len(), 2);
        assert_eq!(Boot::ID, 7);
    }
    {
        #[unsafe(no_mangle)]
        extern "C" fn pass_function_body_get() -> i64 {
            42
        }

        typed_clocks::declare_clocks! {
            unsafe(extern "C");
            Uptime { getter: pass_function_body_get, monotonic: true, clockid: 1 },
        }

        assert_eq!(Instant::<Uptime>::now().to_ktime(), 42);
        assert_eq!(CLOCKS[0].name, "Uptime");
    }
}
