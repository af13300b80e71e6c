"""Arrays and tables whose size GIR does not give in a length argument, and what GIR
itself says wrongly about an array's shape:

- integers and bytes C gives ended by a zero (`gtk_icon_theme_get_icon_sizes`,
  `g_dbus_message_get_header_fields`), read up to the zero into `[Int]` / `[UInt8]`;
- arrays C reads for one call whose size C takes from elsewhere (config's
  `[sized-arrays]`: an address's bytes, whose count its family gives; a list store's new
  order, as long as the store): the Swift member checks the size (a precondition with
  the entry's message) before C reads, and ends the copy with a zero when C expects one;
- a `GHashTable *` of strings to strings C gives (`gdk_pixbuf_get_options`), as
  `[String: String]`;
- `GByteArray`s, copied both ways; one the caller makes and C fills is read after the
  call;
- bytes C lends through a bare pointer, as many as config's `[sized-returns]` says;
- arguments the member passes itself (config's `[given-arguments]`): NULL for a pointer
  Swift has no use for, the GType of the type the caller reads a result as;
- GIR corrections applied when the GIR is read (`patch`): an argument GIR marks in (or
  out, C-allocated) that C fills in memory the caller gives (config's
  `[filled-arguments]`: a buffer, a struct, a byte array), and a returned array's length
  argument GIR does not name (config's `[array-lengths]`).
"""

import config
import mappings


class TerminatedArrayMapping(mappings.Mapping):
    """Integers (`[Int]`) or bytes (`[UInt8]`) C gives up to a terminating zero, copied
    and freed as GIR's transfer says; NULL reads as no elements."""

    value_convertible = False
    word_sized = False

    def __init__(self, element, transfer=None):
        super().__init__(False)
        self.element = element
        self.transfer = transfer  # config's correction of GIR's transfer, or None
        self.swift = "[UInt8]" if element in mappings.BYTE_ELEMENTS else "[Int]"

    def from_c(self, expression, transfer):
        transfer = self.transfer or transfer
        case = {"full": ".full", "container": ".container"}.get(transfer, ".none")
        convert = "$0" if self.swift == "[UInt8]" else "Int($0)"
        return f"CArrays.untilZero({expression}, transfer: {case}) {{ {convert} }}"


class SizedArrayMapping(mappings.Mapping):
    """An array of integers or bytes C reads for one call without a length argument: the
    Swift array's size checked by `check` (a Swift condition over the member's arguments
    and `count`, the array's) first, then a copy passed, ended by a zero when
    `terminated`."""

    value_convertible = False
    word_sized = False

    def __init__(self, element, check, message, terminated):
        super().__init__(False)
        self.element = element
        self.check = check
        self.message = message
        self.terminated = terminated
        self.swift = "[UInt8]" if element in mappings.BYTE_ELEMENTS else "[Int]"

    def to_c(self, name, ctype):
        temporary = f"{name.strip('`')}C"
        check = self.check.replace("count", f"{name}.count")
        base = ctype.replace("const ", "").replace("*", "").strip()
        swift = mappings.INTEGERS.get(base, "UInt8")
        statements = [f'precondition({check}, "{self.message}")']
        convert = "$0" if self.swift == "[UInt8]" else f"{swift}(clamping: $0)"
        terminator = f" + [{swift}(0)]" if self.terminated else ""
        statements.append(f"var {temporary} = {name}.map {{ {convert} }}{terminator}")
        return statements, f"&{temporary}"


class StringTableMapping(mappings.Mapping):
    """A `GHashTable *` of strings to strings C gives, as `[String: String]`: copied, then
    the table released as GIR's transfer says (its own free functions free the strings)."""

    swift = "[String: String]"
    value_convertible = False
    word_sized = False

    def from_c(self, expression, transfer):
        case = {"full": ".full", "container": ".container"}.get(transfer, ".none")
        return f"GHashTables.strings({expression}, transfer: {case})"


class ByteArrayMapping(mappings.Mapping):
    """A `GByteArray *` as `[UInt8]`: a new array holding a copy for one call (C takes its
    own reference where it keeps it, as an asynchronous lookup does), a copy of what a
    returned one holds, released as the transfer says."""

    swift = "[UInt8]"
    value_convertible = False
    word_sized = False

    def to_c(self, name, ctype):
        temporary = f"{name.strip('`')}C"
        return ([f"let {temporary} = CBytes.makeByteArray({name})",
                 f"defer {{ g_byte_array_unref({temporary}) }}"], temporary)

    def from_c(self, expression, transfer):
        function = "takeByteArray" if transfer == "full" else "borrowByteArray"
        return f"CBytes.{function}({expression})"


