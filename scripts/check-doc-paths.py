#!/usr/bin/env python3
"""Checks that the documents name only what exists, and read as references, not logs.

    scripts/check-doc-paths.py            # exit 1 and one line per finding: FILE:LINE: ...

Documents: README.md, Docs/**/*.md, the DocC catalogs' articles (Sources/*/*.docc/**/*.md),
Examples/*/README.md, Benchmarks/README.md.

1. Relative Markdown links (`[text](path)`, `![alt](path)`) name a file or folder that
   exists, relative to the document; a `#fragment` names a heading of the target.
2. Repository paths exist. A path is
   - a word (in prose, in a code span or a fenced block) starting with a top-level folder
     or file of the repository (`Sources/`, `Docs/`, `scripts/`, `Package.swift`, ...),
     resolved from the repository root or, failing that, from the document's folder
     (an example's README names its own `Sources/...`);
   - a whole code span that looks like a path inside a target, `Folder/Name` with a
     capitalised first folder (`View/ImageViewer`, `Internal/Outbox.swift`): some file
     or folder of the repository must end with it (a missing `.swift` is allowed).
   Skipped: absolute paths, `$VAR/...`, `~/...`, build products (`.build*`); `{a,b}` is
   expanded, `*` globbed, and a `<placeholder>` or `…` ends the part that is checked.
3. A section named beside a document (`Docs/Development.md, "Fuzzing"`,
   `[ImageBrowser.md](ImageBrowser.md) ("The decode budget")`) or in the same document
   (`see "Fuzzing" below`) is the start of one of its headings.
   Comments in sources, scripts, the Makefile and Package.swift that name a section
   this way are checked too.
4. Documents describe the present; history lives in commit messages. Outside code,
   none names a work session ("session 15"), an issue by number ("issue 12", "#12"),
   a date (2026-11-28), or has "in short" entries. Source and script comments are
   checked for the same sessions, issue numbers and "in short".
"""

import glob
import os
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent

# Top-level entries a document may name as repository paths.
ROOT_DIRS = ["Sources", "Tests", "Docs", "Benchmarks", "Examples", "Generator", "Fuzz",
             "scripts", "po", "resources", ".ci"]
ROOT_FILES = ["Package.swift", "Makefile", "README.md", ".swift-format", ".gitignore"]

# Folders whose files are not the repository's own (build products, checkouts).
SKIPPED_DIRS = {".git", ".swiftpm", "node_modules"}

# Sources scanned for the dated-log rule (comments and strings alike).
SOURCE_DIRS = ["Sources", "Tests", "Benchmarks", "Examples", "scripts", "Generator", "Fuzz",
               ".ci"]
SOURCE_SUFFIXES = {".swift", ".py", ".sh", ".c", ".h", ".cpp", ".modulemap", ".md"}
SOURCE_FILES = ["Makefile", "Package.swift", "Benchmarks/Package.swift"]
COMMENT_LEAD = re.compile(r"^\s*(?:///?|#|\*)?\s?")

ROOT_WORD = re.compile(
    r"(?<![\w./$~-])((?:" + "|".join(re.escape(d) for d in ROOT_DIRS)
    + r")/(?:\{[^{}\s]*\}|[^\s`'\"()\[\]|,;{])*"
    r"|(?:" + "|".join(re.escape(f) for f in ROOT_FILES) + r")(?![\w.-]))")
