//! Every `Delta` and `Instant` operation against an `i128` reference model: the
//! result is the exact mathematical value clamped to the `i64` range (saturation),
//! and nothing panics. Edge values (`i64::MIN`, `i64::MAX`, 0, ±1) are weighted in.
//!
//! Every operator is checked three ways where the API has them: the operator, the
//! named `saturating_*` method and the compound assignment (`+=`, `*=`, …), against
//! one model; `checked_*` against the exact value when it fits.
//!
//! Case count: `PROPTEST_CASES` (default 256 per property). Long run:
//! `PROPTEST_CASES=100000 cargo test -p clock-tests --release --test arithmetic_props`.

use core::time::Duration;
use proptest::prelude::*;
use std::sync::atomic::{AtomicI64, Ordering};
use typed_clocks::ext::{DeltaExt, InstantExt};
use typed_clocks::{Deadline, Delta, Instant};

static PROP_NOW: AtomicI64 = AtomicI64::new(0);

#[unsafe(no_mangle)]
extern "C" fn prop_clock_get() -> typed_clocks::Ktime {
    PROP_NOW.load(Ordering::SeqCst)
}

typed_clocks::declare_clocks! {
    // SAFETY: `prop_clock_get` below is `ktime_t prop_clock_get(void)`, safe to call
    // anywhere; the properties read it as monotonic only where they set it so.
    unsafe(extern "C");
    PropClock { getter: prop_clock_get, monotonic: true, clockid: 1, doc: "The clock the properties set." },
}

/// The reference model: exact, then clamped like the library promises.
fn clamp(exact: i128) -> i64 {
    exact.clamp(i128::from(i64::MIN), i128::from(i64::MAX)) as i64
}

fn any_i64() -> impl Strategy<Value = i64> {
    prop_oneof![
        3 => any::<i64>(),
        1 => prop::sample::select(vec![i64::MIN, i64::MIN + 1, -1, 0, 1, i64::MAX - 1, i64::MAX]),
        1 => -2_000_000_000i64..2_000_000_000,
    ]
}

fn delta() -> impl Strategy<Value = Delta> {
    any_i64().prop_map(Delta::from_nanos)
}

fn instant() -> impl Strategy<Value = Instant<PropClock>> {
    any_i64().prop_map(Instant::from_ktime)
}

/// Durations on both sides of `i64::MAX` nanoseconds (about 292 years), and any.
fn duration() -> impl Strategy<Value = Duration> {
    let limit = i64::MAX as u64;
    prop_oneof![
        (any::<u64>(), 0u32..1_000_000_000).prop_map(|(s, ns)| Duration::new(s, ns)),
        (0u64..=9_223_372_037, 0u32..1_000_000_000).prop_map(|(s, ns)| Duration::new(s, ns)),
        (0u64..=2).prop_map(move |k| Duration::from_nanos(limit - 1 + k)),
        Just(Duration::ZERO),
        Just(Duration::MAX),
    ]
}

fn n(d: Delta) -> i128 {
    i128::from(d.as_nanos())
}

