#!/usr/bin/env python3
"""Generates the sample images the image browser opens when given no argument.

Run from anywhere: `python3 scripts/make-samples.py` (needs Pillow: `pip install pillow`).
It writes resources/samples/ deterministically, so re-running it changes nothing.
The set covers what the viewer must handle: landscape, portrait, panorama and very tall
aspect ratios, a PNG with transparency, a GIF, a BMP, and a JPEG whose EXIF orientation
tag (6: rotate 90 degrees clockwise to display) must be applied to look right; then
tag-samples.py writes camera EXIF (and GPS) into sunset, aurora and ocean-sail.
"""

import math
import os
import subprocess
import sys
from pathlib import Path

from PIL import Image, ImageDraw

OUT = Path(__file__).resolve().parent.parent / "resources" / "samples"


def lerp(a, b, t):
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b))


def vertical_gradient(size, stops):
    """A top-to-bottom gradient through `stops`: a list of (position 0...1, rgb)."""
    width, height = size
    image = Image.new("RGB", size)
    draw = ImageDraw.Draw(image)
    for y in range(height):
        t = y / max(1, height - 1)
        for (p0, c0), (p1, c1) in zip(stops, stops[1:]):
            if p0 <= t <= p1:
                draw.line([(0, y), (width, y)], fill=lerp(c0, c1, (t - p0) / (p1 - p0)))
                break
    return image


def hills(draw, size, base, amplitude, wavelength, phase, colour):
    width, height = size
    points = [(0, height)]
    for x in range(0, width + 8, 8):
        y = base + amplitude * math.sin(x / wavelength + phase)
        y += amplitude * 0.4 * math.sin(x / (wavelength * 0.37) + phase * 2)
        points.append((x, y))
    points.append((width, height))
    draw.polygon(points, fill=colour)


def sunset():
    size = (720, 480)
    image = vertical_gradient(size, [(0, (40, 30, 90)), (0.45, (240, 110, 80)),
                                     (0.7, (255, 200, 120)), (1, (255, 220, 160))])
    draw = ImageDraw.Draw(image)
    draw.ellipse([300, 230, 420, 350], fill=(255, 236, 170))
    hills(draw, size, 330, 25, 90, 0.5, (120, 60, 90))
    hills(draw, size, 390, 20, 60, 2.0, (70, 35, 70))
    hills(draw, size, 440, 12, 45, 4.0, (35, 20, 45))
    return image


def ocean():
    size = (800, 450)
    image = vertical_gradient(size, [(0, (150, 210, 250)), (0.5, (220, 240, 255)),
                                     (0.52, (30, 110, 170)), (1, (10, 40, 90))])
    draw = ImageDraw.Draw(image)
    for row in range(8):
        y = 250 + row * 26
        shade = lerp((120, 190, 230), (40, 90, 150), row / 7)
        for x in range(-40, 840, 80):
            draw.arc([x + row * 13 % 80, y, x + 60 + row * 13 % 80, y + 18], 200, 340,
                     fill=shade, width=3)
    draw.polygon([(560, 236), (600, 150), (600, 236)], fill=(250, 250, 245))
    draw.line([(600, 140), (600, 240)], fill=(90, 70, 60), width=3)
    draw.polygon([(540, 236), (620, 236), (606, 250), (552, 250)], fill=(150, 80, 60))
    return image


def forest_portrait():
    size = (480, 720)
    image = vertical_gradient(size, [(0, (200, 230, 210)), (0.6, (150, 200, 170)),
                                     (1, (40, 90, 60))])
    draw = ImageDraw.Draw(image)
    for layer, colour in enumerate([(90, 150, 110), (50, 110, 75), (25, 70, 45)]):
        for i in range(7):
            x = (i * 83 + layer * 41) % 520 - 20
            base = 560 + layer * 60
            top = base - 260 + (i * 37 % 60)
            draw.polygon([(x, top), (x - 45, base), (x + 45, base)], fill=colour)
    return image


def aurora():
    size = (800, 500)
    image = vertical_gradient(size, [(0, (5, 10, 30)), (1, (20, 40, 70))])
    draw = ImageDraw.Draw(image, "RGBA")
    for band, colour in enumerate([(60, 255, 160, 50), (80, 200, 255, 40),
                                   (170, 100, 255, 35)]):
        for x in range(0, 800, 4):
            y = 150 + band * 40 + 50 * math.sin(x / 110 + band)
            draw.line([(x, y), (x, y + 120)], fill=colour, width=4)
    for i in range(60):
        x, y = (i * 137) % 800, (i * 71) % 260
        draw.ellipse([x, y, x + 2, y + 2], fill=(255, 255, 255, 200))
    hills(draw, size, 440, 18, 70, 1.0, (5, 8, 15, 255))
    return image


def rings():
    size = (512, 512)
    image = Image.new("RGB", size, (250, 245, 235))
    draw = ImageDraw.Draw(image)
    palette = [(230, 90, 70), (240, 170, 60), (90, 170, 120), (60, 120, 200),
               (130, 90, 180)]
    for i in range(10, 0, -1):
        r = i * 24
        draw.ellipse([256 - r, 256 - r, 256 + r, 256 + r], fill=palette[i % 5])
    return image


