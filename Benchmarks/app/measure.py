"""One launch of one app, watched from the outside: map, first paint, thumbnails, RSS,
paging and staleness. Returns a plain dict (the raw result that goes into the JSON).

Timeline of a launch (all times in seconds since the launch command was started):
1. Sample every SAMPLE_PERIOD: find the main window (its first sighting is `map`), hash
   the viewer region and the strip region, read the title. Stop when both hashes have
   not changed for SETTLE seconds, the viewer region is not one flat colour and the
   title names the expected file and the viewer has been painted since the title did
   (so a "loading" message that stays up for a while does not count), and the app has
   answered a ping sent after the quiet began, with nothing changing in PONG_MARGIN
   after the answer (a frozen main thread paints nothing; its picture is not settled).
2. `first_image` / `thumbnails`: the earliest sample from which the viewer / strip
   hash stays equal to its settled value (the last change before settling).
3. RSS (VmRSS of the app's process) at RSS_AT seconds.
4. Paging: focus the window, press Right PAGES times, one press every KEY_PERIOD
   (20 per second). STALE_AFTER after the last press, hash the viewer; sample again
   until settled; `current` = that hash equals the settled one. Then the title (which
   file is shown) and the RSS after paging.
"""

import time

import probe
from xsession import rss_kib

SAMPLE_PERIOD = 0.012
SETTLE = 2.0
PONG_MARGIN = 0.1
GIVE_UP = 15.0  # quiet this long counts as settled without a paint after the title
RSS_AT = 10.0
PAGES = 100
KEY_PERIOD = 0.05
STALE_AFTER = 0.1


class Timeline:
    """Samples of the two regions and the title, with the times they last changed."""

    def __init__(self):
        self.map = None  # when the main window was first seen
        self.samples = 0
        self.viewer = None  # (hash, since)
        self.strip = None
        self.viewer_blank = True
        self.strip_blank = True
        self.titles = []  # [(time, title)] at each change
        self.last_change = None
        self.changes = []  # [(time, "viewer"|"strip")], for the JSON

    def add(self, now, viewer, strip, viewer_blank, strip_blank, title):
        self.samples += 1
        for key in ("viewer", "strip"):
            value = viewer if key == "viewer" else strip
            current = getattr(self, key)
            if current is None or current[0] != value:
                setattr(self, key, (value, now))
                self.last_change = now
                self.changes.append((round(now, 3), key))
        self.viewer_blank = viewer_blank
        self.strip_blank = strip_blank
        if not self.titles or self.titles[-1][1] != title:
            self.titles.append((round(now, 3), title))

    def settled(self, now, expected_name=None, give_up=False):
        """Whether the picture is final: quiet for SETTLE s, something painted, the
        title naming `expected_name`, and the viewer painted since the title did (an app
        may set its title and then keep its main loop from painting for seconds). When
        the viewer was painted before the title changed, GIVE_UP s of quiet since the
        title named the file will do; with `give_up`, GIVE_UP s of quiet also when the
        title never names the file."""
        if self.last_change is None or self.viewer_blank:
            return False
        quiet = now - self.last_change
        if quiet < SETTLE:
            return False
        named_since = self.named_since(expected_name)
        if named_since is None:
            return give_up and quiet >= GIVE_UP
        return self.viewer[1] >= named_since or now - named_since >= GIVE_UP

    def named_since(self, name):
        """Since when the title has kept naming `name` (None if it does not now)."""
        since = None
        for when, title in reversed(self.titles):
            if name is not None and name not in title:
                break
            since = when
        return since

    def title_time(self, predicate):
        """When a title matching `predicate` first appeared, or None."""
        return next((t for t, title in self.titles if predicate(title)), None)


def sample_until_settled(screen, app, timeline, clock, timeout, expected_name,
                          give_up=None, on_tick=None):
    """Samples until settled or `timeout` (s since launch); returns the window or None."""
    window = None
    ping = None  # (serial, sent at, answered at or None), reset by every change
    while True:
        now = clock()
        if on_tick:
            on_tick(now)
        if now > timeout:
            return window
        if window is None:
            window = screen.main_window()
            if window is None:
                time.sleep(SAMPLE_PERIOD)
                continue
            timeline.map = now
        frame = screen.frame(window)
        if frame is None:  # the window was destroyed (the app quit or crashed)
            return None
        viewer = screen.grab(app.viewer_region(frame))
        strip = screen.grab(app.strip_region(frame))
        changes = len(timeline.changes)
        timeline.add(now, probe.digest(viewer), probe.digest(strip), probe.is_blank(viewer),
                     probe.is_blank(strip), screen.title(window))
        if len(timeline.changes) != changes:
            ping = None
        if timeline.settled(now, expected_name, give_up):
            if ping is None:
                ping = (screen.ping(window), now, None)
            elif ping[2] is None:
                if screen.answered(ping[0]):
                    ping = (ping[0], ping[1], now)
            elif now - ping[2] >= PONG_MARGIN:
                return window
        time.sleep(max(0.0, SAMPLE_PERIOD - (clock() - now)))


