# nl: numbering styles, formats, widths, sections.
# Expected values recorded from the real programs by `spec bless`.

#### default skips empty lines
printf 'a\n\nb\n' | nl
## stdout:
     1	a
       
     2	b
## status: 0

#### number all
printf 'a\n\nb\n' | nl -ba
## stdout:
     1	a
     2	
     3	b
## status: 0

#### left justified
printf 'a\nb\n' | nl -nln
## stdout:
1     	a
2     	b
## status: 0

#### zero padded
printf 'a\nb\n' | nl -nrz
## stdout:
000001	a
000002	b
## status: 0

#### width and separator
printf 'a\nb\n' | nl -w3 -s': '
## stdout:
  1: a
  2: b
## status: 0

#### start and increment
printf 'a\nb\nc\n' | nl -v10 -i5
## stdout:
    10	a
    15	b
    20	c
## status: 0

#### no numbering
printf 'a\nb\n' | nl -bn
## stdout:
       a
       b
## status: 0

#### regex style
printf 'apple\nbanana\navocado\n' | nl -bp'^a'
## stdout:
     1	apple
       banana
     2	avocado
## status: 0

#### sections
printf 'h\n\\:\\:\nb\n\\:\nf\n' | nl
## stdout:
     1	h

     1	b

       f
## status: 0

#### invalid style status
nl -bx </dev/null 2>/dev/null; echo $?
## stdout:
1
## status: 0

#### file operand
printf 'x\ny\n' > f; nl f
## stdout:
     1	x
     2	y
## status: 0

#### zero padded width 3
seq 3 | nl -nrz -w3 -s' '
## stdout:
001 1
002 2
003 3
## status: 0

#### nl adds the newline a last line lacks
printf 'l1\nl2' | nl
## stdout:
     1	l1
     2	l2
## status: 0

#### nl across files with unterminated last lines
printf a > x; printf 'b\nc' > y
nl x y
## stdout:
     1	a
     2	b
     3	c
## status: 0

#### nl -b a across files with blank lines
printf a > x; printf '\n\n' > e; printf 'b\nc' > y
nl -b a x e y
## stdout:
     1	a
     2	
     3	
     4	b
     5	c
## status: 0

#### nl -b a on an unterminated section delimiter
printf 'a\n\\:\\:' > d; printf z > z
nl -ba d z
## stdout:
     1	a

     1	z
## status: 0
