# Arrays: subscripts, SUBSEP, delete, length, split, membership.

#### basic assignment and lookup
awk 'BEGIN { a["one"] = 1; a["two"] = 2; print a["one"] + a["two"] }'
## stdout:
3
## status: 0

#### numeric and string subscripts are the same key
awk 'BEGIN { a[1] = "x"; print a["1"]; a["2"] = "y"; print a[2] }'
## stdout:
x
y
## status: 0

#### numeric subscripts with fractions
awk 'BEGIN { a[0.5] = "half"; print a["0.5"] }'
## stdout:
half
## status: 0

#### multi-dimensional subscripts use SUBSEP
awk 'BEGIN { a[1, 2] = "v"; for (k in a) { split(k, p, SUBSEP); print p[1], p[2] } }'
## stdout:
1 2
## status: 0

#### custom SUBSEP
awk 'BEGIN { SUBSEP = ":"; a["x", "y"] = 1; for (k in a) print k }'
## stdout:
x:y
## status: 0

#### delete one element
awk 'BEGIN { a[1]; a[2]; a[3]; delete a[2]; print length(a), (2 in a) }'
## stdout:
2 0
## status: 0

#### delete whole array
awk 'BEGIN { a[1]; a[2]; delete a; print length(a) }'
## stdout:
0
## status: 0

#### length of an array
awk 'BEGIN { n = split("a b c d", arr); print n, length(arr) }'
## stdout:
4 4
## status: 0

#### split with default FS
awk 'BEGIN { n = split("  a  b  c ", arr); print n, arr[1], arr[3] }'
## stdout:
3 a c
## status: 0

#### split with a single character
awk 'BEGIN { n = split("a:b::c", arr, ":"); print n, "[" arr[3] "]", arr[4] }'
## stdout:
4 [] c
## status: 0

#### split with a regex
awk 'BEGIN { n = split("a1b22c", arr, /[0-9]+/); print n, arr[1], arr[2], arr[3] }'
## stdout:
3 a b c
## status: 0

#### split with a regex string
awk 'BEGIN { n = split("a, b,c", arr, ", *"); print n, arr[2] }'
## stdout:
3 b
## status: 0

#### split of an empty string
awk 'BEGIN { arr[1] = "old"; n = split("", arr); print n, length(arr) }'
## stdout:
0 0
## status: 0

#### split clears the array first
awk 'BEGIN { arr[9] = "x"; split("p q", arr); print length(arr), (9 in arr) }'
## stdout:
2 0
## status: 0

#### split with empty separator splits characters
awk 'BEGIN { n = split("abc", arr, ""); print n, arr[1], arr[3] }'
## stdout:
3 a c
## status: 0

#### split elements are strnums
awk 'BEGIN { split("10 9", arr); print (arr[1] > arr[2]) }'
## stdout:
1
## status: 0

#### split with a literal dot
awk 'BEGIN { n = split("a.b.c", arr, "."); print n, arr[2] }'
## stdout:
3 b
## status: 0

#### counting with arrays
printf 'a\nb\na\nc\na\n' | awk '{ n[$1]++ } END { for (k in n) print k, n[k] }' | sort
## stdout:
a 3
b 1
c 1
## status: 0

#### array of arrays of words
printf 'x y\nz\n' | awk '{ for (i = 1; i <= NF; i++) words[++n] = $i } END { for (i = 1; i <= n; i++) printf "%s ", words[i]; print "" }'
## stdout:
x y z 
## status: 0

#### iterate numerically in order
awk 'BEGIN { for (i = 1; i <= 3; i++) a[i] = i * 10; for (i = 1; i <= 3; i++) print a[i] }'
## stdout:
10
20
30
## status: 0

#### in with a computed subscript
awk 'BEGIN { a["k1"]; i = 1; print (("k" i) in a) }'
## stdout:
1
## status: 0

#### delete during iteration of a copy of keys
awk 'BEGIN { for (i = 0; i < 10; i++) a[i]; n = 0; for (k in a) { delete a[k]; n++ }; print n, length(a) }'
## stdout:
10 0
## status: 0

#### array element used in arithmetic
awk 'BEGIN { a["x"] += 5; a["x"] *= 2; print a["x"] }'
## stdout:
10
## status: 0

#### using a scalar as an array is an error
awk 'BEGIN { x = 1; x[1] = 2 }'
## stdout:
## status: 2

#### using an array as a scalar is an error
awk 'BEGIN { a[1] = 1; print a }'
## stdout:
## status: 2

#### length of an array argument in a function
awk 'function n(arr) { return length(arr) } BEGIN { a[1]; a[2]; print n(a) }'
## stdout:
2
## status: 0

#### SUBSEP default is \034
awk 'BEGIN { a["x", "y"]; for (k in a) print length(k), index(k, SUBSEP) }'
## stdout:
3 2
## status: 0

#### uninitialized subscript is the empty string
awk 'BEGIN { a[x] = 1; print ("" in a) }'
## stdout:
1
## status: 0

#### large sparse indices
awk 'BEGIN { a[1000000] = 1; a[-5] = 2; print a[1000000] + a[-5], length(a) }'
## stdout:
3 2
## status: 0

#### negative zero subscript
awk 'BEGIN { a[-0] = "z"; print a[0] }'
## stdout:
z
## status: 0
