for ((i = 0; i < 1000; i++)); do echo "$i,name$i,$((i % 5))"; done | awk -F, -v OFS=';' '$3 == 2 { print $2, $1 * 2 }' | tail -n 3