def run(launch, screen, app, folder_count, first_name, paged_name, page=True,
        timeout=60.0, listing_count=None, screenshot=None):
    """Watches `launch` (an xsession.AppLaunch already started) until done.

    `first_name` / `paged_name`: the files expected at start and after paging.
    `screenshot(screen, phase)` is called at the moments worth a picture, if given.
    """
    clock = lambda: time.monotonic() - launch.started
    result = {"app": app.name, "count": folder_count}
    pid = None
    rss = {}

    def on_tick(now):
        nonlocal pid
        if pid is None:
            pid = launch.app_pid(app.executable)
        if "rss_10s_mb" not in rss and now >= RSS_AT and pid:
            rss["rss_10s_mb"] = _mib(pid)

    timeline = Timeline()
    window = sample_until_settled(screen, app, timeline, clock, timeout, first_name,
                                   on_tick=on_tick)
    result["map"] = timeline.map
    result["settled"] = window is not None and timeline.settled(clock(), first_name)
    if not result["settled"]:
        result["error"] = "no window" if window is None else f"not settled in {timeout:.0f} s"
    if timeline.viewer and result["settled"]:
        result["first_image"] = timeline.viewer[1]
        # an empty strip (one flat colour) has no thumbnails to time
        result["thumbnails"] = None if timeline.strip_blank else timeline.strip[1]
        result["strip_empty"] = timeline.strip_blank
    result["title"] = timeline.titles[-1][1] if timeline.titles else ""
    result["shows_first"] = app.shows(result["title"], first_name, 1, folder_count)
    if listing_count is not None and hasattr(app, "listed"):
        result["listed"] = timeline.title_time(lambda title: app.listed(title, listing_count))
    result["samples"] = timeline.samples
    result["titles"] = timeline.titles[:50]
    result["changes"] = timeline.changes[-200:]
    if screenshot and window is not None:
        screenshot(screen, "start")

    if page and result["settled"]:
        while clock() < RSS_AT:  # paging starts once the 10 s RSS is read
            on_tick(clock())
            time.sleep(0.05)
        on_tick(clock())
        result.update(_page(screen, app, window, clock, launch.started, timeout, paged_name,
                            screenshot))
        result["shows_paged"] = app.shows(result["paged_title"], paged_name, PAGES + 1,
                                          folder_count)
        rss["rss_paged_mb"] = _mib(pid)
    elif pid:
        rss["rss_end_mb"] = _mib(pid)
    result.update(rss)
    result["pid_found"] = pid is not None
    result["exit_status"] = launch.process.poll()  # None: still running, as it should
    return result


def _mib(pid):
    kib = rss_kib(pid) if pid else None
    return None if kib is None else kib / 1024


def _page(screen, app, window, clock, origin, timeout, paged_name, screenshot):
    """Presses Right PAGES times at 20 per second; checks the viewer STALE_AFTER later."""
    screen.park_pointer()
    screen.focus(window)
    time.sleep(0.2)
    right = screen.keycode("Right")
    start = clock()
    last_press = start
    for index in range(PAGES):
        target = start + index * KEY_PERIOD
        time.sleep(max(0.0, target - clock()))
        last_press = screen.tap(right) - origin
        if screenshot and index == PAGES * 3 // 4:
            screenshot(screen, "paging")
    time.sleep(max(0.0, last_press + STALE_AFTER - clock()))
    checked_at = clock()
    frame = screen.frame(window)
    early = probe.digest(screen.grab(app.viewer_region(frame))) if frame else None
    timeline = Timeline()
    sample_until_settled(screen, app, timeline, clock, clock() + timeout, paged_name,
                          give_up=True)
    settled = timeline.settled(clock(), paged_name, True)
    final = timeline.viewer[0] if timeline.viewer else None
    return {
        "paging_seconds": last_press - start,
        "stale_check_delay": checked_at - last_press,
        "paged_settled": settled,
        "current_at_100ms": settled and early == final,
        # when the viewer reached its final picture, counted from the last key press
        "paged_image_after": (timeline.viewer[1] - last_press) if settled else None,
        "paged_title": timeline.titles[-1][1] if timeline.titles else "",
    }