proptest! {
    #[test]
    fn delta_add_sub_saturate(a in delta(), b in delta()) {
        prop_assert_eq!((a + b).as_nanos(), clamp(n(a) + n(b)));
        prop_assert_eq!((a - b).as_nanos(), clamp(n(a) - n(b)));
        let exact_sum = n(a) + n(b);
        prop_assert_eq!(a.checked_add(b).map(Delta::as_nanos), i64::try_from(exact_sum).ok());
        prop_assert_eq!(a.checked_sub(b).map(Delta::as_nanos), i64::try_from(n(a) - n(b)).ok());
        prop_assert_eq!(a.saturating_add(b), a + b);
        prop_assert_eq!(a.saturating_sub(b), a - b);
        let mut c = a;
        c += b;
        prop_assert_eq!(c, a + b);
        c = a;
        c -= b;
        prop_assert_eq!(c, a - b);
        // Addition commutes even at the limits (clamping is symmetric).
        prop_assert_eq!(a + b, b + a);
    }

    #[test]
    fn delta_order_equality_and_hash_follow_the_nanoseconds(a in delta(), b in delta()) {
        prop_assert_eq!(a.cmp(&b), n(a).cmp(&n(b)));
        prop_assert_eq!(a == b, n(a) == n(b));
        prop_assert_eq!(Delta::from_nanos(a.as_nanos()), a);
        if a == b {
            prop_assert_eq!(hash(&a), hash(&b));
        }
    }

    #[test]
    fn delta_mul_div_neg_saturate(a in delta(), k in any_i64()) {
        prop_assert_eq!((a * k).as_nanos(), clamp(n(a) * i128::from(k)));
        prop_assert_eq!((k * a).as_nanos(), clamp(n(a) * i128::from(k)));
        prop_assert_eq!(a.checked_mul(k).map(Delta::as_nanos), i64::try_from(n(a) * i128::from(k)).ok());
        let quotient = if k == 0 {
            // Documented: division by zero saturates by the dividend's sign.
            match n(a).signum() { 1 => i64::MAX, -1 => i64::MIN, _ => 0 }
        } else {
            clamp(n(a) / i128::from(k)) // i128 division truncates toward zero, as i64's does
        };
        prop_assert_eq!(a.saturating_div(k).as_nanos(), quotient);
        let checked = if k == 0 { None } else { i64::try_from(n(a) / i128::from(k)).ok() };
        prop_assert_eq!(a.checked_div(k).map(Delta::as_nanos), checked);
        prop_assert_eq!(a.saturating_mul(k), a * k);
                let mut c = a;
        c *= k;
        prop_assert_eq!(c, a * k);
        prop_assert_eq!((-a).as_nanos(), clamp(-n(a)));
        prop_assert_eq!(a.abs().as_nanos(), clamp(n(a).abs()));
        prop_assert!(!a.abs().is_negative());
    }

    #[test]
    fn delta_unit_conversions_round_as_documented(nanos in any_i64()) {
        let d = Delta::from_nanos(nanos);
        let exact = i128::from(nanos);
        // The exact ceiling toward +infinity, for every span (upstream's true
        // ceiling): no saturation near `i64::MAX`, and negatives round up too.
        let ceil = |unit: i128| exact.div_euclid(unit) + i128::from(exact.rem_euclid(unit) != 0);
        prop_assert_eq!(i128::from(d.as_micros_ceil()), ceil(1_000));
        prop_assert_eq!(i128::from(d.as_millis_ceil()), ceil(1_000_000));
        // Truncation toward zero.
        prop_assert_eq!(i128::from(d.as_millis()), exact / 1_000_000);
        prop_assert_eq!(i128::from(d.as_secs()), exact / 1_000_000_000);
        prop_assert_eq!(d.is_negative(), nanos < 0);
        prop_assert_eq!(d.is_zero(), nanos == 0);
    }

    #[test]
    fn delta_constructors_saturate(x in any_i64()) {
        let exact = i128::from(x);
        prop_assert_eq!(Delta::from_micros(x).as_nanos(), clamp(exact * 1_000));
        prop_assert_eq!(Delta::from_millis(x).as_nanos(), clamp(exact * 1_000_000));
        prop_assert_eq!(Delta::from_secs(x).as_nanos(), clamp(exact * 1_000_000_000));
    }

    #[test]
    fn duration_conversions_round_trip_or_report(duration in duration(), d in delta()) {
        match Delta::try_from(duration) {
            Ok(delta) => {
                prop_assert_eq!(u128::try_from(delta.as_nanos()).ok(), Some(duration.as_nanos()));
                prop_assert_eq!(Duration::try_from(delta), Ok(duration));
            }
            Err(_) => prop_assert!(duration.as_nanos() > i64::MAX as u128),
        }
        match Duration::try_from(d) {
            Ok(duration) => {
                prop_assert!(!d.is_negative());
                prop_assert_eq!(Delta::try_from(duration), Ok(d));
            }
            Err(_) => prop_assert!(d.is_negative()),
        }
    }

    #[test]
    fn delta_display_is_exact(nanos in any_i64()) {
        // Parse the human text back to nanoseconds: Display loses nothing.
        let text = Delta::from_nanos(nanos).to_string();
        let (number, scale) = [("ns", 1i128), ("us", 1_000), ("ms", 1_000_000), ("s", 1_000_000_000)]
            .iter()
            .find_map(|(unit, scale)| text.strip_suffix(unit).map(|number| (number, *scale)))
            .expect("a unit");
        let (negative, digits) = match number.strip_prefix('-') { Some(rest) => (true, rest), None => (false, number) };
        let (whole, fraction) = digits.split_once('.').unwrap_or((digits, ""));
        let fraction_scale = scale / 10i128.pow(u32::try_from(fraction.len()).expect("short"));
        let magnitude = whole.parse::<i128>().expect("whole") * scale
            + if fraction.is_empty() { 0 } else { fraction.parse::<i128>().expect("fraction") * fraction_scale };
        prop_assert_eq!(if negative { -magnitude } else { magnitude }, i128::from(nanos), "{}", text);
    }

    #[test]
    fn instant_arithmetic_saturates(a in instant(), b in instant(), d in delta()) {
        let (ka, kb) = (i128::from(a.to_ktime()), i128::from(b.to_ktime()));
        prop_assert_eq!((a - b).as_nanos(), clamp(ka - kb));
        prop_assert_eq!((a + d).to_ktime(), clamp(ka + n(d)));
        prop_assert_eq!((a - d).to_ktime(), clamp(ka - n(d)));
        prop_assert_eq!(a.checked_add(d).map(Instant::to_ktime), i64::try_from(ka + n(d)).ok());
        prop_assert_eq!(a.checked_sub(d).map(Instant::to_ktime), i64::try_from(ka - n(d)).ok());
        prop_assert_eq!(a.saturating_duration_since(b).as_nanos(), clamp((ka - kb).max(0)));
        prop_assert_eq!(a.cmp(&b), ka.cmp(&kb));
        prop_assert_eq!(a == b, ka == kb);
        if a == b {
            prop_assert_eq!(hash(&a), hash(&b));
        }
        let mut c = a;
        c += d;
        prop_assert_eq!(c, a + d);
        c = a;
        c -= d;
        prop_assert_eq!(c, a - d);
        // The Ktime round-trips, and Debug names the clock and shows the same time as
        // Delta's Display.
        prop_assert_eq!(Instant::<PropClock>::from_ktime(a.to_ktime()), a);
        prop_assert_eq!(
            format!("{a:?}"),
            format!("Instant<PropClock>({})", Delta::from_nanos(a.to_ktime()))
        );
    }

    #[test]
    fn now_reads_the_clock_and_deadlines_saturate(now in any_i64(), timeout in delta()) {
        let _guard = lock();
        PROP_NOW.store(now, Ordering::SeqCst);
        prop_assert_eq!(Instant::<PropClock>::now().to_ktime(), now);
        let deadline = Deadline::<PropClock>::after(timeout);
        prop_assert_eq!(deadline.instant().to_ktime(), clamp(i128::from(now) + n(timeout)));
        prop_assert_eq!(Deadline::from(deadline.instant()), deadline);
        prop_assert!(!deadline.remaining().is_negative());
    }

    #[test]
    fn elapsed_and_remaining_are_never_negative(start in any_i64(), now in any_i64(), timeout in delta()) {
        let _guard = lock();
        PROP_NOW.store(now, Ordering::SeqCst);
        let since = Instant::<PropClock>::from_ktime(start);
        prop_assert_eq!(since.elapsed().as_nanos(), clamp((i128::from(now) - i128::from(start)).max(0)));
        let deadline = Deadline::<PropClock>::at(since + timeout);
        let left = i128::from((since + timeout).to_ktime()) - i128::from(now);
        prop_assert_eq!(deadline.remaining().as_nanos(), clamp(left.max(0)));
        prop_assert_eq!(deadline.has_passed(), left <= 0);
    }
}

fn hash<T: std::hash::Hash>(value: &T) -> u64 {
    use std::hash::{BuildHasher, BuildHasherDefault, DefaultHasher};
    BuildHasherDefault::<DefaultHasher>::default().hash_one(value)
}

fn lock() -> std::sync::MutexGuard<'static, ()> {
    static LOCK: std::sync::Mutex<()> = std::sync::Mutex::new(());
    LOCK.lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}
