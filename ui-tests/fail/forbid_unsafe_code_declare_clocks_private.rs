// `typed_clocks::__private::declare_clocks!`, the proc macro that
// `typed_clocks::declare_clocks!` calls with `[$crate]`, called directly: it is the
// same macro, so what its `unsafe(…)` vouches for is reported at the caller's
// `unsafe` token as well, in the inline and the file forms.
#![forbid(unsafe_code)]

typed_clocks::__private::declare_clocks! {
    [::typed_clocks]
    unsafe(extern "C");
    Boom { getter: free, monotonic: true, clockid: 1 },
}

mod file {
    typed_clocks::__private::declare_clocks!(
        [::typed_clocks]
        "tables/forbid_unsafe_code_declare_clocks_bindings_file.toml",
        unsafe(bindings = kernel::bindings)
    );
}

fn main() {}
