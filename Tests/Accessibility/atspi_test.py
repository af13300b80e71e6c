#!/usr/bin/python3
"""The image browser as a screen reader sees it, through AT-SPI.

Run by `make test-a11y` (part of `make test`) as

    /usr/bin/python3 Tests/Accessibility/atspi_test.py BINARY

It starts its own Xvfb (on a display number the server picks itself, `-displayfd`: two
`xvfb-run -a` started at once can share a number and lose their display mid-run), then
runs itself again under `dbus-run-session` on that display, so it has a session bus of
its own from which the AT-SPI bus and registry start on demand. It generates a folder of PNGs, launches the app on it with the
accessibility bridge on, finds it on the AT-SPI desktop by process id, and checks what a
screen-reader user depends on:

- the window's and the viewer's names say which image shows (`img-00.png, 1 of N`), and
  follow a page (a Right key press synthesized through the AT-SPI registry);
- the thumbnail strip is a list whose children are the cells in view, a list item named
  after each file, the current image's selected; activating one (its AT-SPI action, what
  a screen reader's "click" does) shows that image;
- Tab reaches the strip, and Right on the focused strip moves the selection;
- B shows the browse grid: a list whose children are the cells in view, the subfolder
  first ("Folder album") and then the images, the current one selected and focused;
  Right moves it, and activating a cell shows that image in the viewer;
- every button, toggle, check box, radio button and menu item has a name, in the window,
  its menus and the Preferences dialog.

Each check retries until a deadline and fails with what it saw; the app is always
killed, and the whole run has a hard time limit.
"""

import os
import signal
import struct
import subprocess
import sys
import tempfile
import time
import zlib

IMAGES = 24
HARD_LIMIT = 120  # seconds for the whole run, whatever hangs
STEP_TIMEOUT = 15  # seconds for one expectation

# What counts as a control that needs a name (filled in once pyatspi is imported).
BUTTON_ROLES = set()
KEY_RIGHT = 0xFF53  # XK_Right
KEY_TAB = 0xFF09  # XK_Tab
KEY_B = 0x62  # XK_b
SUBFOLDER = "album"


class Failure(Exception):
    pass


def log(message):
    print(f"atspi_test: {message}", flush=True)


def write_png(path, rgb, size=48):
    """A plain RGB PNG, without any imaging library."""
    raw = b"".join(b"\x00" + bytes(rgb) * size for _ in range(size))

    def chunk(kind, data):
        return (
            struct.pack(">I", len(data))
            + kind
            + data
            + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
        )

    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    with open(path, "wb") as file:
        file.write(
            b"\x89PNG\r\n\x1a\n"
            + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(raw))
            + chunk(b"IEND", b"")
        )


def wait_for(what, probe, timeout=STEP_TIMEOUT, interval=0.2, seen=None):
    """Calls `probe` until it returns something truthy; fails saying `what` and what
    `seen` returns (by default the probe's last value, or its last error) otherwise."""
    deadline = time.monotonic() + timeout
    last = None
    while True:
        try:
            last = probe()
            if last:
                return last
        except Failure:
            raise
        except Exception as error:  # an object that went away mid-walk: try again
            last = f"{type(error).__name__}: {error}"
        if time.monotonic() > deadline:
            if seen is not None:
                try:
                    last = seen()
                except Exception as error:
                    last = f"{type(error).__name__}: {error}"
            raise Failure(f"timed out after {timeout} s waiting for {what}; last seen: {last!r}")
        time.sleep(interval)


def walk(node, depth=0):
    """Every accessible object under `node`, depth first."""
    yield node
    if depth > 40:
        return
    for index in range(node.childCount):
        child = node.getChildAtIndex(index)
        if child is not None:
            yield from walk(child, depth + 1)


def find_all(root, role, name=None):
    return [
        node
        for node in walk(root)
        if node.getRole() == role and (name is None or node.name == name)
    ]


