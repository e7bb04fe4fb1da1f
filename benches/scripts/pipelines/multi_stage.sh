seq 1 5000 | grep -v 7 | sed 's/^/n=/' | awk -F= '{ s += $2 } END { print NR, s }' | tr ' ' ':'
