#!/usr/bin/env bash
# Runs the README's two commands on a fresh minimal Debian 12: builds a minbase root with
# debootstrap (nothing but the Essential/required packages and apt), copies this project into
# /root/gomoku there, and runs, as root in a chroot without a display:
#   bash installer/run-linux.sh   (installs, builds and starts the app under Xvfb: the script
#                                  waits until the window is painted, then stops it)
#   bash tests/run-all.sh         (installs, builds and runs every test)
# Every package beyond minbase comes from installer/deps.sh, as on a new machine.
# Not run by CTest or CI: it downloads about 1 GB and takes long (see the times it prints).
#
# Usage (as root): tests/fresh-machine.sh [--root DIR] [--new] [-- COMMAND...]
#   --root DIR   where the Debian root lives (default /var/tmp/gomoku-fresh); it is kept
#                afterwards, so that a second run skips debootstrap and keeps the build folders
#   --new        delete DIR first and bootstrap again
#   COMMAND      run this in /root/gomoku instead of the two commands (e.g. to rerun one test:
#                -- ctest --test-dir build/test -R '^cli\.' --output-on-failure)
#
# What a chroot lacks against a real machine is set up here, as the Debian installer would:
# /etc/hosts (debootstrap copies resolv.conf and hostname, not hosts), the apt sources of a
# standard install (bookworm, bookworm-updates, bookworm-security), and the kernel file systems
# (/proc, /sys, /dev, /dev/pts, /dev/shm, /run; the network-namespace tests need /run/netns and
# the root to be a mount point).
# The locale is C.UTF-8 (built into glibc); the tests generate the Chinese ones themselves.
set -euo pipefail
src=$(cd "$(dirname "$0")/.." && pwd)
root=/var/tmp/gomoku-fresh
new=false
while (($#)); do
  case $1 in
    --root) root=${2:?--root needs a folder}; shift 2 ;;
    --new) new=true; shift ;;
    --) shift; break ;;
    *) echo "usage: $0 [--root DIR] [--new] [-- COMMAND...]" >&2; exit 2 ;;
  esac
