#!/usr/bin/env bash
# Installs the Debian 12 packages Gomoku needs. Run as root.
#   installer/deps.sh          build and run the app
#   installer/deps.sh --test   also what the tests need (Xvfb, screenshots, GoogleTest, benchmarks)
set -euo pipefail

packages=(
  cmake g++ make pkg-config
  libwxgtk3.2-dev     # wxWidgets 3.2 (GTK 3): the GUI
  libboost-dev        # Boost.Asio (header-only): the network
  libcli11-dev        # CLI11: gomoku-cli's command line
  fonts-dejavu-core   # a font for the board coordinates
)
if [[ ${1:-} == --test ]]; then
  packages+=(
    googletest libgtest-dev libgmock-dev  # GoogleTest
    libbenchmark-dev                      # Google Benchmark (tests/bench)
    xvfb xauth                            # GUI tests under xvfb-run
    imagemagick                           # screenshots of the GUI tests (import)
    xdotool                               # GUI tests click on the board like a user
    iproute2                              # network namespaces for the join-failure tests
    clang libclang-rt-14-dev              # libFuzzer targets (tests/fuzz)
  )
fi

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q '^install ok installed$' || missing+=("$p")
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
