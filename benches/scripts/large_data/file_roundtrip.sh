seq 1 100000 > big.txt
wc -l < big.txt
sort -rn big.txt | head -n 1
rm big.txt
