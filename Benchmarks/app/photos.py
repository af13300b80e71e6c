"""Test folders for the app benchmarks: distinct-looking 1600x1200 JPEGs, made once and
cached, and camera-size 6000x4000 ones whose centre panel encodes their index
(`camera_folder`, for keys.py).

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


def _is_complete(folder: Path, recipe: str = RECIPE) -> bool:
    marker = folder / ".complete"
    return marker.is_file() and marker.read_text() == recipe


def _build(folder: Path, make, recipe: str = RECIPE) -> Path:
    """Runs `make(tmp)` into a sibling temporary folder, then renames it to `folder`."""
    if _is_complete(folder, recipe):
        return folder
    tmp = folder.with_name(folder.name + ".partial")
    shutil.rmtree(tmp, ignore_errors=True)
    shutil.rmtree(folder, ignore_errors=True)
    tmp.mkdir(parents=True)
    started = time.monotonic()
    make(tmp)
    (tmp / ".complete").write_text(recipe)
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


# Camera-size photos (keys.py's held key and paging under load): 6000 x 4000
# JPEGs of 7-8 MB, like a 24-megapixel camera's. Each has a flat centre panel whose
# colour encodes the file's index (`code_colour`), so a benchmark can tell which image a
# viewer shows from the pixel at its centre, at any zoom and in any app.
CAMERA_WIDTH, CAMERA_HEIGHT = 6000, 4000
CAMERA_QUALITY = 90
CAMERA_BASES = 4
CAMERA_RECIPE = "camera-v2 6000x4000 q90 4 bases, code panel of index + 1"
CODE_LEVELS, CODE_BASE, CODE_STEP = 8, 32, 24


def code_colour(index: int) -> tuple:
    """The centre panel's colour for 0-based `index` (0-510): one of 8 levels per channel
    for `index + 1` (the darkest grey, code 0, is left out: a viewer's background could
    be that colour)."""
    code = index + 1
    return tuple(CODE_BASE + CODE_STEP * ((code // CODE_LEVELS**channel) % CODE_LEVELS)
                 for channel in range(3))


def code_index(rgb) -> int | None:
    """The index whose `code_colour` is `rgb` (within JPEG and scaling error), or None."""
    index = 0
    for channel, value in enumerate(rgb):
        level = (value - CODE_BASE) / CODE_STEP
        if not -0.3 <= level <= CODE_LEVELS - 0.7 or abs(level - round(level)) > 0.3:
            return None
        index += round(level) * CODE_LEVELS**channel
    return index - 1 if index > 0 else None


def _camera_base(seed: int) -> Image.Image:
    """Blurred colour noise blown up to camera size, with fine grain on top: detail at
    every scale (a decode at a quarter looks different from a thumbnail blown up) and
    a file size like a camera's."""
    random.seed(seed)
    small = Image.merge("RGB", [Image.effect_noise((750, 500), 60) for _ in "rgb"])
    picture = small.resize((CAMERA_WIDTH, CAMERA_HEIGHT), Image.BICUBIC)
    grain = Image.effect_noise((CAMERA_WIDTH, CAMERA_HEIGHT), 24)
    gradient = Image.linear_gradient("L").resize((CAMERA_WIDTH, CAMERA_HEIGHT))
    red, green, blue = picture.split()
    return Image.merge("RGB", [ImageChops.add(red, grain, 2, 0),
                               ImageChops.add(gradient, green, 2, 0), blue])


_camera_bases = None


