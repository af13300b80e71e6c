"""Which GIR types become Swift, under which names, and how their types map."""

import async_ops
import gir
import headers
import mappings

# Gio is large; apps use these parts of it (and GTK's own API refers to them).
GIO_TYPES = {
    "Application", "ApplicationCommandLine", "Action", "SimpleAction", "ActionGroup",
    "ActionMap", "SimpleActionGroup", "MenuModel", "Menu", "MenuItem", "ListModel",
    "ListStore", "File", "FileMonitor", "Settings", "AppInfo", "AppLaunchContext",
    "Cancellable", "Icon", "ThemedIcon", "FileIcon", "Notification", "MountOperation",
    "Permission", "LoadableIcon", "Volume",
}

# Gio types that cannot take part even though an asynchronous operation uses them, and why.
GIO_ASYNC_EXCLUDED = {
    # Declared in gio-unix-2.0's headers, which the C module does not include.
    "Gio.UnixConnection": "gio-unix header",
    "Gio.UnixFDList": "gio-unix header",
    "Gio.UnixCredentialsMessage": "gio-unix header",
    # GTask and GAsyncResult implement asynchronous operations in C; callers never see them
    # (the generated async members pass and finish the result themselves).
    "Gio.Task": "implements operations",
    "Gio.AsyncResult": "implements operations",
}

# Enumerations of namespaces in ENUMS_ONLY emitted although no chosen member uses them:
# name -> why.
EXTRA_ENUMS = {
    "Gio.IOErrorEnum": "the codes of GIO's errors, for `GLibError.isIOError(.notFound)`",
}

NAMESPACES = ["Gtk", "Gdk", "GdkPixbuf", "Gio", "Pango"]

# Namespaces of which only the enumerations and flags the chosen types use are emitted.
ENUMS_ONLY = {"Gio", "Pango"}

# Declared only in headers the C module does not include (X11 embedding: gtkx.h).
EXCLUDED = {"Gtk.Plug", "Gtk.Socket", "Gtk.CellAccessibleParent"}

# Names that would shadow the standard library or this package's own types.
RESERVED = {"Range", "Object", "Signal", "Observer", "Event", "Property", "Command",
            "Binder", "Reactive", "Lifetime", "Error", "Type", "Result", "Set", "Array",
            # GtkReactive's own value types (Values/).
            "Rectangle", "Allocation", "RGBA", "Border", "TreeIter", "TextIter", "Variant",
            "VariantType", "TreePath", "FontDescription", "DBusInterfaceInfo",
            "FileProgress", "FileMeasureProgress", "ProgressEvent"}

# Namespaces whose types always live in their namespace enum (`Pango.Style`, not a bare
# `Style` beside GTK's names).
ALWAYS_QUALIFIED = {"Pango"}

# The namespace enums that hold clashing names (declared in Runtime/Namespaces.swift).
NAMESPACE_ENUM = {"Gtk": "Gtk", "Gdk": "Gdk", "GdkPixbuf": "Gdk", "Gio": "Gio",
                  "Pango": "Pango"}


