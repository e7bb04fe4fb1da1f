if [ -n "x" ] && [[ abc == a* ]]; then echo yes; else echo no; fi
