# cksum (GNU coreutils 9.1): the POSIX CRC, sysv/bsd sums, digests with
# -a (tagged and --untagged), blake2b -l, -z, -c, errors.
# Expected values recorded from GNU coreutils by `spec bless`.

#### cksum of stdin has no name
printf abc | cksum
## stdout:
1219131554 3
## status: 0
#### cksum of empty stdin
printf '' | cksum
## stdout:
4294967295 0
## status: 0
#### cksum of files
printf abc > a; echo hello > b; : > e; cksum a b e
## stdout:
1219131554 3 a
3015617425 6 b
4294967295 0 e
## status: 0
#### cksum of dash names it
printf abc | cksum -
## stdout:
1219131554 3 -
## status: 0
#### cksum of a larger file
seq 1 20000 > big; cksum big
## stdout:
3231941463 108894 big
## status: 0
#### cksum length bytes beyond 255
head -c 300 /dev/zero > z; cksum z
## stdout:
351385237 300 z
## status: 0
#### cksum -a crc
printf abc > a; cksum -a crc a
## stdout:
1219131554 3 a
## status: 0
#### cksum -a sysv
printf abc > a; seq 1 1000 > s; cksum -a sysv a s
## stdout:
294 1 a
31295 8 s
## status: 0
#### cksum -a bsd
printf abc > a; seq 1 1000 > s; cksum -a bsd a s
## stdout:
16556     1 a
20029     4 s
## status: 0
#### cksum -a bsd stdin
seq 1 1000 | cksum -a bsd
## stdout:
20029     4
## status: 0
#### cksum -a md5 tagged
printf abc > a; cksum -a md5 a
## stdout:
MD5 (a) = 900150983cd24fb0d6963f7d28e17f72
## status: 0
#### cksum -a md5 stdin
printf abc | cksum -a md5
## stdout:
MD5 (-) = 900150983cd24fb0d6963f7d28e17f72
## status: 0
#### cksum -a sha1
echo hello > f; cksum -a sha1 f
## stdout:
SHA1 (f) = f572d396fae9206628714fb2ce00f72e94f2258f
## status: 0
#### cksum -a sha224
echo hello > f; cksum -a sha224 f
## stdout:
SHA224 (f) = 2d6d67d91d0badcdd06cbbba1fe11538a68a37ec9c2e26457ceff12b
## status: 0
#### cksum -a sha256
echo hello > f; cksum --algorithm=sha256 f
## stdout:
SHA256 (f) = 5891b5b522d5df086d0ff0b110fbd9d21bb4fc7163af34d08286a2e846f6be03
## status: 0
#### cksum -a sha384
echo hello > f; cksum -a sha384 f
## stdout:
SHA384 (f) = 1d0f284efe3edea4b9ca3bd514fa134b17eae361ccc7a1eefeff801b9bd6604e01f21f6bf249ef030599f0c218f2ba8c
## status: 0
#### cksum -a sha512
echo hello > f; cksum -a sha512 f
## stdout:
SHA512 (f) = e7c22b994c59d9cf2b48e549b1e24666636045930d3da7c1acb299d1c3b7f931f94aae41edda2c2b207a36e10f8bcb8d45223e54878f5b316e7ce3b6bc019629
## status: 0
#### cksum -a blake2b
echo hello > f; cksum -a blake2b f
## stdout:
BLAKE2b (f) = f60ce482e5cc1229f39d71313171a8d9f4ca3a87d066bf4b205effb528192a75f14f3271e2c1a90e1de53f275b4d4793eef2f5e31ea90d2ce29d2e481c36435f
## status: 0
#### cksum -a blake2b -l 256
echo hello > f; cksum -a blake2b -l 256 f
## stdout:
BLAKE2b-256 (f) = 93becc6e9882211c3ec3708c95bcd69baab7bb59c7f4bc84ce637b88a534b783
## status: 0
#### cksum -a blake2b -l 0 is the full length
echo hello > f; cksum -a blake2b -l 0 f
## stdout:
BLAKE2b (f) = f60ce482e5cc1229f39d71313171a8d9f4ca3a87d066bf4b205effb528192a75f14f3271e2c1a90e1de53f275b4d4793eef2f5e31ea90d2ce29d2e481c36435f
## status: 0
#### cksum --untagged
echo hello > f; cksum -a sha256 --untagged f
## stdout:
5891b5b522d5df086d0ff0b110fbd9d21bb4fc7163af34d08286a2e846f6be03  f
## status: 0
#### cksum --untagged then --tag
echo hello > f; cksum -a md5 --untagged --tag f
## stdout:
MD5 (f) = b1946ac92492d2347c6235b4d2611184
## status: 0
#### cksum --untagged on crc changes nothing
echo hello > f; cksum --untagged f
## stdout:
3015617425 6 f
## status: 0
#### cksum -z
echo hello > f; cksum -z f | od -c
## stdout:
0000000   3   0   1   5   6   1   7   4   2   5       6       f  \0
0000017
## status: 0
#### cksum last -a wins
echo hello > f; cksum -a sha1 -a md5 f
## stdout:
MD5 (f) = b1946ac92492d2347c6235b4d2611184
## status: 0
#### cksum -c with -a
echo hello > f; cksum -a sha256 f > sums; cksum -a sha256 -c sums; echo "status $?"
## stdout:
f: OK
status 0
## status: 0
#### cksum -c detects the tag
echo hello > f; cksum -a md5 f > sums; cksum -c sums; echo "status $?"
## stdout:
f: OK
status 0
## status: 0
#### cksum -c failure
echo hello > f; cksum -a md5 f > sums; echo changed > f; cksum -c sums 2>&1; echo "status $?"
## stdout:
f: FAILED
cksum: WARNING: 1 computed checksum did NOT match
status 1
## status: 0
#### cksum -c --quiet
echo hello > f; cksum -a sha1 f > sums; cksum -c --quiet sums; echo "status $?"
## stdout:
status 0
## status: 0
#### cksum -c of crc lines
echo hello > f; cksum f > sums; cksum -c sums 2>&1; echo "status $?"
## stdout:
cksum: sums: no properly formatted checksum lines found
status 1
## status: 0
#### cksum -c with -a crc
echo hello > f; cksum -a md5 f > sums; cksum -a crc -c sums 2>&1; echo "status $?"
## stdout:
cksum: --check is not supported with --algorithm={bsd,sysv,crc}
status 1
## status: 0
#### cksum -c missing list
cksum -a md5 -c nope 2>&1; echo "status $?"
## stdout:
cksum: nope: No such file or directory
status 1
## status: 0
#### cksum missing file
printf abc > a; cksum a nope a 2>&1; echo "status $?"
## stdout:
1219131554 3 a
cksum: nope: No such file or directory
1219131554 3 a
status 1
## status: 0
#### cksum directory with crc
mkdir d; cksum d 2>&1; echo "status $?"
## stdout:
4294967295 0 d
status 0
## status: 0
#### cksum directory with md5
mkdir d; cksum -a md5 d 2>&1; echo "status $?"
## stdout:
cksum: d: Is a directory
status 1
## status: 0
#### cksum directory with sysv
mkdir d; cksum -a sysv d 2>&1; echo "status $?"
## stdout:
cksum: d: Is a directory
status 1
## status: 0
#### cksum bad algorithm
cksum -a foo 2>&1; echo "status $?"
## stdout:
cksum: invalid argument 'foo' for '--algorithm'
Valid arguments are:
  - 'bsd'
  - 'sysv'
  - 'crc'
  - 'md5'
  - 'sha1'
  - 'sha224'
  - 'sha256'
  - 'sha384'
  - 'sha512'
  - 'blake2b'
  - 'sm3'
