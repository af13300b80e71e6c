"""cairo types GTK's members take and give, each as a hand-written Swift type of
GtkReactiveBindings (Drawing/), as Generator/config/GtkReactive.toml's `[cairo]` names it:

- a reference type (`cairo_t`, `cairo_region_t`…) as its Swift class, wrapped with
  `init(taking:)` or `init(borrowing:)` and passed as `.raw`. With `gvalue = true` the
  class is `GValueConvertible` through cairo-gobject's boxed type, so properties
  (`Image:surface`, `DrawingContext:clip`) and signal results (`Gdk.Window::create-surface`)
  carry it;
- an enumeration (`cairo_content_t`, `cairo_format_t`) with `enum = true` and its C raw
  type: a Swift struct of the same raw value, converted like GTK's enumerations.
"""

import config
import mappings


class CairoValueMapping(mappings.CairoMapping):
    """A cairo reference type that is also a boxed GValue (cairo-gobject)."""

    value_convertible = True

    def property_type(self):
        return self.swift + "?"

    def to_gvalue(self, name):
        return f"GValues.write({name}, to: result)"


def mapping(name, nullable):
    """The mapping of cairo type `name` (`cairo.Surface`) when config lists it, else None."""
    entry = config.CURRENT.table("cairo").get(name)
    if entry is None:
        return None
    if isinstance(entry, str):
        return mappings.CairoMapping(entry, nullable)
    if entry.get("enum"):
        return mappings.EnumMapping(entry["swift"], entry["raw"], False, nullable)
    if entry.get("gvalue"):
        return CairoValueMapping(entry["swift"], nullable)
    return mappings.CairoMapping(entry["swift"], nullable)
