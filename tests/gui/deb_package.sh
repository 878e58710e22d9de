#!/usr/bin/env bash
# The Debian package: CPack builds gomoku_<version>_<arch>.deb from BUILD-DIR; its metadata and
# file list are checked with dpkg-deb, the unpacked program is started, and (as root) the package
# is installed with dpkg, the installed program started in Chinese, and the package purged.
# Usage: deb_package.sh BUILD-DIR [OUTPUT-DIR]
set -euo pipefail
build=${1:?build dir}
out=${2:-$build/package}
command -v dpkg-deb > /dev/null || { echo "dpkg-deb is missing (Debian/Ubuntu only)"; exit 1; }
rm -rf "$out"; mkdir -p "$out"
(cd "$build" && cpack -G DEB -B "$out" > "$out/cpack.log" 2>&1) || { cat "$out/cpack.log"; exit 1; }
deb=$(ls "$out"/gomoku_*.deb)
echo "package: $deb ($(du -k "$deb" | cut -f1) KiB)"
fail() { echo "FAIL: $*"; exit 1; }
# wait_painted REPORT PID: until the app has painted its board (a GEOMETRY line in REPORT) or
# has ended (xvfb-run's own 60 s timeout is the safety net); a slow start is not a failure.
wait_painted() {
  until grep -q '^GEOMETRY ' "$1"; do kill -0 "$2" 2> /dev/null || return 0; sleep 0.1; done
}
info=$(dpkg-deb --info "$deb")
grep -q '^ Package: gomoku$' <<< "$info" || fail "package name: $info"
grep -q '^ Section: games$' <<< "$info" || fail "section: $info"
grep -Eq '^ Depends: .*libwxgtk3\.2' <<< "$info" || fail "no dependency on wxWidgets: $info"
files=$(dpkg-deb --contents "$deb" | awk '{print $6}')
for f in ./usr/bin/gomoku ./usr/bin/gomoku-cli ./usr/bin/pbrain-gomoku ./usr/bin/gomoku-server \
         ./usr/lib/systemd/system/gomoku-server.service \
         ./usr/share/applications/gomoku.desktop ./usr/share/metainfo/gomoku.metainfo.xml \
         ./usr/share/locale/zh_CN/LC_MESSAGES/gomoku.mo ./usr/share/locale/zh_TW/LC_MESSAGES/gomoku.mo \
         ./usr/share/gomoku/res/board.png ./usr/share/gomoku/res/stone-black-64.png \
         ./usr/share/gomoku/web/index.html ./usr/share/gomoku/web/js/protocol.js \
         ./usr/share/gomoku/web/img/stone-black-64.png ./usr/share/gomoku/web/i18n/zh_CN.json; do
  grep -qx "$f" <<< "$files" || fail "$f is not in the package"
done
for size in 16 32 48 64 128 256; do
  grep -qx "./usr/share/icons/hicolor/${size}x${size}/apps/gomoku.png" <<< "$files" ||
    fail "no ${size}x${size} icon"
done
# Unpacked: the desktop entry and the metadata are valid, and the installed layout finds its
# files (the program looks in <bin>/../share/gomoku/res and <bin>/../share/locale).
root="$out/root"; dpkg-deb --extract "$deb" "$root"
if command -v desktop-file-validate > /dev/null; then
  desktop-file-validate "$root/usr/share/applications/gomoku.desktop" || fail "desktop entry"
fi
if command -v appstreamcli > /dev/null; then
  # Errors fail; warnings (e.g. the id "gomoku" is not reverse-DNS) are shown only.
  check=$(appstreamcli validate --no-net "$root/usr/share/metainfo/gomoku.metainfo.xml" 2>&1) || true
  echo "$check"
  ! grep -q '^E:' <<< "$check" || fail "AppStream metadata"
fi
"$root/usr/bin/gomoku-cli" --version > /dev/null 2>&1 || "$root/usr/bin/gomoku-cli" --help > /dev/null ||
  fail "the packaged gomoku-cli does not run"
msgunfmt "$root/usr/share/locale/zh_CN/LC_MESSAGES/gomoku.mo" > "$out/zh_CN.po"
grep -q '认输' "$out/zh_CN.po" || fail "zh_CN catalog"
# The unpacked program finds its translations and images relative to itself (as installed in
# /usr): started in Chinese under Xvfb it reports the zh_CN catalog.
if command -v xvfb-run > /dev/null && locale -a 2>/dev/null | grep -ix zh_CN.utf8 >/dev/null; then
  report="$out/installed-report.txt"; : > "$report"
  LANG=zh_CN.UTF-8 LANGUAGE= LC_ALL= timeout 60 xvfb-run -a "$root/usr/bin/gomoku" \
    --config "$out/installed.ini" --test-report "$report" --local > "$out/installed.log" 2>&1 &
  app=$!
  wait_painted "$report" "$app"
  kill "$app" 2>/dev/null || true; wait "$app" 2>/dev/null || true
  grep -qx 'LANGUAGE zh_CN 五子棋 认输' "$report" ||
    fail "the unpacked gomoku did not load its zh_CN catalog: $(cat "$report" "$out/installed.log")"