def _add_dcf_thumbnails(plain: Path, tmp: Path):
    """Copies the JPEGs of `plain` into `tmp` with a letterboxed 160 x 120 EXIF thumbnail
    each, written with gexiv2 (python3-gi, gir1.2-gexiv2-0.10)."""
    import gi
    gi.require_version("GExiv2", "0.10")
    from gi.repository import GExiv2
    for source in sorted(plain.glob("*.jpg")):
        target = tmp / source.name
        shutil.copyfile(source, target)
        with Image.open(source) as picture:
            picture.draft("RGB", (CAMERA_WIDTH // 8, CAMERA_HEIGHT // 8))
            small = picture.convert("RGB").resize((160, 107), Image.BICUBIC)
        thumbnail = Image.new("RGB", (160, 120))
        thumbnail.paste(small, (0, 6))
        thumbnail_path = tmp / (source.stem + ".thumb")
        thumbnail.save(thumbnail_path, "JPEG", quality=90)
        metadata = GExiv2.Metadata()
        metadata.open_path(str(target))
        metadata.set_exif_thumbnail_from_file(str(thumbnail_path))
        metadata.save_file(str(target))
        thumbnail_path.unlink()


def _init_camera_worker():
    global _camera_bases, _font
    _camera_bases = [_camera_base(seed) for seed in range(CAMERA_BASES)]
    _font = ImageFont.truetype(FONT, 600)


def _write_camera_photo(job):
    folder, index = job
    picture = _camera_bases[index % CAMERA_BASES].copy()
    draw = ImageDraw.Draw(picture)
    rng = random.Random(index)
    for _ in range(12):
        x, y = rng.randrange(CAMERA_WIDTH), rng.randrange(CAMERA_HEIGHT)
        r = rng.randrange(100, 700)
        draw.ellipse((x - r, y - r, x + r, y + r), fill=tuple(rng.randrange(256) for _ in "rgb"))
    centre_x, centre_y = CAMERA_WIDTH // 2, CAMERA_HEIGHT // 2
    draw.rectangle((centre_x - 450, centre_y - 300, centre_x + 450, centre_y + 300),
                   fill=code_colour(index))
    draw.text((300, 300), f"{index + 1:05d}", font=_font, fill=(255, 255, 255),
              stroke_width=12, stroke_fill=(0, 0, 0))
    picture.save(os.path.join(folder, photo_name(index)), "JPEG", quality=CAMERA_QUALITY)


def camera_folder(root: Path, count: int, dcf: bool = False) -> Path:
    """A folder of `count` 6000 x 4000 JPEGs under `root` (made once). With `dcf`, the
    same files with what a camera adds: a 160 x 120 EXIF thumbnail, the 3:2 picture
    letterboxed in black (DCF, which every camera follows, asks for one)."""
    if dcf:
        plain = camera_folder(root, count)
        return _build(root / f"camera-{count}-dcf", lambda tmp: _add_dcf_thumbnails(plain, tmp),
                      CAMERA_RECIPE + ", DCF thumbnail 160x120 q90")

    def make(tmp: Path):
        jobs = [(str(tmp), index) for index in range(count)]
        with multiprocessing.Pool(os.cpu_count() or 2, initializer=_init_camera_worker) as pool:
            for _ in pool.imap_unordered(_write_camera_photo, jobs, chunksize=4):
                pass

    return _build(root / f"camera-{count}", make, CAMERA_RECIPE)


# The same photos in other formats, for the first image of a HEIC or AVIF beside a JPEG
# of the same pixel size: each file of `format_folder(root, fmt, count)` is made from
# the JPEG of the same name in `photo_folder` (1600 x 1200), so the three folders hold
# the same pictures and differ only in how they are coded. The JPEG folder is a copy of
# the first `count` photos, so all three list the same number of files.
FORMATS = ("jpeg", "heic", "avif")
FORMAT_SUFFIX = {"jpeg": "jpg", "heic": "heic", "avif": "avif"}
# heif-enc (libheif-examples) codes HEIC with x265 and avifenc (libavif-bin) AVIF with
# libaom, both 4:2:0 8-bit like a phone's photo, at settings that give files about the
# JPEGs' size (~175 kB: HEIC ~195 kB, AVIF ~140 kB); x265 on one thread, since the
# files are coded two at a time.
FORMAT_RECIPE = "formats-v1 from photos-v1 1600x1200: heif-enc -q 65, avifenc -s 8 --min 8 --max 18"


def format_name(index: int, fmt: str) -> str:
    """File name of the photo at 0-based `index` in `fmt`: photo-00001.heic, …"""
    return f"photo-{index + 1:05d}.{FORMAT_SUFFIX[fmt]}"


def _convert(job):
    import subprocess

    fmt, source, target = job
    if fmt == "heic":
        command = ["heif-enc", "-q", "65", "-p", "x265:pools=none", "-p", "x265:frame-threads=1",
                   "-o", target, source]
    else:
        command = ["avifenc", "-s", "8", "--min", "8", "--max", "18", "-y", "420", "-j", "1",
                   source, target]
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


def format_folder(root: Path, fmt: str, count: int) -> Path:
    """A folder of the first `count` photos of `photo_folder(root, count)`'s pictures in
    `fmt` (one of FORMATS), made once."""
    sources = photo_folder(root, 10_000)  # the main benchmark's folder, made once

    def make(tmp: Path):
        jobs = [(fmt, str(sources / photo_name(i)), str(tmp / format_name(i, fmt)))
                for i in range(count)]
        if fmt == "jpeg":
            for _, source, target in jobs:
                shutil.copyfile(source, target)
            return
        with multiprocessing.Pool(os.cpu_count() or 2) as pool:
            for _ in pool.imap_unordered(_convert, jobs):
                pass

    return _build(root / f"{fmt}-{count}", make, FORMAT_RECIPE)
