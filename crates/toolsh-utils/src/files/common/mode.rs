//! Parsing of `chmod`-style modes (`755`, `u+x,go-w`, `a=r`), as used by
//! `chmod` and `mkdir -m` (GNU coreutils "Symbolic Modes", POSIX chmod).

/// The sandbox's file-creation mask (bash's default `umask 022`).
pub(crate) const UMASK: u32 = 0o022;

/// Apply `spec` to the mode `current` of a file (`is_dir` for `X`).
/// `None` when `spec` is not a valid mode.
pub(crate) fn apply_mode(spec: &str, current: u32, is_dir: bool) -> Option<u32> {
    if !spec.is_empty() && spec.bytes().all(|b| (b'0'..=b'7').contains(&b)) {
        if spec.len() > 4 && spec.trim_start_matches('0').len() > 4 {
            return None;
        }
        let v = u32::from_str_radix(spec, 8).ok()?;
        if v > 0o7777 {
            return None;
        }
        // GNU keeps a directory's set-id bits unless 5+ digits are given.
        if is_dir && spec.len() < 5 {
            return Some(v | (current & 0o6000));
        }
        return Some(v);
    }
    let mut mode = current & 0o7777;
    for clause in spec.split(',') {
        let bytes = clause.as_bytes();
        let mut i = 0;
        let mut who = 0u32;
        while i < bytes.len() && b"ugoa".contains(&bytes[i]) {
            who |= match bytes[i] {
                b'u' => 0o4700,
                b'g' => 0o2070,
                b'o' => 0o1007,
                _ => 0o7777,
            };
            i += 1;
        }
        let implicit = who == 0;
        if i >= bytes.len() {
            return None;
        }
        while i < bytes.len() {
            let op = bytes[i];
            if !b"+-=".contains(&op) {
                return None;
            }
            i += 1;
            let mut bits = 0u32;
            if i < bytes.len() && b"ugo".contains(&bytes[i]) {
                let shift = match bytes[i] {
                    b'u' => 6,
                    b'g' => 3,
                    _ => 0,
                };
                let v = (mode >> shift) & 7;
                bits = v << 6 | v << 3 | v;
                i += 1;
            } else {
                while i < bytes.len() && b"rwxXst".contains(&bytes[i]) {
                    bits |= match bytes[i] {
                        b'r' => 0o444,
                        b'w' => 0o222,
                        b'x' => 0o111,
                        b'X' if is_dir || mode & 0o111 != 0 => 0o111,
                        b'X' => 0,
                        b's' => 0o6000,
                        _ => 0o1000,
                    };
                    i += 1;
                }
            }
            let mask = if implicit { 0o7777 & !UMASK } else { who };
            let bits = bits & mask;
            match op {
                b'+' => mode |= bits,
                b'-' => mode &= !bits,
                _ => {
                    let clear = if implicit { 0o7777 } else { who };
                    // `=` leaves a directory's set-id bits unless named.
                    let keep = if is_dir { 0o6000 & !bits } else { 0 };
                    mode = (mode & !(clear & !keep)) | bits;
                }
            }
        }
    }
    Some(mode)
}

#[cfg(test)]
mod tests {
    use super::apply_mode;

    #[test]
    fn octal_and_symbolic() {
        assert_eq!(apply_mode("755", 0o644, false), Some(0o755));
        assert_eq!(apply_mode("u+x", 0o644, false), Some(0o744));
        assert_eq!(apply_mode("go-r", 0o644, false), Some(0o600));
        assert_eq!(apply_mode("a=r", 0o777, false), Some(0o444));
        assert_eq!(apply_mode("+x", 0o644, false), Some(0o755));
        assert_eq!(apply_mode("-w", 0o666, false), Some(0o466));
        assert_eq!(apply_mode("=r", 0o644, false), Some(0o444));
        assert_eq!(apply_mode("u=rwx,g=rx,o=", 0o000, false), Some(0o750));
        assert_eq!(apply_mode("a+X", 0o644, true), Some(0o755));
        assert_eq!(apply_mode("a+X", 0o644, false), Some(0o644));
        assert_eq!(apply_mode("g=u", 0o640, false), Some(0o660));
        assert_eq!(apply_mode("+t", 0o777, true), Some(0o1777));
        assert_eq!(apply_mode("999", 0, false), None);
        assert_eq!(apply_mode("u+q", 0, false), None);
        assert_eq!(apply_mode("u", 0, false), None);
    }
}
