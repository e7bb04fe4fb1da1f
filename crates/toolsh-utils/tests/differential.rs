//! Differential testing against real bash 5.2: scripts generated from a
//! small grammar (assignments, echo/printf of quoted and expanded words,
//! arithmetic, if/for/case/while/[[ ]], functions with locals, arrays,
//! `set --`, `read` from here-strings, printf formats, pipelines into
//! `tr`/`sort`, command substitution) run in toolsh and in `bash`; stdout and the exit
//! status must be equal.
//!
//! The generator decodes a byte string, so proptest shrinks a failure to a
//! short script. `differential_small` (64 cases) runs in CI;
//! `differential_long` (5,000 cases) is `#[ignore]`d:
//! `cargo test -p toolsh-interp --test differential -- --ignored`.

use std::process::Command;

use proptest::prelude::*;
use toolsh_interp::{Profile, Shell};

/// Decodes bytes into a script; every byte sequence gives a valid script.
struct Gen<'a> {
    bytes: &'a [u8],
    pos: usize,
}

const WORDS: [&str; 28] = [
    "a",
    "'b c'",
    "\"\"",
    "\"$v\"",
    "$v",
    "${v:-dflt}",
    "${#v}",
    "$((n+1))",
    "${v%b*}",
    "${v/a/z}",
    "\"${v^^}\"",
    "x$n",
    "'*'",
    "\"$n$v\"",
    "${u-unset}",
    "\\$v",
    "${v:1:2}",
    "${v//[ab]/-}",
    "${v#?}",
    "\"${arr[@]}\"",
    "${#arr[@]}",
    "${arr[1]}",
    "\"$*\"",
    "$#",
    "$?",
    "${v,,}",
    "$'t\\tx'",
    "\"${v@Q}\"",
];
const VALUES: [&str; 8] = ["a", "abc", "'b a'", "\"\"", "xyz", "\"a  b\"", "$n", "1"];
const PATTERNS: [&str; 6] = ["a*", "*b*", "x?z", "[ab]*", "\"\"", "1"];
const OPS: [&str; 8] = ["+", "-", "*", "/", "%", "<<", "&", "=="];

impl Gen<'_> {
    fn next(&mut self) -> usize {
        let b = self.bytes.get(self.pos).copied().unwrap_or(0);
        self.pos += 1;
        usize::from(b)
    }

    fn pick<'s>(&mut self, from: &[&'s str]) -> &'s str {
        from[self.next() % from.len()]
    }

    fn words(&mut self) -> String {
        let n = 1 + self.next() % 3;
        (0..n)
            .map(|_| self.pick(&WORDS))
            .collect::<Vec<_>>()
            .join(" ")
    }

    fn arith(&mut self, depth: usize) -> String {
        if depth == 0 || self.next().is_multiple_of(3) {
            return match self.next() % 3 {
                0 => "n".to_string(),
                1 => (self.next() % 10).to_string(),
                _ => "${#v}".to_string(),
            };
        }
        let op = self.pick(&OPS);
        let l = self.arith(depth - 1);
        // Divisors are non-zero literals so both shells agree cheaply.
        let r = if op == "/" || op == "%" {
            (1 + self.next() % 7).to_string()
        } else {
            self.arith(depth - 1)
        };
        format!("({l} {op} {r})")
    }

    fn stmt(&mut self, depth: usize) -> String {
        let choice = if depth == 0 {
            self.next() % 6
        } else {
            self.next() % 20
        };
        match choice {
            0 => format!("v={}", self.pick(&VALUES)),
            1 => format!("echo {}", self.words()),
            2 => format!("printf '[%s]' {}; echo", self.words()),
            3 => format!("n=$(( {} ))", self.arith(2)),
            4 => format!("echo $(( {} ))", self.arith(3)),
            5 => ["true", "false", "unset v", "u=set"][self.next() % 4].to_string(),
            6 => format!(
                "if [ \"$v\" = {} ]; then {}; else {}; fi",
                self.pick(&VALUES),
                self.stmt(depth - 1),
                self.stmt(depth - 1)
            ),
            7 => format!(
                "for i in {}; do {}; echo \"$i\"; done",
                self.words(),
                self.stmt(depth - 1)
            ),
            8 => format!(
                "case $v in {}) {};; *) {};; esac",
                self.pick(&PATTERNS),
                self.stmt(depth - 1),
                self.stmt(depth - 1)
            ),
            9 => format!("{} && {}", self.stmt(depth - 1), self.stmt(depth - 1)),
            10 => format!("{} || {}", self.stmt(depth - 1), self.stmt(depth - 1)),
            11 => format!(
                "{{ {}; echo {}; }} | tr a-z A-Z | sort",
                self.stmt(depth - 1),
                self.words()
            ),
            12 => format!("v=$({}); echo \"<$v>\"", self.stmt(depth - 1)),
            13 => format!(
                "f() {{ local v={}; {}; return {}; }}; f; echo \"st=$? $v\"",
                self.pick(&VALUES),
                self.stmt(depth - 1),
                self.next() % 3
            ),
            14 => format!("arr=({}); arr+=({})", self.words(), self.pick(&VALUES)),
            15 => format!("set -- {}; echo \"$# $1\"", self.words()),
            16 => format!(
                "[[ $v == {} && -n $v ]] && echo yes || echo no",
                self.pick(&PATTERNS)
            ),
            // A counter per nesting depth, that nothing else assigns, so
            // the loop always ends.
            17 => format!(
                "k{depth}=0; while (( k{depth} < {} )); do {}; k{depth}=$((k{depth}+1)); done",
                self.next() % 4,
                self.stmt(depth - 1)
            ),
            18 => format!("read -r w1 w2 <<< {}; echo \"[$w1|$w2]\"", self.words()),
            _ => format!(
                "printf '%5s|%-4.2s|%d\\n' {} {} {}",
                self.pick(&WORDS),
                self.pick(&WORDS),
                self.next() % 100
            ),
        }
    }

    fn script(bytes: &[u8]) -> String {
        let mut g = Gen { bytes, pos: 0 };
        let mut lines = vec!["v=abc; n=3; arr=(x 'y z')".to_string()];
        while g.pos < bytes.len() && lines.len() < 8 {
            lines.push(g.stmt(2));
        }
        lines.push("echo \"end $v $n\"".to_string());
        lines.join("\n") + "\n"
    }
}

