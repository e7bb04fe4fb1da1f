names=()
for ((i = 1; i <= 20; i++)); do
  names+=("$(get_user --id "$i" | jq -r .name)")
done
echo "${#names[@]} ${names[0]} ${names[19]}"
