seq 1 5000 | sed -n '100,120p; /^49.9$/p' | sed '/5$/d' | tr '\n' ' '
echo
