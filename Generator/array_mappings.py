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
        # GTK logs a critical and makes nothing for an empty list: say so in Swift instead.
        check = (f'precondition(!{name}.isEmpty, "a tree model needs at least one column type; '
                 f'{name} is empty")')
        return [check, f"var {temporary} = {name}.map {{ $0.valueType }}"], f"&{temporary}"


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


class BoolArrayMapping(mappings.Mapping):
    swift = "[Bool]"
    value_convertible = False
    word_sized = False

    def to_c(self, name, ctype):
        temporary = f"{name.strip('`')}C"
        return [f"var {temporary} = {name}.map(cBool)"], f"&{temporary}"


class FloatingArrayMapping(mappings.Mapping):
    swift = "[Double]"
    value_convertible = False
    word_sized = False

    def __init__(self, element):
        super().__init__(False)
        self.element = element

    def to_c(self, name, ctype):
        temporary = f"{name.strip('`')}C"
        swift = "Float" if self.element == "gfloat" else "Double"
        return [f"var {temporary} = {name}.map {{ {swift}($0) }}"], f"&{temporary}"


class OutputVectorArrayMapping(mappings.Mapping):
    """`GOutputVector`s GIO writes from in one call (`writev`), as the byte arrays they
    point at: each copied for the call and freed after it."""

    swift = "[[UInt8]]"
    value_convertible = False
    word_sized = False

    def to_c(self, name, ctype):
        local = name.strip("`")
        return [f"let {local}Buffers = {name}.map {{ CValues.copyBytes($0) }}",
                f"defer {{ {local}Buffers.forEach {{ $0.deallocate() }} }}",
                # `writev_all` advances the vectors as it writes: C may change them.
                f"var {local}C = zip({local}Buffers, {name}).map {{ "
                f"GOutputVector(buffer: UnsafeRawPointer($0), size: gsize($1.count)) }}"], \
            f"&{local}C"


def element_array(model, element):
    """The mapping of an array (read by C, with a length) of GIR type `element` this
    module handles, or None."""
    if element == "GType":
        return ValueTypeArrayMapping()
    if element == "Gdk.Atom":
        return AtomArrayMapping()
    if element == "gboolean":
        return BoolArrayMapping()
    if element == "Gio.OutputVector":
        return OutputVectorArrayMapping()
    if element in ("gdouble", "gfloat"):
        return FloatingArrayMapping(element)
    mapping = model.mapping(gir.TypeRef(element, ""), False)
    if isinstance(mapping, mappings.ObjectMapping):
        return ObjectArrayInMapping(mapping)
    return None


class PtrArrayMapping(mappings.Mapping):
    """A returned `GPtrArray *` of objects or `GBytes` as a Swift array: each element
    referenced (an object) or copied (bytes), then the array unreferenced when C gave it,
    which frees what it owns through the free function C gave it."""

    value_convertible = False
    word_sized = False

    def __init__(self, element, nullable=False):
        super().__init__(nullable)
        self.element = element
        if isinstance(element, mappings.BytesMapping):
            self.swift = "[[UInt8]]"
            self.convert = "CBytes.borrowBytes(OpaquePointer($0)) ?? []"
        else:
            self.swift = f"[{element.swift_type}]"
            self.convert = f"{element.wrapper}.retained($0)!"

    @property
    def swift_type(self):
        return self.swift  # NULL reads as no elements

    def from_c(self, expression, transfer):
        transfer = {"full": "full", "container": "container"}.get(transfer, "none")
        return f"GPtrArrays.values({expression}, transfer: .{transfer}) {{ {self.convert} }}"


def ptr_array(model, type_ref):
    """The `PtrArrayMapping` of a `GPtrArray` of objects or bytes, or None."""
    if type_ref.name != "GLib.PtrArray" or type_ref.element is None:
        return None
    element = model.mapping(type_ref.element, False)
    if isinstance(element, (mappings.ObjectMapping, mappings.BytesMapping)):
        return PtrArrayMapping(element)
    return None


class CallbackLentArrayMapping(mappings.Mapping):
    """An array a callback is lent with its count in another of its arguments; the
    count is not an argument of the Swift closure. Subclasses say how it is read."""

    value_convertible = False
    word_sized = False

    def __init__(self, length_param):
        super().__init__(False)
        self.length_param = length_param
        self.length_name = None  # the C argument's local in the trampoline's closure


class CallbackAtomArrayMapping(CallbackLentArrayMapping):
    """Atoms a callback is lent (a clipboard's targets), as their names."""

    swift = "[String]"

    def from_c(self, expression, transfer):
        return f"CArrays.atoms({expression}, count: {self.length_name}, transfer: .none)"


def callback_array(param, params):
    """The mapping of an array argument of a callback (with its length in another
    argument), or None."""
    kind = param.type
    if (kind.element is None or kind.length is None
            or kind.length >= len(params) or param.transfer not in (None, "none")):
        return None
    if kind.element.name in mappings.BYTE_ELEMENTS:
        return CallbackByteArrayMapping(params[kind.length])
    if kind.element.name != "Gdk.Atom":
        return None
    return CallbackAtomArrayMapping(params[kind.length])


class CallbackByteArrayMapping(CallbackLentArrayMapping):
    """Bytes a callback is lent (a pixbuf's data being saved), as a copy."""

    swift = "[UInt8]"

    def from_c(self, expression, transfer):
        return f"CBytes.borrow({expression}, count: {self.length_name})"
