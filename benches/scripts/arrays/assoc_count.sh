declare -A count
words=(apple banana cherry apple date banana apple fig grape cherry)
for ((r = 0; r < 300; r++)); do
  for w in "${words[@]}"; do count[$w]=$(( ${count[$w]:-0} + 1 )); done
done
for k in apple banana cherry date fig grape; do echo "$k ${count[$k]}"; done
echo "${#count[@]}"
