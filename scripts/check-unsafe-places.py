#!/usr/bin/env python3
"""Checks that Swift code handing objects to C lives where Docs/Development.md says.

The table under "Where `Unmanaged` and `@convention(c)` live" names files and folders
(a path ending in `/`). Every Swift file under Sources/ that uses `Unmanaged`,
`@convention(c)` or `@_silgen_name` must be one of them or lie in one of the folders, and
every path the table names must exist. Generated code is checked like the rest.
"""
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
DOC = ROOT / "Docs" / "Development.md"
HEADING = "### Where `Unmanaged` and `@convention(c)` live"
PATTERN = re.compile(r"\bUnmanaged\b|@convention\(c\)|@_silgen_name")


def allowed_paths():
    """The paths in the first column of the section's table."""
    text = DOC.read_text()
    if HEADING not in text:
        sys.exit(f"{DOC}: the section {HEADING!r} is missing")
    section = text.split(HEADING, 1)[1].split("\n#", 1)[0]
    paths = []
    for line in section.splitlines():
        cells = line.split("|")
        if len(cells) < 3 or not cells[1].strip().startswith("`"):
            continue
        paths += re.findall(r"`(Sources/[^`]+)`", cells[1])
    return paths


def main():
    problems = []
    paths = allowed_paths()
    for path in paths:
        if not (ROOT / path).exists():
            problems.append(f"{DOC.relative_to(ROOT)}: names {path}, which does not exist")
    folders = [p for p in paths if p.endswith("/")]
    files = {p for p in paths if not p.endswith("/")}
    for source in sorted((ROOT / "Sources").rglob("*.swift")):
        relative = source.relative_to(ROOT).as_posix()
        if relative in files or any(relative.startswith(f) for f in folders):
            continue
        for number, line in enumerate(source.read_text().splitlines(), 1):
            code = line.split("//", 1)[0]
            if PATTERN.search(code):
                problems.append(
                    f"{relative}:{number}: C interop outside the places "
                    f"{DOC.relative_to(ROOT)} lists (move it there, or list the file): "
                    f"{line.strip()}")
    if problems:
        print("\n".join(problems), file=sys.stderr)
        sys.exit(1)
    print(f"C interop only in the {len(paths)} places Docs/Development.md lists")


if __name__ == "__main__":
    main()
