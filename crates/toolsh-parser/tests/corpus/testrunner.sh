#!/usr/bin/env bash
# A tiny TAP test runner: runs test_* functions from files, in subshells.

declare -i passed=0 failed=0 skipped=0 n=0
declare -a failures=()
filter=${1:-.}
export TMPDIR=${TMPDIR:-/tmp}

assert_eq() {
	if [[ "$1" != "$2" ]]; then
		printf '  expected: %q\n  actual:   %q\n' "$2" "$1" >&2
		return 1
	fi
}
assert_match() { [[ $1 =~ $2 ]] || { echo "  no match: '$1' !~ /$2/" >&2; return 1; }; }
skip() { echo "skip: $*" >&3; exit 200; }

run_test() {
	local name=$1 out status
	out=$(
		set -e
		exec 3>&1
		cd "$(mktemp -d)"
		"$name" 2>&1
	)
	status=$?
	n+=1
	if (( status == 200 )); then
		skipped+=1
		echo "ok $n - $name # SKIP ${out#skip: }"
	elif (( status == 0 )); then
		passed+=1
		echo "ok $n - $name"
	else
		failed+=1
		failures+=("$name")
		echo "not ok $n - $name (status $status)"
		sed 's/^/# /' <<<"$out"
	fi
}

test_arith() { assert_eq $(( 2 ** 10 )) 1024 && assert_eq $(( -7 / 2 )) -3 && assert_eq $(( 0x10 + 010 + 2#11 )) 27; }
test_strings() {
	local s="Hello, World"
	assert_eq "${s,,}" "hello, world"
	assert_eq "${s//o/0}" "Hell0, W0rld"
	assert_eq "${#s}" 12
	assert_eq "${s:7}" World
	assert_eq "${s::5}" Hello
}
test_arrays() {
	local -a a=(one two three)
	a+=(four)
	assert_eq "${#a[@]}" 4
	assert_eq "${a[-1]}" four
	assert_eq "${a[*]:1:2}" "two three"
	local -A m=([k]=v)
	assert_eq "${m[k]}" v
}
test_heredoc() {
	local got
	got=$(cat <<END
line one
  indented $((1 + 1))
END
)
	assert_eq "$got" $'line one\n  indented 2'
}
test_regex() { assert_match "v1.2.3" '^v([0-9]+)\.([0-9]+)\.([0-9]+)$' && assert_eq "${BASH_REMATCH[2]}" 2; }
test_skip_example() { command -v nonexistent-tool >/dev/null || skip "nonexistent-tool missing"; }

mapfile -t tests < <(declare -F | awk '{ print $3 }' | grep '^test_' | grep -E -- "$filter")
echo "1..${#tests[@]}"
for t in "${tests[@]}"; do
	run_test "$t"
done
echo "# passed $passed, failed $failed, skipped $skipped"
(( failed == 0 )) || { printf '# failed: %s\n' "${failures[@]}"; exit 1; }
