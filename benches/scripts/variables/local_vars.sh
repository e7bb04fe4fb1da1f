counter=0
f() {
  local a=$1 b
  b=$((a * 2))
  local -i c=b+1
  counter=$((counter + c))
}
for ((i = 0; i < 2000; i++)); do f "$i"; done
echo "$counter"
