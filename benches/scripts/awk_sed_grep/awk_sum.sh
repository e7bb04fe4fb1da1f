seq 1 20000 | awk '{ s += $1 } END { print s, NR }'
