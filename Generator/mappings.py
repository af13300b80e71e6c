"""How each GIR type crosses between Swift and C: the Swift type, and the expressions that
convert a value in each direction (method arguments, return values, word-sized signal
arguments, GValue signal arguments, properties).

A type this file cannot map makes its member be left out (counted in the report).
"""

# C integer types: (Swift type of the C value).
INTEGERS = {
    "gint": "Int32", "guint": "UInt32", "gint8": "Int8", "guint8": "UInt8",
    "gint16": "Int16", "guint16": "UInt16", "gint32": "Int32", "guint32": "UInt32",
    "gint64": "Int", "guint64": "UInt", "glong": "Int", "gulong": "UInt",
    "gshort": "Int16", "gushort": "UInt16", "gchar": "CChar", "guchar": "UInt8",
    "gsize": "UInt", "gssize": "Int", "gunichar": "UInt32", "goffset": "Int",
    "gintptr": "Int", "guintptr": "UInt",
}

# Integers that fit a register and are read from a signal's raw argument by truncation.
WORD_INTEGERS_SIGNED = {"gint", "gint8", "gint16", "gint32", "gshort", "gchar", "glong",
                        "gssize", "gint64", "goffset", "gintptr"}


# The runtime's conversion of a Swift `Int` to each C integer type
# (Sources/GtkReactiveBindings/Runtime/CNumbers.swift): a plain function, which type-checks
# and compiles faster than the standard library's generic `init(clamping:)`.
CLAMPING = {
    "Int32": "cInt32", "UInt32": "cUInt32", "Int16": "cInt16", "UInt16": "cUInt16",
    "Int8": "cInt8", "UInt8": "cUInt8", "CChar": "cChar", "UInt": "cUInt", "Int": "",
}


def clamped(swift, name):
    """`name` (a Swift `Int`) as the C integer type `swift`."""
    function = CLAMPING.get(swift)
    if function is None:
        return f"{swift}(clamping: {name})"
    return f"{function}({name})" if function else name


def pointer_accessor(struct):
    """The member every generated class and interface whose C struct `struct` the headers
    define has, giving its instance as that struct's pointer (`cGtkButton`)."""
    return f"c{struct}"


def pointer_accessor_source(swift, struct):
    """The extension of `swift` declaring its `pointer_accessor`. The generated members
    pass their instance and their object arguments to C through it rather than spelling
    the pointer conversion at each call: the type checker then looks up one member instead
    of choosing among `UnsafeMutablePointer`'s initializers thousands of times."""
    return [f"extension {swift} {{",
            f"  /// The instance as the `{struct}` its C functions take.",
            f"  package var {pointer_accessor(struct)}: UnsafeMutablePointer<{struct}> {{ "
            f"UnsafeMutablePointer<{struct}>(opaque) }}",
            "}"]


def struct_pointer(struct, receiver):
    """`receiver`'s instance as a pointer to the C struct `struct` (`GtkButton`), typed
    through `OpaquePointer` rather than the generic `pointer(as:)`: in a debug build that
    call needs the struct's metadata, which every object file then carried a copy of."""
    return f"UnsafeMutablePointer<{struct}>({receiver}opaque)"


class Mapping:
    """One type's crossing. `swift` is the Swift type (without `?`); the `*_expr` methods
    return Swift expressions, or None when that direction is not supported."""

    swift = None
    word_sized = True  # passed in an integer register (signal trampolines can read it)
    value_convertible = True  # usable as a GValue property type

    def __init__(self, nullable=False):
        self.nullable = nullable

    @property
    def swift_type(self):
        return self.swift + ("?" if self.nullable else "")

    def property_type(self):
        return self.swift

    # Method arguments: (statements before the call, expression passed).
    def to_c(self, name, ctype):
        return [], name

    # A C return value (or out value) of C type `ctype` as Swift.
    def from_c(self, expression, transfer):
        return expression

    # A zero C value for an out parameter, or None.
    def out_initial(self, ctype):
        return None

    out_transfer = "none"

    def from_out(self, local):
        """The Swift value of out parameter `local` after the call."""
        return self.from_c(local, self.out_transfer)

    def from_raw(self, raw):
        return None

    def from_gvalue(self, index):
        return None

    def to_gvalue(self, name):
        """Statement writing `name` to the return GValue `result`, or None."""
        return None


class BoolMapping(Mapping):
    swift = "Bool"

    def to_c(self, name, ctype):
        return [], f"cBool({name})"

    def from_c(self, expression, transfer):
        return f"swiftBool({expression})"

    def out_initial(self, ctype):
        return "gboolean()"

    def from_raw(self, raw):
        return f"SignalArguments.bool({raw})"

    def from_gvalue(self, index):
        return f"arguments.bool({index})"

    def to_gvalue(self, name):
        return f"g_value_set_boolean(result, cBool({name}))"


