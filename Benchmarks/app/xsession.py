"""A private X server and a private session bus per app launch, and their clean-up.

Each run gets a fresh Xvfb (so no window, focus or pointer state leaks from one run to
the next), fresh XDG_CONFIG_HOME / XDG_DATA_HOME (settings, recent files), the
XDG_CACHE_HOME the caller chooses (fresh = cold thumbnail cache, reused = warm), and
its own `dbus-run-session` (both apps are single-instance D-Bus applications: with a
shared bus the second launch would hand its files to the first and exit). Every
process started for the run carries BENCH_RUN_ID in its environment; clean-up kills
the launch's process group and then any process still carrying that id, by pid.
"""

import os
import signal
import subprocess
import tempfile
import time
import uuid
from pathlib import Path

SCREEN = "1280x800x24"

# eog shows its image gallery (the thumbnail strip) only when this key is set, and a
# properties sidebar unless told not to (our app has none; without it both viewers are
# centred in their windows). With the keyfile backend GSettings reads
# $XDG_CONFIG_HOME/glib-2.0/settings/keyfile.
KEYFILE = "[org/gnome/eog/ui]\nimage-gallery=true\nsidebar=false\n"
BUS_CONFIG = Path(__file__).with_name("session-bus.conf")


class XServer:
    """An Xvfb on a free display number, 1280x800x24, stopped on exit."""

    def __enter__(self):
        read_end, write_end = os.pipe()
        self.process = subprocess.Popen(
            ["Xvfb", "-displayfd", str(write_end), "-screen", "0", SCREEN, "-nolisten", "tcp",
             "-noreset"],
            pass_fds=(write_end,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            start_new_session=True)
        os.close(write_end)
        with os.fdopen(read_end) as pipe:
            number = pipe.readline().strip()  # written once the server accepts clients
        if not number:
            self.process.kill()
            raise RuntimeError("Xvfb did not start")
        self.display = f":{number}"
        return self

    def __exit__(self, *_):
        self.process.terminate()
        try:
            self.process.wait(5)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


class AppLaunch:
    """One app process in its own session bus, with private XDG folders.

    `cache_home` is kept by the caller between a cold and a warm run; the config and
    data folders are new every time and removed on exit.
    """

    def __init__(self, command, display, cache_home: Path, log: Path):
        self.command = command
        self.display = display
        self.cache_home = cache_home
        self.log = log
        self.run_id = uuid.uuid4().hex

    def __enter__(self):
        self.private = Path(tempfile.mkdtemp(prefix="bench-app-"))
        config = self.private / "config"
        (config / "glib-2.0" / "settings").mkdir(parents=True)
        (config / "glib-2.0" / "settings" / "keyfile").write_text(KEYFILE)
        runtime = self.private / "runtime"
        runtime.mkdir(mode=0o700)
        env = dict(os.environ)
        env.update({
            "DISPLAY": self.display,
            "XDG_CONFIG_HOME": str(config),
            "XDG_DATA_HOME": str(self.private / "data"),
            "XDG_CACHE_HOME": str(self.cache_home),
            "XDG_RUNTIME_DIR": str(runtime),
            "GSETTINGS_BACKEND": "keyfile",
            "NO_AT_BRIDGE": "1",  # no accessibility bus: neither app needs one here
            "BENCH_RUN_ID": self.run_id,
        })
        env.pop("DBUS_SESSION_BUS_ADDRESS", None)
        self.log_file = open(self.log, "ab")
        self.started = time.monotonic()
        self.process = subprocess.Popen(
            ["dbus-run-session", f"--config-file={BUS_CONFIG}", "--", *self.command], env=env,
            stdout=self.log_file, stderr=subprocess.STDOUT, start_new_session=True)
        return self

    def app_pid(self, executable: str):
        """The pid of the process running `executable` among ours, or None."""
        wanted = os.path.realpath(executable)
        for pid in _pids_with(self.run_id):
            try:
                if os.readlink(f"/proc/{pid}/exe") == wanted:
                    return pid
            except OSError:
                pass
        return None

    def __exit__(self, *_):
        try:
            os.killpg(self.process.pid, signal.SIGTERM)
        except ProcessLookupError:
            pass
        try:
            self.process.wait(3)
        except subprocess.TimeoutExpired:
            pass
        # Anything the bus or the app spawned outside the process group (activated
        # services, thumbnailers) still carries our id.
        for _ in range(2):
            for pid in _pids_with(self.run_id):
                try:
                    os.kill(pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
            time.sleep(0.1)
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        self.log_file.close()
        subprocess.run(["rm", "-rf", str(self.private)], check=False)


def _pids_with(run_id: str):
    """Pids whose environment contains BENCH_RUN_ID=run_id."""
    marker = f"BENCH_RUN_ID={run_id}".encode()
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/environ", "rb") as environ:
                if marker in environ.read().split(b"\0"):
                    found.append(int(entry))
        except OSError:
            pass
    return found


def rss_kib(pid) -> int:
    """VmRSS of `pid` in KiB, or None when it is gone."""
    try:
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return None
