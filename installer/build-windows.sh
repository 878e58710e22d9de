#!/usr/bin/env bash
# Builds the Windows installer on Debian 12:  installer/build-windows.sh
#   -> build/win/Gomoku-<version>-win64-setup.exe  (version: project(VERSION) in CMakeLists.txt)
#
# First run (as root): installs the packages and builds the cross libraries into
# $GOMOKU_MINGW_CACHE (default /var/cache/gomoku-mingw), see installer/deps-windows.sh.
# Later runs reuse that cache and take minutes.
# GOMOKU_WIN_BUILD (default build/win) is the build folder.
set -euo pipefail
cd "$(dirname "$0")/.."
build=${GOMOKU_WIN_BUILD:-build/win}
jobs=${GOMOKU_JOBS:-$(nproc)}

bash installer/deps-windows.sh
prefix=$(bash installer/deps-windows.sh --print)

nice -n 10 cmake -S . -B "$build" -DCMAKE_TOOLCHAIN_FILE="$PWD/installer/mingw-w64.cmake" \
  -DGOMOKU_MINGW_PREFIX="$prefix" -DCMAKE_BUILD_TYPE=Release -DGOMOKU_WERROR=ON \
  -DGOMOKU_BUILD_TESTS=OFF -DGOMOKU_BUILD_BENCH=OFF
nice -n 10 cmake --build "$build" -j"$jobs" --target gomoku gomoku-cli pbrain-gomoku
nice -n 10 cmake --build "$build" -j"$jobs" --target installer

# Only system DLLs may be imported: everything else is linked in statically.
for exe in "$build/src/app/gomoku.exe" "$build/src/cli/gomoku-cli.exe" "$build/src/ai/pbrain-gomoku.exe"; do
  dlls=$(x86_64-w64-mingw32-objdump -p "$exe" | sed -n 's/^\s*DLL Name: //p' | tr 'A-Z' 'a-z' | sort -u)
  bad=$(grep -Ev '^(kernel32|user32|gdi32|comdlg32|comctl32|advapi32|shell32|shlwapi|ole32|oleaut32|uuid|winspool|winmm|version|rpcrt4|ws2_32|mswsock|uxtheme|oleacc|imm32|msvcrt|dwmapi|gdiplus|msimg32|crypt32|bcrypt|wininet|usp10|iphlpapi|dbghelp|userenv|secur32|ntdll|api-ms-win-.*)\.dll$|^winspool\.drv$' <<<"$dlls" || true)
  if [[ -n $bad ]]; then
    echo "build-windows.sh: $exe imports non-system DLLs: $bad" >&2
    exit 1
  fi
done
version=$(sed -n 's/^CMAKE_PROJECT_VERSION:STATIC=//p' "$build/CMakeCache.txt")
setup="$build/Gomoku-$version-win64-setup.exe"
[[ -s $setup ]] || { echo "build-windows.sh: $setup was not made" >&2; exit 1; }
echo "Windows installer: $setup ($(du -h "$setup" | cut -f1))"
