# Users seen through several searches, kept once each in an associative array.
declare -A seen
for q in alpha beta alpha gamma beta; do
  for hit in $(search --query "$q" --limit 3 | jq -r '.hits[]'); do
    seen[$hit]=$(( ${seen[$hit]:-0} + 1 ))
  done
done
for k in $(printf '%s\n' "${!seen[@]}" | sort); do
  echo "$k ${seen[$k]}"
done
