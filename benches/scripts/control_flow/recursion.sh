fib() {
  if (($1 < 2)); then REPLY=$1; return; fi
  local a
  fib $(($1 - 1)); a=$REPLY
  fib $(($1 - 2)); REPLY=$((a + REPLY))
}
fib 16
echo "$REPLY"
