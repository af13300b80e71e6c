"""Test folders for the app benchmark: distinct-looking 1600x1200 JPEGs, made once and cached.

Every photo is one of a few dozen base pictures (gradients, noise and discs) with a
centre panel whose colour and number are the file's own, so neighbouring files differ
where the benchmark looks (the viewer's centre and each thumbnail). The listing folder
holds 100,000 hard links to two small JPEGs (ext4 allows 65,000 links per file): it
measures reading a folder, not decoding.
A folder counts as made when its `.complete` file names the current RECIPE; otherwise it
is built again under a temporary name and renamed into place.
"""

import colorsys
import multiprocessing
import os
import random
import shutil
import time
from pathlib import Path

from PIL import Image, ImageChops, ImageDraw, ImageFont

WIDTH, HEIGHT = 1600, 1200
QUALITY = 85
BASES = 32
# Change when the pictures change, so cached folders are made again.
RECIPE = "photos-v1 1600x1200 q85 32 bases"
FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"


def photo_name(index: int) -> str:
    """File name of the photo at 0-based `index`: photo-00001.jpg, … (same order everywhere)."""
    return f"photo-{index + 1:05d}.jpg"


def _base_picture(seed: int) -> Image.Image:
    """A busy background: three gradients, some noise, thirty random discs."""
    rng = random.Random(seed)
    gradient = Image.linear_gradient("L").resize((WIDTH, HEIGHT))
    noise = Image.effect_noise((WIDTH, HEIGHT), 40)
    channels = [
        gradient.rotate(rng.choice([0, 90, 180, 270])).resize((WIDTH, HEIGHT)),
        gradient.transpose(Image.FLIP_LEFT_RIGHT),
        ImageChops.add(gradient.transpose(Image.FLIP_TOP_BOTTOM), noise, 2),
    ]
    rng.shuffle(channels)
    picture = Image.merge("RGB", channels)
    draw = ImageDraw.Draw(picture)
    for _ in range(30):
        x, y, r = rng.randrange(WIDTH), rng.randrange(HEIGHT), rng.randrange(20, 220)
        draw.ellipse((x - r, y - r, x + r, y + r), fill=tuple(rng.randrange(256) for _ in "rgb"))
    return picture


def _panel_colour(index: int) -> tuple:
    """A colour per file; the golden-ratio hue step makes neighbours far apart."""
    hue = (index * 0.618033988749895) % 1.0
    red, green, blue = colorsys.hsv_to_rgb(hue, 0.55 + 0.4 * ((index // 7) % 2), 0.85)
    return (int(red * 255), int(green * 255), int(blue * 255))


_bases = None
_font = None


def _init_worker():
    global _bases, _font
    _bases = [_base_picture(seed) for seed in range(BASES)]
    _font = ImageFont.truetype(FONT, 220)


def _write_photo(job):
    folder, index = job
    picture = _bases[index % BASES].copy()
    draw = ImageDraw.Draw(picture)
    draw.rectangle((380, 280, 1220, 920), fill=_panel_colour(index))
    draw.text((800, 600), f"{index + 1:05d}", font=_font, anchor="mm", fill=(255, 255, 255))
    picture.save(os.path.join(folder, photo_name(index)), "JPEG", quality=QUALITY)


def _is_complete(folder: Path) -> bool:
    marker = folder / ".complete"
    return marker.is_file() and marker.read_text() == RECIPE


def _build(folder: Path, make) -> Path:
    """Runs `make(tmp)` into a sibling temporary folder, then renames it to `folder`."""
    if _is_complete(folder):
        return folder
    tmp = folder.with_name(folder.name + ".partial")
    shutil.rmtree(tmp, ignore_errors=True)
    shutil.rmtree(folder, ignore_errors=True)
    tmp.mkdir(parents=True)
    started = time.monotonic()
    make(tmp)
    (tmp / ".complete").write_text(RECIPE)
    tmp.rename(folder)
    print(f"  made {folder} in {time.monotonic() - started:.0f} s", flush=True)
    return folder


def photo_folder(root: Path, count: int) -> Path:
    """A folder of `count` distinct 1600x1200 JPEGs under `root` (made once)."""

    def make(tmp: Path):
        jobs = [(str(tmp), index) for index in range(count)]
        with multiprocessing.Pool(os.cpu_count() or 2, initializer=_init_worker) as pool:
            for _ in pool.imap_unordered(_write_photo, jobs, chunksize=64):
                pass

    return _build(root / f"photos-{count}", make)


def listing_folder(root: Path, count: int) -> Path:
    """A folder of `count` hard links to small JPEGs (for listing speed)."""
    links_per_file = 50_000

    def make(tmp: Path):
        _init_worker()
        small = _bases[0].resize((320, 240))
        original = tmp.parent / "listing-original.jpg"
        for index in range(count):
            if index % links_per_file == 0:
                original.unlink(missing_ok=True)
                small.save(original, "JPEG", quality=QUALITY)
            os.link(original, tmp / photo_name(index))
        original.unlink()

    return _build(root / f"listing-{count}", make)
