#!/bin/sh
# POSIX-ish backup rotation with a config file and retention by age.

CONFIG=${BACKUP_CONFIG:-$HOME/.backuprc}
DEST=/backups
DAYS=14
EXCLUDES=""

[ -r "$CONFIG" ] && . "$CONFIG"

umask 077
stamp=`date +%Y%m%d-%H%M%S`
host=`hostname -s 2>/dev/null || uname -n`
target="$DEST/$host/$stamp"

fail() {
    echo "backup: $*" 1>&2
    exit 1
}

mkdir -p "$target" || fail "cannot create $target"

set -- ${BACKUP_DIRS:-/etc /home /var/lib}
for dir
do
    name=`echo "$dir" | sed -e 's|^/||' -e 's|/|_|g'`
    [ -z "$name" ] && name=root
    if [ ! -d "$dir" ]; then
        echo "skip $dir (missing)"
        continue
    fi
    opts=
    for pat in $EXCLUDES; do
        opts="$opts --exclude=$pat"
    done
    if tar -czf "$target/$name.tar.gz" $opts -C / "${dir#/}" 2>"$target/$name.err"; then
        rm -f "$target/$name.err"
        size=`du -k "$target/$name.tar.gz" | cut -f1`
        echo "ok   $dir (${size}K)"
    else
        echo "FAIL $dir, see $target/$name.err"
        status=1
    fi
done

# checksums
( cd "$target" && sha256sum -- *.tar.gz > SHA256SUMS ) || fail "checksum failed"

# retention
find "$DEST/$host" -mindepth 1 -maxdepth 1 -type d -mtime +"$DAYS" -print |
while read -r old; do
    echo "expire $old"
    rm -rf "$old"
done

test "${status:-0}" -eq 0 && echo "backup complete: $target" || exit 1
