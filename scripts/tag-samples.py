#!/usr/bin/env python3
"""Writes camera metadata (EXIF, GPS) into three of the bundled samples, so the image
browser's properties sidebar (Alt+Return) shows something on first launch.

Run after make-samples.py (which calls it): `python3 scripts/tag-samples.py`. It needs
libgexiv2 (Debian `libgexiv2-2`, pulled in by `libgexiv2-dev`) and nothing else: it calls
the C library through ctypes. The values are invented but plausible; re-running it on
freshly made samples writes the same bytes.
"""

import ctypes
import sys
from pathlib import Path

SAMPLES = Path(__file__).resolve().parent.parent / "resources" / "samples"

# name: (tags, (latitude, longitude, altitude) or None)
TAGS = {
    "sunset.jpg": ({
        "Exif.Image.Make": "FUJIFILM",
        "Exif.Image.Model": "X-T4",
        "Exif.Photo.LensModel": "XF16-80mmF4 R OIS WR",
        "Exif.Photo.ExposureTime": "1/500",
        "Exif.Photo.FNumber": "8/1",
        "Exif.Photo.ISOSpeedRatings": "160",
        "Exif.Photo.FocalLength": "23/1",
        "Exif.Photo.DateTimeOriginal": "2023:07:14 21:12:30",
        "Exif.Photo.OffsetTimeOriginal": "+02:00",
    }, (49.7075, 0.1870, 12.0)),
    "aurora.jpg": ({
        "Exif.Image.Make": "SONY",
        "Exif.Image.Model": "ILCE-7M3",
        "Exif.Photo.LensModel": "FE 14mm F1.8 GM",
        "Exif.Photo.ExposureTime": "15/1",
        "Exif.Photo.FNumber": "28/10",
        "Exif.Photo.ISOSpeedRatings": "3200",
        "Exif.Photo.FocalLength": "14/1",
        "Exif.Photo.DateTimeOriginal": "2022:03:02 23:41:07",
        "Exif.Photo.OffsetTimeOriginal": "+01:00",
    }, (69.6496, 18.9560, 40.0)),
    "ocean-sail.jpg": ({
        "Exif.Image.Make": "Canon",
        "Exif.Image.Model": "Canon EOS R6",
        "Exif.Photo.LensModel": "RF100-400mm F5.6-8 IS USM",
        "Exif.Photo.ExposureTime": "1/1000",
        "Exif.Photo.FNumber": "56/10",
        "Exif.Photo.ISOSpeedRatings": "100",
        "Exif.Photo.FocalLength": "105/1",
        "Exif.Photo.DateTimeOriginal": "2021:08:21 10:05:44",
    }, None),
}


def main():
    try:
        gexiv2 = ctypes.CDLL("libgexiv2.so.2")
        gobject = ctypes.CDLL("libgobject-2.0.so.0")
    except OSError as error:
        sys.exit(f"tag-samples: libgexiv2 is needed ({error})")
    gexiv2.gexiv2_metadata_new.restype = ctypes.c_void_p
    for function in ("gexiv2_metadata_open_path", "gexiv2_metadata_try_set_tag_string",
                     "gexiv2_metadata_try_set_gps_info", "gexiv2_metadata_save_file"):
        getattr(gexiv2, function).restype = ctypes.c_int
    if not gexiv2.gexiv2_initialize():
        sys.exit("tag-samples: gexiv2 did not initialize")
    for name, (tags, gps) in TAGS.items():
        path = str(SAMPLES / name).encode()
        metadata = ctypes.c_void_p(gexiv2.gexiv2_metadata_new())
        error = ctypes.c_void_p()
        ok = gexiv2.gexiv2_metadata_open_path(metadata, path, ctypes.byref(error))
        for tag, value in sorted(tags.items()):
            ok = ok and gexiv2.gexiv2_metadata_try_set_tag_string(
                metadata, tag.encode(), value.encode(), ctypes.byref(error))
        if gps:
            latitude, longitude, altitude = gps
            ok = ok and gexiv2.gexiv2_metadata_try_set_gps_info(
                metadata, ctypes.c_double(longitude), ctypes.c_double(latitude),
                ctypes.c_double(altitude), ctypes.byref(error))
        ok = ok and gexiv2.gexiv2_metadata_save_file(metadata, path, ctypes.byref(error))
        gobject.g_object_unref(metadata)
        if not ok:
            sys.exit(f"tag-samples: could not tag {name}")
        print(f"tagged {name}")


if __name__ == "__main__":
    main()
