"""Boxed records as Swift classes that own their C value (config's `[boxed-classes]`):
`GKeyFile`, `GtkPaperSize`, `GtkWidgetPath`, `GtkRecentInfo`… A record that is only ever
handled through a pointer, has no public fields to copy into a Swift value and is copied
or referenced by its boxed type, becomes a final class holding one copy (or one reference)
of the C value, which its deinit frees through the boxed type (`g_boxed_free`), so that
GObject's own copy and free functions decide what a copy means (a new reference for
`GKeyFile`, a deep copy for `GtkPaperSize`). Its methods are generated like a class's
(emit_boxed.py); this file holds the crossing of one into and out of C."""

import mappings


class BoxedClassMapping(mappings.ReferenceMapping):
    """A boxed record as its generated owning class (`KeyFile`). Passed to C as the
    pointer it owns (C copies or references it where it keeps it); a value C gives
    (`transfer full`) is adopted, one C lends is copied by the boxed type, so the Swift
    object never outlives its C value."""

    word_sized = True
    value_convertible = True
    passable = True

    def __init__(self, swift, cstruct, opaque, nullable=False):
        super().__init__(nullable)
        self.swift = swift
        self.cstruct = cstruct
        self.opaque = opaque

    def property_type(self):
        return self.swift + "?"

    def _pointer(self, name):
        if self.opaque:
            return f"{name}.opaque"
        return f"{name}.cPointer"

    def to_c(self, name, ctype):
        if self.nullable:
            return [], self._pointer(f"{name}?")
        return [], self._pointer(name)

    def from_c(self, expression, transfer):
        initializer = "takingOwnership" if transfer == "full" else "copying"
        if self.nullable:
            return f"{expression}.map {{ {self.swift}({initializer}: $0) }}"
        return f"{self.swift}({initializer}: {expression}!)"

    def out_initial(self, ctype):
        return "OpaquePointer?(nil)" if self.opaque else None

    def from_raw(self, raw):
        if self.nullable:
            return f"{raw}.map {{ {self.swift}(copying: $0) }}"
        return f"{self.swift}(copying: {raw}!)"

    def from_gvalue(self, index):
        return self.from_raw(f"arguments.pointer({index})")


def boxed_class_mapping(model, name, nullable):
    """The `BoxedClassMapping` of GIR record `name` when config lists it, else None."""
    import config
    swift = config.CURRENT.table("boxed-classes").get(name)
    definition = model.all.get(name)
    if swift is None or definition is None:
        return None
    return BoxedClassMapping(swift, definition.ctype, model.is_opaque(definition.ctype),
                             nullable)
