//! The kernel's configuration as upstream's `kernel::time` reads it: a 64-bit build
//! (x86_64), without the KUnit tests, which run in the kernel.

fn main() {
    println!("cargo::rustc-check-cfg=cfg(CONFIG_64BIT)");
    println!("cargo::rustc-check-cfg=cfg(CONFIG_RUST_OVERFLOW_CHECKS)");
    println!("cargo::rustc-check-cfg=cfg(CONFIG_KUNIT, values(\"y\"))");
    println!("cargo::rustc-cfg=CONFIG_64BIT");
}
