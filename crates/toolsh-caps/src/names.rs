//! Capability names and the digest labels that stand for names that are
//! not allowed.

/// Most bytes in a capability name.
pub const MAX_NAME_BYTES: usize = 128;

/// `true` when `name` is a valid capability name: 1 to 128 bytes of ASCII
/// letters (either case: names are case-sensitive), digits, `.`, `_` and
/// `-`. This is the MCP specification's tool-name rule, so every imported
/// MCP tool (`getWeather`, `list_Issues`) keeps its own name; none of these
/// characters means anything to the shell in a command word.
pub fn is_valid_name(name: &str) -> bool {
    !name.is_empty()
        && name.len() <= MAX_NAME_BYTES
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'-'))
}

/// The label recorded in the audit log for `name`: the name itself when it
/// is valid, else `digest:` and 32 hex digits of a keyed BLAKE3 hash of the
/// name under the runtime's session nonce. The raw invalid name is never
/// recorded. Without a secret host-supplied nonce, the digest is not a
/// confidentiality boundary: anyone who knows the nonce can test guesses.
pub fn audit_label(nonce: &[u8; 32], name: &str) -> String {
    if is_valid_name(name) {
        return name.to_string();
    }
    let h = blake3::keyed_hash(nonce, name.as_bytes());
    format!("digest:{}", &h.to_hex()[..32])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rules() {
        assert!(is_valid_name("math.add"));
        assert!(is_valid_name("a_b-c.9"));
        assert!(is_valid_name("Math.getWeather"));
        assert!(!is_valid_name("a:b"));
        assert!(!is_valid_name("a/b"));
        assert!(!is_valid_name("é"));
        assert!(!is_valid_name("a b"));
        assert!(!is_valid_name(""));
        assert!(!is_valid_name(&"a".repeat(129)));
        assert!(is_valid_name(&"a".repeat(128)));
    }

    #[test]
    fn labels_never_echo_invalid_names_and_have_fixed_length() {
        let nonce = [7u8; 32];
        assert_eq!(audit_label(&nonce, "ok.name"), "ok.name");
        let evil = "rm -rf / # $(secret)";
        let l = audit_label(&nonce, evil);
        assert!(l.starts_with("digest:") && l.len() == "digest:".len() + 32);
        assert!(!l.contains("rm"));
        assert_eq!(
            audit_label(
                &"x".repeat(500).as_bytes()[..32].try_into().unwrap(),
                &"Y".repeat(10_000)
            )
            .len(),
            39
        );
        assert_ne!(
            audit_label(&[1u8; 32], evil),
            l,
            "the nonce scopes the digest"
        );
    }
}
