x=1 y=two
echo "$x $y"