class IntegerMapping(Mapping):
    swift = "Int"

    def __init__(self, gir, nullable=False):
        super().__init__(nullable)
        self.gir = gir

    def to_c(self, name, ctype):
        base = ctype.replace("const ", "").strip()
        return [], clamped(INTEGERS.get(base, INTEGERS[self.gir]), name)

    def from_c(self, expression, transfer):
        return f"swiftInt({expression})"

    def out_initial(self, ctype):
        return f"{INTEGERS.get(ctype, INTEGERS[self.gir])}()"

    def from_raw(self, raw):
        kind = "signed" if self.gir in WORD_INTEGERS_SIGNED else "unsigned"
        bits = {"Int32": 32, "UInt32": 32, "Int8": 8, "UInt8": 8, "Int16": 16, "UInt16": 16,
                "CChar": 8}.get(INTEGERS[self.gir], 64)
        return f"SignalArguments.{kind}{bits}({raw})"

    def from_gvalue(self, index):
        return f"arguments.integer({index})"

    def to_gvalue(self, name):
        return f"GValues.write({name}, to: result)"


class FloatingMapping(Mapping):
    swift = "Double"
    word_sized = False

    def __init__(self, gir, nullable=False):
        super().__init__(nullable)
        self.gir = gir

    def to_c(self, name, ctype):
        return [], name if self.gir == "gdouble" else f"Float({name})"

    def from_c(self, expression, transfer):
        return expression if self.gir == "gdouble" else f"Double({expression})"

    def out_initial(self, ctype):
        return "Double()" if self.gir == "gdouble" else "Float()"

    def from_gvalue(self, index):
        return f"arguments.double({index})"

    def to_gvalue(self, name):
        return f"GValues.write({name}, to: result)"


class GTypeMapping(Mapping):
    swift = "GType"
    value_convertible = False

    def from_c(self, expression, transfer):
        return expression

    def from_raw(self, raw):
        return f"GType(UInt(bitPattern: {raw}))"


class TypeArgumentMapping(Mapping):
    """A `GType` argument naming a class or interface, as the Swift wrapper's metatype
    (`widget.getAncestor(Window.self)`): passed as its `gType`."""

    swift = "Object.Type"
    value_convertible = False
    word_sized = False

    def to_c(self, name, ctype):
        return [], f"{name}.gType"


class InoutIntegerMapping(Mapping):
    """An integer C reads and updates in place (`gint *position`), as `inout Int`."""

    swift = "Int"
    value_convertible = False
    word_sized = False

    def __init__(self, gir, nullable=False):
        super().__init__(nullable)
        self.gir = gir

    @property
    def swift_type(self):
        return "inout Int"

    def to_c(self, name, ctype):
        temporary = f"{name.strip('`')}C"
        base = ctype.replace("const ", "").replace("*", "").strip()
        swift = INTEGERS.get(base, INTEGERS[self.gir])
        return ([f"var {temporary} = {clamped(swift, name)}",
                 f"defer {{ {name} = Int({temporary}) }}"], f"&{temporary}")


class StringMapping(Mapping):
    swift = "String"

    def to_c(self, name, ctype):
        if not self.nullable:
            return [], name
        temporary = f"{name.strip('`')}C"
        return ([f"let {temporary} = CStrings.duplicate({name})",
                 f"defer {{ g_free({temporary}) }}"], temporary)

    def from_c(self, expression, transfer):
        function = "takeString" if transfer == "full" else "borrowString"
        if self.nullable:
            return f"CStrings.{function}({expression})"
        return f"CStrings.{function}OrEmpty({expression})"

    def property_type(self):
        return "String"

    def from_raw(self, raw):
        suffix = "" if self.nullable else " ?? \"\""
        return f"CStrings.borrowString({raw}?.assumingMemoryBound(to: CChar.self)){suffix}"

    def from_gvalue(self, index):
        suffix = "" if self.nullable else " ?? \"\""
        return f"arguments.string({index}){suffix}"

    def to_gvalue(self, name):
        if self.nullable:
            return f"g_value_set_string(result, {name})"
        return f"g_value_set_string(result, {name})"


class ObjectMapping(Mapping):
    """A wrapped class or interface. `wrapper` is the concrete Swift class that wraps a
    returned instance; `swift` the type of arguments (`any Proto` for interfaces)."""

    def __init__(self, swift, wrapper, cstruct, opaque, is_interface, nullable=False):
        super().__init__(nullable)
        self.swift = swift
        self.wrapper = wrapper
        self.cstruct = cstruct
        self.opaque = opaque
        self.is_interface = is_interface

    swift_type_override = None

    @property
    def swift_type(self):
        if self.swift_type_override:
            return self.swift_type_override
        if self.is_interface:
            return f"(any {self.swift})?" if self.nullable else f"any {self.swift}"
        return self.swift + ("?" if self.nullable else "")

    def property_type(self):
        return f"{self.wrapper}?"

    def to_c(self, name, ctype):
        base = ctype.replace("const ", "").strip()
        chain = f"{name}{'?' if self.nullable else ''}"
        if base in ("gpointer", "gconstpointer") or not base.endswith("*"):
            return [], f"{chain}.pointer"
        if self.opaque:
            return [], f"{chain}.opaque"
        struct = base.rstrip("*").strip()
        if struct == "GObject":
            return [], f"{chain}.pointer"
        if struct == self.cstruct and getattr(self, "qualified", None) \
                and not self.swift_type_override:
            return [], f"{chain}.{pointer_accessor(struct)}"
        return [], struct_pointer(struct, f"{chain}.")

    def from_c(self, expression, transfer):
        initializer = "takingOwnership" if transfer == "full" else "retaining"
        if self.nullable:
            helper = "owned" if transfer == "full" else "retained"
            return f"{self.wrapper}.{helper}({expression})"
        return f"{self.wrapper}({initializer}: {expression}!)"

    def from_raw(self, raw):
        if self.nullable:
            return f"SignalArguments.object({raw}, as: {self.wrapper}.self)"
        return f"SignalArguments.object({raw}, as: {self.wrapper}.self)!"

    def from_gvalue(self, index):
        if self.nullable:
            return f"arguments.object({index}, as: {self.wrapper}.self)"
        return f"arguments.object({index}, as: {self.wrapper}.self)!"

    def to_gvalue(self, name):
        return f"GValues.write({name}, to: result)"