def bubbles_transparent():
    size = (480, 480)
    image = Image.new("RGBA", size, (0, 0, 0, 0))
    draw = ImageDraw.Draw(image, "RGBA")
    for i in range(14):
        r = 30 + (i * 23) % 60
        x = 60 + (i * 97) % 360
        y = 60 + (i * 151) % 360
        colour = lerp((255, 90, 120), (70, 160, 255), i / 13)
        draw.ellipse([x - r, y - r, x + r, y + r], fill=colour + (150,),
                     outline=colour + (255,), width=3)
    return image


def panorama():
    size = (1200, 300)
    image = vertical_gradient(size, [(0, (120, 170, 230)), (1, (230, 240, 250))])
    draw = ImageDraw.Draw(image)
    peaks = [(0, 230), (120, 120), (210, 170), (330, 60), (460, 190), (560, 110),
             (700, 200), (820, 80), (950, 160), (1080, 100), (1200, 210)]
    draw.polygon(peaks + [(1200, 300), (0, 300)], fill=(110, 120, 140))
    for (x0, y0), (x1, y1), (x2, y2) in zip(peaks, peaks[1:], peaks[2:]):
        if y1 < y0 and y1 < y2:
            draw.polygon([(x1, y1), (x1 - 28, y1 + 35), (x1 + 28, y1 + 35)],
                         fill=(250, 250, 255))
    hills(draw, size, 260, 14, 80, 0.0, (70, 110, 80))
    return image


def tall_tower():
    size = (300, 900)
    image = vertical_gradient(size, [(0, (255, 190, 150)), (1, (120, 80, 160))])
    draw = ImageDraw.Draw(image)
    draw.polygon([(150, 60), (110, 180), (190, 180)], fill=(60, 40, 70))
    draw.rectangle([115, 180, 185, 900], fill=(70, 50, 80))
    for y in range(210, 880, 50):
        draw.rectangle([135, y, 165, y + 25], fill=(255, 220, 130))
    return image


def stripes_gif():
    size = (400, 300)
    image = Image.new("RGB", size)
    draw = ImageDraw.Draw(image)
    colours = [(238, 64, 53), (243, 119, 54), (253, 244, 152), (123, 192, 67),
               (3, 146, 207), (110, 70, 160)]
    for i in range(-300, 400, 40):
        draw.polygon([(i, 300), (i + 40, 300), (i + 340, 0), (i + 300, 0)],
                     fill=colours[(i // 40) % len(colours)])
    return image.convert("P", palette=Image.ADAPTIVE, colors=8)


def tiles_bmp():
    size = (160, 120)
    image = Image.new("RGB", size)
    draw = ImageDraw.Draw(image)
    for row in range(6):
        for col in range(8):
            colour = lerp((40, 60, 120), (240, 200, 90), (row + col) / 12)
            draw.rectangle([col * 20, row * 20, col * 20 + 19, row * 20 + 19], fill=colour)
    # An 8-bit palette keeps the uncompressed BMP small.
    return image.convert("P", palette=Image.ADAPTIVE, colors=64)


def orientation_upright():
    """A portrait picture that says which way is up; stored rotated, see below."""
    size = (400, 600)
    image = vertical_gradient(size, [(0, (250, 235, 200)), (1, (220, 120, 80))])
    draw = ImageDraw.Draw(image)
    draw.polygon([(200, 60), (90, 220), (160, 220), (160, 420), (240, 420), (240, 220),
                  (310, 220)], fill=(60, 40, 90))
    draw.text((172, 470), "UP", fill=(60, 40, 90), font_size=40)
    return image


def save_jpeg(image, name, **extra):
    image.save(OUT / name, "JPEG", quality=82, optimize=True, **extra)


def main():
    OUT.mkdir(parents=True, exist_ok=True)
    save_jpeg(sunset(), "sunset.jpg")
    save_jpeg(ocean(), "ocean-sail.jpg")
    save_jpeg(forest_portrait(), "forest-portrait.jpg")
    save_jpeg(aurora(), "aurora.jpg")
    rings().save(OUT / "rings.png", optimize=True)
    bubbles_transparent().save(OUT / "bubbles-transparent.png", optimize=True)
    save_jpeg(panorama(), "mountains-panorama.jpg")
    save_jpeg(tall_tower(), "tower-tall.jpg")
    stripes_gif().save(OUT / "stripes.gif", optimize=True)
    tiles_bmp().save(OUT / "tiles.bmp")
    # Orientation 6 means "rotate 90 degrees clockwise to display": store the upright
    # picture turned 90 degrees counter-clockwise, so only a viewer that applies the tag
    # shows the arrow pointing up.
    exif = Image.Exif()
    exif[0x0112] = 6
    save_jpeg(orientation_upright().rotate(90, expand=True), "exif-rotated.jpg",
              exif=exif.tobytes())
    # Two names that only natural ordering sorts right (2 before 10).
    for number, hue in [(2, (90, 170, 200)), (10, (200, 120, 170))]:
        image = vertical_gradient((600, 400), [(0, hue), (1, (30, 30, 40))])
        draw = ImageDraw.Draw(image)
        draw.text((260, 160), str(number), fill=(250, 250, 250), font_size=80)
        save_jpeg(image, f"photo-{number}.jpg")
    # Camera metadata in three of them, for the properties sidebar (needs libgexiv2).
    subprocess.run([sys.executable, str(Path(__file__).with_name("tag-samples.py"))],
                   check=True)


if __name__ == "__main__":
    main()
