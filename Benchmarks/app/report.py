"""The summary table: medians over runs, ours beside eog, with the app's targets."""

import statistics

# (row label, key in a run's dict, unit, {(count, cache): target})
ROWS = [
    ("window mapped", "map", "s", {}),
    ("first image painted", "first_image", "s", {(10000, "cold"): "≤ 0.15 s",
                                                 (10000, "warm"): "≤ 0.3 s"}),
    ("visible thumbnails painted", "thumbnails", "s",
     {(c, "cold"): "≤ 1 s" for c in (1000, 10000)}
     | {(c, "warm"): "≤ 0.3 s" for c in (1000, 10000)}),
    ("RSS 10 s after launch", "rss_10s_mb", "MiB", {}),
    ("RSS after paging 100", "rss_paged_mb", "MiB",
     {(c, t): "≤ 100 MiB" for c in (1000, 10000) for t in ("cold", "warm")}),
    ("final image, after last key", "paged_image_after", "s", {}),
]


def median(values):
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None


def _figure(runs, key, unit):
    values = [run.get(key) for run in runs]
    value = median(values)
    if value is None:
        return "—"
    text = f"{value:.0f} {unit}" if unit == "MiB" else f"{value:.2f} {unit}"
    present = sum(v is not None for v in values)
    return text if present == len(runs) else f"{text} ({present}/{len(runs)} runs)"


def _count(runs, key):
    return f"{sum(bool(run.get(key)) for run in runs)}/{len(runs)}"


def table(runs, apps, counts):
    """Markdown table of the photo-folder runs and the listing runs."""
    names = [app for app in apps]
    lines = ["| measure | folder | target | " + " | ".join(names) + " |",
             "|---|---|---|" + "---:|" * len(names)]

    def select(app, count, cache):
        return [r for r in runs if r["app"] == app and r["count"] == count
                and r.get("cache") == cache and r.get("kind") == "photos"]

    for label, key, unit, targets in ROWS:
        for count in counts:
            for cache in ("cold", "warm"):
                cells = [_figure(select(app, count, cache), key, unit) for app in names]
                target = targets.get((count, cache), "")
                lines.append(f"| {label} | {count:,} {cache} | {target} | "
                             + " | ".join(cells) + " |")
    for count in counts:
        for cache in ("cold", "warm"):
            cells = [_count(select(app, count, cache), "current_at_100ms") for app in names]
            lines.append(f"| current 100 ms after last key | {count:,} {cache} | all | "
                         + " | ".join(cells) + " |")
            cells = [_count(select(app, count, cache), "shows_paged") for app in names]
            lines.append(f"| shows the 101st image after paging | {count:,} {cache} | all | "
                         + " | ".join(cells) + " |")

    listing = {app: [r for r in runs if r["app"] == app and r.get("kind") == "listing"]
               for app in names}
    if any(listing.values()):
        for label, key, target in (
                ("listing: title shows `of N`", "listed", "< 1 s"),
                ("listing: window mapped", "map", ""),
                ("listing: first image painted", "first_image", "")):
            cells = [_figure(listing[app], key, "s") if listing[app] else "—" for app in names]
            lines.append(f"| {label} | 100,000 cold | {target} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


FORMAT_ROWS = [("first image painted", "first_image"),
               ("visible thumbnails painted", "thumbnails")]


def format_table(runs, apps, formats, count):
    """Markdown table of the format runs: each app's first image and thumbnails per
    format, and the first image's ratio to the JPEG's (the target: ≤ 1.5×)."""
    lines = ["| measure | format | cache | " + " | ".join(apps) + " |",
             "|---|---|---|" + "---:|" * len(apps)]

    def select(app, fmt, cache):
        return [r for r in runs if r["app"] == app and r.get("format") == fmt
                and r.get("cache") == cache and r.get("kind") == "format"]

    for label, key in FORMAT_ROWS:
        for fmt in formats:
            for cache in ("cold", "warm"):
                cells = [_figure(select(app, fmt, cache), key, "s") for app in apps]
                lines.append(f"| {label} | {fmt} ({count}) | {cache} | "
                             + " | ".join(cells) + " |")
    if "jpeg" in formats:
        for fmt in (f for f in formats if f != "jpeg"):
            for cache in ("cold", "warm"):
                cells = []
                for app in apps:
                    jpeg = median([r.get("first_image") for r in select(app, "jpeg", cache)])
                    other = median([r.get("first_image") for r in select(app, fmt, cache)])
                    cells.append(f"{other / jpeg:.2f}×" if jpeg and other else "—")
                lines.append(f"| first image, {fmt} ÷ jpeg (target ≤ 1.5×) | {fmt} | {cache} | "
                             + " | ".join(cells) + " |")
    return "\n".join(lines)