fi
# Installed for real (as root, with dpkg, when no other gomoku package is there): the package's
# dependencies are met, the menu entry and icons land in /usr/share, the installed program
# starts from the menu entry's command in Chinese, and removing the package leaves nothing.
if [[ $EUID == 0 ]] && command -v dpkg > /dev/null && ! dpkg-query -W gomoku > /dev/null 2>&1; then
  trap 'dpkg --purge gomoku > /dev/null 2>&1 || true' EXIT
  apt-get install --simulate "$deb" > "$out/apt-simulate.log" 2>&1 ||
    fail "apt cannot install the package: $(tail -5 "$out/apt-simulate.log")"
  dpkg -i "$deb" > "$out/dpkg-install.log" 2>&1 || fail "dpkg -i: $(cat "$out/dpkg-install.log")"
  [[ $(dpkg-query -W -f '${Status}' gomoku) == 'install ok installed' ]] || fail "not installed"
  # The server's service: its system user exists, the unit is installed and left disabled.
  getent passwd gomoku > /dev/null || fail "postinst did not create the gomoku user"
  [[ -f /usr/lib/systemd/system/gomoku-server.service ]] || fail "no gomoku-server.service"
  [[ ! -e /etc/systemd/system/multi-user.target.wants/gomoku-server.service ]] ||
    fail "gomoku-server.service is enabled at install"
  if command -v systemd-analyze > /dev/null; then
    systemd-analyze verify /usr/lib/systemd/system/gomoku-server.service > "$out/unit.log" 2>&1 ||
      fail "the unit does not verify: $(cat "$out/unit.log")"
  fi
  /usr/bin/gomoku-server --help > /dev/null || fail "the installed gomoku-server does not run"
  # The installed server finds the installed browser page by itself.
  mkfifo "$out/server.fifo"
  XDG_DATA_HOME="$out/server-data" /usr/bin/gomoku-server --port 0 --listen 127.0.0.1 \
    --db "$out/server.db" 2> "$out/server.fifo" &
  server=$!
  exec {server_fd}< "$out/server.fifo"
  web_port=
  while IFS= read -r -t 30 l <&"$server_fd"; do
    echo "$l" >> "$out/server.log"
    if [[ $l =~ web\ listening\ on\ port\ ([0-9]+)\ \(page:\ /usr/share/gomoku/web\) ]]; then
      web_port=${BASH_REMATCH[1]}; break
    fi
  done
  cat <&"$server_fd" >> "$out/server.log" &   # keep reading its log: it writes one per request
  [[ -n $web_port ]] || { kill "$server"; fail "the installed server has no page: $(cat "$out/server.log")"; }
  page=$(python3 -c 'import sys, urllib.request; print(urllib.request.urlopen(sys.argv[1], timeout=10).read().decode())' \
    "http://127.0.0.1:$web_port/") || { kill "$server"; fail "the installed page does not load"; }
  kill "$server"; wait "$server" 2>/dev/null || true
  grep -qi '<script type="module"' <<< "$page" || fail "the installed page is not the browser client"
  entry=/usr/share/applications/gomoku.desktop
  [[ -f $entry && -f /usr/share/icons/hicolor/48x48/apps/gomoku.png ]] || fail "no menu entry or icon"
  exec_line=$(sed -n 's/^Exec=//p' "$entry" | head -n1)
  command=$(command -v "${exec_line%% *}") || fail "the menu entry's command '$exec_line' is not in PATH"
  [[ $command == /usr/bin/gomoku ]] || fail "the menu entry runs $command"
  if command -v xvfb-run > /dev/null && locale -a 2>/dev/null | grep -ix zh_CN.utf8 >/dev/null; then
    report="$out/system-report.txt"; : > "$report"
    (cd / && LANG=zh_CN.UTF-8 LANGUAGE= LC_ALL= timeout 60 xvfb-run -a "$command" \
      --config "$out/system.ini" --test-report "$report" --local > "$out/system.log" 2>&1) &
    app=$!
    wait_painted "$report" "$app"
    pkill -f -- "--test-report $report" 2>/dev/null || true; wait "$app" 2>/dev/null || true
    grep -qx 'LANGUAGE zh_CN 五子棋 认输' "$report" ||
      fail "the installed /usr/bin/gomoku did not start in Chinese: $(cat "$report" "$out/system.log")"
    grep -q '^GEOMETRY ' "$report" || fail "the installed program shows no board"
  fi
  dpkg --purge gomoku > "$out/dpkg-purge.log" 2>&1 || fail "dpkg --purge: $(cat "$out/dpkg-purge.log")"
  trap - EXIT
  [[ ! -e /usr/bin/gomoku && ! -e $entry && ! -d /usr/share/gomoku ]] || fail "the purge left files"
  echo "installed with dpkg, started from the menu entry's command, purged"
else
  echo "NOTE: the package was not installed (needs root, dpkg and no other gomoku package)"
fi
echo "PASS: $deb"
