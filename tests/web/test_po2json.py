#!/usr/bin/env python3
"""res/po/po2json.py: the page's translations from the .po catalogs (contexts, escapes,
multi-line strings, fuzzy and untranslated entries, the reference filter, bad input)."""

import json
import os
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
TOOL = os.path.join(HERE, "..", "..", "res", "po", "po2json.py")

SAMPLE = r'''# A header comment
msgid ""
msgstr ""
"Content-Type: text/plain; charset=UTF-8\n"

#: res/web/js/app.js:10
msgid "Log in"
msgstr "登录"

#: res/web/js/app.js:11 src/app/mainframe.cpp:20
msgctxt "button"
msgid "Find a match"
msgstr "开始匹配"

#: res/web/js/app.js:12
msgid ""
"Two lines\n"
"and \"quotes\" \\ here"
msgstr ""
"两行\n"
"和“引号” \\ 这里"

#: res/web/js/app.js:13
#, fuzzy
msgid "Fuzzy"
msgstr "模糊"

#: res/web/js/app.js:14
msgid "Untranslated"
msgstr ""

#: src/app/mainframe.cpp:30
msgid "Only in the app"
msgstr "仅应用"

#~ msgid "Old"
#~ msgstr "旧"
'''


class Po2Json(unittest.TestCase):
    def run_tool(self, text, *extra):
        with tempfile.TemporaryDirectory() as d:
            po = os.path.join(d, "x.po")
            out = os.path.join(d, "x.json")
            with open(po, "w", encoding="utf-8") as f:
                f.write(text)
            r = subprocess.run([sys.executable, TOOL, po, out, *extra], capture_output=True,
                               text=True)
            data = None
            if os.path.exists(out):
                self.assertEqual(os.stat(out).st_mode & 0o777, 0o644)
                with open(out, encoding="utf-8") as f:
                    data = json.load(f)
            return r, data

    def test_page_strings_only(self):
        r, data = self.run_tool(SAMPLE, "--only-references", "res/web/")
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(data, {
            "Log in": "登录",
            "button\u0004Find a match": "开始匹配",
            'Two lines\nand "quotes" \\ here': "两行\n和“引号” \\ 这里",
        })

    def test_only_the_templates_strings(self):
        with tempfile.TemporaryDirectory() as d:
            pot = os.path.join(d, "web.pot")
            with open(pot, "w", encoding="utf-8") as f:
                f.write('msgid ""\nmsgstr ""\n\nmsgid "Only in the app"\nmsgstr ""\n\n'
                        'msgctxt "button"\nmsgid "Find a match"\nmsgstr ""\n')
            r, data = self.run_tool(SAMPLE, "--only-msgids", pot)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(data, {"Only in the app": "仅应用", "button\u0004Find a match": "开始匹配"})

    def test_all_strings(self):
        r, data = self.run_tool(SAMPLE)
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertEqual(data["Only in the app"], "仅应用")
        self.assertNotIn("Fuzzy", data)
        self.assertNotIn("Untranslated", data)
        self.assertNotIn("Old", data)
        self.assertNotIn("", data)

    def test_bad_input_is_an_error_and_writes_nothing(self):
        r, data = self.run_tool('msgid "open\nmsgstr "x"\n')
        self.assertNotEqual(r.returncode, 0)
        self.assertIn("po2json:", r.stderr)
        self.assertIsNone(data)

    def test_the_projects_catalogs_convert(self):
        for lang in ("zh_CN", "zh_TW"):
            po = os.path.join(HERE, "..", "..", "res", "po", lang + ".po")
            with open(po, encoding="utf-8") as f:
                r, data = self.run_tool(f.read(), "--only-references", "res/web/")
            self.assertEqual(r.returncode, 0, r.stderr)
            self.assertIsInstance(data, dict)


if __name__ == "__main__":
    unittest.main()
