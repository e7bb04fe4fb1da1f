seq 1 30000 | grep -E '^(1|2)[0-9]*5$' | wc -l
seq 1 3000 | grep -n -w -e 42 -e 420
