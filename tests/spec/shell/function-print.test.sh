# declare -f, typeset -f and type print function definitions in bash's
# layout (print_cmd.c): `name () `, `{ ` on its own line, four-space
# indentation, `;` after every command but the last of a brace group.

#### simple body
f() { echo hi; }; declare -f f
## stdout:
f () 
{ 
    echo hi
}
## status: 0

#### several commands and connectors
f() { a=1 b=2; echo "$a" && echo b || return 3; true | cat; ! false; sleep 0 & wait; }; declare -f f
## stdout:
f () 
{ 
    a=1 b=2;
    echo "$a" && echo b || return 3;
    true | cat;
    ! false;
    sleep 0 & wait
}
## status: 0

#### for loop
f() { for i in 1 2; do echo $i; done; for j; do :; done; }; declare -f f
## stdout:
f () 
{ 
    for i in 1 2;
    do
        echo $i;
    done;
    for j in "$@";
    do
        :;
    done
}
## status: 0

#### arithmetic for keeps the expressions as written
f() { for ((i=0;i<3;i++)); do echo $i; done; }; declare -f f
## stdout:
f () 
{ 
    for ((i=0; i<3; i++))
    do
        echo $i;
    done
}
## status: 0

#### while and until
f() { while read -r l; do echo "$l"; done < /dev/null; until false; do break; done; }; declare -f f
## stdout:
f () 
{ 
    while read -r l; do
        echo "$l";
    done < /dev/null;
    until false; do
        break;
    done
}
## status: 0

#### if elif else prints nested ifs
f() { if [ "$1" = a ]; then echo a; elif [ "$1" = b ]; then echo b; else echo c; fi; }; declare -f f
## stdout:
f () 
{ 
    if [ "$1" = a ]; then
        echo a;
    else
        if [ "$1" = b ]; then
            echo b;
        else
            echo c;
        fi;
    fi
}
## status: 0

#### case with fall through and an empty item
f() { case $1 in a|b) echo ab;; c) ;; *) echo other;& esac; }; declare -f f
## stdout:
f () 
{ 
    case $1 in 
        a | b)
            echo ab
        ;;
        c)

        ;;
        *)
            echo other
        ;&
    esac
}
## status: 0

#### subshell, group and redirections
f() { ( cd /; pwd ) | cat; { echo g; } >&2; echo x > /dev/null 2>&1; cat < /dev/null; }; declare -f f
## stdout:
f () 
{ 
    ( cd /;
    pwd ) | cat;
    { 
        echo g
    } 1>&2;
    echo x > /dev/null 2>&1;
    cat < /dev/null
}
## status: 0

#### conditional and arithmetic commands
f() { [[ -n $x && ( $y == *.t || ! -d z ) ]]; ((x = 3*4)); (( x++ )); echo $(( x + 1 )); }; declare -f f
## stdout:
f () 
{ 
    [[ -n $x && ( $y == *.t || ! -d z ) ]];
    ((x = 3*4));
    (( x++ ));
    echo $(( x + 1 ))
}
## status: 0

#### expansions are printed as written
f() { echo ${a:-def} "${b//x/y}" "$(echo "in")" `pwd` ${#c[@]} 'q' "d q" \$; }; declare -f f
## stdout:
f () 
{ 
    echo ${a:-def} "${b//x/y}" "$(echo "in")" `pwd` ${#c[@]} 'q' "d q" \$
}
## status: 0

#### here documents follow their line
f() { cat <<EOT
hello $x
EOT
echo after; }
declare -f f
## stdout:
f () 
{ 
    cat <<EOT
hello $x
EOT

    echo after
}
## status: 0

#### quoted here document
f() { cat <<'Q'
lit $x
Q
}
declare -f f
## stdout:
f () 
{ 
    cat <<'Q'
lit $x
Q

}
## status: 0

#### function with a subshell body
f() ( echo sub ); declare -f f
## stdout:
f () 
{ 
    ( echo sub )
}
## status: 0

#### function with redirections on the definition
f() { echo a; } > /dev/null; declare -f f
## stdout:
f () 
{ 
    echo a
} > /dev/null
## status: 0

#### function keyword form
function f { echo kw; }; declare -f f
## stdout:
f () 
{ 
    echo kw
}
## status: 0

#### declare -f without names lists every function sorted
b() { echo b; }; a() { echo a; }; declare -f
## stdout:
a () 
{ 
    echo a
}
b () 
{ 
    echo b
}
## status: 0

#### declare -F lists names
b() { :; }; a() { :; }; declare -F; declare -F a
## stdout:
declare -f a
declare -f b
a
## status: 0

#### typeset -f of a missing function fails
typeset -f nope; echo $?
## stdout:
1
## status: 0

#### type prints the definition
f() { echo hi; }; type f
## stdout:
f is a function
f () 
{ 
    echo hi
}
## status: 0

#### type -t of each kind
f() { :; }; type -t f if echo nosuch; echo $?
## stdout:
function
keyword
builtin
1
## status: 0

#### type -a lists the function then the builtin
echo() { :; }; type -a echo | head -5
## stdout:
echo is a function
echo () 
{ 
    :
}
## status: 0

#### type -f skips functions
echo() { :; }; type -f echo
## stdout:
echo is a shell builtin
## status: 0

#### type -p of a builtin prints nothing
type -p echo; echo $?
## stdout:
0
## status: 0

#### type of a missing name
type nosuch; echo $?
## stdout:
1
## status: 0

#### function defined by eval
eval 'e() { echo "from eval" $x; }'; declare -f e
## stdout:
e () 
{ 
    echo "from eval" $x
}
## status: 0

#### nested function definition
f() { g() { echo inner; }; }; f; declare -f g
## stdout:
g () 
{ 
    echo inner
}
## status: 0

#### redefinition prints the new body
f() { echo one; }; f() { echo two; }; declare -f f
## stdout:
f () 
{ 
    echo two
}
## status: 0

#### declare -f output can be evaluated again
f() { for i in 1 2; do echo "n=$i"; done; }; src=$(declare -f f); unset -f f; eval "$src"; f
## stdout:
n=1
n=2
## status: 0
