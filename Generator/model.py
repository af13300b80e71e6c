"""Which GIR types become Swift, under which names, and how their types map."""

import array_mappings
import array_shapes
import async_ops
import boxed
import closures
import config
import error_mapping
import gir
import headers
import kept_callbacks
import lent_returns
import cairo_mappings
import mappings
import param_specs
import quark_mapping
import variant_dict

# The policy (which namespaces, which types, under which names) is read from
# Generator/config by config.py; this module holds the mechanism.


def _namespaces():
    return config.CURRENT.namespaces


def _ignored(qualified):
    return qualified in config.CURRENT.by_section["ignore"]


class Model:
    def __init__(self, everything):
        self.all = everything
        self.by_ctype = {d.ctype: d for d in everything.values() if d.ctype}
        self.defined_structs, self.deprecated_functions = headers.load()
        for definition in everything.values():
            if definition.get_type in self.deprecated_functions:
                definition.deprecated = True
            for member in definition.constructors + definition.methods + definition.functions:
                if member.c_identifier in self.deprecated_functions:
                    member.deprecated = True
        for c_identifier, placement in config.CURRENT.table("async-namespace-functions").items():
            function = everything.functions[c_identifier]
            function.swift_name = placement.get("swift")
            everything[placement["owner"]].functions.append(function)
        self.gio_async_types = self._gio_async_types()
        self.emitted = {}  # qualified name -> TypeDef, in a stable order
        self.swift_names = {}
        self.module_names = {}  # Swift module -> the top-level names it declares
        # Swift module -> {name: declaration} of the callback trampolines its members use.
        self.trampolines = {}
        # The module whose code is being written: names of other modules are spelled
        # for it (`swift_name`).
        self.current_module = "GtkReactiveBindings"
        self._select()
        self._name()

    # MARK: selection

    def _wanted(self, definition):
        namespace = _namespaces().get(definition.namespace)
        if namespace is None or _ignored(definition.qualified):
            return False
        if definition.deprecated and definition.kind != "class":
            return False
        if definition.kind in ("enum", "bitfield"):
            if namespace.enums != "all":
                return False  # only the enumerations the chosen types use (below)
            return bool(definition.members) and bool(definition.ctype)
        if definition.kind not in ("class", "interface"):
            return False
        if not definition.get_type or not definition.ctype:
            return False
        if namespace.types == "none":
            return False
        if (namespace.types == "listed"
                and definition.qualified not in config.CURRENT.by_section["include"]
                and definition.qualified not in self.gio_async_types):
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
                    and not _ignored(name)):
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
        for name in config.CURRENT.by_section["include"]:
            if self.all[name].kind in ("enum", "bitfield"):
                self.emitted[name] = self.all[name]
        boxed_classes = [self.all[q] for q in config.CURRENT.table("boxed-classes")]
        for definition in list(self.emitted.values()) + boxed_classes:
            for used in self._used_types(definition):
                target = self.all.get(used)
                if (target and target.kind in ("enum", "bitfield")
                        and target.namespace in _namespaces()
                        and _namespaces()[target.namespace].enums == "used"
                        and not target.deprecated and target.members and target.ctype):
                    self.emitted[used] = target
        self.emitted = dict(sorted(self.emitted.items()))

    def _used_types(self, definition):
        for member in definition.constructors + definition.methods + definition.functions:
            for param in member.params + [member.returns]:
                yield param.type.name
        for prop in definition.properties:
            yield prop.type.name
        for signal in definition.signals:
            for param in signal.params + [signal.returns]:
                yield param.type.name

    def _name(self):
        """Bare names where unique in their Swift module; on a clash Gtk keeps the bare
        name, then Gio, then Gdk, and the others live in a namespace enum (`Gdk.Window`,
        `Gio.Settings`). A module of its own (Handy) has its own names: its `HeaderBar`
        is `Handy.HeaderBar` to a client, GTK's stays `HeaderBar`."""
        reserved = config.CURRENT.names("reserved")
        spaces = _namespaces()
        for qualified, definition in sorted(
                self.emitted.items(),
                key=lambda item: (spaces[item[1].namespace].order, item[0])):
            name = definition.name
            space = spaces[definition.namespace]
            taken = self.module_names.setdefault(
                space.module_of(definition.kind), set(reserved))
            if name in taken or space.qualified:
                name = space.swift_enum + "." + name
            taken.add(name.split(".")[0])
            taken.add(name)
            self.swift_names[qualified] = name

    def module(self, qualified):
        """The Swift module a GIR type is generated into."""
        definition = self.all[qualified]
        return _namespaces()[definition.namespace].module_of(definition.kind)

    # MARK: queries

    def swift_name(self, qualified):
        """The Swift name of `qualified` as code of `current_module` spells it: a type of
        another module whose name the current one also declares is qualified by its
        module (`GtkReactiveBindings.HeaderBar` in Handy, whose own `HeaderBar` shadows it)."""
        name = self.swift_names[qualified]
        module = self.module(qualified)
        if (module != self.current_module
                and name.split(".")[0] in self.module_names.get(self.current_module, ())):
            return module + "." + name
        return name

    def wrapper_name(self, qualified):
        """The concrete class that wraps an instance of `qualified`."""
        name = self.swift_name(qualified)
        if self.all[qualified].kind != "interface":
            return name
        space, _, bare = name.rpartition(".")
        return (space + "." if space else "") + "Any" + bare

    def parent_swift(self, definition):
        if definition.parent in ("GObject.Object", "GObject.InitiallyUnowned"):
            return "Object"
        return self.swift_name(definition.parent)

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
        pids = quark_mapping.garray_argument(type_ref)
        if pids:
            return pids
        if not type_ref.is_array or type_ref.length is None or element is None:
            return None
        quarks = quark_mapping.array_argument(type_ref)
        if quarks:
            return quarks
        mapping = self.mapping(element, False)
        if not isinstance(mapping, mappings.ObjectMapping):
            return None
        return mappings.ObjectArrayMapping(mapping, type_ref.length)

    def c_swift_type(self, ctype):
        """How Swift spells C type `ctype` as an argument of an imported C function
        pointer type (`GtkListBoxRow*` → `UnsafeMutablePointer<GtkListBoxRow>?`), or None
        for types the callbacks do not take (pointers to pointers)."""
        const = "const " in ctype
        base = ctype.replace("const ", "").strip()
        stars = base.count("*")
        base = base.replace("*", "").strip()
        if stars == 0:
            if base in ("gpointer", "gconstpointer"):
                return f"{base}?"
            return base or None
        if stars == 2 and base.replace("*", "").strip() in ("gchar", "char") and not const:
            return "UnsafeMutablePointer<UnsafeMutablePointer<gchar>?>?"  # a strv
        if stars > 1:
            return None
        if base in ("void", "gpointer"):
            return "UnsafeRawPointer?" if const else "UnsafeMutableRawPointer?"
        if self.is_opaque(base) and base not in ("gchar", "char", "guchar", "guint8") and (
                base not in mappings.INTEGERS and base not in ("gdouble", "gfloat", "gboolean")):
            return "OpaquePointer?"
        return f"{'UnsafePointer' if const else 'UnsafeMutablePointer'}<{base}>?"

    def callback_mapping(self, callback, scope, nullable, trampolines, items=None,
                         kept=None):
        """A `CallbackMapping` for an argument of callback type `callback` (a
        `gir.Callable`) with GObject Introspection's `scope`, or the reason it cannot be
        one (a string). Registers the module's trampoline in `trampolines` (name -> Swift
        declaration). `kept`: for a callback without user data, (the callback's argument
        that is the object its closure is kept on, the key it is kept under):
        kept_callbacks.py."""
        if scope not in ("call", "notified", "async"):
            return f"callback {callback.qualified} (scope {scope})"
        data = next((i for i, p in enumerate(callback.params) if p.closure == i), None)
        if data is None:
            data = next((i for i, p in enumerate(callback.params)
                         if p.type.name == "gpointer" and p.name in ("user_data", "data")), None)
        if data is None and kept is not None:
            return kept_callbacks.mapping(self, callback, scope, nullable, trampolines, kept)
        if data is None:
            return f"callback {callback.qualified} (no user data)"
        arguments = self.callback_arguments(callback, scope, data, items)
        if isinstance(arguments, str):
            return arguments
        returns = self.callback_returns(callback)
        if isinstance(returns, str):
            return returns
        returns, return_swift = returns
        if isinstance(returns, mappings.CallbackBytesResultMapping):
            position = next((i for i, (_, _, m) in enumerate(arguments)
                             if isinstance(m, mappings.CallbackLengthOutMapping)), None)
            if position is None:
                return f"callback {callback.qualified} (returns bytes without a length)"
            returns.length_name = f"a{position}"
        namespace, _, bare = callback.qualified.partition(".")
        name = namespace.lower() + bare + ("Once" if scope == "async" else "")
        names = [f"a{i}" for i in range(len(arguments))]
        closure = list(names)
        closure.insert(data, "data")
        call = ", ".join(["data"] + (["once: true"] if scope == "async" else []) + names)
        trampolines[name] = (
            f"  /// `{callback.ctype}`{', called once' if scope == 'async' else ''}.\n"
            f"  static let {name}: {callback.ctype} = {{ {', '.join(closure)} in "
            f"Callbacks.call({call}) }}")
        return mappings.CallbackMapping(callback, arguments, returns, return_swift, name,
                                        scope, nullable)

    def callback_arguments(self, callback, scope, data, items=None):
        """(C parameter, its Swift spelling, its mapping) of each of `callback`'s
        arguments but its user data (index `data`), or the reason one cannot cross."""
        arguments = []
        for index, param in enumerate(callback.params):
            if index == data:
                continue
            swift = self.c_swift_type(param.type.ctype)
            mapping = None if param.direction != "in" else (
                self.mapping(param.type, param.nullable))
            if (param.direction == "out" and param.type.name == "GObject.Value"
                    and param.caller_allocates):
                # A value C initialized and asks the callback to fill: the closure's result.
                mapping = mappings.CallbackValueOutMapping()
            returned = callback.returns.type
            if (param.direction == "out" and returned.is_array and returned.length == index
                    and param.type.name in mappings.INTEGERS):
                # The length of the bytes the closure returns, which C reads back.
                mapping = mappings.CallbackLengthOutMapping()
            if (param.direction == "out" and param.type.name == "GLib.Error"
                    and callback.returns.type.name == "gboolean"):
                # The closure throws; its error goes back through the pointer.
                mapping = mappings.CallbackErrorOutMapping()
                swift = "UnsafeMutablePointer<UnsafeMutablePointer<GError>?>?"
            if param.type.is_array and not isinstance(mapping, mappings.StrvMapping):
                # Of the other arrays, atoms (a clipboard's targets) and bytes (a
                # pixbuf's saved data) with their length.
                mapping = array_mappings.callback_array(param, callback.params)
                if isinstance(mapping, array_mappings.CallbackAtomArrayMapping):
                    swift = "UnsafeMutablePointer<GdkAtom?>?"
            if items and param.type.name in ("gpointer", "gconstpointer"):
                # The items of a container of objects (`GListStore`'s), as config's
                # [callback-item-types] names their type.
                mapping = self.mapping(gir.TypeRef(items, ""), False)
                mapping.raw_item = True
            if (swift is None or mapping is None
                    or isinstance(mapping, (mappings.GTypeMapping, mappings.ListMapping,
                                            mappings.CallbackMapping))):
                return f"callback {callback.qualified} (argument {param.name})"
            if (isinstance(mapping, mappings.ValueRecordMapping)
                    and param.type.ctype.count("*") != 1):
                return f"callback {callback.qualified} (argument {param.name})"
            if isinstance(mapping, mappings.StringMapping) and param.type.ctype.replace(
                    "const ", "").replace("*", "").strip() not in ("gchar", "char"):
                return f"callback {callback.qualified} (argument {param.name}: bytes)"
            if isinstance(mapping, mappings.ObjectMapping) and scope == "async" and arguments:
                mapping.nullable = True  # the result of a request, absent when it failed
            arguments.append((param, swift, mapping))
        if getattr(callback, "throws", False):
            # GIR leaves a throwing callback's trailing `GError **` (after its user data)
            # out of its parameters: the closure throws instead.
            if callback.returns.type.name != "gboolean":
                return f"callback {callback.qualified} (throws without a gboolean result)"
            error = gir.Param("error", gir.TypeRef("GLib.Error", "GError**"), False, "out",
                              "none", False)
            arguments.append((error, "UnsafeMutablePointer<UnsafeMutablePointer<GError>?>?",
                              mappings.CallbackErrorOutMapping()))
        for index, (param, _, mapping) in enumerate(arguments):
            length = getattr(mapping, "length_param", None)
            if length is not None:
                position = next(i for i, (p, _, _) in enumerate(arguments) if p is length)
                mapping.length_name = f"a{position}"
                arguments[position][2].hidden = True
        return arguments

    def callback_returns(self, callback):
        """(the mapping of `callback`'s result or None for void, its C type as Swift
        spells it), or the reason it cannot cross."""
        returns, return_swift = None, None
        returned = callback.returns.type
        if (returned.is_array and returned.length is not None and returned.element is not None
                and returned.element.name in mappings.BYTE_ELEMENTS):
            # Bytes the closure returns: a copy C owns, its length in an out argument.
            return (mappings.CallbackBytesResultMapping(),
                    self.c_swift_type(returned.ctype))
        if callback.returns.type.name != "none":
            returns = self.mapping(callback.returns.type, False)
            return_swift = self.c_swift_type(callback.returns.type.ctype)
            given = callback.returns.transfer == "full"
            if isinstance(returns, mappings.GTypeMapping):
                # A type the callback chooses (a D-Bus proxy's class): the Swift
                # wrapper's metatype, which cannot name no type.
                returns = mappings.TypeArgumentMapping(False)
            if not (isinstance(returns, (mappings.BoolMapping, mappings.TypeArgumentMapping, mappings.IntegerMapping,
                                         mappings.EnumMapping, mappings.FloatingMapping))
                    or (given and isinstance(returns, (mappings.ObjectMapping,
                                                       mappings.StringMapping)))):
                return f"callback {callback.qualified} (returns {callback.returns.type.name})"
            returns.given = given
        return returns, return_swift

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
            return array_mappings.ptr_array(self, type_ref) or array_shapes.mapping(
                type_ref, nullable)
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
            singly = name == "GLib.SList"
            if isinstance(element, mappings.VariantMapping):
                return mappings.ValueListMapping(
                    element, singly, "Variant", "Variant(borrowing: OpaquePointer($0)!)",
                    "g_variant_unref(OpaquePointer($0))")
            if isinstance(element, boxed.BoxedClassMapping):
                return mappings.ValueListMapping(
                    element, singly, element.swift,
                    f"{element.swift}(copying: OpaquePointer($0)!)",
                    f"g_boxed_free({self.all[type_ref.element.name].get_type}(), $0)")
            if isinstance(element, mappings.ObjectMapping):
                return mappings.ListMapping(element, singly, nullable)
            if isinstance(element, mappings.StringMapping):
                return mappings.ValueListMapping(
                    element, singly, "String",
                    "CStrings.borrowStringOrEmpty($0?.assumingMemoryBound(to: CChar.self))",
                    "g_free($0)")
            if isinstance(element, mappings.AtomMapping):
                return mappings.ValueListMapping(
                    element, singly, "String", "Atoms.name(GdkAtom($0))", None)
            if type(element) is mappings.RecordMapping and element.passable:
                return mappings.ValueListMapping(
                    element, singly, element.swift,
                    f"{element.swift}(borrowing: OpaquePointer($0)!)",
                    f"{element.swift}.freeCPointer(OpaquePointer($0))")
            return None
        if name == "GLib.HashTable":
            return array_shapes.mapping(type_ref, nullable)
        if name == "GObject.Value":
            return mappings.ValueArgumentMapping(nullable)
        if name == "GLib.Bytes":
            return mappings.BytesMapping(nullable)
        if name == "GLib.Error":
            return error_mapping.ErrorMapping(nullable)
        if name == "GLib.VariantDict":
            return variant_dict.VariantDictMapping(nullable)
        if name == "GLib.Quark" and not type_ref.is_array:
            return quark_mapping.QuarkMapping(nullable)
        owned = (closures.closure_mapping(name, nullable)
                 or param_specs.param_spec_mapping(name, nullable)
                 or boxed.boxed_class_mapping(self, name, nullable))
        if owned is not None:
            return owned
        value_records = config.CURRENT.table("value-records")
        if name in value_records:
            record = value_records[name]
            return mappings.ValueRecordMapping(
                record["swift"], record["cstruct"], record["free"], nullable)
        cairo = cairo_mappings.mapping(name, nullable)
        if cairo is not None:
            return cairo
        records = config.CURRENT.table("records")
        if name in records:
            return mappings.RecordMapping(records[name], nullable)
        if name == "GObject.Object":
            return mappings.ObjectMapping("Object", "Object", "GObject", False, False, nullable)
        if name in config.CURRENT.table("foreign-objects"):
            # A GObject of a library whose introspection data is not read: the base
            # wrapper, whose properties and signals are reached by name.
            cstruct = type_ref.ctype.replace("const ", "").replace("*", "").strip()
            return mappings.ObjectMapping("Object", "Object", cstruct, False, False, nullable)
        definition = self.emitted.get(name)
        if definition is None:
            return None
        swift = self.swift_name(name)
        if definition.kind in ("enum", "bitfield"):
            return mappings.EnumMapping(swift, self.raw_type(definition),
                                        definition.kind == "bitfield", nullable)
        if definition.kind in ("class", "interface"):
            mapping = mappings.ObjectMapping(
                swift, self.wrapper_name(name), definition.ctype,
                self.is_opaque(definition.ctype), definition.kind == "interface", nullable)
            mapping.qualified = name
            return mapping
        return None


def load(directory, policy=None):
    """The model of the GIR files `policy` (a `config.Config`, by default
    Generator/config's) names, read from `directory`, checked against that policy."""
    policy = config.install(policy or config.Config())
    everything = gir.read_all(directory, policy.gir_files())
    policy.check(everything)
    array_shapes.patch(everything, policy)
    lent_returns.apply(everything)
    return Model(everything)
