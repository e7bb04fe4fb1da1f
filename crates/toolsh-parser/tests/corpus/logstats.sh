#!/bin/bash
# Summarize web server access logs: status codes, top paths, slow requests.

shopt -s nullglob extglob
LC_ALL=C
top=${TOP:-10}
threshold_ms=${SLOW_MS:-500}
declare -A by_status=() by_path=() bytes_by_host=()
total=0 slow=0 bytes=0

parse_line() {
	# 127.0.0.1 - - [10/Oct/2023:13:55:36 +0000] "GET /a?b HTTP/1.1" 200 2326 0.123
	local line=$1 rest
	ip=${line%% *}
	rest=${line#*\"}
	request=${rest%%\"*}
	method=${request%% *}
	path=${request#* }; path=${path%% *}; path=${path%%\?*}
	rest=${rest#*\" }
	read -r status size secs <<<"$rest"
	[[ $size == - ]] && size=0
}

for file in "${@:-/var/log/nginx/access.log}" /var/log/nginx/access.log.+([0-9]); do
	if [[ $file == *.gz ]]; then
		reader=(zcat -- "$file")
	else
		reader=(cat -- "$file")
	fi
	while IFS= read -r line || [[ -n $line ]]; do
		[[ -z $line || $line == \#* ]] && continue
		parse_line "$line"
		(( total++ ))
		(( by_status[$status]++ ))
		(( by_path["$path"]++ ))
		(( bytes += size, bytes_by_host[$ip] += size ))
		ms=${secs/./}; ms=$((10#${ms:-0}))
		if (( ms > threshold_ms )); then
			(( slow++ ))
			printf 'slow: %6d ms %-6s %s\n' "$ms" "$method" "$path"
		fi
	done < <("${reader[@]}")
done

echo "== $total requests, $slow slow, $(( bytes / 1024 )) KiB"
echo "== status codes"
for code in $(printf '%s\n' "${!by_status[@]}" | sort -n); do
	pct=$(( by_status[$code] * 100 / (total > 0 ? total : 1) ))
	printf '%s %7d %3d%%\n' "$code" "${by_status[$code]}" "$pct"
done
echo "== top $top paths"
for p in "${!by_path[@]}"; do
	printf '%d\t%s\n' "${by_path[$p]}" "$p"
done | sort -rn | head -n "$top" | while IFS=$'\t' read -r n p; do
	printf '%7d  %s\n' "$n" "${p:0:60}"
done
echo "== traffic by class"
for ip in "${!bytes_by_host[@]}"; do
	case $ip in
		10.*|192.168.*|172.1[6-9].*|172.2[0-9].*|172.3[01].*) class=private ;;
		127.*|::1) class=loopback ;;
		*:*) class=ipv6 ;;
		*) class=public ;;
	esac
	echo "$class ${bytes_by_host[$ip]}"
done | awk '{ s[$1] += $2 } END { for (c in s) printf "%-9s %d\n", c, s[c] }' | sort
