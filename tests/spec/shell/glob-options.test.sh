# globstar, GLOBIGNORE, dotglob, nullglob, failglob and nocaseglob over a
# tree the case builds in its own empty working directory (bash manual
# 3.5.8.1 "Pattern Matching", 4.3.2 "The Shopt Builtin", 5.2 GLOBIGNORE).

#### globstar lists everything below, sorted
shopt -s globstar; mkdir -p p/q/r; touch p/1 p/q/2 p/q/r/3 top; echo **
## stdout:
p p/1 p/q p/q/2 p/q/r p/q/r/3 top
## status: 0

#### globstar off makes ** a plain star
mkdir -p p/q; touch p/1 p/q/2; echo **; echo **/*
## stdout:
p
p/1 p/q
## status: 0

#### globstar with a directory prefix keeps its slash
shopt -s globstar; mkdir -p p/q; touch p/1 p/q/2; echo p/**
## stdout:
p/ p/1 p/q p/q/2
## status: 0

#### globstar trailing slash lists directories only
shopt -s globstar; mkdir -p p/q/r; touch p/1 f; echo **/; echo p/**/
## stdout:
p/ p/q/ p/q/r/
p/ p/q/ p/q/r/
## status: 0

#### globstar with a suffix pattern matches at every depth
shopt -s globstar; mkdir -p a/b; touch x.t a/y.t a/b/z.t a/b/w.c; echo **/*.t
## stdout:
a/b/z.t a/y.t x.t
## status: 0

#### globstar in the middle matches zero directories too
shopt -s globstar; mkdir -p p/q/q; touch p/q/f p/q/q/f; echo p/**/q/f
## stdout:
p/q/f p/q/q/f
## status: 0

#### globstar skips hidden names unless dotglob
shopt -s globstar; mkdir -p p/.h; touch p/.f p/.h/g p/v; echo **; shopt -s dotglob; echo **
## stdout:
p p/v
p p/.f p/.h p/.h/g p/v
## status: 0

#### globstar does not descend into symbolic links
shopt -s globstar; mkdir -p p/q; touch p/q/f; ln -s p l; echo **; echo **/f; echo **/
## stdout:
l p p/q p/q/f
p/q/f
l/ p/ p/q/
## status: 0

#### globstar through a named symbolic link
shopt -s globstar; mkdir -p p/q; touch p/q/f; ln -s p l; echo l/**
## stdout:
l/ l/q l/q/f
## status: 0

#### globstar after a glob drops the slash on zero directories
shopt -s globstar; mkdir -p p/a; touch p.x p/a/f; echo p*/**; echo **/a/**
## stdout:
p p/a p/a/f
p/a p/a/f
## status: 0

#### globstar twice gives each path once
shopt -s globstar; mkdir -p a/b; touch a/b/f; echo **/**/f
## stdout:
a/b/f
## status: 0

