"""Looking at an X display from the outside: the app's window, its title, region hashes,
key presses. Works the same for any app: nothing here knows which one is running.

There is no window manager under the benchmark's Xvfb, so an app's top-level window is
a direct child of the root window, at the position the app asked for; the largest
viewable one that is not override-redirect (menus, tooltips) is the app's main window.
Regions are read from the root window with GetImage (ZPixmap), which returns what is
on the screen; parts outside the screen are clipped away.

A picture that has not changed for a while may still be about to change, when the app's
main thread is busy and has not painted yet. `ping` asks the window whether its main
loop is running, the way window managers do (_NET_WM_PING, which GTK answers from its
X event handling by sending the message back to the root window).
"""

import hashlib
import time

from Xlib import X, XK, display as xdisplay
from Xlib.error import XError
from Xlib.ext import xtest
from Xlib.protocol import event as xevent


class Rect:
    """A rectangle in root (screen) coordinates."""

    def __init__(self, x, y, width, height):
        self.x, self.y, self.width, self.height = int(x), int(y), int(width), int(height)

    def clipped(self, width, height):
        x0, y0 = max(self.x, 0), max(self.y, 0)
        x1, y1 = min(self.x + self.width, width), min(self.y + self.height, height)
        return Rect(x0, y0, max(x1 - x0, 0), max(y1 - y0, 0))

    def as_list(self):
        return [self.x, self.y, self.width, self.height]


class Screen:
    """One connection to the display under test."""

    def __init__(self, display_name):
        self.display = xdisplay.Display(display_name)
        self.root = self.display.screen().root
        self.width = self.display.screen().width_in_pixels
        self.height = self.display.screen().height_in_pixels
        self._net_wm_name = self.display.intern_atom("_NET_WM_NAME")
        self._utf8 = self.display.intern_atom("UTF8_STRING")
        self._wm_protocols = self.display.intern_atom("WM_PROTOCOLS")
        self._ping = self.display.intern_atom("_NET_WM_PING")
        self._next_ping = 1
        self._pongs = set()
        # Answers to pings are sent to the root window with this mask.
        self.root.change_attributes(event_mask=X.SubstructureNotifyMask)

    def close(self):
        self.display.close()

    def main_window(self):
        """The largest mapped, managed top-level window, or None."""
        best, best_area = None, 0
        try:
            for window in self.root.query_tree().children:
                attributes = window.get_attributes()
                if attributes.map_state != X.IsViewable or attributes.override_redirect:
                    continue
                geometry = window.get_geometry()
                area = geometry.width * geometry.height
                if area > best_area and geometry.width > 100 and geometry.height > 100:
                    best, best_area = window, area
        except XError:
            return None  # a window went away while we looked
        return best

    def frame(self, window):
        """The window's rectangle on the screen, or None when it is gone."""
        try:
            geometry = window.get_geometry()
            origin = window.translate_coords(self.root, 0, 0)
        except XError:
            return None
        return Rect(-origin.x, -origin.y, geometry.width, geometry.height)

    def title(self, window):
        """_NET_WM_NAME (UTF-8), else WM_NAME, else ''."""
        try:
            value = window.get_full_property(self._net_wm_name, self._utf8)
            if value is not None:
                return value.value.decode("utf-8", "replace")
            name = window.get_wm_name()
        except XError:
            return ""
        return name if isinstance(name, str) else (name or b"").decode("latin-1")

    def grab(self, rect):
        """The raw BGRX pixels of `rect` (clipped to the screen), or b'' if empty."""
        rect = rect.clipped(self.width, self.height)
        if rect.width == 0 or rect.height == 0:
            return b""
        image = self.root.get_image(rect.x, rect.y, rect.width, rect.height, X.ZPixmap,
                                    0xFFFFFFFF)
        return image.data

    def screenshot(self, path, outlines=()):
        """Saves the whole screen as PNG, with each Rect of `outlines` drawn in red
        (to check that the measured regions lie where they should)."""
        from PIL import Image, ImageDraw

        data = self.grab(Rect(0, 0, self.width, self.height))
        image = Image.frombytes("RGB", (self.width, self.height), data, "raw", "BGRX")
        draw = ImageDraw.Draw(image)
        for rect in outlines:
            box = (rect.x - 2, rect.y - 2, rect.x + rect.width + 1, rect.y + rect.height + 1)
            draw.rectangle(box, outline=(255, 0, 0), width=2)
        image.save(path)

    def ping(self, window):
        """Sends _NET_WM_PING to the window; returns the id to pass to `answered`."""
        serial = self._next_ping
        self._next_ping += 1
        message = xevent.ClientMessage(
            window=window, client_type=self._wm_protocols,
            data=(32, [self._ping, serial, window.id, 0, 0]))
        try:
            window.send_event(message, event_mask=0)
            self.display.flush()
        except XError:
            pass
        return serial

    def answered(self, serial):
        """Whether the app has answered the ping `serial` (reads pending X events)."""
        while self.display.pending_events():
            event = self.display.next_event()
            if (event.type == X.ClientMessage and event.client_type == self._wm_protocols
                    and event.data[1][0] == self._ping):
                self._pongs.add(event.data[1][1])
        return serial in self._pongs

    def park_pointer(self):
        """Moves the pointer to the bottom-right corner, away from both apps' windows."""
        self.root.warp_pointer(self.width - 1, self.height - 1)
        self.display.sync()

    def focus(self, window):
        """Gives the window the keyboard focus (no window manager does it for us)."""
        window.set_input_focus(X.RevertToParent, X.CurrentTime)
        self.display.sync()

    def keycode(self, name):
        return self.display.keysym_to_keycode(XK.string_to_keysym(name))

    def tap(self, keycode, hold=0.02):
        """Presses and releases one key through XTEST (as xdotool does); returns the
        monotonic time of the press."""
        xtest.fake_input(self.display, X.KeyPress, keycode)
        self.display.sync()
        pressed = time.monotonic()
        time.sleep(hold)
        xtest.fake_input(self.display, X.KeyRelease, keycode)
        self.display.sync()
        return pressed


def digest(data: bytes) -> str:
    """A short hash of region pixels."""
    return hashlib.blake2b(data, digest_size=8).hexdigest()


def is_blank(data: bytes) -> bool:
    """True when the region is empty or one flat colour (no image painted there)."""
    return len(data) < 4 or data.count(data[:4]) * 4 == len(data)
