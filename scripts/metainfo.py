#!/usr/bin/env python3
"""metainfo.py TEMPLATE [SCREENSHOTS_URL]: the app's AppStream metainfo on stdout.

@SCREENSHOTS@ in TEMPLATE becomes a <screenshots> element naming Docs/screenshots'
images under SCREENSHOTS_URL (AppStream wants web addresses), or nothing when no URL
is given.
"""
import sys

SHOTS = [
    ("samples.png", "A folder of photos and its thumbnails"),
    ("fullscreen-toolbar.png", "Fullscreen, the toolbar shown at the top edge"),
    ("properties.png", "A photo's camera facts in the properties sidebar"),
]

template = open(sys.argv[1], encoding="utf-8").read()
base = sys.argv[2].rstrip("/") if len(sys.argv) > 2 else ""
element = ""
if base:
    items = []
    for index, (name, caption) in enumerate(SHOTS):
        kind = ' type="default"' if index == 0 else ""
        items.append(
            f"    <screenshot{kind}>\n      <caption>{caption}</caption>\n"
            f"      <image>{base}/{name}</image>\n    </screenshot>")
    element = "\n  <screenshots>\n" + "\n".join(items) + "\n  </screenshots>"
sys.stdout.write(template.replace("@SCREENSHOTS@", element))