class FilledByteArrayMapping(mappings.FilledBufferMapping):
    """A `GByteArray *` the caller makes and C fills (`get_channel_binding_data`), as the
    `[UInt8]` it holds after the call: made empty for the call, released after it."""

    def __init__(self):
        super().__init__(None, None)

    @property
    def consumes_result(self):
        return False

    def declaration(self, local, ctype):
        return (f"let {local} = g_byte_array_new()!; defer {{ g_byte_array_unref({local}) }}",
                local)

    def from_out(self, local):
        return f"CBytes.borrowByteArray({local})"


class SizedReturnMapping(mappings.Mapping):
    """Bytes C lends through a bare pointer (`const guint8 *`), as many as a Swift member
    of the object says (config's `[sized-returns]`: `pixbuf.byteLength`), copied."""

    swift = "[UInt8]"
    value_convertible = False
    word_sized = False

    def __init__(self, count):
        super().__init__(False)
        self.count = count

    def from_c(self, expression, transfer):
        return f"CBytes.borrow(UnsafeRawPointer({expression}), count: {self.count})"


# What a mapping of this module may be, where a member checks what crosses by pointer.
POINTER_MAPPINGS = (TerminatedArrayMapping, SizedArrayMapping, StringTableMapping,
                    ByteArrayMapping, SizedReturnMapping)


def mapping(type_ref, nullable):
    """This module's mapping of a type as GIR gives it (not one config sizes), or None."""
    if type_ref.name == "GLib.ByteArray":
        return ByteArrayMapping(nullable)
    if type_ref.name == "GLib.HashTable":
        elements = getattr(type_ref, "elements", [])
        if [e.name for e in elements] == ["utf8", "utf8"]:
            return StringTableMapping(nullable)
        return None
    if (type_ref.is_array and type_ref.name == "array" and type_ref.zero_terminated
            and type_ref.length is None and type_ref.fixed_size is None
            and type_ref.element is not None and type_ref.element.name in mappings.INTEGERS):
        return TerminatedArrayMapping(type_ref.element.name)
    return None


def return_mapping(callable_):
    """The mapping of `callable_`'s returned terminated array, with config's transfer
    correction (`[array-transfers]`), or of bytes config sizes (`[sized-returns]`), or
    None."""
    count = config.CURRENT.table("sized-returns").get(callable_.c_identifier)
    if count is not None:
        return SizedReturnMapping(count)
    found = mapping(callable_.returns.type, callable_.returns.nullable)
    if isinstance(found, TerminatedArrayMapping):
        found.transfer = config.CURRENT.table("array-transfers").get(callable_.c_identifier)
    return found


def sized_argument(callable_, param):
    """The `SizedArrayMapping` config's `[sized-arrays]` gives `param`, or None."""
    entry = config.CURRENT.table("sized-arrays").get(f"{callable_.c_identifier}.{param.name}")
    if entry is None or not param.type.is_array or param.type.element is None:
        return None
    return SizedArrayMapping(param.type.element.name, entry["check"], entry["message"],
                             entry.get("zero-terminated", False))


def given_arguments(callable_):
    """{index: Swift expression} of the arguments config's `[given-arguments]` passes
    itself (`nil` for an origin tag, `V.valueType` for the GType of a generic result)."""
    given = {}
    table = config.CURRENT.table("given-arguments")
    for index, param in enumerate(callable_.params):
        entry = table.get(f"{callable_.c_identifier}.{param.name}")
        if entry is not None:
            given[index] = entry["value"]
    return given


def patch(everything, policy):
    """Applies config's corrections of GIR's array shapes to the callables read."""
    callables = {}
    for definition in everything.values():
        for member in definition.constructors + definition.methods + definition.functions:
            callables[member.c_identifier] = member
    for key in policy.table("filled-arguments"):
        c_identifier, _, name = key.partition(".")
        param = next(p for p in callables[c_identifier].params if p.name == name)
        param.direction, param.caller_allocates = "out", True
    for c_identifier, name in policy.table("array-lengths").items():
        member = callables[c_identifier]
        index = next(i for i, p in enumerate(member.params) if p.name == name)
        member.returns.type.length = index
        member.returns.type.zero_terminated = False
