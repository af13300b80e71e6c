#!/usr/bin/env python3
"""Builds the DocC references of the library products, and fails on any warning.

    scripts/docs.py                  # build, extract symbol graphs, convert: `make docs`
    scripts/docs.py --skip-build     # reuse the debug build already in .build
    scripts/docs.py --coverage       # also list every undocumented public symbol
    scripts/docs.py Reactive         # one module

For each of Reactive, ReactiveTesting, GtkReactive, GtkReactiveTesting, GtkReactivePango,
Handy and GtkSource:

1. `swift build --target` builds the module (debug, the build `swift test` shares);
2. `swift-symbolgraph-extract` reads its public symbols from the built module, with the
   import paths and C flags SwiftPM compiled it with (read from `.build/debug.yaml`);
3. `docc convert` joins them with the catalog `Sources/<Module>/<Module>.docc` (landing
   page, articles) into `.build/docs/<Module>.doccarchive`, with warnings as errors.

No package plugin: swift-docc-plugin would be a dependency every client of GtkReactive
resolves, and the toolchain's `docc` does the same conversion.

Then it counts the public symbols declared in the hand-written sources (everything but
`Sources/*/Generated`, whose comments come from the generator) that have no
documentation comment of their own, and fails when there is any. The generated layer's
count is printed, not enforced: it is as complete as GTK's introspection data.
"""

import argparse
import json
import os
import pathlib
import shutil
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
MODULES = ["Reactive", "ReactiveTesting", "GtkReactive", "GtkReactiveTesting", "GtkReactivePango",
           "Handy", "GtkSource"]
# The generated layers: documented from the libraries' introspection data by the generator.
GENERATED = ("Sources/GtkReactiveBindings/Generated/", "Sources/Handy/Generated/",
             "Sources/GtkSource/Generated/", "Sources/GtkReactivePango/Generated/")
OUTPUT = ROOT / ".build" / "docs"
# GtkReactive re-exports GtkReactiveBindings (the runtime and the generated classes):
# one reference documents both, as clients see one module.
MERGED = {"GtkReactive": ["GtkReactiveBindings"]}


def tool(name):
    """A toolchain binary beside `swift`, or on PATH."""
    swift = shutil.which(os.environ.get("SWIFT", "swift"))
    if swift:
        candidate = pathlib.Path(swift).resolve().parent / name
        if candidate.exists():
            return str(candidate)
    found = shutil.which(name)
    if not found:
        sys.exit(f"docs: {name} not found beside swift or on PATH")
    return found


def run(command, **kwargs):
    result = subprocess.run(command, cwd=ROOT, **kwargs)
    if result.returncode != 0:
        sys.exit(f"docs: `{' '.join(command[:3])} …` failed with status {result.returncode}")
    return result


def compile_arguments(module):
    """The search paths and C flags SwiftPM compiled `module` with, from its build plan."""
    plan = ROOT / ".build" / "debug.yaml"
    if not plan.exists():
        sys.exit("docs: no .build/debug.yaml; build first (drop --skip-build)")
    lines = plan.read_text().split("\n")
    key = f'  "C.{module}-'
    for number, line in enumerate(lines):
        if line.startswith(key) and line.rstrip().endswith('-debug.module":'):
            for following in lines[number + 1:number + 40]:
                if following.strip().startswith("args:"):
                    args = json.loads(following.split("args:", 1)[1])
                    break
            else:
                continue
            break
    else:
        sys.exit(f"docs: no compile command for {module} in .build/debug.yaml")
    kept = []
    index = 0
    while index < len(args):
        arg = args[index]
        if arg in ("-I", "-Xcc", "-module-cache-path", "-target", "-sdk", "-resource-dir"):
            kept += [arg, args[index + 1]]
            index += 2
            continue
        if arg.startswith("-I"):
            kept.append(arg)
        index += 1
    return kept


def extract(module, folder):
    folder.mkdir(parents=True, exist_ok=True)
    for part in [module] + MERGED.get(module, []):
        run([tool("swift-symbolgraph-extract"), "-module-name", part,
             "-minimum-access-level", "public", "-skip-inherited-docs",
             "-skip-synthesized-members", "-emit-extension-block-symbols",
             "-output-dir", str(folder)] + compile_arguments(part))
    if module in MERGED:
        merge(module, MERGED[module], folder)


def merge(module, parts, folder):
    """Rewrites the symbol graphs of `module` and the modules it re-exports (`parts`) as
    one module's: a client imports GtkReactive and sees GtkReactiveBindings' symbols as
    its own, and DocC documents no re-exported symbol, so its reference is built from
    both. A part's graphs are renamed to `module`; the extension blocks of one part on
    another's types become plain members of those types."""
    names = [module] + parts
    merged = {}
    for path in sorted(folder.glob("*.symbols.json")):
        owner, _, extended = path.name.removesuffix(".symbols.json").partition("@")
        if owner not in names:
            continue
        data = json.loads(path.read_text())
        path.unlink()
        data["module"]["name"] = module
        if extended in names:
            extended = ""
            unblock(data)
        key = f"{module}@{extended}" if extended else module
        if key in merged:
            merged[key]["symbols"] += data["symbols"]
            merged[key]["relationships"] += data["relationships"]
        else:
            merged[key] = data
    for key, data in merged.items():
        (folder / f"{key}.symbols.json").write_text(json.dumps(data))