class EnumMapping(Mapping):
    def __init__(self, swift, raw_type, is_flags, nullable=False):
        super().__init__(nullable)
        self.swift = swift
        self.raw_type = raw_type
        self.is_flags = is_flags

    def property_type(self):
        return self.swift

    def to_c(self, name, ctype):
        base = ctype.replace("const ", "").strip()
        return [], f"{base}(rawValue: {name}.rawValue)"

    def from_c(self, expression, transfer):
        return f"{self.swift}(rawValue: {expression}.rawValue)"

    def out_initial(self, ctype):
        return f"{ctype}(rawValue: 0)"

    def from_raw(self, raw):
        return f"{self.swift}(rawValue: {self.raw_type}(truncatingIfNeeded: UInt(bitPattern: {raw})))"

    def from_gvalue(self, index):
        return f"{self.swift}.read(from: arguments.value({index}))!"

    def to_gvalue(self, name):
        return f"GValues.write({name}, to: result)"


class RecordMapping(Mapping):
    """A hand-written Swift value type for a boxed record or event struct, converted by
    `init(borrowing:)` from a C pointer. Types that can be passed to C (`TreePath`) make a
    C copy with `makeCPointer()` and free it with `freeCPointer(_:)`."""


    def __init__(self, record, nullable=False):
        """`record`: the Swift type's name, or a table with `swift` and the flags
        `passable` (methods take and return it) and `gvalue` (`GValueConvertible`, for
        properties), as Generator/config gives it."""
        super().__init__(nullable)
        if isinstance(record, dict):
            self.swift = record["swift"]
            self._passable = record.get("passable", False)
            self._gvalue = record.get("gvalue", False)
            # Returned by members (copied from what C gives or lends), not passed to C.
            self.returnable = record.get("returnable", False)
        else:
            self.swift = record
            self._passable = self._gvalue = self.returnable = False

    @property
    def passable(self):
        return self._passable

    @property
    def value_convertible(self):
        return self._gvalue

    def property_type(self):
        return self.swift + "?"

    def to_c(self, name, ctype):
        temporary = f"{name.strip('`')}C"
        optional = "?" if self.nullable else ""
        return ([f"let {temporary} = {name}{optional}.makeCPointer()",
                 f"defer {{ {self.swift}.freeCPointer({temporary}) }}"], temporary)

    def from_c(self, expression, transfer):
        initializer = "taking" if transfer == "full" else "borrowing"
        if self.nullable:
            return f"{expression}.map {{ {self.swift}({initializer}: $0) }}"
        return f"{self.swift}({initializer}: {expression}!)"

    def from_raw(self, raw):
        if self.nullable:
            return f"{raw}.map {{ {self.swift}(borrowing: $0) }}"
        return f"{self.swift}(borrowing: {raw}!)"

    def from_gvalue(self, index):
        if self.nullable:
            return f"arguments.pointer({index}).map {{ {self.swift}(borrowing: $0) }}"
        return f"{self.swift}(borrowing: arguments.pointer({index})!)"


class ReferenceMapping(Mapping):
    """A C pointer held by a hand-written Swift class that takes or borrows a reference
    (`Variant`, `CairoContext`): wrapped with `init(taking:)` for a full transfer and
    `init(borrowing:)` otherwise, passed in through the class's `pointer_member`."""

    swift = None
    pointer_member = None

    def to_c(self, name, ctype):
        return [], f"{name}{'?' if self.nullable else ''}.{self.pointer_member}"

    def from_c(self, expression, transfer):
        initializer = "taking" if transfer == "full" else "borrowing"
        if self.nullable:
            return f"{expression}.map {{ {self.swift}({initializer}: $0) }}"
        return f"{self.swift}({initializer}: {expression}!)"


class VariantMapping(ReferenceMapping):
    """`GVariant *` as the retained `Variant` class."""

    swift = "Variant"
    pointer_member = "pointer"

    def property_type(self):
        return "Variant?"

    def from_raw(self, raw):
        if self.nullable:
            return f"{raw}.map {{ Variant(borrowing: $0) }}"
        return f"Variant(borrowing: {raw}!)"

    def from_gvalue(self, index):
        if self.nullable:
            return f"arguments.variant({index})"
        return f"arguments.variant({index})!"

    def to_gvalue(self, name):
        return f"GValues.write({name}, to: result)"


class StrvMapping(Mapping):
    """A NULL-terminated array of strings (`gchar **`, GLib's strv) as `[String]`."""

    swift = "[String]"

    def property_type(self):
        return "[String]"

    def to_c(self, name, ctype):
        temporary = f"{name.strip('`')}C"
        statements = [f"let {temporary} = CStrings.array({name})",
                      f"defer {{ g_strfreev({temporary}) }}"]
        if "const" in ctype:
            return statements, f"CStrings.constant({temporary})"
        return statements, temporary

    def from_c(self, expression, transfer):
        function = {"full": "takeArray", "container": "takeArrayContainer"}.get(
            transfer, "borrowArray")
        if self.nullable:
            return f"{expression}.map {{ CStrings.{function}($0) }}"
        return f"CStrings.{function}({expression})"

    def from_raw(self, raw):
        return f"CStrings.borrowArray({raw})"

    def from_gvalue(self, index):
        return f"CStrings.borrowArray(arguments.pointer({index}))"

    def to_gvalue(self, name):
        return None