def find_one(root, role, name=None):
    found = find_all(root, role, name)
    return found[0] if found else None


def states(node):
    node.clearCache()  # ask the app, not what the client last heard
    return node.getState()


def press(keysym):
    pyatspi.Registry.generateKeyboardEvent(keysym, None, pyatspi.KEY_SYM)


def app_of(pid):
    desktop = pyatspi.Registry.getDesktop(0)
    for index in range(desktop.childCount):
        app = desktop.getChildAtIndex(index)
        if app is not None and app.get_process_id() == pid:
            return app
    return None


def frame_of(app):
    frames = [
        child
        for child in (app.getChildAtIndex(i) for i in range(app.childCount))
        if child is not None and child.getRole() == pyatspi.ROLE_FRAME
    ]
    return frames[0] if frames else None


def unnamed_controls(root):
    unnamed = []
    for node in walk(root):
        if node.getRole() in BUTTON_ROLES and not node.name.strip():
            parent = node.parent
            if node.getRole() == pyatspi.ROLE_TEXT and parent is not None and parent.getRole() in (
                pyatspi.ROLE_SPIN_BUTTON,
                pyatspi.ROLE_COMBO_BOX,
            ):
                continue  # the entry part of a named spin button or combo box
            if node.getRole() == pyatspi.ROLE_TEXT and not states(node).contains(
                pyatspi.STATE_EDITABLE
            ):
                continue  # a read-only text (a selectable label), not a control
            path = []
            walker = node
            while walker is not None and len(path) < 6:
                path.append(f"{walker.getRoleName()} {walker.name!r}")
                walker = walker.parent
            unnamed.append(" < ".join(path))
    return unnamed


def run(binary):
    work = tempfile.mkdtemp(prefix="atspi-test-")
    folder = os.path.join(work, "images")
    os.makedirs(folder)
    os.makedirs(os.path.join(folder, SUBFOLDER))
    names = [f"img-{index:02d}.png" for index in range(IMAGES)]
    for index, name in enumerate(names):
        write_png(os.path.join(folder, name), (index * 10 % 256, 120, 200))
    env = dict(
        os.environ,
        NO_AT_BRIDGE="0",
        GTK_USE_PORTAL="0",
        GSETTINGS_BACKEND="memory",
        XDG_CONFIG_HOME=os.path.join(work, "config"),
        XDG_CACHE_HOME=os.path.join(work, "cache"),
    )
    env.pop("GTK_MODULES", None)
    log(f"launching {binary} on {IMAGES} images")
    app_process = subprocess.Popen([binary, folder], env=env)
    try:
        check(app_process, names)
    finally:
        app_process.kill()
        app_process.wait(timeout=10)
        subprocess.run(["rm", "-rf", work], check=False)


