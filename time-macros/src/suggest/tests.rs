use super::*;

#[test]
fn suggestions_only_for_close_keys() {
    let keys = crate::schema::row_keys();
    assert_eq!(did_you_mean("gettr", &keys), Some("getter"));
    assert_eq!(did_you_mean("Monotonic", &keys), Some("monotonic"));
    assert_eq!(did_you_mean("frequency", &keys), None);
    assert_eq!(
        valid_names_help("clock_id", "keys", &keys),
        format!(
            "did you mean `clockid`? valid keys are: {}",
            keys.join(", ")
        )
    );
}
