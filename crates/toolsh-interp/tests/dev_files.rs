//! `/dev/null` and the standard-stream names as file operands in the
//! `LogicOnly` profile, which has no file system but allows them (as it
//! allows `> /dev/null`). The Sandbox profile is covered by the spec
//! corpus (`tests/spec/files/dev-files.test.sh`); the expected output here
//! is what bash 5.2 with GNU coreutils, grep, sed and gawk prints for the
//! same script.

use toolsh_interp::{Profile, Shell};

const SCRIPT: &str = r#"cat /dev/null; echo "cat:$?"
wc -c /dev/null
echo x | cat /dev/stdin
echo x | grep x /dev/stdin
printf 'b\na\n' | sort /dev/stdin
printf 'l1\nl2\n' | head -n1 /dev/stdin
echo y | sed p /dev/stdin
echo 1 2 | awk '{print $2}' /dev/stdin
echo x | tee /dev/stdout | cat
echo y | tee /dev/stderr /dev/null 2>&1 | sort
[ -e /dev/null ] && echo e-yes
test -c /dev/null && echo c-yes
[ -f /dev/null ] || echo not-f
"#;

const BASH_OUTPUT: &str = "cat:0
0 /dev/null
x
x
a
b
l1
y
y
2
x
x
y
y
e-yes
c-yes
not-f
";

#[tokio::test]
async fn device_names_work_without_a_file_system() {
    let mut sh = Shell::builder().profile(Profile::LogicOnly).build();
    let r = sh.exec(SCRIPT).await;
    assert_eq!(
        (r.stdout.as_str(), r.exit_code),
        (BASH_OUTPUT, 0),
        "{}",
        r.stderr
    );
    // Other files stay out of reach.
    let r = sh.exec("cat /etc/passwd; echo $?").await;
    assert_eq!(r.stdout, "1\n");
    assert!(r.stderr.contains("disabled"), "{}", r.stderr);
}
