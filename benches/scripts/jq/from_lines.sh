seq 1 1000 | jq -R 'tonumber' | jq -s 'map(select(. % 3 == 0)) | add'