def check(app_process, names):
    total = len(names)
    seen = []

    def registered():
        if app_process.poll() is not None:
            raise Failure(f"the app exited with status {app_process.returncode} before it showed")
        app = app_of(app_process.pid)
        if app is None:
            desktop = pyatspi.Registry.getDesktop(0)
            others = [desktop.getChildAtIndex(i) for i in range(desktop.childCount)]
            seen[:] = [(other.name, other.get_process_id()) for other in others if other is not None]
        return app

    try:
        app = wait_for("the app on the AT-SPI desktop", registered, timeout=30)
    except Failure as failure:
        raise Failure(f"{failure}; the desktop's applications (name, pid): {seen}") from None
    frame = wait_for("the app's window", lambda: frame_of(app))

    # 1. The window's name says which image shows, and so does the viewer's.
    wait_for(
        f"the window named '{names[0]}, 1 of {total}'",
        lambda: frame.name == f"{names[0]}, 1 of {total}" and frame.name,
        seen=lambda: frame.name,
    )
    viewer = wait_for("the viewer (an image)", lambda: find_one(frame, pyatspi.ROLE_IMAGE))
    if viewer.name != frame.name:
        raise Failure(f"the viewer is named {viewer.name!r}, not {frame.name!r}")
    log(f"window: {frame.name!r}, viewer: {viewer.name!r}")

    # 2. Right pages; both names follow.
    wait_for("the viewer to have the focus", lambda: states(viewer).contains(pyatspi.STATE_FOCUSED))
    press(KEY_RIGHT)
    wait_for(
        f"'2 of {total}' in the window's name after Right",
        lambda: f"2 of {total}" in frame.name and frame.name,
        seen=lambda: frame.name,
    )
    wait_for(
        f"'2 of {total}' in the viewer's name",
        lambda: f"2 of {total}" in viewer.name,
        seen=lambda: viewer.name,
    )
    log(f"after Right: {frame.name!r}")

    # 3. The strip: list items named after the files, the current image selected.
    strip = wait_for(
        "the thumbnail list", lambda: find_one(frame, pyatspi.ROLE_LIST_BOX, "Thumbnails")
    )

    def cells():
        items = [strip.getChildAtIndex(i) for i in range(strip.childCount)]
        return [item for item in items if item is not None and item.getRole() == pyatspi.ROLE_LIST_ITEM]

    items = wait_for("list items in the strip", cells)
    item_names = [item.name for item in items]
    if item_names != names[: len(item_names)]:
        raise Failure(f"the strip's items are {item_names}, expected the first of {names}")
    if len(items) >= total:
        raise Failure(f"the strip lists {len(items)} items: only the cells in view should be")

    def selected():
        return [item.name for item in cells() if states(item).contains(pyatspi.STATE_SELECTED)]

    wait_for(f"only {names[1]} selected in the strip", lambda: selected() == [names[1]], seen=selected)
    log(f"strip: {len(items)} list items in view, selected {selected()}")
    extents = items[0].queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
    if extents.width <= 0 or extents.height <= 0:
        raise Failure(f"the first cell has no size on screen: {extents}")

    # 4. A screen reader's "activate" on a cell shows that image.
    target = cells()[3]
    action = target.queryAction()
    if action.nActions < 1:
        raise Failure(f"the cell {target.name!r} has no action")
    action.doAction(0)
    wait_for(
        f"'{names[3]}, 4 of {total}' after activating its cell",
        lambda: frame.name == f"{names[3]}, 4 of {total}" and frame.name,
        seen=lambda: frame.name,
    )
    wait_for(f"{names[3]} selected", lambda: selected() == [names[3]], seen=selected)
    log(f"after activating a cell: {frame.name!r}")

    # 5. Tab reaches the strip; Right there moves the selection (and pages).
    for _ in range(40):
        if states(strip).contains(pyatspi.STATE_FOCUSED):
            break
        press(KEY_TAB)
        time.sleep(0.15)
    wait_for("the strip to take the focus with Tab", lambda: states(strip).contains(pyatspi.STATE_FOCUSED), timeout=3)
    focused = [item.name for item in cells() if states(item).contains(pyatspi.STATE_FOCUSED)]
    if focused != [names[3]]:
        raise Failure(f"with the strip focused, the focused cell is {focused}, not {names[3]}")
    press(KEY_RIGHT)
    wait_for(f"{names[4]} selected after Right on the strip", lambda: selected() == [names[4]], seen=selected)
    wait_for(
        f"'5 of {total}' in the window's name", lambda: f"5 of {total}" in frame.name and frame.name
    )
    log(f"Tab reached the strip; Right there: {frame.name!r}")

    # 6. B shows the browse grid: its cells in view are list items, the subfolder first.
    press(KEY_B)
    grid = wait_for(
        "the browse grid", lambda: find_one(frame, pyatspi.ROLE_LIST_BOX, "Folder contents")
    )

    def grid_cells():
        items = [grid.getChildAtIndex(i) for i in range(grid.childCount)]
        return [item for item in items if item is not None and item.getRole() == pyatspi.ROLE_LIST_ITEM]

    def grid_names():
        return [item.name for item in grid_cells()]

    expected = [f"Folder {SUBFOLDER}"] + names
    def named_in_order():
        shown = grid_names()
        if not shown or shown[0] not in expected:
            return False
        start = expected.index(shown[0])
        return shown == expected[start : start + len(shown)]

    wait_for("the grid's cells named after the subfolder and the files", named_in_order, seen=grid_names)
    if len(grid_cells()) >= total + 1:
        raise Failure(f"the grid lists {len(grid_cells())} items: only the cells in view should be")

    def grid_selected():
        return [item.name for item in grid_cells() if states(item).contains(pyatspi.STATE_SELECTED)]

    wait_for(f"{names[4]} selected in the grid", lambda: grid_selected() == [names[4]], seen=grid_selected)
    wait_for("the grid to have the focus", lambda: states(grid).contains(pyatspi.STATE_FOCUSED))
    press(KEY_RIGHT)
    wait_for(f"{names[5]} selected after Right in the grid", lambda: grid_selected() == [names[5]], seen=grid_selected)
    log(f"grid: {len(grid_cells())} list items in view, first {grid_names()[0]!r}, selected {grid_selected()}")
    target = next(item for item in grid_cells() if item.name == names[7])
    target.queryAction().doAction(0)
    wait_for(
        f"'{names[7]}, 8 of {total}' after activating its grid cell",
        lambda: frame.name == f"{names[7]}, 8 of {total}" and frame.name,
        seen=lambda: frame.name,
    )
    wait_for("the viewer to have the focus again", lambda: states(viewer).contains(pyatspi.STATE_FOCUSED))
    log(f"after activating a grid cell: {frame.name!r}, the viewer shows it")
    # Back to the grid, so that its path bar's controls are checked below too.
    press(KEY_B)
    wait_for("the grid to have the focus again", lambda: states(grid).contains(pyatspi.STATE_FOCUSED))

    # 7. Every control is named: the window, the main menu (a menu window of its own,
    # in the tree once open) and the Preferences dialog (opened from the menu's item).
    unnamed = unnamed_controls(frame)
    main_menu = wait_for(
        "the main menu's button", lambda: find_one(frame, pyatspi.ROLE_TOGGLE_BUTTON, "Main menu")
    )
    main_menu.queryAction().doAction(0)
    preferences = wait_for(
        "the Preferences menu item", lambda: find_one(app, pyatspi.ROLE_MENU_ITEM, "Preferences")
    )
    unnamed += unnamed_controls(app)
    preferences.queryAction().doAction(0)

    def dialog():
        for index in range(app.childCount):
            child = app.getChildAtIndex(index)
            if child is not None and child.getRole() in (pyatspi.ROLE_DIALOG, pyatspi.ROLE_FRAME) and child.name == "Preferences":
                return child
        return None

    preferences_dialog = wait_for("the Preferences dialog", dialog)
    wait_for("the dialog's controls", lambda: len(find_all(preferences_dialog, pyatspi.ROLE_CHECK_BOX)) > 0 or find_all(preferences_dialog, pyatspi.ROLE_SPIN_BUTTON))
    unnamed += unnamed_controls(app)
    unnamed = sorted(set(unnamed))
    if unnamed:
        raise Failure("controls without an accessible name:\n  " + "\n  ".join(unnamed))
    counted = sum(1 for node in walk(app) if node.getRole() in BUTTON_ROLES)
    log(f"all {counted} controls are named, the Preferences dialog's included")


