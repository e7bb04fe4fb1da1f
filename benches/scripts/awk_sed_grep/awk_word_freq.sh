for ((i = 0; i < 500; i++)); do echo "the cat sat on the mat with the hat number $((i % 13))"; done |
  awk '{ for (i = 1; i <= NF; i++) c[$i]++ } END { for (w in c) print c[w], w }' | sort -k1,1nr -k2 | head -n 6
