#!/usr/bin/env bash
# Regenerates res/po/gomoku.pot from the strings marked with _(), wxPLURAL() and
# wxGETTEXT_IN_CONTEXT() in src/app, and with _() and N_() in the browser page's modules
# (res/web/js: their references start with res/web/, which is what the build's po2json.py keeps
# for the page), and merges it into each catalog (new strings appear untranslated, to be
# filled in). One catalog per language: a string shared by the app and the page is translated
# once.
#   res/po/update-pot.sh          pot and catalogs
#   res/po/update-pot.sh --pot F  only the template, written to F (tests/gui/i18n_check.sh)
set -euo pipefail
shopt -s nullglob
here=$(cd "$(dirname "$0")" && pwd)
pot=$here/gomoku.pot
[[ ${1:-} == --pot ]] && pot=$(realpath -m "${2:?file}")
src=$(cd "$here/../../src/app" && pwd)
cd "$src"
xgettext --from-code=UTF-8 --language=C++ --keyword=_ --keyword=wxPLURAL:1,2 \
  --keyword=wxGETTEXT_IN_CONTEXT:1c,2 --keyword=wxTRANSLATE --keyword=N_ \
  --add-comments=TRANSLATORS: --package-name=Gomoku \
  --sort-by-file --add-location=file --no-wrap -o "$pot" -- *.cpp *.h
root=$(cd "$here/../.." && pwd)
web=$(mktemp)
trap 'rm -f "$web"' EXIT
(cd "$root" && xgettext --from-code=UTF-8 --language=JavaScript --keyword=_ --keyword=N_ \
  --package-name=Gomoku --sort-by-file --add-location=file --no-wrap -o "$web" -- res/web/js/*.js)
msgcat --use-first --sort-by-file --add-location=file --no-wrap -o "$pot" "$pot" "$web"
sed -i '/^"POT-Creation-Date:/d' "$pot"   # keeps the file stable between runs
[[ $pot != "$here/gomoku.pot" ]] && exit 0
for po in "$here"/*.po; do
  msgmerge --quiet --update --backup=none --no-fuzzy-matching --no-wrap "$po" "$here/gomoku.pot"
done
