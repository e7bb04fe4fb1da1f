for ((i = 0; i < 1000; i++)); do echo "id$i,name$i,city$((i % 9))"; done | cut -d, -f2,3 | tr a-z A-Z | tail -n 3