def with_display_and_bus(binary):
    """Runs this script again with `--inner` on a fresh Xvfb and a private session bus.

    When the X server itself ends during a failed run, that is the machine, not the app:
    the server's own output is printed and the run is made again once, on a new server.
    A run that fails while its server is up is never repeated."""
    returncode, server_ended = run_on_fresh_display(binary)
    if returncode != 0 and server_ended:
        log("the X server ended during the run; once more on a new one")
        returncode, _ = run_on_fresh_display(binary)
    return returncode


def run_on_fresh_display(binary):
    """(the inner run's exit status, whether its X server had ended by then).

    The server runs with `-noreset`. Without it, Xvfb resets whenever its last client
    disconnects, and drops a client that connects during the reset: the AT-SPI bus
    launcher, registry and pyatspi each open and close the display while the app starts,
    and the app then failed with "cannot open display" on a server that was up."""
    read_end, write_end = os.pipe()
    server_log = tempfile.TemporaryFile()
    xvfb = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write_end), "-screen", "0", "1280x800x24", "-nolisten", "tcp",
         "-noreset"],
        pass_fds=(write_end,),
        stderr=server_log,
    )
    os.close(write_end)
    try:
        with os.fdopen(read_end) as pipe:
            number = pipe.readline().strip()
        if not number:
            print("atspi_test: Xvfb did not start", file=sys.stderr)
            return 1, True
        env = dict(os.environ, DISPLAY=f":{number}")
        env.pop("DBUS_SESSION_BUS_ADDRESS", None)
        env.pop("AT_SPI_BUS_ADDRESS", None)
        inner = ["dbus-run-session", "--", sys.executable, os.path.abspath(__file__), "--inner", binary]
        returncode = subprocess.run(inner, env=env, timeout=HARD_LIMIT + 30).returncode
        ended = xvfb.poll() is not None
        if returncode != 0:
            server_log.seek(0)
            output = server_log.read().decode(errors="replace").strip()[-2000:]
            state = f"ended with status {xvfb.returncode}" if ended else "still running"
            print(f"atspi_test: Xvfb on :{number} {state}; its output: "
                  f"{output or '(none)'}", file=sys.stderr)
        return returncode, ended
    finally:
        if xvfb.poll() is None:
            xvfb.terminate()
            xvfb.wait(timeout=10)
        server_log.close()


