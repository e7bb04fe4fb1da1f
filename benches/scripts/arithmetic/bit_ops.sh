h=5381
for ((i = 0; i < 5000; i++)); do
  h=$(( ((h << 5) + h + (i & 255)) & 0xFFFFFFFF ))
  h=$(( h ^ (h >> 7) | 1 ))
done
echo "$h"
