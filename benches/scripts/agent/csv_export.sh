# Orders of a few users as CSV with a header.
echo "id,user,total,status"
for id in 1 2 3 4; do
  get_orders --user "$id" | jq -r '.[] | [.id, .user, .total, .status] | @csv'
done
