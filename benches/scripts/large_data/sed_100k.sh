seq 1 100000 | sed 's/0/zero/g' | wc -c