#### globstar with nothing matching
shopt -s globstar; echo **/*.none; shopt -s nullglob; echo [**/*.none]
## stdout:
**/*.none

## status: 0

#### globstar in a for loop
shopt -s globstar; mkdir -p d/e; touch d/1 d/e/2; for f in **; do [[ -d $f ]] && echo "dir $f" || echo "file $f"; done
## stdout:
dir d
file d/1
dir d/e
file d/e/2
## status: 0

#### globstar count with an array
shopt -s globstar; mkdir -p a/b/c; touch a/1 a/b/2 a/b/c/3; files=(**/*); echo ${#files[@]}
## stdout:
6
## status: 0

#### GLOBIGNORE removes matches
touch a.txt b.log c.txt; GLOBIGNORE='*.log'; echo *
## stdout:
a.txt c.txt
## status: 0

#### GLOBIGNORE with several patterns
touch a1 a2 b1 c1; GLOBIGNORE='a*:c?'; echo *
## stdout:
b1
## status: 0

#### GLOBIGNORE star does not cross a slash
mkdir d; touch d/x.log top.log top.txt; GLOBIGNORE='*.log'; echo * */*
## stdout:
d top.txt d/x.log
## status: 0

#### GLOBIGNORE with a slash pattern
mkdir d; touch d/x.log d/y.txt; GLOBIGNORE='d/*.log'; echo d/*
## stdout:
d/y.txt
## status: 0

#### GLOBIGNORE turns dotglob on, unset turns it off
touch .h v; shopt dotglob; GLOBIGNORE=x; shopt dotglob; echo *; unset GLOBIGNORE; shopt dotglob; echo *
## stdout:
dotglob        	off
dotglob        	on
.h v
dotglob        	off
v
## status: 0

#### GLOBIGNORE set empty keeps dotglob as it was
touch .h v; GLOBIGNORE=x; GLOBIGNORE=; echo *; shopt dotglob
## stdout:
.h v
dotglob        	on
## status: 0

#### GLOBIGNORE never yields dot and dot-dot
touch .h; GLOBIGNORE=zz; echo .*
## stdout:
.h
## status: 0

#### GLOBIGNORE removing every match leaves the pattern
touch a.log; GLOBIGNORE='*.log'; echo *.log
## stdout:
*.log
## status: 0

#### GLOBIGNORE with nullglob removing every match
touch a.log; shopt -s nullglob; GLOBIGNORE='*.log'; echo [*.log]
## stdout:

## status: 0

#### GLOBIGNORE does not affect quoted words
touch a.log; GLOBIGNORE='*.log'; echo "*.log" a.log
## stdout:
*.log a.log
## status: 0

#### dotglob includes hidden files but not dot and dot-dot
touch .a b; shopt -s dotglob; echo *; echo .*
## stdout:
.a b
.a
## status: 0

#### dotglob off needs an explicit dot
touch .a b; echo *; echo .*; echo .[a-z]
## stdout:
b
.a
.a
## status: 0

#### nullglob removes the word
shopt -s nullglob; echo start *.none end; a=(*.none); echo ${#a[@]}
## stdout:
start end
0
## status: 0

#### nullglob keeps quoted patterns
shopt -s nullglob; echo "*.none" '*.x'
## stdout:
*.none *.x
## status: 0

#### nullglob with a loop over no files
shopt -s nullglob; for f in *.none; do echo never; done; echo done
## stdout:
done
## status: 0

#### failglob aborts the command
shopt -s failglob; echo *.none; echo status $?
## stdout:
## status: 1

#### failglob aborts the whole line
shopt -s failglob; echo *.none; echo same line
echo next line $?
## stdout:
next line 1
## status: 0

#### failglob with a match runs normally
touch m; shopt -s failglob; echo m*; echo $?
## stdout:
m
0
## status: 0

#### failglob wins over nullglob
shopt -s failglob nullglob; echo *.none
echo after $?
## stdout:
after 1
## status: 0

#### failglob in a for list
shopt -s failglob; for f in *.none; do echo in; done
echo after $?
## stdout:
after 1
## status: 0

#### failglob in a function body
shopt -s failglob; f() { echo *.none; echo inside; }; f
echo after $?
## stdout:
after 1
## status: 0

#### nocaseglob matches either case
touch ABC abd Xyz; shopt -s nocaseglob; echo ab*; echo x*; echo [a]B?
## stdout:
ABC abd
Xyz
ABC abd
## status: 0

#### nocaseglob with globstar
shopt -s nocaseglob globstar; mkdir -p D; touch D/F.TXT d.txt; echo **/*.txt
## stdout:
D/F.TXT d.txt
## status: 0

#### extglob patterns with globstar
shopt -s extglob globstar
mkdir -p s; touch s/a.c s/b.h s/c.o; echo **/*.@(c|h); echo s/!(*.o)
## stdout:
s/a.c s/b.h
s/a.c s/b.h
## status: 0

#### glob inside a directory that does not exist
echo nodir/*; shopt -s nullglob; echo [nodir/*]
## stdout:
nodir/*

## status: 0

#### glob of directories with a trailing slash
mkdir d1 d2; touch f1; echo */; echo d*/
## stdout:
d1/ d2/
d1/ d2/
## status: 0

#### glob with an escaped star is literal
touch 'a*' ab; echo a\*; echo a*
## stdout:
a*
a* ab
## status: 0
