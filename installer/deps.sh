#!/usr/bin/env bash
# Installs the Debian 12 packages Gomoku needs. Run as root.
#   installer/deps.sh          build and run the app
#   installer/deps.sh --test   also what the tests need (Xvfb, screenshots, GoogleTest, benchmarks)
set -euo pipefail

packages=(
  cmake g++ make pkg-config
  libwxgtk3.2-dev     # wxWidgets 3.2 (GTK 3): the GUI
  libboost-dev        # Boost.Asio (header-only): the network
  libcli11-dev        # CLI11: the command lines, and gomoku-server's config file (TOML/INI)
  libsodium-dev       # gomoku-server: argon2id password hashes, random tokens
  libsqlite3-dev      # gomoku-server: the embedded database (default)
  libpq-dev libpqxx-dev  # gomoku-server: PostgreSQL (--db postgresql://...)
  libhiredis-dev      # gomoku-server: Redis, where a cluster's nodes keep who is signed in where
  libutf8proc-dev     # gomoku-server: account names compared after NFKC and case folding
  libspdlog-dev       # gomoku-server: its log on stderr (levels, timestamps)
  libssl-dev          # TLS between the online clients and gomoku-server
  libavahi-client-dev # games on the local network: DNS-SD through the system's Avahi daemon
  fonts-dejavu-core   # a font for the board coordinates
  gettext             # msgfmt compiles the translations (res/po) at build time
  python3             # res/po/po2json.py: the browser page's translations at build time
  wx3.2-i18n          # wxWidgets' own texts (OK, Cancel, file dialogs) in Chinese
)
if [[ ${1:-} == --test ]]; then
  packages+=(
    googletest libgtest-dev libgmock-dev  # GoogleTest
    libbenchmark-dev                      # Google Benchmark (tests/bench)
    xvfb xauth                            # GUI tests under xvfb-run
    imagemagick                           # screenshots of the GUI tests (import)
    xdotool                               # GUI tests click on the board like a user
    x11-utils                             # xdpyinfo, xwininfo: screen size, window stacking
    procps                                # pkill, pgrep (the .deb test stops the app it started)
    iproute2                              # network namespaces for the join-failure tests
    avahi-daemon avahi-utils dbus-daemon  # LAN discovery tests: a daemon and bus per namespace
    stress-ng                             # tests/stress.sh keeps the cores busy
    clang libclang-rt-14-dev              # libFuzzer targets (tests/fuzz)
    locales fonts-noto-cjk                # GUI tests in Chinese (zh_CN, zh_TW) with a CJK font
    dpkg-dev file                         # the .deb test (CPack, dpkg-deb)
    postgresql                            # gomoku-server's storage tests start a real one
    redis-server redis-tools haproxy      # and its cluster tests a real Redis and HAProxy
    nodejs                                # the browser page's modules under test (node --test)
    chromium chromium-driver python3-selenium  # the browser tests drive a real Chromium
  )
fi

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep '^install ok installed$' >/dev/null || missing+=("$p")
done
if ((${#missing[@]})); then
  if [[ $(id -u) != 0 ]]; then
    echo "Missing packages: ${missing[*]}" >&2
    echo "Run this script as root (or: sudo apt-get install ${missing[*]})." >&2
    exit 1
  fi
  echo "Installing: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update
  apt-get install -y --no-install-recommends "${missing[@]}"
fi

# The GUI language tests start the app with LANG=zh_CN.UTF-8 and zh_TW.UTF-8.
if [[ ${1:-} == --test ]]; then
  need=()
  for l in zh_CN zh_TW; do
    locale -a 2>/dev/null | grep -ix "$l.utf8" >/dev/null || need+=("$l")
  done
  if ((${#need[@]})); then
    if [[ $(id -u) != 0 ]]; then
      echo "Missing locales: ${need[*]} (run this script as root to generate them)" >&2
      exit 1
    fi
    for l in "${need[@]}"; do
      sed -i -E "s/^# *($l\.UTF-8 UTF-8)/\1/" /etc/locale.gen
      grep -qx "$l.UTF-8 UTF-8" /etc/locale.gen || echo "$l.UTF-8 UTF-8" >> /etc/locale.gen
    done
    locale-gen
  fi
fi
