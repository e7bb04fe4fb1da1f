# User-defined functions: parameters by value, arrays by reference, local
# variables through extra parameters, recursion, return values.

#### simple function
awk 'function add(a, b) { return a + b } BEGIN { print add(2, 3) }'
## stdout:
5
## status: 0

#### function defined after use
awk 'BEGIN { print twice(4) } function twice(x) { return 2 * x }'
## stdout:
8
## status: 0

#### func keyword
awk 'func sq(x) { return x * x } BEGIN { print sq(5) }'
## stdout:
25
## status: 0

#### scalars are passed by value
awk 'function f(x) { x = 99 } BEGIN { y = 1; f(y); print y }'
## stdout:
1
## status: 0

#### arrays are passed by reference
awk 'function f(arr) { arr["k"] = "v" } BEGIN { f(a); print a["k"] }'
## stdout:
v
## status: 0

#### untyped argument becomes an array in the caller
awk 'function fill(arr, n,   i) { for (i = 1; i <= n; i++) arr[i] = i * i } BEGIN { fill(sq, 3); print sq[1], sq[2], sq[3] }'
## stdout:
1 4 9
## status: 0

#### extra parameters are locals
awk 'function f(a,   tmp) { tmp = a * 2; return tmp } BEGIN { tmp = "global"; print f(3), tmp }'
## stdout:
6 global
## status: 0

#### local arrays are fresh on each call
awk 'function f(x,   loc) { loc[x] = 1; return length(loc) } BEGIN { print f(1), f(2) }'
## stdout:
1 1
## status: 0

#### missing arguments are uninitialized
awk 'function f(a, b) { return "[" a "][" b "]" } BEGIN { print f(1) }'
## stdout:
[1][]
## status: 0

#### return without value
awk 'function f() { return } BEGIN { x = f(); print "[" x "]" }'
## stdout:
[]
## status: 0

#### function without return
awk 'function f() { y = 1 } BEGIN { print "[" f() "]", y }'
## stdout:
[] 1
## status: 0

#### recursion factorial
awk 'function fact(n) { return n <= 1 ? 1 : n * fact(n - 1) } BEGIN { print fact(10) }'
## stdout:
3628800
## status: 0

#### recursion fibonacci
awk 'function fib(n) { return n < 2 ? n : fib(n - 1) + fib(n - 2) } BEGIN { print fib(20) }'
## stdout:
6765
## status: 0

#### function modifies globals
awk 'function inc() { count++ } BEGIN { inc(); inc(); print count }'
## stdout:
2
## status: 0

#### function uses fields
printf 'a b c\n' | awk 'function last() { return $NF } { print last() }'
## stdout:
c
## status: 0

#### function assigns fields
printf 'a b c\n' | awk 'function set2(v) { $2 = v } { set2("X"); print }'
## stdout:
a X c
## status: 0

#### array element passed by value
awk 'function f(x) { x = 5 } BEGIN { a[1] = 1; f(a[1]); print a[1] }'
## stdout:
1
## status: 0

#### passing an array through two levels
awk 'function g(b) { b["deep"] = 1 } function f(a) { g(a) } BEGIN { f(arr); print arr["deep"] }'
## stdout:
1
## status: 0

#### delete inside a function
awk 'function clear(a,   k) { for (k in a) delete a[k] } BEGIN { x[1]; x[2]; clear(x); print length(x) }'
## stdout:
0
## status: 0

#### function returning a string
awk 'function rev(s,   r, i) { for (i = length(s); i > 0; i--) r = r substr(s, i, 1); return r } BEGIN { print rev("hello") }'
## stdout:
olleh
## status: 0

#### recursive array walk
awk 'function sum(a, n) { return n == 0 ? 0 : a[n] + sum(a, n - 1) } BEGIN { split("1 2 3 4", v); print sum(v, 4) }'
## stdout:
10
## status: 0

#### function name with call inside a condition
awk 'function even(n) { return n % 2 == 0 } BEGIN { for (i = 1; i <= 4; i++) if (even(i)) print i }'
## stdout:
2
4
## status: 0

#### calling an undefined function is an error
awk 'BEGIN { nosuch(1) }'
## stdout:
## status: 2

#### too many arguments is an error
awk 'function f(a) { return a } BEGIN { print f(1, 2) }'
## stdout:
1
## status: 0

#### function parameter shadows a global
awk 'function f(NRx) { return NRx + 1 } BEGIN { NRx = 10; print f(1), NRx }'
## stdout:
2 10
## status: 0

#### split into a local array
awk 'function n(s,   parts) { return split(s, parts, ",") } BEGIN { print n("a,b,c") }'
## stdout:
3
## status: 0

#### max of an array
awk 'function max(a,   k, m, first) { first = 1; for (k in a) if (first || a[k] > m) { m = a[k]; first = 0 } return m } BEGIN { split("3 9 4", v); print max(v) }'
## stdout:
9
## status: 0