class Model:
    def __init__(self, everything):
        self.all = everything
        self.by_ctype = {d.ctype: d for d in everything.values() if d.ctype}
        self.defined_structs = headers.defined_structs()
        self.deprecated_functions = headers.deprecated_functions()
        for definition in everything.values():
            if definition.get_type in self.deprecated_functions:
                definition.deprecated = True
            for member in definition.constructors + definition.methods + definition.functions:
                if member.c_identifier in self.deprecated_functions:
                    member.deprecated = True
        for c_identifier, (owner, swift_name) in async_ops.NAMESPACE_FUNCTIONS.items():
            function = everything.functions[c_identifier]
            function.swift_name = swift_name
            everything[owner].functions.append(function)
        self.gio_async_types = self._gio_async_types()
        self.emitted = {}  # qualified name -> TypeDef, in a stable order
        self.swift_names = {}
        self._select()
        self._name()

    # MARK: selection

    def _wanted(self, definition):
        if definition.namespace not in NAMESPACES or definition.qualified in EXCLUDED:
            return False
        if definition.deprecated and definition.kind != "class":
            return False
        if definition.kind in ("enum", "bitfield"):
            if definition.namespace in ENUMS_ONLY:
                return False  # only the enumerations the chosen types use (below)
            return bool(definition.members) and bool(definition.ctype)
        if definition.kind not in ("class", "interface"):
            return False
        if not definition.get_type or not definition.ctype:
            return False
        if (definition.namespace == "Gio" and definition.name not in GIO_TYPES
                and definition.qualified not in self.gio_async_types):
            return False
        if definition.namespace == "Pango":
            return False
        return True

    def _gio_async_types(self):
        """Gio types emitted for their asynchronous operations, so that every
        `_async`/`_finish` pair of Gio is generated: each type with one, the Gio classes and
        interfaces those operations take or give, and their ancestors."""
        selected = set()

        def add(name):
            target = self.all.get(name)
            if (target is not None and target.namespace == "Gio" and not target.deprecated
                    and target.kind in ("class", "interface")
                    and name not in GIO_ASYNC_EXCLUDED):
                selected.add(name)

        for definition in self.all.values():
            if definition.namespace != "Gio" or definition.kind not in ("class", "interface"):
                continue
            operations = [(start, finish) for start, finish, _ in async_ops.pairs(definition)
                          if not start.deprecated]
            if not operations:
                continue
            add(definition.qualified)
            for start, finish in operations:
                for param in start.params + finish.params + [finish.returns]:
                    add(param.type.name)
                    if param.type.element is not None:
                        add(param.type.element.name)
        for name in list(selected):
            parent = self.all[name].parent
            while parent in self.all and self.all[parent].namespace == "Gio":
                add(parent)
                parent = self.all[parent].parent
        return selected

    def _select(self):
        candidates = {q: d for q, d in self.all.items() if self._wanted(d)}
        # A class is emitted only when its parent is (or is GObject's base).
        changed = True
        while changed:  # noqa: the loop below removes classes whose parent is not kept
            changed = False
            for qualified, definition in list(candidates.items()):
                if definition.kind != "class":
                    continue
                parent = definition.parent
                if parent in ("GObject.Object", "GObject.InitiallyUnowned"):
                    continue
                if parent not in candidates:
                    del candidates[qualified]
                    changed = True
        # A deprecated class stays only as the ancestor of a current one (GtkMisc under
        # GtkLabel), with no members of its own.
        needed = set()
        for definition in candidates.values():
            if definition.kind == "class" and not definition.deprecated:
                parent = definition.parent
                while parent in candidates:
                    if candidates[parent].deprecated:
                        needed.add(parent)
                        candidates[parent].structural_child = definition
                    parent = candidates[parent].parent
        for qualified in [q for q, d in candidates.items() if d.deprecated and q not in needed]:
            del candidates[qualified]
        self.emitted = dict(sorted(candidates.items()))
        # Gio and Pango enumerations and flags that the chosen types use.
        for name in EXTRA_ENUMS:
            self.emitted[name] = self.all[name]
        for definition in list(self.emitted.values()):
            for used in self._used_types(definition):
                target = self.all.get(used)
                if (target and target.kind in ("enum", "bitfield")
                        and target.namespace in ENUMS_ONLY
                        and not target.deprecated and target.members and target.ctype):
                    self.emitted[used] = target
        self.emitted = dict(sorted(self.emitted.items()))

    def _used_types(self, definition):
        for member in definition.constructors + definition.methods:
            for param in member.params + [member.returns]:
                yield param.type.name
        for prop in definition.properties:
            yield prop.type.name
        for signal in definition.signals:
            for param in signal.params + [signal.returns]:
                yield param.type.name

    def _name(self):
        """Bare names where unique; on a clash Gtk keeps the bare name, then Gio, then Gdk,
        and the others live in a namespace enum (`Gdk.Window`, `Gio.Settings`)."""
        taken = set(RESERVED)
        order = {"Gtk": 0, "Gio": 1, "Gdk": 2, "GdkPixbuf": 3, "Pango": 4}
        for qualified, definition in sorted(
                self.emitted.items(), key=lambda item: (order[item[1].namespace], item[0])):
            name = definition.name
            if name in taken or definition.namespace in ALWAYS_QUALIFIED:
                name = NAMESPACE_ENUM[definition.namespace] + "." + name
            taken.add(name)
            self.swift_names[qualified] = name

    # MARK: queries

    def swift_name(self, qualified):
        return self.swift_names[qualified]

    def wrapper_name(self, qualified):
        """The concrete class that wraps an instance of `qualified`."""
        name = self.swift_names[qualified]
        if self.all[qualified].kind != "interface":
            return name
        space, _, bare = name.rpartition(".")
        return (space + "." if space else "") + "Any" + bare

    def parent_swift(self, definition):
        if definition.parent in ("GObject.Object", "GObject.InitiallyUnowned"):
            return "Object"
        return self.swift_names[definition.parent]

    def ancestors(self, definition):
        """The emitted ancestors of a class, nearest first."""
        result = []
        parent = definition.parent
        while parent in self.emitted:
            result.append(self.emitted[parent])
            parent = self.emitted[parent].parent
        return result

    def interfaces(self, definition):
        return [q for q in definition.implements if q in self.emitted]

    def is_opaque(self, ctype):
        """Whether Swift imports pointers to C type `ctype` as `OpaquePointer`: its struct
        is not defined in the public headers."""
        base = ctype.replace("const ", "").replace("*", "").strip()
        return base not in self.defined_structs

    def array_argument(self, type_ref):
        """A signal's array of objects with a length argument, or None."""
        element = type_ref.element
        if not type_ref.is_array or type_ref.length is None or element is None:
            return None
        mapping = self.mapping(element, False)
        if not isinstance(mapping, mappings.ObjectMapping):
            return None
        return mappings.ObjectArrayMapping(mapping, type_ref.length)

    def raw_type(self, definition):
        """The raw value type C gives an enumeration: `int` with a negative member."""
        if any(value < 0 for _, value, _ in definition.members):
            return "Int32"
        return "UInt32"

    def mapping(self, type_ref, nullable):
        """How a type crosses, or None when it cannot."""
        if type_ref.is_varargs:
            return None
        if type_ref.is_array:
            element = type_ref.element
            if (type_ref.name == "array" and element is not None
                    and element.name in ("utf8", "filename") and type_ref.zero_terminated
                    and type_ref.length is None and type_ref.fixed_size is None):
                return mappings.StrvMapping(nullable)
            return None
        enum_by_ctype = self.by_ctype.get(type_ref.ctype.replace("const ", "").replace("*", "").strip())
        if (type_ref.name in mappings.INTEGERS and enum_by_ctype is not None
                and enum_by_ctype.qualified in self.emitted
                and enum_by_ctype.kind in ("enum", "bitfield")):
            type_ref = gir.TypeRef(enum_by_ctype.qualified, type_ref.ctype)
        plain = mappings.plain_mapping(type_ref.name, nullable)
        if plain:
            return plain
        name = type_ref.name
        if name in ("GLib.List", "GLib.SList") and type_ref.element is not None:
            element = self.mapping(type_ref.element, False)
            if isinstance(element, mappings.ObjectMapping):
                return mappings.ListMapping(element, name == "GLib.SList", nullable)
            return None
        if name in mappings.VALUE_RECORDS:
            return mappings.ValueRecordMapping(*mappings.VALUE_RECORDS[name], nullable)
        if name in mappings.CAIRO_TYPES:
            return mappings.CairoMapping(mappings.CAIRO_TYPES[name], nullable)
        if name in mappings.RECORDS:
            return mappings.RecordMapping(mappings.RECORDS[name], nullable)
        if name == "GObject.Object":
            return mappings.ObjectMapping("Object", "Object", "GObject", False, False, nullable)
        definition = self.emitted.get(name)
        if definition is None:
            return None
        swift = self.swift_names[name]
        if definition.kind in ("enum", "bitfield"):
            return mappings.EnumMapping(swift, self.raw_type(definition),
                                        definition.kind == "bitfield", nullable)
        if definition.kind in ("class", "interface"):
            return mappings.ObjectMapping(
                swift, self.wrapper_name(name), definition.ctype,
                self.is_opaque(definition.ctype), definition.kind == "interface", nullable)
        return None


def load(directory):
    files = ["GObject-2.0.gir", "GLib-2.0.gir", "Gio-2.0.gir", "Pango-1.0.gir", "Gdk-3.0.gir",
             "GdkPixbuf-2.0.gir", "Gtk-3.0.gir"]
    return Model(gir.read_all(directory, files))