class ListMapping(Mapping):
    """A `GList *` or `GSList *` of objects as a Swift array of their wrappers: copied
    out of returned lists (freeing what the transfer gives), built for one call as an
    argument."""

    word_sized = True
    value_convertible = False

    def __init__(self, element, singly, nullable=False):
        super().__init__(nullable)
        self.element = element
        self.singly = singly
        self.swift = f"[{element.swift_type}]"
        self.kind = "SList" if singly else "List"

    def to_c(self, name, ctype):
        temporary = f"{name.strip('`')}C"
        return ([f"let {temporary} = GLists.make{self.kind}({name})",
                 f"defer {{ g_{self.kind.lower()}_free({temporary}) }}"], temporary)

    def from_c(self, expression, transfer):
        transfer = {"full": "full", "container": "container"}.get(transfer, "none")
        value = (f"GLists.read{self.kind}({expression}, transfer: .{transfer}, "
                 f"as: {self.element.wrapper}.self)")
        return value

    def from_raw(self, raw):
        return f"GLists.read{self.kind}({raw}, transfer: .none, as: {self.element.wrapper}.self)"

    def from_gvalue(self, index):
        return self.from_raw(f"arguments.pointer({index})")


class ValueListMapping(Mapping):
    """A returned `GList *` or `GSList *` of strings, atoms or passable records
    (`TreePath`) as a Swift array: each element converted by `element`'s borrowing
    conversion, then the list freed, and with a full transfer each element too (`free`,
    a C function taking the element pointer)."""

    word_sized = True
    value_convertible = False

    def __init__(self, element, singly, element_swift, convert, free, nullable=False):
        super().__init__(nullable)
        self.element = element
        self.singly = singly
        self.swift = f"[{element_swift}]"
        self.convert = convert  # Swift closure body over `$0` (UnsafeMutableRawPointer?)
        self.free = free  # Swift closure over `$0` freeing one element, or None

    @property
    def passable_in(self):
        """Whether a list of these can be an argument: strings, copied for one call."""
        return isinstance(self.element, StringMapping)

    def to_c(self, name, ctype):
        kind = "SList" if self.singly else "List"
        temporary = f"{name.strip('`')}C"
        return ([f"let {temporary} = GLists.makeString{kind}({name})",
                 f"defer {{ GLists.freeString{kind}({temporary}) }}"], temporary)

    def from_c(self, expression, transfer):
        transfer = {"full": "full", "container": "container"}.get(transfer, "none")
        free = f", free: {{ {self.free} }}" if self.free and transfer == "full" else ""
        kind = "SList" if self.singly else "List"
        return (f"GLists.values{kind}({expression}, transfer: .{transfer}{free}) "
                f"{{ {self.convert} }}")


class AtomMapping(Mapping):
    """A `GdkAtom` (an interned string) as its name."""

    swift = "String"

    def to_c(self, name, ctype):
        if self.nullable:
            return [], f"{name}.map {{ gdk_atom_intern($0, 0) }} ?? nil"
        return [], f"gdk_atom_intern({name}, 0)"

    def from_c(self, expression, transfer):
        if self.nullable:
            return f"Atoms.optionalName({expression})"
        return f"Atoms.name({expression})"

    def out_initial(self, ctype):
        return "GdkAtom?(nil)"

    def from_raw(self, raw):
        return f"Atoms.name(GdkAtom({raw}))"

    def from_gvalue(self, index):
        return self.from_raw(f"arguments.pointer({index})")


class ParamSpecNameMapping(Mapping):
    """A `GParamSpec *` signal argument as the property's name (`child-notify`)."""

    swift = "String"

    def from_raw(self, raw):
        return (f"CStrings.borrowStringOrEmpty(g_param_spec_get_name("
                f"{raw}?.assumingMemoryBound(to: GParamSpec.self)))")

    def from_gvalue(self, index):
        return self.from_raw(f"arguments.pointer({index})")


class ByteArrayMapping(Mapping):
    """An array of bytes GTK reads for one call, with its length in another argument
    (`write(buffer, count)`, `load_from_data(data, length)`), as `[UInt8]`: the length
    argument is left out of the Swift signature and passed as the array's count."""

    swift = "[UInt8]"
    value_convertible = False
    word_sized = False

    def to_c(self, name, ctype):
        temporary = f"{name.strip('`')}C"
        statements = [f"let {temporary} = CValues.copyBytes({name})",
                      f"defer {{ {temporary}.deallocate() }}"]
        base = ctype.replace("const ", "").replace("*", "").strip()
        if base in ("void", "gpointer"):
            return statements, (f"UnsafeRawPointer({temporary})" if "const" in ctype
                                else f"UnsafeMutableRawPointer({temporary})")
        if base in ("gchar", "char"):
            return statements, f"UnsafeMutableRawPointer({temporary}).assumingMemoryBound(to: CChar.self)"
        return statements, temporary


