s=x
for ((i = 0; i < 20; i++)); do s+=$s; done
echo "${#s} ${s:524288:4}"
