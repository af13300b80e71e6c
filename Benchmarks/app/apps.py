"""The two contenders: how to launch each one and where its viewer and strip are.

A third contender, `floor`, is the least a GTK program does to show the first photo
(floor/first-frame.c): what the app takes beyond it is its own.

The regions are the only per-app knowledge the measurement has, because the two
windows are laid out differently. Both are given relative to the window's frame as the
app lays it out (checked on the screenshots the benchmark saves, with the regions drawn):
- viewer: a VIEWER_SIZE box around a point of the image area (the window's centre,
  moved down by half the header bar and up by half the strip);
- strip: a band STRIP_BAND px tall across the window, centred on the thumbnails' row,
  given as its distance from the window's bottom edge.
"""

import re

VIEWER_SIZE = (200, 150)
STRIP_BAND = 20


class App:
    def __init__(self, name, executable, header, strip_row_from_bottom, strip_height,
                 margin):
        self.name = name
        self.executable = executable
        self.header = header  # px of header bar above the viewer
        self.strip_row_from_bottom = strip_row_from_bottom  # thumbnails' centre line
        self.strip_height = strip_height  # px the strip takes from the bottom
        self.margin = margin  # px to leave out at the strip band's ends
        self.pages = True  # whether it pages with Right (the floor shows one image only)

    def command(self, folder):
        return [self.executable, str(folder)]

    def viewer_region(self, frame):
        from probe import Rect

        centre_x = frame.x + frame.width / 2
        centre_y = frame.y + (self.header + frame.height - self.strip_height) / 2
        width, height = VIEWER_SIZE
        return Rect(centre_x - width / 2, centre_y - height / 2, width, height)

    def strip_region(self, frame):
        from probe import Rect

        y = frame.y + frame.height - self.strip_row_from_bottom - STRIP_BAND / 2
        return Rect(frame.x + self.margin, y, frame.width - 2 * self.margin, STRIP_BAND)

    def shows(self, title, name, position=None, count=None):
        """Whether the title names the file `name` (and, for ours, `(position of count)`)."""
        return name in title


class OurApp(App):
    """Title `NAME (I of N) — Image Browser`; strip of 96 px cells at the bottom."""

    def shows(self, title, name, position=None, count=None):
        if position is not None and f"({position} of {count})" not in title:
            return False
        return name in title

    @staticmethod
    def listed(title, count):
        return re.search(rf"\(\d+ of {count}\)", title) is not None


FLOOR = "first-frame"  # Benchmarks/app/floor/first-frame.c, built by run.sh


def contenders(our_binary, floor_binary=None):
    floor = []
    if floor_binary:
        floor.append(App("floor", floor_binary, header=0, strip_row_from_bottom=80,
                         strip_height=0, margin=12))
        floor[0].pages = False
    return [
        # Header bar 50 px; the strip's cells sit 80 px above the window's bottom edge.
        OurApp("ours", our_binary, header=50, strip_row_from_bottom=80, strip_height=136,
               margin=12),
        # eog 43: header bar 52 px; gallery (with scroll arrows at its ends) at the bottom.
        App("eog", "/usr/bin/eog", header=52, strip_row_from_bottom=75, strip_height=142,
            margin=40),
        # The floor (a bare GTK window painting the decoded photo, no header or strip):
        # the image is centred in the window, the strip band stays one flat colour.
    ] + floor