# C integer types of array lengths, as Swift spells them.
LENGTH_TYPES = {"int": "Int32", "unsigned int": "UInt32", "long": "Int", "size_t": "Int"}

# Byte element types of arrays passed in with a length (`ByteArrayMapping`).
BYTE_ELEMENTS = {"guint8", "gchar", "guchar"}


class CairoMapping(ReferenceMapping):
    """A cairo object GTK lends or takes (`cairo_t *`) as its hand-written Swift class
    (`CairoContext`), passed in as `.raw`."""

    value_convertible = False
    pointer_member = "raw"

    def __init__(self, swift, nullable=False):
        super().__init__(nullable)
        self.swift = swift

    def from_raw(self, raw):
        if self.nullable:
            return f"OpaquePointer({raw}).map {{ {self.swift}(borrowing: $0) }}"
        return f"{self.swift}(borrowing: OpaquePointer({raw})!)"

    def from_gvalue(self, index):
        return self.from_raw(f"arguments.pointer({index})")


class ObjectArrayMapping(Mapping):
    """A C array of objects whose length is another signal argument, as a Swift array
    (signals only: `GApplication::open`'s files)."""

    word_sized = False
    value_convertible = False

    def __init__(self, element, length_index):
        super().__init__(False)
        self.element = element
        self.length_index = length_index
        self.swift = f"[{element.wrapper}]"

    def from_gvalue(self, index):
        return (f"arguments.objects({index}, count: arguments.integer({self.length_index + 1}), "
                f"as: {self.element.wrapper}.self)")


class ValueRecordMapping(RecordMapping):
    """A plain C struct (`GdkRectangle`, `GdkRGBA`, `GtkTreeIter`…) copied into a
    hand-written Swift value type (`Values/`) with `init(_ cValue:)` and `cValue`: copied
    in for one call, copied out of out parameters (caller-allocates), return values,
    signal arguments and boxed GValues."""

    def __init__(self, swift, cstruct, free, nullable=False):
        super().__init__(swift, nullable)
        self.cstruct = cstruct
        self.free = free
        self.inout = False  # C updates the struct in place (`iter_next`): config's [inout]

    @property
    def swift_type(self):
        return ("inout " if self.inout else "") + self.swift + ("?" if self.nullable else "")

    @property
    def passable(self):
        return True

    @property
    def value_convertible(self):
        return True

    def to_c(self, name, ctype):
        temporary = f"{name.strip('`')}C"
        if self.nullable:
            return ([f"let {temporary} = CValues.copy({name}?.cValue)",
                     f"defer {{ {temporary}?.deallocate() }}"], temporary)
        statements = [f"var {temporary} = {name}.cValue"]
        if self.inout:
            statements.append(f"defer {{ {name} = {self.swift}({temporary}) }}")
        return statements, f"&{temporary}"

    def from_c(self, expression, transfer):
        if transfer == "full":
            value = f"CValues.take({expression}, free: {self.free})"
        else:
            value = f"{expression}?.pointee"
        if self.nullable:
            # Parenthesized: `.map` applies to the optional, not inside its chain.
            return f"({value}).map {{ {self.swift}($0) }}"
        # Parenthesized: a force unwrap inside an optional chain applies to its last member.
        return f"{self.swift}(({value})!)"

    def out_initial(self, ctype):
        return f"{self.cstruct}()"

    def from_out(self, local):
        return f"{self.swift}({local})"

    def from_raw(self, raw):
        value = f"CValues.load({raw}, as: {self.cstruct}.self)"
        if self.nullable:
            return f"{value}.map {{ {self.swift}($0) }}"
        return f"{self.swift}({value}!)"

    def from_gvalue(self, index):
        return self.from_raw(f"arguments.pointer({index})")

    def to_gvalue(self, name):
        return None


def plain_mapping(name, nullable):
    """Mappings of fundamental types, or None."""
    if name == "gboolean":
        return BoolMapping(nullable)
    if name in INTEGERS:
        return IntegerMapping(name, nullable)
    if name in ("gdouble", "gfloat"):
        return FloatingMapping(name, nullable)
    if name in ("utf8", "filename"):
        return StringMapping(nullable)
    if name == "GType":
        return GTypeMapping(nullable)
    if name == "GLib.Variant":
        return VariantMapping(nullable)
    if name == "Gdk.Atom":
        return AtomMapping(nullable)
    return None