SHORT_PATH = re.compile(r"^[A-Z][A-Za-z0-9]*(?:\+[A-Za-z0-9]+)?/[A-Za-z0-9_.+/-]*$")
LINK = re.compile(r"!?\[(?:[^\]\\]|\\.)*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
CODE_SPAN = re.compile(r"(`+)(.+?)\1", re.S)
FENCE = re.compile(r"^\s*(```|~~~)")
HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
# A paragraph or list item that opens with a bold title is a section too.
RUN_IN = re.compile(r"^\s*(?:[-*]\s+)?\*\*([^*]+?)\*\*")
QUOTE = "\"\u201c\u201d"
SECTION_AFTER_DOC = re.compile(
    r"([\w./+-]*\.md)`?(?:\]\([^)]*\))?\s*(?:,|\(|,\s*section|:)\s*[" + QUOTE + r"]([^"
    + QUOTE + r"]{2,100})[" + QUOTE + r"]")
SECTION_HERE = re.compile(
    r"[" + QUOTE + r"]([^" + QUOTE + r"]{2,100})[" + QUOTE + r"]\)?\s+(?:below|above)\b")

DATED_IN_DOCS = [
    (re.compile(r"\bsessions?\s+\d+", re.I), "names a work session"),
    (re.compile(r"\bin short\b", re.I), "reads as a log entry (\"in short\")"),
    (re.compile(r"\bissues?\s+#?\d+", re.I), "names an issue by number"),
    (re.compile(r"(?<![\w&#/])#\d{1,3}\b"), "names an issue by number"),
    (re.compile(r"\b20\d\d-[01]\d-[0-3]\d\b"), "is dated"),
]
DATED_IN_SOURCES = [
    (re.compile(r"\bsessions?\s+\d+\b", re.I), "names a work session"),
    (re.compile(r"\bin short\b", re.I), "reads as a log entry (\"in short\")"),
    (re.compile(r"\bissues?\s+#?\d{1,2}\b", re.I), "names an issue by number"),
]


def documents():
    docs = [ROOT / "README.md", ROOT / "Benchmarks" / "README.md"]
    docs += sorted((ROOT / "Docs").rglob("*.md"))
    docs += sorted(ROOT.glob("Sources/*/*.docc/**/*.md"))
    docs += sorted(ROOT.glob("Examples/*/README.md"))
    return [d for d in docs if d.is_file()]


def repository_paths():
    """Every file and folder of the repository, relative, with '/' separators."""
    paths = set()
    for folder, dirs, files in os.walk(ROOT):
        dirs[:] = [d for d in dirs if d not in SKIPPED_DIRS and not d.startswith(".build")]
        rel = pathlib.Path(folder).relative_to(ROOT).as_posix()
        for name in dirs + files:
            paths.add(name if rel == "." else f"{rel}/{name}")
    return paths


class Document:
    """A Markdown file split into prose (code spans blanked) and code, line by line."""

    def __init__(self, path):
        self.path = path
        self.text = path.read_text(encoding="utf-8")
        self.lines = self.text.split("\n")
        self.fenced = [False] * len(self.lines)
        inside = None
        for number, line in enumerate(self.lines):
            match = FENCE.match(line)
            if inside is None and match:
                inside = match.group(1)
                self.fenced[number] = True
            elif inside is not None:
                self.fenced[number] = True
                if line.strip().startswith(inside):
                    inside = None
        # Prose with the fenced lines blanked (offsets kept): code spans may wrap lines.
        self.prose = "\n".join(" " * len(line) if self.fenced[n] else line
                               for n, line in enumerate(self.lines))
        # A span in double backticks is a DocC symbol link (``Command/isEnabled``), which
        # `make docs` resolves; it names a symbol, not a path.
        self.spans = [(m.start(2), m.group(2)) for m in CODE_SPAN.finditer(self.prose)
                      if m.group(1) != "``"]
        self.bare = CODE_SPAN.sub(lambda m: " " * len(m.group(0)), self.prose)
        self.headings, self.sections = [], []
        for number, line in enumerate(self.lines):
            if self.fenced[number]:
                continue
            match = HEADING.match(line)
            if match:
                self.headings.append(match.group(2))
                self.sections.append(match.group(2))
            match = RUN_IN.match(line)
            if match:
                self.sections.append(match.group(1))

    def line_of(self, offset):
        return self.text.count("\n", 0, offset) + 1


def plain(title):
    """A heading or a quoted section name, for comparison."""
    title = re.sub(r"[`*_]", "", title)
    return re.sub(r"\s+", " ", title).strip().lower()


def slug(title):
    """GitHub's anchor for a heading."""
    title = re.sub(r"[`*]", "", title).strip().lower()
    title = re.sub(r"[^\w\- ]", "", title)
    return title.replace(" ", "-")


def anchors(document):
    seen, result = {}, set()
    for heading in document.headings:
        base = slug(heading)
        count = seen.get(base, 0)
        seen[base] = count + 1
        result.add(base if count == 0 else f"{base}-{count}")
    return result


class Checker:
    def __init__(self):
        self.paths = repository_paths()
        self.folders = {p for p in self.paths if (ROOT / p).is_dir()}
        self.findings = []
        self.loaded = {}

    def report(self, path, line, message):
        message = re.sub(r"\s+", " ", message)
        self.findings.append(f"{path.relative_to(ROOT).as_posix()}:{line}: {message}")

    def load(self, path):
        path = path.resolve()
        if path not in self.loaded:
            self.loaded[path] = Document(path) if path.is_file() else None
        return self.loaded[path]

    # Paths.

    def exists_from(self, base, candidate):
        """Whether `candidate` (expanded, maybe globbed) exists below `base`."""
        for expanded in expand_braces(candidate):
            expanded = cut_placeholder(expanded)
            if not expanded:
                return True
            target = (base / expanded)
            if any(ch in expanded for ch in "*?["):
                if glob.glob(str(target)):
                    continue
                return False
            if not target.exists():
                return False
        return True

    def root_path_exists(self, document, word):
        word = word.rstrip(".:")
        if any(part.startswith(".build") for part in word.split("/")):
            return True
        return self.exists_from(ROOT, word) or self.exists_from(document.path.parent, word)

    def short_path_exists(self, span):
        span = span.rstrip("/")
        for expanded in expand_braces(span):
            expanded = cut_placeholder(expanded)
            if not expanded:
                continue
            suffixes = [expanded, expanded + ".swift", expanded + ".py", expanded + ".md"]
            if not any(p == s or p.endswith("/" + s) for p in self.paths for s in suffixes):
                return False
        return True

    def check_paths(self, document):
        for match in ROOT_WORD.finditer(document.prose):
            word = match.group(1)
            if not self.root_path_exists(document, word):
                self.report(document.path, document.line_of(match.start()),
                            f"no such path: {word.rstrip('.:')}")
        for number, line in enumerate(document.lines):
            if not document.fenced[number]:
                continue
            for match in ROOT_WORD.finditer(line):
                word = match.group(1)
                if not self.root_path_exists(document, word):
                    self.report(document.path, number + 1,
                                f"no such path: {word.rstrip('.:')}")
        for offset, span in document.spans:
            span = span.strip()
            if " " in span or "://" in span or not SHORT_PATH.match(span):
                continue
            if span.split("/")[0] in ROOT_DIRS:
                continue  # checked as a root path above
            if not self.short_path_exists(span):
                self.report(document.path, document.line_of(offset),
                            f"no file or folder of the repository ends with: {span}")

    # Links and sections.

    def check_links(self, document):
        for match in LINK.finditer(document.bare):
            target = match.group(1)
            if re.match(r"^[a-z][a-z0-9+.-]*:", target, re.I) or target.startswith("/"):
                continue
            name, _, fragment = target.partition("#")
            line = document.line_of(match.start())
            linked = (document.path.parent / name).resolve() if name else document.path
            if not linked.exists():
                self.report(document.path, line, f"link to a missing file: {target}")
                continue
            if fragment and linked.suffix == ".md":
                if fragment.lower() not in anchors(self.load(linked)):
                    self.report(document.path, line, f"link to a missing heading: {target}")

    def resolve_document(self, document, name):
        for base in (document.path.parent, ROOT, ROOT / "Docs"):
            candidate = (base / name).resolve()
            if candidate.is_file():
                return candidate
        return None

    def has_section(self, target, title):
        wanted = plain(title)
        return any(plain(h).startswith(wanted) for h in self.load(target).sections)

    def check_sections(self, document):
        for match in SECTION_AFTER_DOC.finditer(document.bare):
            name, title = match.group(1), match.group(2)
            target = self.resolve_document(document, name)
            if target is None:
                continue  # reported as a missing path or link
            if not self.has_section(target, title):
                self.report(document.path, document.line_of(match.start(2)),
                            f"{name} has no section \"{title}\"")
        for match in SECTION_HERE.finditer(document.bare):
            title = match.group(1)
            if not self.has_section(document.path, title):
                self.report(document.path, document.line_of(match.start(1)),
                            f"this document has no section \"{title}\"")

    # The present tense.

    def check_dated(self, document):
        for pattern, message in DATED_IN_DOCS:
            for match in pattern.finditer(document.bare):
                self.report(document.path, document.line_of(match.start()),
                            f"{message}: \"{match.group(0)}\" (documents describe the "
                            "present; history belongs in commit messages)")

    def sources(self):
        paths = [ROOT / name for name in SOURCE_FILES if (ROOT / name).is_file()]
        for folder in SOURCE_DIRS:
            for path in sorted((ROOT / folder).rglob("*")):
                if any(p.startswith(".build") or p in SKIPPED_DIRS for p in path.parts):
                    continue
                if "Generated" in path.parts:
                    continue  # GIR's words, checked by regenerating
                if path.is_file() and path.suffix in SOURCE_SUFFIXES:
                    paths.append(path)
        for path in paths:
            if path.name == "README.md" or path == pathlib.Path(__file__).resolve():
                continue  # documents are checked above; this file names the patterns
            try:
                yield path, path.read_text(encoding="utf-8")
            except UnicodeDecodeError:
                continue

    def check_sources(self):
        for path, text in self.sources():
            lines = text.split("\n")
            for number, line in enumerate(lines, 1):
                for pattern, message in DATED_IN_SOURCES:
                    match = pattern.search(line)
                    if match:
                        self.report(path, number,
                                    f"{message}: \"{match.group(0)}\" (say what is "
                                    "true now; history belongs in commit messages)")
            # Comments wrap a section's name over lines: join them without their markers.
            joined, starts = [], []
            offset = 0
            for line in lines:
                body = COMMENT_LEAD.sub("", line, count=1)
                starts.append(offset)
                joined.append(body)
                offset += len(body) + 1
            text = " ".join(joined)
            for match in SECTION_AFTER_DOC.finditer(text):
                name, title = match.group(1), match.group(2)
                target = None
                for base in (ROOT, ROOT / "Docs", path.parent):
                    if (base / name).is_file():
                        target = (base / name).resolve()
                        break
                if target is None or not name.endswith(".md"):
                    continue
                if not self.has_section(target, title):
                    line = max(i for i, start in enumerate(starts) if start <= match.start(2))
                    self.report(path, line + 1, f"{name} has no section \"{title}\"")

    def run(self):
        for path in documents():
            document = self.load(path)
            self.check_links(document)
            self.check_paths(document)
            self.check_sections(document)
            self.check_dated(document)
        self.check_sources()
        return self.findings


def expand_braces(text):
    match = re.search(r"\{([^{}]*)\}", text)
    if not match:
        return [text]
    head, tail = text[:match.start()], text[match.end():]
    return [e for option in match.group(1).split(",") for e in expand_braces(head + option + tail)]


def cut_placeholder(text):
    """The part of a path before a `<placeholder>` or an ellipsis, up to its last '/'."""
    cut = min([i for i in (text.find("<"), text.find("…"), text.find("...")) if i >= 0],
              default=-1)
    if cut < 0:
        return text
    return text[:text.rfind("/", 0, cut) + 1]


def main():
    def order(finding):
        path, line, _ = finding.split(":", 2)
        return path, int(line)

    findings = sorted(set(Checker().run()), key=order)
    for finding in findings:
        print(finding)
    if findings:
        print(f"check-doc-paths: {len(findings)} finding(s); fix the document or the path.",
              file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
