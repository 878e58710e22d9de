#!/usr/bin/env bash
# Windows cross-build dependencies, on Debian 12. Run as root (it installs packages).
#
#   installer/deps-windows.sh            packages + cross libraries (idempotent)
#   installer/deps-windows.sh --print    print the prefix of the cross libraries and exit
#
# 1. Debian packages: mingw-w64 (posix thread model: std::thread), NSIS (amd64-unicode
#    stubs), 64-bit Wine, Xvfb and the tools of installer/wine-test.sh.
# 2. Static MinGW-w64 libraries built once from Debian's own source packages into a cache
#    folder outside the clone, keyed by their versions:
#      $GOMOKU_MINGW_CACHE (default /var/cache/gomoku-mingw)/<key>/{include,lib,bin}
#    libpng (zlib is Debian's libz-mingw-w64-dev) and wxWidgets for MSW with only what the
#    app uses. A second run finds <key>/.complete and does nothing.
#    Expat is not built: the app uses no XML, so wxWidgets is configured without it.
# Boost.Asio and CLI11 are header-only: <key>/hdr holds only links to Debian's boost/ and
# CLI/ headers (never all of /usr/include on a Windows include path).
set -euo pipefail

CACHE=${GOMOKU_MINGW_CACHE:-/var/cache/gomoku-mingw}
HOST=x86_64-w64-mingw32
# Pinned source versions (the newest security releases' tarballs may be missing on the mirror).
WX_VERSION=3.2.2+dfsg-2
PNG_VERSION=1.6.39-2+deb12u5
KEY="wx-${WX_VERSION}_png-${PNG_VERSION}_1"
PREFIX="$CACHE/$KEY"

if [[ ${1:-} == --print ]]; then
  echo "$PREFIX"
  exit 0
fi

packages=(
  g++-mingw-w64-x86-64-posix binutils-mingw-w64-x86-64 # cross compilers (posix threads)
  libz-mingw-w64-dev                                   # zlib for MinGW-w64
  libboost-dev libcli11-dev                            # header-only: Asio, CLI11
  cmake make pkg-config g++ dpkg-dev                   # builds, apt-get source
  nsis                                                 # the installer
  gettext wx3.2-i18n                                   # our catalogs (msgfmt), wxWidgets' own
  wine64 xvfb xauth xdotool imagemagick fonts-noto-cjk # the Wine test (Chinese screenshot)
)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep '^install ok installed$' >/dev/null || missing+=("$p")
done
need_src=0
[[ -f $PREFIX/.complete ]] || need_src=1
if ((${#missing[@]})) || ((need_src)); then
  if [[ $(id -u) != 0 ]]; then
    echo "deps-windows.sh: run as root (missing packages: ${missing[*]:-none}; cache: $PREFIX)" >&2
    exit 1
  fi
fi
export DEBIAN_FRONTEND=noninteractive
need_update=${#missing[@]}
if ((need_src)); then
  # Source packages need deb-src in the Types: lines (and fresh source lists).
  src=/etc/apt/sources.list.d/debian.sources
  if [[ -f $src ]] && grep -q '^Types: deb$' "$src"; then
    sed -i 's/^Types: deb$/Types: deb deb-src/' "$src"
  fi
  need_update=1
fi
((need_update)) && apt-get update -q
if ((${#missing[@]})); then
  echo "Installing: ${missing[*]}"
  apt-get install -y -q --no-install-recommends "${missing[@]}"
fi
((need_src)) || {
  echo "Cross libraries up to date: $PREFIX"
  exit 0
}

started=$SECONDS
jobs=${GOMOKU_JOBS:-$(nproc)}
work="$CACHE/src-$KEY"
rm -rf "$work" "$PREFIX"
mkdir -p "$work" "$PREFIX"/{include,lib,hdr}
cd "$work"
apt-get source -q --download-only "wxwidgets3.2=$WX_VERSION" "libpng1.6=$PNG_VERSION"
# Unpack as an ordinary user would (apt-get source refuses to unpack as root without _apt).
for dsc in *.dsc; do dpkg-source -q -x "$dsc"; done

export PATH="$PREFIX/bin:$PATH"
cflags="-O2 -g0"
# The -posix compilers: std::thread needs the posix thread model.
export CC=$HOST-gcc-posix CXX=$HOST-g++-posix

echo "== libpng $PNG_VERSION"
(
  cd libpng1.6-*/
  ./configure -q --host=$HOST --prefix="$PREFIX" --disable-shared --enable-static \
    CFLAGS="$cflags" CPPFLAGS="-I$PREFIX/include"
  nice -n 10 make -s -j"$jobs"
  make -s install
)

echo "== wxWidgets $WX_VERSION (MSW, static)"
mkdir -p wx-build
(
  cd wx-build
  # Only what the app uses: core + base (+ adv, merged into core in 3.2), PNG, zlib.
  ../wxwidgets3.2-*/configure -q --host=$HOST --prefix="$PREFIX" \
    --with-msw --disable-shared --enable-unicode \
    --with-regex=builtin --with-zlib=sys --with-libpng=sys \
    --without-libjpeg --without-libtiff --without-expat --without-liblzma --without-libcurl \
    --without-opengl --disable-xrc --disable-html --disable-htmlhelp \
    --disable-aui --disable-stc --disable-richtext --disable-ribbon --disable-propgrid \
    --disable-webview --disable-mediactrl --disable-webrequest --disable-sockets --disable-ipc \
    --disable-protocols --disable-url --disable-fs_inet --disable-debugreport \
    --disable-help --disable-mshtmlhelp --disable-sound --disable-joystick \
    --disable-tests --disable-precomp-headers \
    CFLAGS="$cflags" CXXFLAGS="$cflags" CPPFLAGS="-I$PREFIX/include" LDFLAGS="-L$PREFIX/lib"
  nice -n 10 make -j"$jobs"
  make install
)

# Header-only libraries: links to Debian's headers, nothing else of /usr/include.
ln -sfn /usr/include/boost "$PREFIX/hdr/boost"
ln -sfn /usr/include/CLI "$PREFIX/hdr/CLI"
mkdir -p "$PREFIX/lib/cmake/CLI11"
cat >"$PREFIX/lib/cmake/CLI11/CLI11Config.cmake" <<'EOF'
# CLI11 (header-only) for the MinGW-w64 build: only the prefix's hdr/ folder (a CLI/ link).
if(NOT TARGET CLI11::CLI11)
  add_library(CLI11::CLI11 INTERFACE IMPORTED)
  set_target_properties(CLI11::CLI11 PROPERTIES
    INTERFACE_INCLUDE_DIRECTORIES "${CMAKE_CURRENT_LIST_DIR}/../../../hdr")
endif()
EOF

rm -rf "$work"
touch "$PREFIX/.complete"
echo "Cross libraries built in $((SECONDS - started)) s: $PREFIX"
