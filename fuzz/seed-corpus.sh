#!/usr/bin/env bash
# Seed corpus/<target>/ from the spec corpora (tests/spec) so the fuzzer
# starts from real scripts, filters and programs. Idempotent; corpus/ is
# git-ignored. Usage: fuzz/seed-corpus.sh
set -euo pipefail
cd "$(dirname "$0")"
spec=../tests/spec
n=0
seed() { # target name content
  mkdir -p "corpus/$1"
  printf '%s' "$3" > "corpus/$1/seed-$2"
  n=$((n + 1))
}
# Whole scripts: every case of every corpus (first byte 0 = Sandbox).
i=0
for f in "$spec"/*/*.test.sh; do
  while IFS= read -r -d '' script; do
    i=$((i + 1))
    seed script "$i" $'\x00'"$script"
    seed parse "$i" "$script"
  done < <(awk '/^#### /{if(s!="")printf "%s%c",s,0; s=""; on=1; next}
                /^## /{on=0} on{s=s $0 "\n"} END{if(s!="")printf "%s%c",s,0}' "$f")
done
# The first single-quoted argument of jq, sed and awk in those scripts.
for u in jq sed awk; do
  i=0
  while IFS= read -r prog; do
    i=$((i + 1))
    seed "$u" "$i" "$prog"
  done < <(cat "$spec"/*/*.test.sh | grep -oP "\b$u(?: -[-a-zA-Z]+)* '\K[^']+" | sort -u)
done
# Arithmetic, brace, pattern, printf and flag seeds by hand.
for e in '1+2*3' 'x++ + ++x' '2**62' '1<<63' '-9223372036854775808/-1' '16#ff' '64#_@' \
         'a[1]=5' 'x=y=z=3' '(1?2:3),4' '08' '0x' '~-1 ^ 3' 'b+=1, b*=2'; do
  seed arith "$(printf %s "$e" | md5sum | cut -c1-8)" "$e"
done
# Inputs with NUL separators are printf formats (a shell string cannot
# hold NUL).
seedf() { # target format
  mkdir -p "corpus/$1"
  printf "$2" > "corpus/$1/seed-$(printf '%s' "$2" | md5sum | cut -c1-8)"
  n=$((n + 1))
}
for b in '\x00\x05\x02\x06\x01' '\x00\x08\x03\x09\x01' '\x00\x00\x05\x02\x06\x01\x01\x02\x09\x01' \
         '\x08\x03\x09\x04\x0a\x01\x00' '\x05\x00\x0c\x03\x13\x01'; do
  seedf brace "$b"
done
for p in '\x01+(a|b)*.txt\x00abab.txt' '\x00[!a-c]?\x00d1' '\x03!(*.c)\x00x.h' '\x00[[:alpha:]]*\\\\*\x00a*' \
         '\x01@(a|b*(c|d))\x00bcdc'; do
  seedf pattern "$p"
done
for p in '%%5.2f|%%-8s|%%x\x003.14159\x00hi\x00255' '%%b\x00a\\\\tb\\\\c' '%%(%%Y-%%m-%%d)T\x00-1' \
         '%%q %%Q\x00a b' '%%*.*d\x005\x003\x0042' '%%c%%5.1s%%o\x00xyz\x00ab\x008'; do
  seedf printf "$p"
done
for f in '\x00--id\x003\x00--tags\x00a\x00--tags\x00b' '\x00--id=4\x00--meta\x00{"k":1}\x00--dry-run' \
         '\x01--x.y\x00z\x00--\x00rest' '\x02--x\x007\x00--y\x00null' '\x03--deep.a\x002' \
         '\x00--nums\x00[1,2]\x00--mode\x00c\x00--ratio\x001e400'; do
  seedf flags "$f"
done
echo "seeded $n inputs"
