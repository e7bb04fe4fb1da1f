mapfile -t a <<<"$(seq 1 50000)"
echo "${#a[@]} ${a[49999]}"
