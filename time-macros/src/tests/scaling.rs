//! How the macro's own cost grows with the table: expansion time (read + validate +
//! expand, everything the macro does) for tables of 1, 10, 100 and 1000 clocks.
//!
//! A measurement, not a test of speed: it is `#[ignore]`d and run by
//! `scripts/macro-scaling.sh` (`cargo test -p typed-clocks-macros --release --lib --
//! --ignored --nocapture tests::scaling::expansion_time_scales`), which prints the table.

use crate::declare::declare_clocks;
use crate::env::Environment;
use proc_macro2::{TokenStream, TokenTree};
use quote::quote;
use std::time::{Duration, Instant};

fn table(clocks: usize) -> String {
    (0..clocks)
        .map(|i| {
            format!(
                "[[clock]]\nname = \"Clock{i}\"\ngetter = \"clock_{i}_get\"\nmonotonic = {}\nclockid = {}\ndoc = \"Clock number {i}.\"\n\n",
                i % 2 == 0,
                i % 16
            )
        })
        .collect()
}

/// Every token of `tokens`, counting a group as its delimiters' one token plus its
/// contents.
fn count_tokens(tokens: TokenStream) -> usize {
    tokens
        .into_iter()
        .map(|token| match token {
            TokenTree::Group(group) => 1 + count_tokens(group.stream()),
            _ => 1,
        })
        .sum()
}

#[test]
#[ignore = "a measurement: run by scripts/macro-scaling.sh"]
fn expansion_time_scales() {
    let dir = std::env::temp_dir().join(format!("time-macros-scaling-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let env = Environment {
        manifest_dir: Some(dir.clone()),
        ..Environment::default()
    };
    println!("| clocks | expansion (median of 15) | per clock | output tokens |");
    println!("|---:|---:|---:|---:|");
    let mut per_clock = Vec::new();
    for clocks in [1usize, 10, 100, 1000] {
        let file = format!("scaling-{clocks}.toml");
        std::fs::write(dir.join(&file), table(clocks)).expect("write table");
        let mut times: Vec<Duration> = (0..15)
            .map(|_| {
                let start = Instant::now();
                let out = declare_clocks(quote!([::typed_clocks] #file, unsafe(extern "C")), &env);
                let elapsed = start.elapsed();
                assert!(
                    !out.to_string().contains("compile_error"),
                    "the generated table is valid"
                );
                elapsed
            })
            .collect();
        times.sort();
        let median = times[times.len() / 2];
        let tokens = count_tokens(declare_clocks(
            quote!([::typed_clocks] #file, unsafe(extern "C")),
            &env,
        ));
        per_clock.push(median / u32::try_from(clocks).expect("small"));
        println!(
            "| {clocks} | {:.3} ms | {:.1} µs | {tokens} |",
            median.as_secs_f64() * 1e3,
            median.as_secs_f64() * 1e6 / clocks as f64
        );
    }
    // Linear, not quadratic: the cost per clock at 1000 clocks stays within a small
    // factor of that at 100 (a quadratic check across rows would be 10x).
    assert!(
        per_clock[3] < per_clock[2] * 3,
        "superlinear: {per_clock:?}"
    );
}

/// One expansion of a 1000-clock table and nothing else, for an instruction profile:
/// `scripts/macro-profile.sh` runs it under callgrind and splits the count by stage.
#[test]
#[ignore = "a measurement: run by scripts/macro-profile.sh"]
fn one_expansion_of_1000_clocks() {
    let dir = std::env::temp_dir().join(format!("time-macros-profile-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    std::fs::write(dir.join("profile.toml"), table(1000)).expect("write table");
    let env = Environment {
        manifest_dir: Some(dir.clone()),
        ..Environment::default()
    };
    let out = declare_clocks(
        quote!([::typed_clocks] "profile.toml", unsafe(extern "C")),
        &env,
    );
    assert!(
        !out.to_string().contains("compile_error"),
        "the table is valid"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
