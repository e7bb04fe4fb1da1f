mapfile -t lines <<<"$(seq 1 2000)"
total=0
for l in "${lines[@]}"; do total=$((total + l)); done
echo "${#lines[@]} $total ${lines[1999]}"
