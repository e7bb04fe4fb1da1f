seq 1 200000 | awk '{ s += $1 * 2 } END { print s }'
