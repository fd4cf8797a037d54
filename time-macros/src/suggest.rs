//! Suggestions for misspelt names: the closest valid name, and the list of valid ones.

use crate::ast::{Row, Site};
use crate::ctxt::Ctxt;
use crate::schema::Key;
use std::fmt::Display;

/// The closest of `candidates` to `unknown`, if it is close enough to suggest.
pub(crate) fn did_you_mean<'a>(unknown: &str, candidates: &[&'a str]) -> Option<&'a str> {
    candidates
        .iter()
        .map(|candidate| (edit_distance(unknown, candidate), *candidate))
        .filter(|(distance, candidate)| *distance <= 2.max(candidate.len() / 3))
        .min_by_key(|(distance, _)| *distance)
        .map(|(_, candidate)| candidate)
}

/// Levenshtein distance over characters, case-insensitive.
fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.to_lowercase().chars().collect();
    let b: Vec<char> = b.to_lowercase().chars().collect();
    let mut previous: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.iter().enumerate() {
        let mut current = vec![i + 1];
        for (j, cb) in b.iter().enumerate() {
            let substitution = previous[j] + usize::from(ca != cb);
            current.push(substitution.min(previous[j + 1] + 1).min(current[j] + 1));
        }
        previous = current;
    }
    previous[b.len()]
}

/// "valid keys are: a, b, c" (with `noun` = "keys") and a "did you mean" in front when
/// one of them is close to `unknown`.
pub(crate) fn valid_names_help(unknown: &str, noun: &str, valid: &[&str]) -> String {
    names_help(did_you_mean(unknown, valid), noun, valid)
}

/// [`valid_names_help`] with its suggestion, `close`, already found.
fn names_help(close: Option<&str>, noun: &str, valid: &[&str]) -> String {
    let list = valid.join(", ");
    match close {
        Some(close) => format!("did you mean `{close}`? valid {noun} are: {list}"),
        None => format!("valid {noun} are: {list}"),
    }
}

/// Reports the key `unknown` of `row`, none of the valid `keys`: `message` at `site`,
/// with [`valid_names_help`]'s help. The row had errors, and the key `unknown`
/// resembles counts as present: a misspelt required key is one error, not also a
/// "missing key" error.
pub(crate) fn unknown_row_key(
    row: &mut Row,
    unknown: &str,
    keys: &[Key],
    site: &Site,
    message: impl Display,
    cx: &Ctxt,
) {
    let meant = did_you_mean(unknown, keys);
    cx.error(site, message, names_help(meant, "keys", keys));
    row.mark_error();
    if let Some(key) = meant {
        row.reject(key);
    }
}


#[cfg(test)]
// Host only: the in-tree series carries the files the kernel build reads, and
// rustfmt would look for this one there (the workspace's check names it).
#[rustfmt::skip]
mod tests;
