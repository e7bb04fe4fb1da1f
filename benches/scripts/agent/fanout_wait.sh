# Ten lookups in the background, joined by wait, then merged by jq.
for i in $(seq 1 10); do
  get_user --id "$i" > "user_$i.json" &
done
wait
for i in $(seq 1 10); do cat "user_$i.json"; done |
  jq -s '{active: map(select(.active)) | map(.id), count: length}' -c
rm -f user_*.json
