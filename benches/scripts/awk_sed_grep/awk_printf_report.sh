seq 1 3000 | awk '{ k = $1 % 4; s[k] += $1; n[k]++ } END { for (k = 0; k < 4; k++) printf "%-3d %8d %10.2f\n", k, n[k], s[k] / n[k] }'
