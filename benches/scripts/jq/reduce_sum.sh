jq -n 'reduce range(20000) as $i (0; . + $i * 2)'
