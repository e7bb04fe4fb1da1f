# md5sum and sha256sum (compute, check, tag, stdin) and mktemp.

#### md5sum of a file
echo hello > f; md5sum f
## stdout:
b1946ac92492d2347c6235b4d2611184  f
## status: 0
#### md5sum of stdin
printf abc | md5sum
## stdout:
900150983cd24fb0d6963f7d28e17f72  -
## status: 0
#### md5sum several files
echo a > x; echo b > y; md5sum x y
## stdout:
60b725f10c9c85c70d97880dfe8191b3  x
3b5d5c3712955042212316173ccf37be  y
## status: 0
#### md5sum missing file
md5sum nope 2>&1; echo "status $?"
## stdout:
md5sum: nope: No such file or directory
status 1
## status: 0
#### md5sum --tag
printf '' > e; md5sum --tag e
## stdout:
MD5 (e) = d41d8cd98f00b204e9800998ecf8427e
## status: 0
#### md5sum -c ok
echo hello > f; md5sum f > sums; md5sum -c sums
## stdout:
f: OK
## status: 0
#### md5sum -c failure
echo hello > f; md5sum f > sums; echo changed > f; md5sum -c sums 2>&1; echo "status $?"
## stdout:
f: FAILED
md5sum: WARNING: 1 computed checksum did NOT match
status 1
## status: 0
#### md5sum -c quiet
echo a > f; md5sum f > s; md5sum -c --quiet s; echo "status $?"
## stdout:
status 0
## status: 0
#### md5sum -c status only
echo a > f; md5sum f > s; echo b > f; md5sum -c --status s; echo "status $?"
## stdout:
status 1
## status: 0
#### md5sum -b marker
echo x > f; md5sum -b f
## stdout:
401b30e3b8b5d629635a5c613cdb7919 *f
## status: 0
#### md5sum of empty input
md5sum < /dev/null
## stdout:
d41d8cd98f00b204e9800998ecf8427e  -
## status: 0
#### sha256sum of a file
echo hello > f; sha256sum f
## stdout:
5891b5b522d5df086d0ff0b110fbd9d21bb4fc7163af34d08286a2e846f6be03  f
## status: 0
#### sha256sum of stdin
printf abc | sha256sum
## stdout:
ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad  -
## status: 0
#### sha256sum --tag
printf abc > f; sha256sum --tag f
## stdout:
SHA256 (f) = ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad
## status: 0
#### sha256sum -c
printf data > f; sha256sum f > s; sha256sum -c s
## stdout:
f: OK
## status: 0
#### sha256sum -c with a missing file
printf data > f; sha256sum f > s; rm f; sha256sum -c s 2>/dev/null; echo "status $?"
## stdout:
f: FAILED open or read
status 1
## status: 0
#### sha256sum directory
mkdir d; sha256sum d 2>&1; echo "status $?"
## stdout:
sha256sum: d: Is a directory
status 1
## status: 0
#### sha256sum -c improper lines
echo 'not a checksum line' > s; sha256sum -c s 2>&1; echo "status $?"
## stdout:
sha256sum: s: no properly formatted checksum lines found
status 1
## status: 0
#### mktemp with a template creates a file
f=$(mktemp tmp.XXXXXX); [ -f "$f" ] && echo file; stat -c '%a %s' "$f"; echo "${#f}"
## stdout:
file
600 0
10
## status: 0
#### mktemp -d creates a directory
d=$(mktemp -d work.XXXX); [ -d "$d" ] && echo dir; stat -c '%a' "$d"
## stdout:
dir
700
## status: 0
#### mktemp names differ
a=$(mktemp x.XXXXXX); b=$(mktemp x.XXXXXX); [ "$a" != "$b" ] && echo different
## stdout:
different
## status: 0
#### mktemp keeps the prefix
f=$(mktemp report-XXXXX); case $f in report-?????) echo ok;; esac
## stdout:
ok
## status: 0
#### mktemp -p directory
mkdir t; f=$(mktemp -p t); case $f in t/tmp.??????????) echo ok;; esac
## stdout:
ok
## status: 0
#### mktemp too few X
mktemp abXX 2>&1; echo "status $?"
## stdout:
mktemp: too few X's in template 'abXX'
status 1
## status: 0
#### mktemp -u does not create
f=$(mktemp -u u.XXXX); [ -e "$f" ] || echo absent
## stdout:
absent
## status: 0
#### mktemp --suffix
f=$(mktemp --suffix=.txt s.XXXX); case $f in s.????.txt) echo ok;; esac
## stdout:
ok
## status: 0
#### mktemp -t uses TMPDIR
mkdir tmpd; f=$(TMPDIR=$PWD/tmpd mktemp -t z.XXX); case $f in "$PWD"/tmpd/z.???) echo ok;; esac
## stdout:
ok
## status: 0

#### sha1sum, sha224sum, sha384sum and sha512sum of stdin and a file
printf abc > f
printf abc | sha1sum
sha224sum f
sha384sum --tag f
printf abc | sha512sum -
## stdout:
a9993e364706816aba3e25717850c26c9cd0d89d  -
23097d223405d8228642a477bda255b32aadbce4bda0b3f7e36c9da7  f
SHA384 (f) = cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed8086072ba1e7cc2358baeca134c825a7
ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f  -
## status: 0

#### sha1sum -c and sha512sum -c verify their own lists
printf 'one\n' > a; printf 'two\n' > b
sha1sum a b > sums1; sha512sum --tag a b > sums5
sha1sum -c sums1; sha512sum -c sums5
printf 'changed\n' > b
sha1sum -c sums1; echo "status $?"
## stdout:
a: OK
b: OK
a: OK
b: OK
a: OK
b: FAILED
status 1
## status: 0
