# od: output types, address radixes, skipping and limits, widths,
# duplicate folding, byte order and the traditional shorthand options.
# Expected values recorded from GNU od 9.1 by `spec bless`.

#### default octal words
printf 'abc' | od
## stdout:
0000000 061141 000143
0000003
## status: 0

#### empty input
printf '' | od
## stdout:
0000000
## status: 0

#### empty input no address
printf '' | od -A n -t x1; echo end
## stdout:
end
## status: 0

#### all bytes hex1
i=0; s=''; while [ $i -lt 256 ]; do s="$s\\$(printf %o $i)"; i=$((i+1)); done
printf "$s" | od -A x -t x1
## stdout:
000000 00 01 02 03 04 05 06 07 08 09 0a 0b 0c 0d 0e 0f
000010 10 11 12 13 14 15 16 17 18 19 1a 1b 1c 1d 1e 1f
000020 20 21 22 23 24 25 26 27 28 29 2a 2b 2c 2d 2e 2f
000030 30 31 32 33 34 35 36 37 38 39 3a 3b 3c 3d 3e 3f
000040 40 41 42 43 44 45 46 47 48 49 4a 4b 4c 4d 4e 4f
000050 50 51 52 53 54 55 56 57 58 59 5a 5b 5c 5d 5e 5f
000060 60 61 62 63 64 65 66 67 68 69 6a 6b 6c 6d 6e 6f
000070 70 71 72 73 74 75 76 77 78 79 7a 7b 7c 7d 7e 7f
000080 80 81 82 83 84 85 86 87 88 89 8a 8b 8c 8d 8e 8f
000090 90 91 92 93 94 95 96 97 98 99 9a 9b 9c 9d 9e 9f
0000a0 a0 a1 a2 a3 a4 a5 a6 a7 a8 a9 aa ab ac ad ae af
0000b0 b0 b1 b2 b3 b4 b5 b6 b7 b8 b9 ba bb bc bd be bf
0000c0 c0 c1 c2 c3 c4 c5 c6 c7 c8 c9 ca cb cc cd ce cf
0000d0 d0 d1 d2 d3 d4 d5 d6 d7 d8 d9 da db dc dd de df
0000e0 e0 e1 e2 e3 e4 e5 e6 e7 e8 e9 ea eb ec ed ee ef
0000f0 f0 f1 f2 f3 f4 f5 f6 f7 f8 f9 fa fb fc fd fe ff
000100
## status: 0

#### all bytes named characters
i=0; s=''; while [ $i -lt 256 ]; do s="$s\\$(printf %o $i)"; i=$((i+1)); done
printf "$s" | od -t a
## stdout:
0000000 nul soh stx etx eot enq ack bel  bs  ht  nl  vt  ff  cr  so  si
0000020 dle dc1 dc2 dc3 dc4 nak syn etb can  em sub esc  fs  gs  rs  us
0000040  sp   !   "   #   $   %   &   '   (   )   *   +   ,   -   .   /
0000060   0   1   2   3   4   5   6   7   8   9   :   ;   <   =   >   ?
0000100   @   A   B   C   D   E   F   G   H   I   J   K   L   M   N   O
0000120   P   Q   R   S   T   U   V   W   X   Y   Z   [   \   ]   ^   _
0000140   `   a   b   c   d   e   f   g   h   i   j   k   l   m   n   o
0000160   p   q   r   s   t   u   v   w   x   y   z   {   |   }   ~ del
0000200 nul soh stx etx eot enq ack bel  bs  ht  nl  vt  ff  cr  so  si
0000220 dle dc1 dc2 dc3 dc4 nak syn etb can  em sub esc  fs  gs  rs  us
0000240  sp   !   "   #   $   %   &   '   (   )   *   +   ,   -   .   /
0000260   0   1   2   3   4   5   6   7   8   9   :   ;   <   =   >   ?
0000300   @   A   B   C   D   E   F   G   H   I   J   K   L   M   N   O
0000320   P   Q   R   S   T   U   V   W   X   Y   Z   [   \   ]   ^   _
0000340   `   a   b   c   d   e   f   g   h   i   j   k   l   m   n   o
0000360   p   q   r   s   t   u   v   w   x   y   z   {   |   }   ~ del
0000400
## status: 0

