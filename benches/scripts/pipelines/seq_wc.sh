seq 1 20000 | wc -l
