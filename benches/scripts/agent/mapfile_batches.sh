# Hits read into an array with mapfile, then handled in batches of five.
mapfile -t hits < <(search --query item --limit 17 | jq -r '.hits[]')
for ((i = 0; i < ${#hits[@]}; i += 5)); do
  batch=("${hits[@]:i:5}")
  echo "batch $((i / 5 + 1)): ${#batch[@]} items, last ${batch[-1]}"
done
