#!/usr/bin/env bash
# Regenerates res/po/gomoku.pot from the strings marked with _(), wxPLURAL() and
# wxGETTEXT_IN_CONTEXT() in src/app, and merges it into each catalog (new strings appear
# untranslated, to be filled in).
#   res/po/update-pot.sh          pot and catalogs
set -euo pipefail
shopt -s nullglob
here=$(cd "$(dirname "$0")" && pwd)
src=$(cd "$here/../../src/app" && pwd)
cd "$src"
xgettext --from-code=UTF-8 --language=C++ --keyword=_ --keyword=wxPLURAL:1,2 \
  --keyword=wxGETTEXT_IN_CONTEXT:1c,2 --keyword=wxTRANSLATE --keyword=N_ \
  --add-comments=TRANSLATORS: --package-name=Gomoku \
  --sort-by-file --add-location=file --no-wrap -o "$here/gomoku.pot" -- *.cpp *.h
sed -i '/^"POT-Creation-Date:/d' "$here/gomoku.pot"   # keeps the file stable between runs
for po in "$here"/*.po; do
  msgmerge --quiet --update --backup=none --no-fuzzy-matching --no-wrap "$po" "$here/gomoku.pot"
done
