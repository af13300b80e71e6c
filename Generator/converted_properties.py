"""Properties whose type has no Swift value that is `GValueConvertible` on its own:
a `GByteArray` or `GBytes` (`TlsCertificate:certificate`, `Pixbuf:pixel-bytes`), a
`GPtrArray` of bytes or objects (`TlsCertificate:dns-names`, whose element type GIR
leaves untyped: config's `[property-element-types]`), a `GType` (`Gio.ListStore:item-type`).

The property's key reads a runtime value that is (`ByteArrayValue`, `BytesValue`,
`PointerArrayValue`, `GTypeValue`, Runtime/PropertyValues.swift); the member and its
`.rx` signal convert it to the Swift type users see (`[UInt8]`, `[[UInt8]]`,
`[InetAddress]`, `GType`). Only read: these properties are set at construction, where
C takes them, or never."""

import config
import gir


class Conversion:
    """`key`: the key's value type; `swift`: the member's; `read`: a Swift expression of
    the member's value over `{value}` (the key's, optional)."""

    def __init__(self, key, swift, read):
        self.key = key
        self.swift = swift
        self.read = read

    def of(self, value):
        return self.read.replace("{value}", value)


def conversion(model, definition, prop):
    """The `Conversion` of `prop`, or None when it has another (or no) form."""
    name = prop.type.name
    if prop.type.is_array and name == "GLib.ByteArray":
        return Conversion("ByteArrayValue", "[UInt8]", "{value}?.bytes ?? []")
    if name == "GLib.Bytes":
        return Conversion("BytesValue", "[UInt8]?", "{value}?.bytes")
    if name == "GType":
        return Conversion("GTypeValue", "GType", "{value}?.type ?? cgtk_type_none()")
    if prop.type.is_array and name == "GLib.PtrArray":
        element = config.CURRENT.table("property-element-types").get(
            f"{definition.qualified}:{prop.name}")
        if element is None:
            return None
        if element == "GLib.Bytes":
            return Conversion("PointerArrayValue", "[[UInt8]]",
                              "{value}?.values { CBytes.borrowBytes(OpaquePointer($0)) ?? [] } ?? []")
        mapping = model.mapping(gir.TypeRef(element, ""), False)
        wrapper = getattr(mapping, "wrapper", None)
        if wrapper is None:
            return None
        return Conversion("PointerArrayValue", f"[{wrapper}]",
                          "{value}?.values { " + wrapper + ".retained($0)! } ?? []")
    return None
