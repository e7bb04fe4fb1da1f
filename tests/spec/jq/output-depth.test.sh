# jq 1.7.1 prints values nested deeper than 256 levels as
# `<skipped: too deep>` (jv_dump_term), which also bounds the output of a
# deeply nested value.

#### compact output stops at depth 256
jq -nc 'reduce range(300) as $i (0; [.])' | tr -d '[]'
## stdout:
<skipped: too deep>
## status: 0

#### pretty output of a 20000-level value stays small
jq -n 'reduce range(20000) as $i (0; [.])' | wc -lc
## stdout:
    515  133146
## status: 0

#### a scalar at depth 257 is skipped too
jq -nc 'reduce range(257) as $i (1; [.])' | tr -d '[]'
## stdout:
<skipped: too deep>
## status: 0

#### depth 256 still prints
jq -nc 'reduce range(256) as $i (1; [.])' | tr -d '[]'
## stdout:
1
## status: 0

#### tojson of a deep value
jq -nc 'reduce range(300) as $i ({}; {a: .}) | tojson | length'
## stdout:
1561
## status: 0
