# getopts: option strings, arguments, OPTIND/OPTARG, silent mode, errors,
# clustered options, -- and explicit argument lists.

#### simple flags
set -- -a -b; while getopts ab opt; do echo "opt=$opt"; done; echo "OPTIND=$OPTIND"
## stdout:
opt=a
opt=b
OPTIND=3
## status: 0

#### option with argument
set -- -f file -v; while getopts f:v opt; do echo "$opt ${OPTARG-none}"; done
## stdout:
f file
v none
## status: 0

#### attached argument
set -- -ffile; getopts f: opt; echo "$opt $OPTARG $OPTIND"
## stdout:
f file 2
## status: 0

#### clustered flags
set -- -abc; while getopts abc o; do echo $o; done; echo $OPTIND
## stdout:
a
b
c
2
## status: 0

#### cluster ending with argument option
set -- -vf out rest; while getopts vf: o; do echo "$o ${OPTARG-}"; done; shift $((OPTIND-1)); echo "rest=$*"
## stdout:
v 
f out
rest=rest
## status: 0

#### stops at first non-option
set -- -a x -b; while getopts ab o; do echo $o; done; echo "OPTIND=$OPTIND"
## stdout:
a
OPTIND=2
## status: 0

#### double dash ends options
set -- -a -- -b; while getopts ab o; do echo $o; done; echo "OPTIND=$OPTIND"
## stdout:
a
OPTIND=3
## status: 0

#### unknown option non-silent
set -- -x; getopts ab o 2>/dev/null; echo "status $? o=$o OPTARG=[${OPTARG-unset}]"
## stdout:
status 0 o=? OPTARG=[unset]
## status: 0

#### unknown option silent mode
set -- -x; getopts :ab o; echo "status $? o=$o OPTARG=$OPTARG"
## stdout:
status 0 o=? OPTARG=x
## status: 0

#### missing argument non-silent
set -- -f; getopts f: o 2>/dev/null; echo "o=$o OPTARG=[${OPTARG-unset}]"
## stdout:
o=? OPTARG=[unset]
## status: 0

#### missing argument silent mode
set -- -f; getopts :f: o; echo "o=$o OPTARG=$OPTARG"
## stdout:
o=: OPTARG=f
## status: 0

#### end of options status
set --; getopts a o; echo "status $? o=$o"
## stdout:
status 1 o=?
## status: 0

#### explicit argument list
getopts ab: o -b val; echo "$o $OPTARG"
## stdout:
b val
## status: 0

#### OPTIND reset to parse again
set -- -a; getopts a o; echo $o $OPTIND; OPTIND=1; getopts a o; echo $o $OPTIND
## stdout:
a 2
a 2
## status: 0

#### getopts in function with local OPTIND
f() { local OPTIND o; while getopts xy o; do echo "f:$o"; done; }; f -x -y; f -y
## stdout:
f:x
f:y
f:y
## status: 0

#### argument that looks like an option
set -- -f -a; getopts f:a o; echo "$o $OPTARG"
## stdout:
f -a
## status: 0

#### single dash is not an option
set -- - -a; getopts a o; echo "status $? OPTIND=$OPTIND"
## stdout:
status 1 OPTIND=1
## status: 0

#### OPTERR zero suppresses messages
OPTERR=0; set -- -z; getopts a o; echo "o=$o"
## stdout:
o=?
## status: 0

#### numeric options
set -- -1 -2; while getopts 12 o; do echo "n$o"; done
## stdout:
n1
n2
## status: 0

#### typical parse loop with shift
set -- -v -o out.txt a b
verbose=0; out=
while getopts vo: opt; do
  case $opt in
    v) verbose=1 ;;
    o) out=$OPTARG ;;
    *) exit 2 ;;
  esac
done
shift $((OPTIND - 1))
echo "verbose=$verbose out=$out args=$*"
## stdout:
verbose=1 out=out.txt args=a b
## status: 0

#### colon in optstring middle
set -- -a -b x; while getopts a:b: o; do echo "$o=$OPTARG"; done
## stdout:
a=-b
## status: 0

#### getopts with empty argument
set -- -f ''; getopts f: o; echo "$o [$OPTARG] $OPTIND"
## stdout:
f [] 3
## status: 0

#### invalid variable name
set -- -a; getopts a 'bad-name' 2>/dev/null; echo "status $?"
## stdout:
status 1
## status: 0

#### getopts usage error
getopts 2>/dev/null; echo "status $?"
## stdout:
status 2
## status: 0

#### question mark option char
set -- -h; getopts 'h' o; echo $o
## stdout:
h
## status: 0

#### OPTIND past the arguments is reset to their count plus one
set -- -a b
OPTIND=5; getopts a o; echo "$? $OPTIND [$o]"
OPTIND=3; getopts a o; echo "$? $OPTIND [$o]"
OPTIND=2; getopts a o; echo "$? $OPTIND [$o]"
## stdout:
1 3 [?]
1 3 [?]
1 2 [?]
## status: 0

#### OPTIND past explicit arguments and shift afterwards
f() { getopts a o "$@"; echo "f: $? $OPTIND"; }
OPTIND=9; f -a x
set -- -a -b c d
OPTIND=7; getopts ab o; echo "$? $OPTIND"; shift $((OPTIND-1)); echo "rc=$? [$*]"
## stdout:
f: 1 3
1 5
rc=0 []
## status: 0

#### OPTIND with no arguments stays 1
set --
getopts a o; echo "$? $OPTIND [$o]"
## stdout:
1 1 [?]
## status: 0