def unblock(data):
    """Extension blocks of a type of the same module replaced by the type itself."""
    blocks = {r["source"]: r["target"] for r in data["relationships"]
              if r["kind"] == "extensionTo"}
    data["symbols"] = [s for s in data["symbols"] if s["identifier"]["precise"] not in blocks]
    kept = []
    for relationship in data["relationships"]:
        if relationship["kind"] == "extensionTo":
            continue
        relationship["source"] = blocks.get(relationship["source"], relationship["source"])
        relationship["target"] = blocks.get(relationship["target"], relationship["target"])
        relationship.pop("targetFallback", None)
        kept.append(relationship)
    data["relationships"] = kept


def convert(module, graphs, archive):
    catalog = ROOT / "Sources" / module / f"{module}.docc"
    if not catalog.is_dir():
        sys.exit(f"docs: {catalog.relative_to(ROOT)} is missing")
    if archive.exists():
        shutil.rmtree(archive)
    result = subprocess.run(
        [tool("docc"), "convert", str(catalog), "--additional-symbol-graph-dir", str(graphs),
         "--output-path", str(archive), "--fallback-display-name", module,
         "--fallback-bundle-identifier", f"reactive-gtk.{module}",
         "--transform-for-static-hosting",
         "--warnings-as-errors"],
        cwd=ROOT, capture_output=True, text=True)
    output = (result.stdout + result.stderr).strip()
    if output:
        print(output)
    return result.returncode == 0 and "warning:" not in output


def undocumented(module, graphs):
    """Public symbols declared in our sources with no documentation comment of their own:
    (hand-written, generated) lists of 'path:line: name' strings."""
    hand, generated = [], []
    total = {"hand": 0, "generated": 0}
    for graph in sorted(graphs.glob("*.symbols.json")):
        data = json.loads(graph.read_text())
        for symbol in data["symbols"]:
            location = symbol.get("location")
            if not location:  # synthesized or inherited: nothing in our sources
                continue
            if symbol["kind"]["identifier"] == "swift.extension":
                continue  # an extension of another module's type: that type's own page
            path = location["uri"].removeprefix("file://")
            if not path.startswith(str(ROOT) + "/Sources/"):
                continue
            relative = path[len(str(ROOT)) + 1:]
            kind = "generated" if relative.startswith(GENERATED) else "hand"
            total[kind] += 1
            comment = symbol.get("docComment")
            own = comment and comment.get("lines") and any(
                line["text"].strip() for line in comment["lines"])
            if not own:
                line = location["position"]["line"] + 1
                entry = f"{relative}:{line}: {'.'.join(symbol['pathComponents'])}"
                (generated if kind == "generated" else hand).append(entry)
    return hand, generated, total


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("modules", nargs="*", metavar="MODULE",
                        help="only these (default: all of them)")
    parser.add_argument("--skip-build", action="store_true")
    parser.add_argument("--coverage", action="store_true",
                        help="list every undocumented public symbol")
    options = parser.parse_args()
    for module in options.modules:
        if module not in MODULES:
            parser.error(f"no reference for {module!r}; the modules are {', '.join(MODULES)}")
    started = time.monotonic()
    if not options.skip_build:
        swift = os.environ.get("SWIFT", "swift")
        for target in ("GtkReactiveTesting", "ReactiveTesting", "GtkReactivePango", "Handy",
                       "GtkSource"):
            run([swift, "build", "--target", target])
    failures = []
    modules = options.modules or MODULES
    for module in modules:
        graphs = OUTPUT / "symbol-graphs" / module
        if graphs.exists():
            shutil.rmtree(graphs)
        step = time.monotonic()
        extract(module, graphs)
        extracted = time.monotonic()
        if not convert(module, graphs, OUTPUT / f"{module}.doccarchive"):
            failures.append(f"{module}: docc reported problems (warnings are errors here)")
        converted = time.monotonic()
        hand, generated, total = undocumented(module, graphs)
        line = (f"{module}: {total['hand'] - len(hand)} of {total['hand']} public symbols "
                f"of the hand-written sources documented")
        if total["generated"]:
            line += (f"; generated layer {total['generated'] - len(generated)} of "
                     f"{total['generated']}")
        print(f"{line} (symbol graph {extracted - step:.0f} s, docc {converted - extracted:.0f} s)")
        if options.coverage:
            for entry in hand + generated:
                print("  undocumented:", entry)
        if hand:
            failures.append(f"{module}: {len(hand)} undocumented public symbols "
                            "(--coverage lists them)")
    for failure in failures:
        print("docs:", failure, file=sys.stderr)
    if failures:
        sys.exit(1)
    print(f"docs: {len(modules)} references in {OUTPUT.relative_to(ROOT)}/<Module>.doccarchive "
          f"({time.monotonic() - started:.0f} s). To read one, serve its folder over HTTP, "
          "`python3 -m http.server -d .build/docs/Reactive.doccarchive`, and open "
          "http://localhost:8000/documentation/reactive")


if __name__ == "__main__":
    main()