Try 'cksum --help' for more information.
status 1
## status: 0
#### cksum abbreviated algorithm is invalid
printf abc | cksum -a md 2>&1; echo "status $?"
## stdout:
cksum: invalid argument 'md' for '--algorithm'
Valid arguments are:
  - 'bsd'
  - 'sysv'
  - 'crc'
  - 'md5'
  - 'sha1'
  - 'sha224'
  - 'sha256'
  - 'sha384'
  - 'sha512'
  - 'blake2b'
  - 'sm3'
Try 'cksum --help' for more information.
status 1
## status: 0
#### cksum -l without blake2b
printf abc | cksum -l 256 2>&1; echo "status $?"
## stdout:
cksum: --length is only supported with --algorithm=blake2b
status 1
## status: 0
#### cksum -l not a multiple of 8
printf abc | cksum -a blake2b -l 7 2>&1; echo "status $?"
## stdout:
cksum: invalid length: '7'
cksum: length is not a multiple of 8
status 1
## status: 0
#### cksum -l too large
printf abc | cksum -a blake2b -l 520 2>&1; echo "status $?"
## stdout:
cksum: invalid length: '520'
cksum: maximum digest length for 'BLAKE2b' is 512 bits
status 1
## status: 0
#### cksum -l not a number
printf abc | cksum -a blake2b -l 8x 2>&1; echo "status $?"
## stdout:
cksum: invalid length: '8x'
status 1
## status: 0
#### cksum bad option
cksum -x 2>&1; echo "status $?"
## stdout:
cksum: invalid option -- 'x'
Try 'cksum --help' for more information.
status 1
## status: 0
#### cksum bad long option
cksum --bogus 2>&1; echo "status $?"
## stdout:
cksum: unrecognized option '--bogus'
Try 'cksum --help' for more information.
status 1
## status: 0
#### cksum -c list on stdin
echo hello > f; cksum -a sha1 f | cksum -c; echo "status $?"
## stdout:
f: OK
status 0
## status: 0
#### cksum -c list on stdin as dash
echo hello > f; cksum -a md5 f | cksum -c -; echo "status $?"
## stdout:
f: OK
status 0
## status: 0
#### cksum -c untagged list with -a
echo hello > f; cksum -a md5 --untagged f > sums; cksum -a md5 -c sums; echo "status $?"
## stdout:
f: OK
status 0
## status: 0
#### cksum -c untagged list without -a
echo hello > f; cksum -a md5 --untagged f > sums; cksum -c sums 2>&1; echo "status $?"
## stdout:
cksum: sums: no properly formatted checksum lines found
status 1
## status: 0
