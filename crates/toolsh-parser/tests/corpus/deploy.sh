#!/usr/bin/env bash
# Deploy a release directory with rollback, locking and health checks.
set -euo pipefail
IFS=$'\n\t'

readonly SCRIPT_NAME=${0##*/}
readonly RELEASES_DIR=${RELEASES_DIR:-/srv/app/releases}
readonly CURRENT_LINK="${RELEASES_DIR%/}/../current"
declare -A HEALTH=([web]=8080 [api]=9090 [worker]=0)
declare -a HOSTS=()
KEEP=${KEEP:-5}
DRY_RUN=0
VERBOSE=0

log() { printf '%s [%s] %s\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "${2:-info}" "$1" >&2; }
die() { log "$1" error; exit "${2:-1}"; }
run() {
	if (( DRY_RUN )); then
		printf 'DRY: %q ' "$@"; echo
	else
		(( VERBOSE )) && log "running: $*" debug
		"$@"
	fi
}

usage() {
	cat <<-EOF
	Usage: $SCRIPT_NAME [-n] [-v] [-k KEEP] -h HOST... RELEASE
	  -n   dry run
	  -v   verbose
	  -k   releases to keep (default: ${KEEP})
	EOF
}

while getopts ':nvk:h:' opt; do
	case $opt in
		n) DRY_RUN=1 ;;
		v) VERBOSE=$((VERBOSE + 1)) ;;
		k) [[ $OPTARG =~ ^[0-9]+$ ]] || die "bad -k: $OPTARG"; KEEP=$OPTARG ;;
		h) HOSTS+=("$OPTARG") ;;
		:) die "option -$OPTARG needs an argument" 2 ;;
		\?) usage; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
(( $# == 1 )) || { usage; exit 2; }
release=$1
[[ ${#HOSTS[@]} -gt 0 ]] || die "no hosts given" 2

lockfile="/tmp/${SCRIPT_NAME%.sh}.lock"
exec {lock_fd}>"$lockfile"
if ! flock -n "$lock_fd"; then
	die "another deploy is running (lock: $lockfile)"
fi
trap 'rm -f "$lockfile"; log "exit status $?"' EXIT
trap 'die "interrupted" 130' INT TERM

check_health() {
	local host=$1 service port tries
	for service in "${!HEALTH[@]}"; do
		port=${HEALTH[$service]}
		(( port == 0 )) && continue
		for (( tries = 0; tries < 10; tries++ )); do
			if curl -fsS --max-time 2 "http://${host}:${port}/health" >/dev/null 2>&1; then
				log "$host/$service healthy after $tries retries"
				continue 2
			fi
			sleep $(( tries < 3 ? 1 : 2 ))
		done
		return 1
	done
}

prune_releases() {
	local -a old
	mapfile -t old < <(ls -1dt "$RELEASES_DIR"/*/ 2>/dev/null | tail -n +$((KEEP + 1)))
	for dir in "${old[@]}"; do
		run rm -rf -- "${dir%/}"
	done
	log "pruned ${#old[@]} old release(s)"
}

deploy_host() {
	local host=$1 previous
	previous=$(ssh "$host" readlink -f "$CURRENT_LINK" || true)
	log "deploying $release to $host (previous: ${previous:-none})"
	run rsync -az --delete "./build/$release/" "$host:$RELEASES_DIR/$release/"
	run ssh "$host" "ln -sfn '$RELEASES_DIR/$release' '$CURRENT_LINK' && systemctl reload app"
	if ! check_health "$host"; then
		log "health check failed on $host, rolling back" warn
		[[ -n $previous ]] && run ssh "$host" "ln -sfn '$previous' '$CURRENT_LINK'"
		return 1
	fi
}

failed=()
for host in "${HOSTS[@]}"; do
	deploy_host "$host" || failed+=("$host")
done

if (( ${#failed[@]} )); then
	die "failed hosts: ${failed[*]}"
fi
prune_releases
log "deployed $release to ${#HOSTS[@]} host(s)"
