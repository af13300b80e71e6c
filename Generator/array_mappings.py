"""Arrays GTK reads for one call, with their length in another argument, of elements no
plain Swift array of numbers, strings or structs stands for (mappings.ElementArrayMapping):

- GTypes (`gtk_list_store_newv`'s column types), as the Swift types that name them:
  `[any GValueConvertible.Type]` (`[String.self, Int32.self, Pixbuf.self]`);
- objects (`g_application_open`'s files), as an array of their wrappers, whose pointers
  C reads while the caller's array keeps them alive;
- GDK atoms (`gdk_display_store_clipboard`'s targets), as their names."""

import gir
import mappings


class ValueTypeArrayMapping(mappings.Mapping):
    swift = "[any GValueConvertible.Type]"
    value_convertible = False
    word_sized = False

    def to_c(self, name, ctype):
        temporary = f"{name.strip('`')}C"
        return [f"var {temporary} = {name}.map {{ $0.valueType }}"], f"&{temporary}"


class ObjectArrayInMapping(mappings.Mapping):
    value_convertible = False
    word_sized = False

    def __init__(self, element):
        super().__init__(False)
        self.element = element
        self.swift = f"[{element.swift_type}]"

    def to_c(self, name, ctype):
        temporary = f"{name.strip('`')}C"
        base = ctype.replace("const ", "").strip()[:-1].strip()  # the element's C type
        if base in ("gpointer", "gconstpointer"):
            convert = "UnsafeMutableRawPointer($0.pointer)"
            pointer = "gpointer?"
        elif self.element.opaque:
            convert = "$0.opaque"
            pointer = "OpaquePointer?"
        else:
            pointer = f"UnsafeMutablePointer<{self.element.cstruct}>?"
            convert = mappings.struct_pointer(self.element.cstruct, "$0.")
        # The caller's array holds a reference to each object for the whole call.
        return [f"var {temporary}: [{pointer}] = {name}.map {{ {convert} }}"], f"&{temporary}"


class AtomArrayMapping(mappings.Mapping):
    swift = "[String]"
    value_convertible = False
    word_sized = False

    def to_c(self, name, ctype):
        temporary = f"{name.strip('`')}C"
        # Interned atoms live as long as the display: nothing to free.
        return [f"var {temporary}: [GdkAtom?] = {name}.map {{ gdk_atom_intern($0, 0) }}"], \
            f"&{temporary}"


def element_array(model, element):
    """The mapping of an array (read by C, with a length) of GIR type `element` this
    module handles, or None."""
    if element == "GType":
        return ValueTypeArrayMapping()
    if element == "Gdk.Atom":
        return AtomArrayMapping()
    mapping = model.mapping(gir.TypeRef(element, ""), False)
    if isinstance(mapping, mappings.ObjectMapping):
        return ObjectArrayInMapping(mapping)
    return None
