seq 1 100000 | sort -rn | head -n 3
