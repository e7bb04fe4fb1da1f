seq 1 200000 | grep -c 9
