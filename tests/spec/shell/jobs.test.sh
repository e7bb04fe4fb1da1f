# Background jobs: &, wait (all, by pid, -n), $!, exit statuses, output
# of background jobs, jobs -p. No timing is printed.

#### background job output appears after wait
echo bg & wait; echo done
## stdout:
bg
done
## status: 0

#### wait returns job status
(exit 3) & wait $!; echo $?
## stdout:
3
## status: 0

#### wait with no jobs
wait; echo "status $?"
## stdout:
status 0
## status: 0

#### wait for multiple jobs status is zero
(exit 1) & (exit 2) & wait; echo "status $?"
## stdout:
status 0
## status: 0

#### wait for specific pids
(exit 4) & p1=$!; (exit 5) & p2=$!; wait $p1; echo $?; wait $p2; echo $?
## stdout:
4
5
## status: 0

#### wait -n returns next status
(exit 6) & wait -n; echo $?
## stdout:
6
## status: 0

#### wait for unknown pid
wait 99999 2>/dev/null; echo "status $?"
## stdout:
status 127
## status: 0

#### background job does not change variables
x=1; x=2 & wait; echo $x
## stdout:
1
## status: 0

#### background function
f() { echo "in f $1"; }; f a & wait
## stdout:
in f a
## status: 0

#### several background jobs sorted output
{ for i in 3 1 2; do echo $i & done; wait; } | sort
## stdout:
1
2
3
## status: 0

#### background job status in $?
false & echo "immediate $?"; wait
## stdout:
immediate 0
## status: 0

#### jobs -p lists pids
true & p=$!; [ "$(jobs -p | tail -1)" = "$p" ] && echo listed; wait
## stdout:
listed
## status: 0

#### background subshell with pipeline
(echo a | tr a b) & wait
## stdout:
b
## status: 0

#### background job with redirection
echo to-file > out & wait; cat out
## stdout:
to-file
## status: 0

#### dollar bang unchanged by foreground commands
true & p=$!; echo x >/dev/null; [ "$p" = "$!" ] && echo same; wait
## stdout:
same
## status: 0

#### wait -n with no jobs
wait -n 2>/dev/null; echo "status $?"
## stdout:
status 127
## status: 0

#### background in loop with wait per job
for i in 1 2 3; do (exit $i) & wait $!; echo "job $i -> $?"; done
## stdout:
job 1 -> 1
job 2 -> 2
job 3 -> 3
## status: 0

#### ampersand then more commands on the line
{ echo first & echo second; wait; } | sort
## stdout:
first
second
## status: 0

#### background brace group
{ echo g1; echo g2; } & wait
## stdout:
g1
g2
## status: 0

#### set -e does not exit on background failure
set -e; false & wait $! || echo caught; echo done
## stdout:
caught
done
## status: 0
