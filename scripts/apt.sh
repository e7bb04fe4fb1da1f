# Sourced by the scripts that install system packages (test.sh,
# load-run.sh): `as_root CMD...` runs CMD as root (directly, else through
# sudo, else fails), and `apt_install PKG...` installs Debian/Ubuntu
# packages quietly, running `apt-get update` once per script. Both return
# non-zero when they cannot; the caller decides whether that is fatal.
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else return 1; fi; }
apt_updated=
apt_install() {
  command -v apt-get >/dev/null || return 1
  if [ -z "$apt_updated" ]; then as_root apt-get update -qq >/dev/null 2>&1 || return 1; apt_updated=1; fi
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq "$@" >/dev/null 2>&1
}