class CallbackMapping(Mapping):
    """A C callback with its user data (and destroy notifier) as a Swift closure
    (`setFilterFunc { row in … }`). The member boxes a closure that converts C's arguments
    (`arguments`: (C parameter, its Swift spelling, its mapping) of every argument but the
    user data) and calls the caller's closure; the module's generated trampoline
    (`trampoline`) finds that box through the user data (`Callbacks`, Interop/). `scope`
    is GObject Introspection's: "call" releases the box after the call, "notified" leaves
    it to GTK's destroy notifier, "async" to the trampoline after its one call."""

    word_sized = False
    value_convertible = False

    def __init__(self, callback, arguments, returns, return_swift, trampoline, scope,
                 nullable=False):
        super().__init__(nullable)
        self.callback = callback
        self.arguments = arguments
        self.returns = returns  # the return value's mapping, or None for void
        self.return_swift = return_swift  # its C type as Swift spells it
        self.trampoline = trampoline
        self.scope = scope
        # An array's length is not an argument of the Swift closure: the array has it.
        parameters = ", ".join(m.swift_type for _, _, m in arguments
                               if not getattr(m, "hidden", False))
        result = returns.swift_type if returns is not None else "Void"
        if any(isinstance(m, CallbackValueOutMapping) for _, _, m in arguments):
            result = "(any GValueConvertible)?"
        if any(isinstance(m, CallbackErrorOutMapping) for _, _, m in arguments):
            result = "throws -> Void"  # the C result is only whether it succeeded
            self.swift = f"({parameters}) {result}"
        else:
            self.swift = f"({parameters}) -> {result}"

    @property
    def swift_type(self):
        if self.nullable:
            return f"({self.swift})?"
        return f"@escaping {self.swift}"

    def data_name(self, name):
        return f"{name.strip('`')}Data"

    @staticmethod
    def _argument(value, param, mapping):
        """A C argument as the Swift value the caller's closure takes: an object through
        `retained(_:)`, which gives back the one Swift object of a class declared in
        Swift."""
        if isinstance(mapping, ObjectMapping):
            if getattr(mapping, "raw_item", False):  # a `gconstpointer` item
                value = f"UnsafeMutableRawPointer(mutating: {value})"
            return f"{mapping.wrapper}.retained({value}){'' if mapping.nullable else '!'}"
        if isinstance(mapping, ValueRecordMapping):
            if mapping.nullable:
                return f"{value}.map {{ {mapping.swift}($0.pointee) }}"
            return f"{mapping.swift}({value}!.pointee)"
        return mapping.from_c(value, param.transfer)

    def to_c(self, name, ctype):
        local = name.strip("`")  # for the names derived from it
        data = self.data_name(name)
        c_types = ", ".join(swift for _, swift, _ in self.arguments)
        names = [f"a{index}" for index in range(len(self.arguments))]
        values = [self._argument(value, param, mapping)
                  for value, (param, _, mapping) in zip(names, self.arguments)
                  if not getattr(mapping, "hidden", False)]
        call = f"{name}({', '.join(values)})"
        filled = next((f"a{index}" for index, (_, _, m) in enumerate(self.arguments)
                       if isinstance(m, CallbackValueOutMapping)), None)
        if filled is not None:
            # The closure's result is the value C asked for, written into C's GValue.
            call = f"GValues.fill({filled}, with: {call})"
        failed = next((f"a{index}" for index, (_, _, m) in enumerate(self.arguments)
                       if isinstance(m, CallbackErrorOutMapping)), None)
        if failed is not None:
            # What the closure throws is C's `GError`; C's result says whether it did.
            call = f"Callbacks.reporting(into: {failed}) {{ try {call} }}"
        elif isinstance(self.returns, ObjectMapping):
            # A reference the callback gives (a bound model's row widget).
            call = f"Callbacks.givingReference({call})"
            base = self.return_swift.rstrip("?")
            call = (f"OpaquePointer({call})" if base == "OpaquePointer"
                    else f"{call}.assumingMemoryBound(to: {base[len('UnsafeMutablePointer<'):-1]}.self)")
        elif isinstance(self.returns, StringMapping):
            call = f"g_strdup({call})"  # a copy the caller frees
        elif self.returns is not None:
            _, call = self.returns.to_c(call, self.return_swift)
        signature = f"@MainActor ({c_types}) -> {self.return_swift or 'Void'}"
        closure_names = ", ".join(names) if names else "()"
        body = [f"let {local}Body: {signature} = {{ {closure_names} in {call} }}"]
        if names == []:
            body = [f"let {local}Body: {signature} = {{ {call} }}"]
        if self.nullable:
            statements = [f"var {data}: gpointer? = nil", f"if let {name} {{"]
            statements += ["  " + line for line in body]
            statements.append(f"  {data} = Callbacks.retain({local}Body)")
            statements.append("}")
            function = f"{name} == nil ? nil : CallbackTrampolines.{self.trampoline}"
        else:
            statements = body + [f"let {data}: gpointer? = Callbacks.retain({local}Body)"]
            function = f"CallbackTrampolines.{self.trampoline}"
        if self.scope == "call":
            statements.append(f"defer {{ Callbacks.release({data}) }}")
        return statements, function


class CallbackErrorOutMapping(Mapping):
    """A callback's `GError **` with a `gboolean` result (`GdkPixbufSaveFunc`): not an
    argument of the Swift closure, which throws instead; what it throws is set there
    (`Callbacks.reporting`) and the result says whether it did."""

    swift = "GLibError"
    hidden = True
    word_sized = False
    value_convertible = False


class CallbackLengthOutMapping(Mapping):
    """The out length of the bytes a callback returns (`GtkTextBufferSerializeFunc`'s
    `length`): not an argument of the Swift closure, whose `[UInt8]` has it."""

    swift = "Int"
    hidden = True
    word_sized = False
    value_convertible = False


class CallbackBytesResultMapping(Mapping):
    """Bytes a callback returns with their length in an out argument, as the closure's
    `[UInt8]?`: copied into memory C frees with `g_free` (`CBytes.giving`), the length
    written; nil is NULL."""

    swift = "[UInt8]"
    word_sized = False
    value_convertible = False

    def __init__(self):
        super().__init__(True)
        self.length_name = None  # the length argument's local in the trampoline's closure

    def to_c(self, name, ctype):
        return [], f"CBytes.giving({name}, count: {self.length_name})"


