s=
for ((i = 0; i < 10000; i++)); do s+=x; done
echo "${#s}"
