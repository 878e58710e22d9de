#!/usr/bin/env python3
"""Converts a gettext catalog (.po) into the browser page's translation table (JSON):
{"msgid": "msgstr", ...}, with "msgctxt\\u0004msgid" keys for entries that have a context.

    po2json.py INPUT.po OUTPUT.json [--only-references PREFIX] [--only-msgids TEMPLATE.pot]

Only translated entries are written (no fuzzy ones, no empty msgstr, no header, no obsolete
"#~" entries); with --only-references, only entries whose "#:" references include a path
starting with PREFIX; with --only-msgids, only the messages of TEMPLATE (the page's own
strings, extracted from res/web/js at build time: a string the app shares keeps the app's
references in the catalog). The output is written atomically.
Plural entries (msgid_plural) are left out: the page has none.
"""

import json
import os
import sys
import tempfile

ESCAPES = {"n": "\n", "t": "\t", "r": "\r", '"': '"', "\\": "\\", "a": "\a", "b": "\b",
           "f": "\f", "v": "\v"}


def unquote(text, where):
    text = text.strip()
    if len(text) < 2 or text[0] != '"' or text[-1] != '"':
        raise ValueError(f"{where}: expected a quoted string, got {text!r}")
    out, i, body = [], 0, text[1:-1]
    while i < len(body):
        c = body[i]
        if c == "\\":
            i += 1
            if i >= len(body) or body[i] not in ESCAPES:
                raise ValueError(f"{where}: bad escape in {text!r}")
            out.append(ESCAPES[body[i]])
        else:
            out.append(c)
        i += 1
    return "".join(out)


def entries(lines, name):
    """Yields dicts: refs, flags, msgctxt, msgid, msgid_plural, msgstr."""
    cur = None
    field = None

    def fresh():
        return {"refs": [], "flags": [], "msgctxt": None, "msgid": None, "msgid_plural": None,
                "msgstr": None}

    for n, raw in enumerate(lines, 1):
        where = f"{name}:{n}"
        line = raw.rstrip("\n")
        if not line.strip():
            if cur and cur["msgid"] is not None:
                yield cur
            cur, field = None, None
            continue
        if cur is None:
            cur = fresh()
        if line.startswith("#~"):
            continue  # obsolete
        if line.startswith("#:"):
            cur["refs"] += line[2:].split()
        elif line.startswith("#,"):
            cur["flags"] += [f.strip() for f in line[2:].split(",")]
        elif line.startswith("#"):
            continue
        elif line.startswith('"'):
            if field is None:
                raise ValueError(f"{where}: a continuation line without a keyword")
            cur[field] += unquote(line, where)
        else:
            key, _, rest = line.partition(" ")
            if key.startswith("msgstr["):
                key = "msgstr"  # plural forms: kept only to skip the entry below
            if key not in ("msgctxt", "msgid", "msgid_plural", "msgstr"):
                raise ValueError(f"{where}: unknown keyword {key!r}")
            if key in ("msgctxt", "msgid") and cur[key] is not None and cur["msgstr"] is not None:
                yield cur  # an entry without a blank line before the next
                cur = fresh()
            cur[key] = unquote(rest, where)
            field = key
    if cur and cur["msgid"] is not None:
        yield cur


def keys_of(pot_path):
    with open(pot_path, encoding="utf-8") as f:
        lines = f.readlines()
    return {e["msgid"] if e["msgctxt"] is None else e["msgctxt"] + "\u0004" + e["msgid"]
            for e in entries(lines, pot_path) if e["msgid"]}


def convert(po_path, only_prefix=None, only_keys=None):
    with open(po_path, encoding="utf-8") as f:
        lines = f.readlines()
    table = {}
    for e in entries(lines, po_path):
        if not e["msgid"] or not e["msgstr"] or "fuzzy" in e["flags"] or e["msgid_plural"]:
            continue
        if only_prefix is not None and not any(r.startswith(only_prefix) for r in e["refs"]):
            continue
        key = e["msgid"] if e["msgctxt"] is None else e["msgctxt"] + "\u0004" + e["msgid"]
        if only_keys is not None and key not in only_keys:
            continue
        table[key] = e["msgstr"]
    return table


def main(argv):
    args = argv[1:]
    prefix = None
    if "--only-references" in args:
        i = args.index("--only-references")
        prefix = args[i + 1]
        del args[i:i + 2]
    keys_from = None
    if "--only-msgids" in args:
        i = args.index("--only-msgids")
        keys_from = args[i + 1]
        del args[i:i + 2]
    if len(args) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    try:
        table = convert(args[0], prefix, keys_of(keys_from) if keys_from else None)
    except (OSError, ValueError, UnicodeDecodeError) as e:
        print(f"po2json: {e}", file=sys.stderr)
        return 1
    out = args[1]
    fd, tmp = tempfile.mkstemp(dir=os.path.dirname(os.path.abspath(out)), suffix=".tmp")
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        json.dump(table, f, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
        f.write("\n")
    os.chmod(tmp, 0o644)  # readable by the server, as any installed file
    os.replace(tmp, out)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
