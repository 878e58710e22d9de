#!/usr/bin/env bash
# Translation check. Usage: i18n_check.sh SOURCE-DIR
# Fails when
#   - a catalog in res/po lacks a string that src/app marks with _() or wxPLURAL(), or the
#     browser page (res/web/js) with _() or N_() (msgcmp
#     against a template made now by xgettext), or has it untranslated or fuzzy;
#   - a catalog does not compile (msgfmt --check: format strings, headers);
#   - res/po/gomoku.pot is out of date (run res/po/update-pot.sh);
#   - src/app hands a bare string literal to a call that shows text to the user (a heuristic:
#     SetStatusText, SetLabel, SetTitle, SetToolTip, SetHint, wxMessageBox, AppendCheckItem,
#     AppendRadioItem, AppendSubMenu, new wxStaticText/wxButton/wxCheckBox/wxRadioButton);
#   - src/app translates a string at namespace scope (a global built before the catalog is
#     loaded stays English: the file dialogs' filters once did);
#   - a Chinese msgstr has a half-width ? ! : ; or , right after a Chinese character.
set -euo pipefail
src=${1:?source dir}
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
status=0
# The template as res/po/update-pot.sh makes it (the app's strings and the browser page's).
bash "$src/res/po/update-pot.sh" --pot "$work/now.pot"
cd "$src/src/app"
if ! diff -q <(grep -v '^#' "$work/now.pot") <(grep -v '^#' "$src/res/po/gomoku.pot") > /dev/null; then
  echo "res/po/gomoku.pot is out of date: run res/po/update-pot.sh and translate the new strings"
  diff <(grep "^msgid" "$work/now.pot") <(grep "^msgid" "$src/res/po/gomoku.pot") | head -20 || true
  status=1
fi
shopt -s nullglob
catalogs=("$src"/res/po/*.po)
((${#catalogs[@]} >= 2)) || { echo "no catalogs in res/po"; exit 1; }
for po in "${catalogs[@]}"; do
  name=$(basename "$po")
  if ! msgcmp --use-untranslated "$po" "$work/now.pot" 2> "$work/cmp.err"; then
    echo "$name lacks strings of src/app:"; head -20 "$work/cmp.err"; status=1
  fi
  stats=$(LC_ALL=C msgfmt --check --statistics -o /dev/null "$po" 2>&1) || { echo "$name: $stats"; status=1; }
  if [[ $stats == *untranslated* || $stats == *fuzzy* ]]; then echo "$name: $stats"; status=1; fi
  echo "$name: $stats"
done
# Bare literals where a translated string belongs.
pattern='(SetStatusText|SetLabel|SetLabelText|SetTitle|SetToolTip|SetHint|wxMessageBox|AppendCheckItem|AppendRadioItem|AppendSubMenu)\(\s*L?"[^"]*[A-Za-z]|new wx(StaticText|Button|CheckBox|RadioButton)\([^;"]*(,\s*|(?<!_)\()L?"[^"]*[A-Za-z]'
if grep -nP "$pattern" -- *.cpp > "$work/bare.txt"; then
  echo "user-visible strings not marked for translation with _():"; cat "$work/bare.txt"; status=1
fi
# Globals translated at load time (namespace scope: declarations start in column 0).
if grep -nPzo '(?m)^(static\s+)?(const\s+)?wx(String|Array\w*)\s+\w+\s*=\s*_\(' -- *.cpp | tr '\0' '\n' > "$work/global.txt" && [[ -s $work/global.txt ]]; then
  echo "translated at namespace scope (before the catalog is loaded; build it when used):"; cat "$work/global.txt"; status=1
fi
# Half-width punctuation after Chinese characters in the Chinese catalogs.
for po in "${catalogs[@]}"; do
  if LC_ALL=C.UTF-8 grep -nP '^msgstr.*[\x{4e00}-\x{9fff}\x{3002}\x{ff09}][?!:;,]' "$po" > "$work/punct.txt"; then
    echo "$(basename "$po"): half-width punctuation after Chinese text (use ？！：；，):"; cat "$work/punct.txt"; status=1
  fi
done
exit $status
