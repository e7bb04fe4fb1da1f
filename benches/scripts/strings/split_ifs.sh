line="alpha,beta,gamma,delta,epsilon,zeta,eta,theta"
n=0
for ((i = 0; i < 1000; i++)); do
  IFS=, read -r a b c rest <<<"$line"
  n=$((n + ${#a} + ${#rest}))
done
IFS=, ; set -- $line; IFS=' '
echo "$n $# $3"