class CallbackValueOutMapping(Mapping):
    """A `GValue *` C initialized (with a column's type) and asks a callback to fill
    (`GtkTreeModelFilterModifyFunc`): not an argument of the Swift closure, whose result
    (`(any GValueConvertible)?`) is written into it, converted to its type; nil leaves
    the type's zero."""

    swift = "GValue"
    hidden = True
    word_sized = False
    value_convertible = False


class ValueArgumentMapping(Mapping):
    """A `const GValue *` argument as any Swift value with a GValue type
    (`GValueConvertible`: `Int32`, `String`, an object, an enumeration): put in a GValue of
    its own type for the call; GTK transforms it to the type it needs (a child property's,
    a list store column's) or reports the mismatch."""

    swift = "any GValueConvertible"
    word_sized = False
    value_convertible = False

    def to_c(self, name, ctype):
        temporary = f"{name.strip('`')}C"
        return ([f"var {temporary} = GValues.holding({name})",
                 f"defer {{ g_value_unset(&{temporary}) }}"], f"&{temporary}")


class BytesMapping(Mapping):
    """A `GBytes *` as `[UInt8]`: a new `GBytes` holding a copy for one call (GTK takes its
    own reference when it keeps it), a copy of what a returned one holds."""

    swift = "[UInt8]"
    value_convertible = False
    word_sized = False

    def to_c(self, name, ctype):
        temporary = f"{name.strip('`')}C"
        return ([f"let {temporary} = CBytes.makeBytes({name})",
                 f"defer {{ if let {temporary} {{ g_bytes_unref({temporary}) }} }}"], temporary)

    def from_c(self, expression, transfer):
        function = "takeBytes" if transfer == "full" else "borrowBytes"
        return f"CBytes.{function}({expression})" + ("" if self.nullable else " ?? []")


class ByteArrayOutMapping(Mapping):
    """An array of bytes C gives as an out parameter or the return value, with its length
    in an out parameter (`load_contents(&contents, &length)`), as `[UInt8]`: the length is
    a local the call fills (`length`, left out of the Swift signature), the bytes copied
    (and freed with a full transfer). NULL reads as no bytes."""

    swift = "[UInt8]"
    value_convertible = False
    word_sized = False

    def __init__(self, length, element="guint8"):
        super().__init__(False)
        self.length = length
        self.element = element  # GIR's element type: bytes, strings, atoms, numbers

    @property
    def swift_type(self):
        return self._element_swift_type() + ("?" if self.nullable else "")

    def _element_swift_type(self):
        record = _value_record(self.element)
        if record is not None:
            return f"[{record['swift']}]"
        if self.element == "gboolean":
            return "[Bool]"
        if self.element in ("utf8", "filename", "Gdk.Atom"):
            return "[String]"
        if self.element in ("gdouble", "gfloat"):
            return "[Double]"
        if self.element in INTEGERS and self.element not in BYTE_ELEMENTS:
            return "[Int]"
        return "[UInt8]"

    def from_c(self, expression, transfer):
        transfer_case = {"full": ".full", "container": ".container"}.get(transfer, ".none")
        if self.element in ("utf8", "filename"):
            return (f"CArrays.strings({expression}, count: {self.length}, "
                    f"transfer: {transfer_case})")
        record = _value_record(self.element)
        if record is not None:  # plain structs: each copied into its Swift value
            return (f"CArrays.numbers({expression}, count: {self.length}, "
                    f"transfer: {transfer_case}) {{ {record['swift']}($0) }}")
        if self.element == "gboolean":
            return (f"CArrays.numbers({expression}, count: {self.length}, "
                    f"transfer: {transfer_case}, as: swiftBool)")
        if self.element == "Gdk.Atom":
            return (f"CArrays.atoms({expression}, count: {self.length}, "
                    f"transfer: {transfer_case})")
        if self._element_swift_type() in ("[Double]", "[Int]"):
            convert = "Double($0)" if self._element_swift_type() == "[Double]" else "Int($0)"
            return (f"CArrays.numbers({expression}, count: {self.length}, "
                    f"transfer: {transfer_case}) {{ {convert} }}")
        function = "take" if transfer == "full" else "borrow"
        if self.nullable:  # NULL is not an empty array: nil
            return f"{expression}.map {{ CBytes.{function}($0, count: {self.length}) }}"
        return f"CBytes.{function}({expression}, count: {self.length})"

    @staticmethod
    def null_array(ctype):
        """A NULL of the array pointer an out parameter of C type `ctype` (`gchar ***`,
        `GdkAtom **`) sets."""
        def pointer(c):
            return f"UnsafeMutablePointer<{value(c[:-1].strip())}>"

        def value(c):
            if c.endswith("*"):
                return pointer(c) + "?"
            return {"GdkAtom": "GdkAtom?", "char": "CChar", "int": "Int32",
                    "unsigned char": "UInt8"}.get(c, c)
        return pointer(ctype.replace("const ", "").strip()[:-1].strip()) + "?(nil)"

    @staticmethod
    def supports(element):
        """Whether arrays of GIR type `element` are given this way."""
        return element in BYTE_ELEMENTS or element in INTEGERS or element in (
            "utf8", "filename", "Gdk.Atom", "gdouble", "gfloat", "gboolean") or (
            _value_record(element) is not None)


def _value_record(element):
    """Config's `[value-records]` entry of GIR type `element`, or None."""
    import config
    return config.CURRENT.table("value-records").get(element)


