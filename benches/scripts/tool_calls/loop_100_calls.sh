for i in $(seq 1 100); do get_user --id "$i"; done | jq -s 'map(select(.active)) | length'
