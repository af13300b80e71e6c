"""What only the C headers tell, and GIR does not:

- which C structs the public headers define: Swift imports a pointer to a defined struct
  as `UnsafeMutablePointer<T>` and to an undefined (private) one as `OpaquePointer`. GIR
  lists a record's fields whether or not the header that defines it is public
  (`GtkWidgetPrivate`-style structs, `G_DECLARE_FINAL_TYPE` instances);
- which functions the headers mark deprecated (`GDK_DEPRECATED_IN_3_10_FOR(...)`): GTK 3's
  GIR leaves the deprecation of many functions in deprecated/ folders unmarked.

Both are read once from the installed headers (`generate.py --refresh-headers`) into
`Generator/gir/headers.json`, committed beside the GIR files, so that generation reads no
file of the machine it runs on.
"""

import json
import os
import re

SNAPSHOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "gir", "headers.json")

HEADER_DIRS = ["/usr/include/gtk-3.0", "/usr/include/glib-2.0", "/usr/include/gdk-pixbuf-2.0",
               "/usr/include/libhandy-1", "/usr/include/gtksourceview-4",
               "/usr/include/gio-unix-2.0", "/usr/include/pango-1.0"]
# Headers the C module does not include (platform backends, private parts).
SKIPPED = ("gtkx.h", "/x11/", "/wayland/", "/broadway/", "/win32/",
           "/quartz/", "gtkunixprint.h", "/unix-print/", "gdkpixbuf-private", "gdkx.h")
DEFINITION = re.compile(r"^struct\s+_?(\w+)\s*\{?\s*$", re.MULTILINE)


def load(path=SNAPSHOT):
    """(defined structs, deprecated functions) from the committed snapshot."""
    with open(path) as handle:
        data = json.load(handle)
    return set(data["defined-structs"]), set(data["deprecated-functions"])


def refresh(path=SNAPSHOT):
    """Reads the installed headers and writes the snapshot."""
    data = {"headers": HEADER_DIRS, "defined-structs": sorted(defined_structs()),
            "deprecated-functions": sorted(deprecated_functions())}
    with open(path, "w") as handle:
        json.dump(data, handle, indent=0)
        handle.write("\n")
    return data


def defined_structs():
    names = set()
    for top in HEADER_DIRS:
        for folder, _, files in os.walk(top):
            for name in files:
                path = os.path.join(folder, name)
                if not name.endswith(".h") or any(skip in path for skip in SKIPPED):
                    continue
                with open(path, errors="replace") as handle:
                    text = handle.read()
                names |= _public_definitions(text)
    return names


def _public_definitions(text):
    """Struct names defined outside `#if` blocks for backends or the library's own build
    (written out, or by `G_DECLARE_DERIVABLE_TYPE`)."""
    names, hidden = set(), []
    for match in re.finditer(r"G_DECLARE_DERIVABLE_TYPE\s*\(\s*(\w+)", text):
        names.add(match.group(1))
    lines = text.split("\n")
    for index, line in enumerate(lines):
        stripped = line.strip()
        if stripped.startswith("#if"):
            hidden.append("ENABLE_BACKEND" in stripped or "COMPILATION" in stripped)
        elif stripped.startswith("#endif") and hidden:
            hidden.pop()
        elif stripped.startswith("#else") and hidden:
            hidden[-1] = False
        match = re.match(r"^struct\s+_(\w+)\s*\{?\s*$", line)
        if match and not any(hidden):
            following = line + (lines[index + 1] if index + 1 < len(lines) else "")
            if "{" in following:
                names.add(match.group(1))
    return names


DEPRECATED = re.compile(
    r"\b(?:GDK|GLIB|GDK_PIXBUF|GIO|HDY|GTK_SOURCE|PANGO)_DEPRECATED\w*(?:\s*\([^)]*\))?\s+([^;{]*?)(\w+)\s*\(",
    re.MULTILINE)


def deprecated_functions():
    """C functions the headers mark deprecated (`GDK_DEPRECATED_IN_3_10_FOR(...)`)."""
    names = set()
    for top in HEADER_DIRS:
        for folder, _, files in os.walk(top):
            for name in files:
                if name.endswith(".h"):
                    with open(os.path.join(folder, name), errors="replace") as handle:
                        for match in DEPRECATED.finditer(handle.read()):
                            names.add(match.group(2))
    return names
