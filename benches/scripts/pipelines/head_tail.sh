seq 1 100000 | head -n 50000 | tail -n 3