done
[[ $(id -u) == 0 ]] || { echo "run as root (debootstrap, chroot and mounts need it)" >&2; exit 1; }
command -v debootstrap > /dev/null || { echo "needs debootstrap (apt-get install debootstrap)" >&2; exit 1; }
case $root in /|/usr|/var|/tmp|/etc|"$src"|"$src"/*) echo "refusing --root $root" >&2; exit 2 ;; esac

t0=$(date +%s)
stamp() { echo "== [$(date -u +%H:%M:%S), +$(($(date +%s) - t0)) s] $*"; }

mounts=()
# Stops what is still running in the root (e.g. an Xvfb left by a failed test), then unmounts
# in reverse order.
cleanup() {
  local p
  for p in /proc/[0-9]*; do
    [[ $(readlink "$p/root" 2>/dev/null) == "$root" ]] && kill -9 "${p#/proc/}" 2>/dev/null || true
  done
  for ((i = ${#mounts[@]} - 1; i >= 0; i--)); do
    umount "${mounts[i]}" 2>/dev/null || umount -l "${mounts[i]}" 2>/dev/null || true
  done
}
trap cleanup EXIT
trap 'exit 130' INT TERM
mountin() { # mountin TARGET mount-args...
  local target=$root$1; shift
  mkdir -p "$target"
  mount "$@" "$target"
  mounts+=("$target")
}

if $new && [[ -d $root ]]; then
  stamp "Deleting $root"
  grep -q " $root/" /proc/mounts && { echo "$root still has mounts; unmount them first" >&2; exit 1; }
  rm -rf --one-file-system "$root"
fi
if [[ ! -f $root/.gomoku-bootstrapped ]]; then
  stamp "debootstrap --variant=minbase bookworm $root"
  mkdir -p "$root"
  debootstrap --variant=minbase bookworm "$root" http://deb.debian.org/debian > "$root.debootstrap.log" 2>&1 ||
    { tail -20 "$root.debootstrap.log"; exit 1; }
  cat > "$root/etc/apt/sources.list" <<'EOF'
deb http://deb.debian.org/debian bookworm main
deb http://deb.debian.org/debian bookworm-updates main
deb http://deb.debian.org/debian-security bookworm-security main
EOF
  echo gomoku-fresh > "$root/etc/hostname"
  cat > "$root/etc/hosts" <<'EOF'
127.0.0.1	localhost
127.0.1.1	gomoku-fresh
::1	localhost ip6-localhost ip6-loopback
EOF
  # Package scripts must not start services in a chroot (the standard policy-rc.d convention).
  printf '#!/bin/sh\nexit 101\n' > "$root/usr/sbin/policy-rc.d"; chmod +x "$root/usr/sbin/policy-rc.d"
  touch "$root/.gomoku-bootstrapped"
  stamp "minbase root ready: $(chroot "$root" dpkg-query -W -f '.\n' | wc -l) packages"
fi
cp /etc/resolv.conf "$root/etc/resolv.conf"

# The root must be a mount point: 'ip netns exec' (the join-failure tests) starts with
# 'mount --make-rslave /', which fails with EINVAL on a plain folder.
mountin / --bind "$root"
mountin /proc -t proc proc
mountin /sys -t sysfs sysfs
mountin /dev --bind /dev
mountin /dev/pts --bind /dev/pts
mountin /dev/shm -t tmpfs -o mode=1777 shm
mountin /run -t tmpfs -o mode=0755 run
mkdir -p "$root/run/lock" "$root/run/netns"

stamp "Copying the project to $root/root/gomoku (build folders excluded)"
mkdir -p "$root/root/gomoku"
# -m: the copies get the time of copying, so that a kept build folder rebuilds them. With the
# source's own times, a file changed since the last run could look older than its object file
# (built from the previous copy) and stay unbuilt: stale objects failed tests and crashed.
tar -C "$src" --exclude=./build --exclude=./.git -cf - . | tar -C "$root/root/gomoku" -xmf -
# The public test data beside the project, as in the working tree (../shared/data).
if [[ -d $src/../shared/data ]]; then
  rm -rf "$root/root/shared"; mkdir -p "$root/root/shared"
  cp -r "$src/../shared/data" "$root/root/shared/data"
fi

in_root() {
  chroot "$root" /usr/bin/env -i HOME=/root TERM=dumb LANG=C.UTF-8 \
    PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
    /bin/bash -c 'cd /root/gomoku && "$@"' bash "$@"
}

if (($#)); then
  stamp "In the root: $*"
  rc=0; in_root "$@" || rc=$?
  stamp "exit status $rc"
  exit $rc
fi

stamp "In the root: bash installer/run-linux.sh (until the board is painted)"
# The README's command, unchanged; with no display it runs the app under xvfb-run for good, so
# it runs in a session of its own that is stopped once the app reported its board geometry.
rc=0
in_root bash -c '
  report=/tmp/run-linux-report.txt; : > $report
  setsid bash installer/run-linux.sh --test-report $report > /root/run-linux.log 2>&1 &
  pid=$!
  deadline=$((SECONDS + 7200))  # a safety net only: the build alone can take half an hour
  until grep -q "^GEOMETRY " $report; do
    ((SECONDS < deadline)) || { kill -- -$pid; echo "no board painted after 2 h"; exit 1; }
    kill -0 $pid 2> /dev/null || { cat /root/run-linux.log; echo "run-linux.sh ended before the board was painted"; exit 1; }
    sleep 2
  done
  kill -- -$pid; wait $pid 2> /dev/null || true
  tail -3 /root/run-linux.log; echo "the app started and painted its board: $(grep "^GEOMETRY " $report)"
' || rc=$?
stamp "run-linux.sh: $( ((rc == 0)) && echo PASS || echo "FAIL ($rc)")"
((rc == 0)) || exit $rc

stamp "In the root: bash tests/run-all.sh"
rc=0; in_root bash tests/run-all.sh || rc=$?
stamp "run-all.sh: $( ((rc == 0)) && echo PASS || echo "FAIL ($rc)")"
exit $rc
