seq 1 10000 | sed 's/1/one/g; s/\(.\)0$/\1-zero/' | tail -n 3
