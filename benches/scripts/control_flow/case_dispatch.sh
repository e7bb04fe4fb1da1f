a=0 b=0 c=0 d=0
for ((i = 0; i < 3000; i++)); do
  case "k$((i % 10))" in
    k0|k1) a=$((a + 1)) ;;
    k[2-4]) b=$((b + 1)) ;;
    k5*) c=$((c + 1)) ;;
    *) d=$((d + 1)) ;;
  esac
done
echo "$a $b $c $d"