/// bash's stdout and status for `script` (`env -i` in an empty directory,
/// as the spec corpus: globs match nothing there, as in LogicOnly).
fn bash(script: &str) -> (String, i32) {
    let dir = std::env::temp_dir().join(format!("toolsh-differential-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    // timeout(1) so a generator mistake cannot hang the test.
    let out = Command::new("timeout")
        .args(["10", "bash", "-c", script])
        .current_dir(&dir)
        .env_clear()
        .env("PATH", "/usr/bin:/bin")
        .env("LC_ALL", "C")
        .output()
        .expect("bash runs");
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        out.status.code().unwrap_or(-1),
    )
}

fn toolsh(rt: &tokio::runtime::Runtime, script: &str) -> (String, i32) {
    let mut sh = Shell::builder()
        .utilities(toolsh_utils::standard())
        .profile(Profile::LogicOnly)
        .env("PATH", "/usr/bin:/bin")
        .env("LC_ALL", "C")
        .build();
    let r = rt.block_on(sh.exec(script));
    (r.stdout, r.exit_code)
}

fn check(cases: u32) {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let config = ProptestConfig {
        cases,
        failure_persistence: None,
        ..ProptestConfig::default()
    };
    proptest!(config, |(bytes in proptest::collection::vec(any::<u8>(), 1..64))| {
        let script = Gen::script(&bytes);
        let expected = bash(&script);
        let got = toolsh(&rt, &script);
        prop_assert_eq!(&got, &expected, "script:\n{}", script);
    });
}

#[test]
fn differential_small() {
    check(64);
}

#[test]
#[ignore = "slow: 5,000 scripts through bash; run with --ignored"]
fn differential_long() {
    check(5_000);
}

#[test]
fn generator_reaches_every_compound_command() {
    let cases: [(u8, &str); 14] = [
        (6, "if [ \"$v\" = "),
        (7, "for i in "),
        (8, "case $v in "),
        (9, " && "),
        (10, " || "),
        (11, " | tr a-z A-Z | sort"),
        (12, "v=$("),
        (13, "f() { local v="),
        (14, "arr=("),
        (15, "set -- "),
        (16, "[[ $v == "),
        (17, "while (( k2 < "),
        (18, "read -r w1 w2 <<< "),
        (19, "printf '%5s|%-4.2s|%d\\n' "),
    ];
    for (choice, needle) in cases {
        let script = Gen::script(&[choice, 0, 0, 0, 0, 0, 0, 0]);
        assert!(script.contains(needle), "{choice}: {script}");
        assert_eq!(script, Gen::script(&[choice, 0, 0, 0, 0, 0, 0, 0]));
    }
}
