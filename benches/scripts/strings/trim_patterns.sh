p=/usr/local/share/doc/pkg/file.tar.gz
for ((i = 0; i < 2000; i++)); do
  base=${p##*/}
  dir=${p%/*}
  ext=${p#*.}
  stem=${base%%.*}
  first=${p#/*/}
done
echo "$base $dir $ext $stem $first"