#### all bytes printable characters
i=0; s=''; while [ $i -lt 256 ]; do s="$s\\$(printf %o $i)"; i=$((i+1)); done
printf "$s" | od -c
## stdout:
0000000  \0 001 002 003 004 005 006  \a  \b  \t  \n  \v  \f  \r 016 017
0000020 020 021 022 023 024 025 026 027 030 031 032 033 034 035 036 037
0000040       !   "   #   $   %   &   '   (   )   *   +   ,   -   .   /
0000060   0   1   2   3   4   5   6   7   8   9   :   ;   <   =   >   ?
0000100   @   A   B   C   D   E   F   G   H   I   J   K   L   M   N   O
0000120   P   Q   R   S   T   U   V   W   X   Y   Z   [   \   ]   ^   _
0000140   `   a   b   c   d   e   f   g   h   i   j   k   l   m   n   o
0000160   p   q   r   s   t   u   v   w   x   y   z   {   |   }   ~ 177
0000200 200 201 202 203 204 205 206 207 210 211 212 213 214 215 216 217
0000220 220 221 222 223 224 225 226 227 230 231 232 233 234 235 236 237
0000240 240 241 242 243 244 245 246 247 250 251 252 253 254 255 256 257
0000260 260 261 262 263 264 265 266 267 270 271 272 273 274 275 276 277
0000300 300 301 302 303 304 305 306 307 310 311 312 313 314 315 316 317
0000320 320 321 322 323 324 325 326 327 330 331 332 333 334 335 336 337
0000340 340 341 342 343 344 345 346 347 350 351 352 353 354 355 356 357
0000360 360 361 362 363 364 365 366 367 370 371 372 373 374 375 376 377
0000400
## status: 0

#### all bytes signed decimal 1
i=0; s=''; while [ $i -lt 256 ]; do s="$s\\$(printf %o $i)"; i=$((i+1)); done
printf "$s" | od -A d -t d1 -w8 -N 64 -j 100
## stdout:
0000100  100  101  102  103  104  105  106  107
0000108  108  109  110  111  112  113  114  115
0000116  116  117  118  119  120  121  122  123
0000124  124  125  126  127 -128 -127 -126 -125
0000132 -124 -123 -122 -121 -120 -119 -118 -117
0000140 -116 -115 -114 -113 -112 -111 -110 -109
0000148 -108 -107 -106 -105 -104 -103 -102 -101
0000156 -100  -99  -98  -97  -96  -95  -94  -93
0000164
## status: 0

#### utf8 text chars and hex
printf 'h\303\251llo w\303\266rld \342\202\254\n' | od -c -t x1
## stdout:
0000000   h 303 251   l   l   o       w 303 266   r   l   d     342 202
         68  c3  a9  6c  6c  6f  20  77  c3  b6  72  6c  64  20  e2  82
0000020 254  \n
         ac  0a
0000022
## status: 0

#### odd length d2
printf 'abcde' | od -t d2
## stdout:
0000000  25185  25699    101
0000005
## status: 0

#### odd length x4
printf 'abcdefg' | od -t x4
## stdout:
0000000 64636261 00676665
0000007
## status: 0

#### odd length u8
printf 'abcdefghijk' | od -t u8
## stdout:
0000000  7523094288207667809              7039593
0000013
## status: 0

#### o1 o4 o8
printf '\377\376\001\200abcdefgh' | od -t o1 -t o4 -t o8
## stdout:
0000000 377 376 001 200 141 142 143 144 145 146 147 150
            20000377377     14430661141     15031663145
                 0621433046060000377377          0000000000015031663145
0000014
## status: 0

#### sizes by letter
printf '\377\376\375\374\373\372\371\370\001\002' | od -t dC -t dS -t dI -t dL
## stdout:
0000000   -1   -2   -3   -4   -5   -6   -7   -8    1    2
             -257      -771     -1285     -1799       513
                  -50462977          -117835013                 513
                            -506097522914230529                                     513
0000012
## status: 0

#### unsigned sizes
printf '\377\376\375\374\373\372\371\370' | od -t u1 -t u2 -t u4 -t u8
## stdout:
0000000 255 254 253 252 251 250 249 248
          65279   64765   64251   63737
             4244504319      4177132283
                   17940646550795321087
0000010
## status: 0

#### several types in one string
printf 'Hello, world' | od -t ox2c
## stdout:
0000000     15433062510     16710026157     14433071157
           6548    6c6c    2c6f    7720    726f    646c
          H   e   l   l   o   ,       w   o   r   l   d
0000014
## status: 0

#### printable trailer
printf 'The quick brown fox\000\001jumps\n' | od -A x -t x1z
## stdout:
000000 54 68 65 20 71 75 69 63 6b 20 62 72 6f 77 6e 20  >The quick brown <
000010 66 6f 78 00 01 6a 75 6d 70 73 0a                 >fox..jumps.<
00001b
## status: 0

#### trailer on wide type
printf 'abcdefghijklmnopqrs' | od -t x2z -t c
## stdout:
0000000    6261    6463    6665    6867    6a69    6c6b    6e6d    706f  >abcdefghijklmnop<
          a   b   c   d   e   f   g   h   i   j   k   l   m   n   o   p
0000020    7271    0073                                                  >qrs<
          q   r   s
0000023
## status: 0

#### float single
printf '\000\000\200\077\000\000\000\300\333\017\111\100\000\000\200\177' | od -t fF
## stdout:
0000000               1              -2       3.1415927             inf
0000020
## status: 0

#### float double
printf '\030\055\104\124\373\041\011\100\000\000\000\000\000\000\360\277' | od -t fD -t f8
## stdout:
0000000        3.141592653589793                       -1
               3.141592653589793                       -1
0000020
## status: 0

#### floats of text
printf 'floating point!!' | od -f -t f4
## stdout:
0000000   2.7603642e+20   1.1258685e+24   1.8091423e+25   5.4703015e-19
          2.7603642e+20   1.1258685e+24   1.8091423e+25   5.4703015e-19
0000020
## status: 0

#### address decimal
printf '%040d' 5 | od -A d -c
## stdout:
0000000   0   0   0   0   0   0   0   0   0   0   0   0   0   0   0   0
*
0000032   0   0   0   0   0   0   0   5
0000040
## status: 0

#### address hex
printf '%040d' 5 | od -A x -t x1
## stdout:
000000 30 30 30 30 30 30 30 30 30 30 30 30 30 30 30 30
*
000020 30 30 30 30 30 30 30 35
000028
## status: 0

#### address none
printf 'abcdefghijklmnopqrstu' | od -A n -t x1 -t c
## stdout:
  61  62  63  64  65  66  67  68  69  6a  6b  6c  6d  6e  6f  70
   a   b   c   d   e   f   g   h   i   j   k   l   m   n   o   p
  71  72  73  74  75
   q   r   s   t   u
## status: 0

#### skip bytes
printf 'abcdefghijklmnopqrstuvwxyz' | od -j 10 -c
## stdout:
0000012   k   l   m   n   o   p   q   r   s   t   u   v   w   x   y   z
0000032
## status: 0

#### skip with hex and octal counts
printf 'abcdefghijklmnopqrstuvwxyz' | od -j 0x3 -N 010 -c
## stdout:
0000003   d   e   f   g   h   i   j   k
0000013
## status: 0

#### skip with suffix
head -c 1100 /dev/zero | tr '\0' 'z' | od -j 1K -A d -c
## stdout:
0001024   z   z   z   z   z   z   z   z   z   z   z   z   z   z   z   z
*
0001088   z   z   z   z   z   z   z   z   z   z   z   z
0001100
## status: 0

#### skip past end
printf 'abc' | od -j 5; echo "status $?"
## stdout:
status 1
## status: 0

#### read bytes limit
printf 'abcdefghijklmnopqrstuvwxyz' | od -N 5 -t x1
## stdout:
0000000 61 62 63 64 65
0000005
## status: 0

#### read bytes zero
printf 'abc' | od -N 0
## stdout:
0000000
## status: 0

#### width option
printf 'abcdefghijklmnopqrstuvwxyz' | od -w4 -t x1
## stdout:
0000000 61 62 63 64
0000004 65 66 67 68
0000010 69 6a 6b 6c
0000014 6d 6e 6f 70
0000020 71 72 73 74
0000024 75 76 77 78
0000030 79 7a
0000032
## status: 0

#### width default 32
head -c 40 /dev/zero | tr '\0' '1' | od -w -t x1
## stdout:
0000000 31 31 31 31 31 31 31 31 31 31 31 31 31 31 31 31 31 31 31 31 31 31 31 31 31 31 31 31 31 31 31 31
0000040 31 31 31 31 31 31 31 31
0000050
## status: 0

#### invalid width falls back
printf 'abcdef' | od -w3 -t x2
## stdout:
0000000 6261
0000002 6463
0000004 6665
0000006
## status: 0

#### duplicate lines folded
head -c 100 /dev/zero | od -t x1
## stdout:
0000000 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00
*
0000140 00 00 00 00
0000144
## status: 0

#### duplicate folding then change
{ head -c 64 /dev/zero; printf 'abc'; head -c 32 /dev/zero; } | od -A d -t x1
## stdout:
0000000 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00
*
0000064 61 62 63 00 00 00 00 00 00 00 00 00 00 00 00 00
0000080 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00
0000096 00 00 00
0000099
## status: 0

#### verbose keeps duplicates
head -c 50 /dev/zero | od -v -t x1
## stdout:
0000000 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00
0000020 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00
0000040 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00
0000060 00 00
0000062
## status: 0

#### endian big
printf '\001\002\003\004\005\006\007\010' | od --endian=big -t x2 -t x4 -t x8 -t d2
## stdout:
0000000   0102   0304   0506   0708
             01020304      05060708
                   0102030405060708
           258    772   1286   1800
0000010
## status: 0

#### endian little
printf '\001\002\003\004' | od --endian=little -t x2
## stdout:
0000000 0201 0403
0000004
## status: 0

#### traditional b c d o s x
printf '\201\002abc\377\n' | od -b -c -d -o -s -x
## stdout:
0000000 201 002 141 142 143 377 012
        201 002   a   b   c 377  \n
            641   25185   65379      10
         001201  061141  177543  000012
            641   25185    -157      10
           0281    6261    ff63    000a
0000007
## status: 0

#### traditional i l
printf '\377\377\377\377\376\377\377\377\001\000\000\000\000\000\000\000' | od -i -l
## stdout:
0000000          -1          -2           1           0
                    -4294967297                       1
0000020
## status: 0

#### traditional f D O X
printf '\000\000\200\077\001\002\003\004' | od -f -D -O -X
## stdout:
0000000               1   1.5399896e-36
             1065353216        67305985
            07740000000     00400601001
               3f800000        04030201
0000010
## status: 0

#### several files and stdin
printf 'one\n' > a; printf 'two\n' > b
printf 'mid\n' | od -c a - b
## stdout:
0000000   o   n   e  \n   m   i   d  \n   t   w   o  \n
0000014
## status: 0

#### missing file
printf 'one\n' > a
od -c a nosuch a; echo "status $?"
## stdout:
0000000   o   n   e  \n   o   n   e  \n
0000010
status 1
## status: 0

#### invalid type
printf 'abc' | od -t d3; echo "status $?"
## stdout:
status 1
## status: 0

#### invalid radix
printf 'abc' | od -A q; echo "status $?"
## stdout:
status 1
## status: 0

#### dev zero with limit
od -N 40 -A d /dev/zero
## stdout:
0000000 000000 000000 000000 000000 000000 000000 000000 000000
*
0000032 000000 000000 000000 000000
0000040
## status: 0

#### float special values
printf '\000\000\200\177\000\000\200\377\000\000\300\177\001\000\000\000\000\000\000\200\377\377\177\177' | od -t f4
## stdout:
0000000             inf            -inf             nan           1e-45
0000020              -0   3.4028235e+38
0000030
## status: 0

#### double subnormal and small
printf '\001\000\000\000\000\000\000\000\000\000\000\000\000\000\020\000\232\231\231\231\231\231\271\077' | od -t f8
## stdout:
0000000                   5e-324  2.2250738585072014e-308
0000020                      0.1
0000030
## status: 0

#### skip across files
printf 'abc' > a; printf 'defgh' > b
od -j 4 -c a b
## stdout:
0000004   e   f   g   h
0000010
## status: 0

#### long options
printf 'abcdefghij' | od --address-radix=d --skip-bytes=2 --read-bytes=6 --format=x1 --format=c --width=4 --output-duplicates
## stdout:
0000002  63  64  65  66
          c   d   e   f
0000006  67  68
          g   h
0000008
## status: 0

#### mixed widths with trailer
printf 'hello world, od!' | od -A n -t x1z -t d4 -t a -w8
## stdout:
  68  65  6c  6c  6f  20  77  6f  >hello wo<
      1819043176      1870078063
   h   e   l   l   o  sp   w   o
  72  6c  64  2c  20  6f  64  21  >rld, od!<
       744778866       560230176
   r   l   d   ,  sp   o   d   !
## status: 0

#### chunked dev zero folding
od -N 100000 -A x -t x8 /dev/zero
## stdout:
000000 0000000000000000 0000000000000000
*
0186a0
## status: 0

#### width zero
printf 'abc' | od -w0; echo "status $?"
## stdout:
0000000 061141
0000002 000143
0000003
status 0
## status: 0

#### width not a multiple of the float size
printf 'abcdefghijkl' | od -t x1 -t fF -w6
## stdout:
0000000  61  62  63  64
          1.6777999e+22
0000004  65  66  67  68
           4.371022e+24
0000010  69  6a  6b  6c
          1.1384003e+27
0000014
## status: 0

#### empty type string
printf 'abc' | od -t ''; echo "status $?"
## stdout:
0000000 061141 000143
0000003
status 0
## status: 0

#### skip with block suffix
head -c 600 /dev/zero | tr '\0' 'q' | od -j 1b -c
## stdout:
0001000   q   q   q   q   q   q   q   q   q   q   q   q   q   q   q   q
*
0001120   q   q   q   q   q   q   q   q
0001130
## status: 0

#### read bytes with kB suffix
head -c 1200 /dev/zero | od -N 1kB -A d -t x4
## stdout:
0000000 00000000 00000000 00000000 00000000
*
0000992 00000000 00000000
0001000
## status: 0

#### bad endian
printf 'ab' | od --endian=middle; echo "status $?"
## stdout:
status 1
## status: 0

#### bad skip count
printf 'ab' | od -j 1q; echo "status $?"
## stdout:
status 1
## status: 0
