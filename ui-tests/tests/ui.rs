//! The trybuild suite: every case in `fail/` must fail to compile with exactly the
//! diagnostics of its `.stderr` snapshot, and every case in `pass/` must compile and
//! run. See `ui-tests/README.md` for what each case proves.

#[test]
fn ui() {
    let t = trybuild::TestCases::new();
    t.compile_fail("fail/*.rs");
    t.pass("pass/*.rs");
}