class RecordArrayMapping(Mapping):
    """An array of C structs GTK reads for one call, with its length in another argument
    (`drag_dest_set(targets, n_targets)`), as a Swift array of the record's hand-written
    value type (config's `[record-arrays]`), which makes the C array with
    `makeCArray(_:)` and frees it with `freeCArray(_:count:)`."""

    value_convertible = False
    word_sized = False

    def __init__(self, element_swift):
        super().__init__(False)
        self.element_swift = element_swift
        self.swift = f"[{element_swift}]"

    def to_c(self, name, ctype):
        temporary = f"{name.strip('`')}C"
        return ([f"let {temporary} = {self.element_swift}.makeCArray({name})",
                 f"defer {{ {self.element_swift}.freeCArray({temporary}, count: {name}.count) }}"],
                temporary)


class FilledValueMapping(Mapping):
    """A `GValue *` C fills: the value of a child, cell or style property, a setting, a
    tree model's cell. The Swift member is generic over the type the caller reads it as
    (`V: GValueConvertible`, from an `as:` argument or the result's type), and returns
    nil when the value cannot be read as that type. `typed_by_caller`: C writes into a
    GValue the caller initialized (with `V`'s type, which C transforms to); otherwise C
    initializes it with its own type and Swift transforms it."""

    swift = "V"
    value_convertible = False
    word_sized = False
    generic = "V: GValueConvertible"

    def __init__(self, typed_by_caller):
        super().__init__(True)
        self.typed_by_caller = typed_by_caller
        # The GType C is given the value in, when not `V`'s (a `ParamSpec` argument's).
        self.initial_type = "V.valueType"

    def out_initial(self, ctype):
        return "GValue()"

    def setup(self, local):
        """Statements after `local`'s declaration."""
        lines = [f"defer {{ GValues.unset(&{local}) }}"]
        if self.typed_by_caller:
            lines.insert(0, f"g_value_init(&{local}, {self.initial_type})")
        return lines

    def from_out(self, local):
        return f"GValues.filled(&{local}, as: V.self)"


class FilledBufferMapping(Mapping):
    """A buffer the caller allocates and C fills (`read(buffer, count)`), with its size in
    an argument the Swift signature keeps (`count`): a `CByteBuffer` of that size for the
    call, then the bytes C filled as `[UInt8]`, as many as the return value (`filled` is
    "result": the Swift member returns the bytes instead of their count) or an out
    parameter (`bytes_read`) says."""

    swift = "[UInt8]"
    value_convertible = False
    word_sized = False

    def __init__(self, count, filled):
        super().__init__(False)
        self.count = count  # the Swift local of the size argument
        self.filled = filled  # "result" or the out parameter's local

    @property
    def swift_type(self):
        return "[UInt8]"

    @property
    def consumes_result(self):
        return self.filled == "result"

    def declaration(self, local, ctype):
        """(statement declaring the buffer, the C argument)."""
        base = ctype.replace("const ", "").replace("*", "").strip()
        pointer = {"void": f"{local}.raw", "gpointer": f"{local}.raw",
                   "gchar": f"{local}.typed(CChar.self)", "char": f"{local}.typed(CChar.self)"}
        return (f"let {local} = CByteBuffer(count: {self.count})",
                pointer.get(base, f"{local}.typed(UInt8.self)"))

    def from_out(self, local):
        return f"{local}.prefix({self.filled})"


class ElementArrayMapping(Mapping):
    """An array GTK reads for one call, with its length in another argument, of integers
    (`[Int]`, each clamped to the C type), plain C structs (`[RGBA]`, their `cValue`s) or
    strings (`[String]`, a NULL-terminated copy): `kind` is "integer", "value" or
    "string"; `element` the C element's Swift type (`Int32`) or the value type."""

    value_convertible = False
    word_sized = False

    def __init__(self, kind, element):
        super().__init__(False)
        self.kind = kind
        self.element = element
        self.swift = {"integer": "[Int]", "string": "[String]"}.get(kind, f"[{element}]")

    def to_c(self, name, ctype):
        temporary = f"{name.strip('`')}C"
        if self.kind == "string":
            statements = [f"let {temporary} = CStrings.array({name})",
                          f"defer {{ g_strfreev({temporary}) }}"]
            if "const" in ctype:
                return statements, f"CStrings.constant({temporary})"
            return statements, temporary
        if self.kind == "integer":
            return [f"var {temporary} = {name}.map {{ {clamped(self.element, '$0')} }}"], \
                f"&{temporary}"
        return [f"var {temporary} = {name}.map(\\.cValue)"], f"&{temporary}"


class GroupListMapping(Mapping):
    """A radio group's `GSList *` argument as the Swift array its `group` gives (`[RadioButton]`):
    GTK adopts the list it is passed as the group's own, so no list is made for the call;
    the group of the array's first member is passed, read with `getter`
    (`gtk_radio_button_get_group`, config's `[group-lists]`). An empty array is a new group."""

    value_convertible = False
    word_sized = False

    def __init__(self, getter, element):
        super().__init__(False)
        self.getter = getter
        self.element = element  # the members' ObjectMapping
        self.swift = f"[{element.wrapper}]"

    def to_c(self, name, ctype):
        member = struct_pointer(self.element.cstruct, "$0.")
        return [], f"{name}.first.map {{ {self.getter}({member}) }} ?? nil"
