//! Suggestions for misspelt names: the closest valid name, and the list of valid ones.

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
    let list = valid.join(", ");
    match did_you_mean(unknown, valid) {
        Some(close) => format!("did you mean `{close}`? valid {noun} are: {list}"),
        None => format!("valid {noun} are: {list}"),
    }
}

/// [`valid_names_help`] for keys.
pub(crate) fn valid_keys_help(unknown: &str, valid: &[&str]) -> String {
    valid_names_help(unknown, "keys", valid)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggestions_only_for_close_keys() {
        let keys = crate::schema::row_keys();
        assert_eq!(did_you_mean("gettr", &keys), Some("getter"));
        assert_eq!(did_you_mean("Monotonic", &keys), Some("monotonic"));
        assert_eq!(did_you_mean("frequency", &keys), None);
        assert_eq!(
            valid_keys_help("clock_id", &keys),
            format!(
                "did you mean `clockid`? valid keys are: {}",
                keys.join(", ")
            )
        );
    }
}
