"""Swift for the boxed records config's `[boxed-classes]` lists: one final class per record
that owns a copy (or a reference) of the C value and frees it in deinit through the
boxed type, with the record's constructors, functions and methods generated through the
same mapping as a class's (boxed.py says when a record is one of these).

The record's own memory functions are what the class does for its caller: `ref` and
`unref`, `free`, are left out with that reason; `copy` stays (it gives a new owner)."""

import config
from emit_members import MemberEmitter, Scope
from names import summary

# What a Swift owner of its C value does in place of the record's memory functions.
MEMORY = {
    "free": "memory: the Swift object frees its C value",
    "unref": "memory: the Swift object drops its reference",
    "ref": "memory: a Swift reference shares the C value",
}


class BoxedMemberEmitter(MemberEmitter):
    def __init__(self, model, definition, stats, swift):
        # A record has no signals, properties or asynchronous operations of its own.
        self.model = model
        self.actions = None
        self.definition = definition
        self.stats = stats
        self.swift = swift
        self.is_interface = False
        self.keys = None
        self.key_lines = []
        self.async_handled = set()
        self.subclassable = False

    def methods(self, scope):
        kept = []
        for method in self.definition.methods:
            reason = MEMORY.get(method.name)
            if reason and not method.deprecated:
                self.stats.add("method", False, f"{self.swift}.{method.c_identifier}", reason)
            elif not reason:
                kept.append(method)
        saved = self.definition.methods
        self.definition.methods = kept
        try:
            return super().methods(scope)
        finally:
            self.definition.methods = saved


def _class_lines(definition, swift, opaque):
    ctype = definition.ctype
    get_type = definition.get_type
    lines = [
        f"/// {summary(definition.doc, ctype)}",
        "///",
        f"/// `{ctype}`, owned: a copy (or a reference) of the C value, freed with the object.",
        f"nonisolated public final class {swift} {{",
        f"  /// The `{ctype}` this object owns.",
        "  package let opaque: OpaquePointer",
        "",
        f"  /// Adopts a `{ctype}` C gives (`transfer full`): freed with the object.",
        "  package init(takingOwnership pointer: OpaquePointer) { opaque = pointer }",
        "",
        f"  /// A copy (or a new reference, as its boxed type copies) of a `{ctype}` C lends.",
        "  package convenience init(copying pointer: OpaquePointer) {",
        f"    self.init(takingOwnership: OpaquePointer(g_boxed_copy({get_type}(), UnsafeRawPointer(pointer)))!)",
        "  }",
        "",
        "  /// A copy of a value a signal or a GValue lends.",
        "  package convenience init(copying pointer: UnsafeMutableRawPointer) {",
        "    self.init(copying: OpaquePointer(pointer))",
        "  }",
    ]
    if not opaque:
        lines += [
            "",
            f"  /// Adopts a `{ctype}` C gives (`transfer full`).",
            f"  package convenience init(takingOwnership pointer: UnsafeMutablePointer<{ctype}>) {{",
            "    self.init(takingOwnership: OpaquePointer(pointer))",
            "  }",
            "",
            f"  /// A copy of a `{ctype}` C lends.",
            f"  package convenience init(copying pointer: UnsafeMutablePointer<{ctype}>) {{",
            "    self.init(copying: OpaquePointer(pointer))",
            "  }",
            "",
            f"  /// A copy of a `{ctype}` C lends read-only.",
            f"  package convenience init(copying pointer: UnsafePointer<{ctype}>) {{",
            "    self.init(copying: OpaquePointer(pointer))",
            "  }",
            "",
            f"  /// The `{ctype}` as its C struct.",
            f"  package var cPointer: UnsafeMutablePointer<{ctype}> {{ UnsafeMutablePointer(opaque) }}",
        ]
    lines += [
        "",
        f"  deinit {{ g_boxed_free({get_type}(), UnsafeMutableRawPointer(opaque)) }}",
        "}",
        "",
        f"nonisolated extension {swift}: GValueConvertible {{",
        f"  /// `{ctype}`'s boxed GType.",
        f"  public static var valueType: GType {{ {get_type}() }}",
        "  /// A copy of the boxed value; `nil` for NULL.",
        f"  public static func read(from value: UnsafePointer<GValue>) -> {swift}? {{",
        f"    g_value_get_boxed(value).map {{ {swift}(copying: $0) }}",
        "  }",
        "  /// Writes a copy of the value.",
        "  public func write(to value: UnsafeMutablePointer<GValue>) {",
        "    g_value_set_boxed(value, UnsafeRawPointer(opaque))",
        "  }",
        "}",
    ]
    return lines


def boxed_sources(model, stats_for, header):
    """(module, file name, Swift source) of every boxed class: its declaration and
    members, in the module of its namespace's classes (Pango's layout iterator goes with
    its layouts, over the bindings). `stats_for(module)` gives the report's counts of a
    module."""
    sources = []
    for qualified, swift in sorted(config.CURRENT.table("boxed-classes").items()):
        definition = model.all[qualified]
        module = config.CURRENT.namespaces[definition.namespace].class_module
        model.current_module = module
        stats = stats_for(module)
        emitter = BoxedMemberEmitter(model, definition, stats, swift)
        opaque = model.is_opaque(definition.ctype)
        lines = [header.format(source=f"{definition.namespace}.gir"), "import CGtk"]
        if module != "GtkReactiveBindings":
            lines.append("import GtkReactiveBindings")
        lines.append("")
        space, _, bare = swift.rpartition(".")
        declaration = _class_lines(definition, swift, opaque)
        if space:
            # A namespace's class (`Pango.LayoutIter`): declared inside the namespace enum.
            end = declaration.index("}")
            declaration = ([f"extension {space} {{"]
                           + ["  " + line if line else line for line in
                              [l.replace(f"class {swift} {{", f"class {bare} {{")
                               for l in declaration[:end + 1]]]
                           + ["}"] + declaration[end + 1:])
        lines += declaration
        scope = Scope()
        constructors, _ = emitter.constructors(scope, {})
        functions = emitter.functions(scope)
        methods = emitter.methods(scope)
        for members in (constructors, functions + methods):
            if members:
                lines.append("")
                lines.append(f"extension {swift} {{")
                lines += members[:-1] if members[-1] == "" else members
                lines.append("}")
        name = swift.replace(".", "")
        sources.append((module, f"{definition.namespace}/{name}.swift", "\n".join(lines) + "\n"))
    model.current_module = "GtkReactiveBindings"
    return sources
