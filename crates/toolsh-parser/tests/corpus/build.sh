#!/usr/bin/env bash
# Build matrix driver: compile, test and package for several targets.
set -Eeuo pipefail
shopt -s inherit_errexit 2>/dev/null || true

ROOT=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")/.." && pwd -P)
cd "$ROOT"
: "${JOBS:=$(nproc 2>/dev/null || echo 2)}"
: "${PROFILE:=release}"
targets=(x86_64-unknown-linux-gnu aarch64-unknown-linux-gnu x86_64-apple-darwin)
declare -A results=()
start=$SECONDS

on_error() {
	local status=$? line=$1 cmd=$2
	printf 'error: status %d at line %d: %s\n' "$status" "$line" "$cmd" >&2
}
trap 'on_error $LINENO "$BASH_COMMAND"' ERR

color() {
	if [[ -t 1 && -z ${NO_COLOR-} ]]; then
		local code
		case $1 in red) code=31 ;; green) code=32 ;; yellow) code=33 ;; *) code=0 ;; esac
		printf '\e[%sm%s\e[0m' "$code" "$2"
	else
		printf '%s' "$2"
	fi
}

version() {
	local v
	v=$(sed -n 's/^version *= *"\(.*\)"/\1/p' Cargo.toml | head -1)
	[[ -n $v ]] || v=0.0.0
	if git rev-parse --git-dir >/dev/null 2>&1; then
		v+="+$(git rev-parse --short HEAD)"
		git diff --quiet || v+=.dirty
	fi
	echo "$v"
}

build_target() {
	local target=$1 out log
	out="dist/${target}"
	log="target/logs/${target}.log"
	mkdir -p "$out" "${log%/*}"
	{
		echo "### build $target ($PROFILE)"
		cargo build --profile "$PROFILE" --target "$target" -j "$JOBS"
		if [[ $target == "$(rustc -vV | awk '/^host/ { print $2 }')" ]]; then
			cargo test --profile "$PROFILE" --target "$target" -j "$JOBS" -- --quiet
		else
			echo "(cross target: tests skipped)"
		fi
	} &>"$log" || return $?
	cp "target/$target/$PROFILE/app"{,.d} "$out/" 2>/dev/null || cp "target/$target/$PROFILE/app" "$out/"
	tar -C dist -czf "dist/app-$(version)-${target}.tar.gz" "$target"
}

for t in "${targets[@]}"; do
	if ! rustup target list --installed | grep -qx -- "$t"; then
		results[$t]=skipped
		continue
	fi
	if build_target "$t"; then results[$t]=ok; else results[$t]=failed; fi
done

printf '\n%-32s %s\n' TARGET RESULT
for t in "${targets[@]}"; do
	r=${results[$t]:-unknown}
	case $r in
		ok) c=green ;;
		skipped) c=yellow ;;
		*) c=red ;;
	esac
	printf '%-32s %s\n' "$t" "$(color $c "$r")"
done
elapsed=$(( SECONDS - start ))
printf 'done in %dm%02ds\n' $(( elapsed / 60 )) $(( elapsed % 60 ))
[[ ! " ${results[*]} " =~ " failed " ]]
