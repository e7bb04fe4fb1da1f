# A while-read loop over compact JSON lines, one per order.
n_open=0
n_paid=0
while IFS= read -r line; do
  case $(jq -r .status <<<"$line") in
    open) n_open=$((n_open + 1)) ;;
    paid) n_paid=$((n_paid + 1)) ;;
  esac
done < <(for id in 1 2 3 4 5 6; do get_orders --user "$id"; done | jq -c '.[]')
echo "open=$n_open paid=$n_paid"
