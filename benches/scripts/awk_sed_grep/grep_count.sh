seq 1 30000 | grep -c 7
