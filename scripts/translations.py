#!/usr/bin/env python3
"""The image browser's translations: extract, merge, compile, check.

    scripts/translations.py update   # po/image-browser.pot from the sources, msgmerge into
                               # po/*.po, compile resources/locale/*/LC_MESSAGES/*.mo
    scripts/translations.py check    # fail unless all of that is current (warn when a
                               # translation is incomplete)

Messages are the string literals passed to tr(), trn() (singular and plural) and N_()
in Sources/ImageBrowser, Sources/ImageBrowserCore and Sources/ImageBrowserPlatform.
xgettext has no Swift parser; its C parser reads Swift's plain string literals, and a
`// TRANSLATORS:` comment above a call reaches the translators. Multi-line literals
(\"\"\"...\"\"\") confuse it, so they are blanked out first (line numbers kept), and a
translated literal with an interpolation (`\\(`) is refused: use a placeholder.
Needs GNU gettext (xgettext, msgmerge, msgfmt, msgunfmt, msgcmp).
"""

import pathlib
import re
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
DOMAIN = "image-browser"
SOURCES = ["Sources/ImageBrowser", "Sources/ImageBrowserCore", "Sources/ImageBrowserPlatform"]
PO = ROOT / "po"
POT = PO / f"{DOMAIN}.pot"
LOCALE = ROOT / "resources" / "locale"

MULTILINE = re.compile(r'"""(.*?)"""', re.S)
INTERPOLATED = re.compile(r'\b(?:tr|trn|N_)\(\s*"(?:[^"\\\n]|\\.)*?\\\(')


def sources():
    files = []
    for folder in SOURCES:
        files += sorted((ROOT / folder).rglob("*.swift"))
    return files


def prepared(work):
    """Copies the sources into `work` with multi-line literals blanked; checks calls."""
    errors = []
    names = []
    for path in sources():
        relative = path.relative_to(ROOT)
        text = path.read_text(encoding="utf-8")
        for match in INTERPOLATED.finditer(text):
            line = text.count("\n", 0, match.start()) + 1
            errors.append(f"{relative}:{line}: interpolation inside a translated string")
        text = MULTILINE.sub(lambda m: '""' + "\n" * m.group(1).count("\n"), text)
        target = work / relative
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text, encoding="utf-8")
        names.append(str(relative))
    if errors:
        sys.exit("\n".join(errors))
    return names


def extract(output):
    with tempfile.TemporaryDirectory() as folder:
        work = pathlib.Path(folder)
        names = prepared(work)
        result = subprocess.run(
            ["xgettext", "--language=C", "--from-code=UTF-8", "--keyword=",
             "--keyword=tr", "--keyword=trn:1,2", "--keyword=N_",
             "--add-comments=TRANSLATORS:", f"--package-name={DOMAIN}",
             "--msgid-bugs-address=", "--add-location=file", "--sort-by-file",
             "-o", str(output)] + names,
            cwd=work, check=True, capture_output=True, text=True)
        # The project has no address for reports: drop xgettext's note about it.
        noise = ("--msgid-bugs-address", "Makevars", "MSGID_BUGS_ADDRESS", "specify an")
        for line in result.stderr.splitlines():
            if not any(word in line for word in noise):
                print(line, file=sys.stderr)
    # xgettext writes CHARSET in an empty template; the messages are UTF-8.
    text = output.read_text(encoding="utf-8").replace("charset=CHARSET", "charset=UTF-8")
    output.write_text(text, encoding="utf-8")


def without_date(text):
    return re.sub(r'"POT-Creation-Date: .*\\n"\n', "", text)


def mo_path(po):
    return LOCALE / po.stem / "LC_MESSAGES" / f"{DOMAIN}.mo"


def catalogues():
    return sorted(PO.glob("*.po"))


def compile_po(po, mo):
    mo.parent.mkdir(parents=True, exist_ok=True)
    subprocess.run(["msgfmt", "--check", "-o", str(mo), str(po)], check=True)


def decompiled(mo):
    return subprocess.run(["msgunfmt", str(mo)], check=True, capture_output=True,
                          text=True).stdout


def update():
    extract(POT)
    for po in catalogues():
        subprocess.run(["msgmerge", "--quiet", "--update", "--backup=none", str(po), str(POT)],
                       check=True)
        compile_po(po, mo_path(po))
        print(f"{po.relative_to(ROOT)} -> {mo_path(po).relative_to(ROOT)}")


def check():
    problems = []
    with tempfile.TemporaryDirectory() as folder:
        work = pathlib.Path(folder)
        fresh = work / "fresh.pot"
        extract(fresh)
        if without_date(fresh.read_text(encoding="utf-8")) != without_date(
                POT.read_text(encoding="utf-8")):
            problems.append(f"{POT.relative_to(ROOT)} is not current")
        for po in catalogues():
            name = po.relative_to(ROOT)
            if subprocess.run(["msgcmp", "--use-untranslated", str(po), str(fresh)],
                              capture_output=True).returncode != 0:
                problems.append(f"{name} lacks messages of the template")
            stats = subprocess.run(
                ["msgfmt", "--check", "--statistics", "-o", "/dev/null", str(po)],
                capture_output=True, text=True)
            if stats.returncode != 0:
                problems.append(f"{name}: {stats.stderr.strip()}")
            elif "untranslated" in stats.stderr or "fuzzy" in stats.stderr:
                # New messages show in English until translated: a warning, not a failure.
                print(f"warning: {name} is incomplete: {stats.stderr.strip()}")
            compiled = work / f"{po.stem}.mo"
            compile_po(po, compiled)
            mo = mo_path(po)
            if not mo.exists() or decompiled(mo) != decompiled(compiled):
                problems.append(f"{mo.relative_to(ROOT)} is not compiled from {name}")
    if problems:
        sys.exit("\n".join(problems) + "\nrun: scripts/translations.py update (make locale)")
    print("translations are current and complete")


if __name__ == "__main__":
    command = sys.argv[1] if len(sys.argv) > 1 else ""
    if command == "update":
        update()
    elif command == "check":
        check()
    else:
        sys.exit(__doc__)