def main():
    arguments = sys.argv[1:]
    inner = arguments[:1] == ["--inner"]
    if inner:
        arguments = arguments[1:]
    if len(arguments) != 1:
        print("usage: atspi_test.py PATH-TO-image-browser", file=sys.stderr)
        return 2
    binary = os.path.abspath(arguments[0])
    if not os.access(binary, os.X_OK):
        print(f"atspi_test: {binary} is not an executable; build it first", file=sys.stderr)
        return 2

    if not inner:
        return with_display_and_bus(binary)

    global pyatspi
    import pyatspi  # connects to the accessibility bus: only inside the private session

    BUTTON_ROLES.update(
        {
            pyatspi.ROLE_PUSH_BUTTON,
            pyatspi.ROLE_TOGGLE_BUTTON,
            pyatspi.ROLE_CHECK_BOX,
            pyatspi.ROLE_RADIO_BUTTON,
            pyatspi.ROLE_MENU_ITEM,
            pyatspi.ROLE_CHECK_MENU_ITEM,
            pyatspi.ROLE_RADIO_MENU_ITEM,
            pyatspi.ROLE_SPIN_BUTTON,
            pyatspi.ROLE_COMBO_BOX,
            pyatspi.ROLE_SLIDER,
            pyatspi.ROLE_LINK,
            pyatspi.ROLE_ENTRY,
            pyatspi.ROLE_TEXT,
        }
    )

    def too_long(_signal, _frame):
        raise Failure(f"the run took more than {HARD_LIMIT} s")

    signal.signal(signal.SIGALRM, too_long)
    signal.alarm(HARD_LIMIT)
    started = time.monotonic()
    try:
        run(binary)
    except Failure as failure:
        print(f"atspi_test: FAILED: {failure}", file=sys.stderr, flush=True)
        return 1
    log(f"passed in {time.monotonic() - started:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
