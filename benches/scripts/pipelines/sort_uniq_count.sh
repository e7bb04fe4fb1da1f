for ((i = 0; i < 2000; i++)); do echo "w$((i * i % 17))"; done | sort | uniq -c | sort -rn | head -n 5
