# A hundred users collected into one JSON array and reshaped.
{
  for i in $(seq 1 100); do get_user --id "$i"; done
} | jq -s -c '{active: (map(select(.active)) | length), names: (map(.name) | .[:3])}'
