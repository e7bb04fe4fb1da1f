set -- $(seq 1 500)
sum=0
while [ $# -gt 0 ]; do
  sum=$((sum + $1))
  shift
done
echo "$sum $#"
