use super::*;

#[test]
fn every_key_is_listed_once_and_described() {
    let keys = row_keys();
    for key in &keys {
        assert_eq!(keys.iter().filter(|k| k == &key).count(), 1, "{key}");
        let spec = row_key(key).expect("a spec");
        assert!(spec.example(Form::Toml).starts_with(&format!("{key} = ")));
    }
    assert!(keys.contains(&MONOTONIC), "monotonic is a capability key");
}
