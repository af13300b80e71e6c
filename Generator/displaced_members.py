"""Members that live in a module over their type's own.

Pango's objects are generated into a module of their own over GtkReactiveBindings
(Generator/config/Pango-1.0.toml's `class-module`), so that a client that never draws text
by hand does not compile them. GTK's methods that take or give one (`gtk_label_get_layout`,
`gtk_widget_get_pango_context`) cannot be members of the class in GtkReactiveBindings,
which cannot see the module above it: they are generated into that module as an extension
of GTK's class (`extension Label { public var layout: Pango.Layout }`), counted with GTK's
members. A member of a module other than GtkReactiveBindings (Handy) that takes a type of
a third module is left out, with the module named: its module does not import that one.
"""

import names


def _types(model, callable_, seen=None):
    """The GIR names of the types `callable_` takes and gives, and those of the callbacks
    it takes (a font chooser's filter receives a Pango family and face)."""
    seen = set() if seen is None else seen
    for param in list(callable_.params) + [callable_.returns]:
        if param is None:
            continue
        for name in (param.type.name,
                     param.type.element.name if param.type.element is not None else None):
            if name is None:
                continue
            yield name
            callback = getattr(model.all, "callbacks", {}).get(name)
            if callback is not None and name not in seen:
                seen.add(name)
                yield from _types(model, callback, seen)


def foreign_module(model, callable_):
    """The module, other than the one being written, of an emitted type `callable_` takes
    or gives, and that type; (None, None) when every type is the current module's or
    below it (GtkReactiveBindings)."""
    for name in _types(model, callable_):
        if name in model.emitted:
            module = model.module(name)
            if module not in (model.current_module, names.BINDINGS):
                return module, name
    return None, None


def displaces(model, callable_):
    """The module over GtkReactiveBindings a member of GtkReactiveBindings goes into, or
    None."""
    module, _ = foreign_module(model, callable_)
    return module if model.current_module == names.BINDINGS else None


def reason(model, callable_):
    """Why a member of a module other than GtkReactiveBindings is left out, or None."""
    module, name = foreign_module(model, callable_)
    if module is None or model.current_module == names.BINDINGS:
        return None
    return f"{model.all[name].kind} {name} of module {module}, which this module does not import"


class Displaced:
    """The displaced members of one type: by module, their C identifiers."""

    def __init__(self):
        self.by_module = {}

    def add(self, module, c_identifier):
        self.by_module.setdefault(module, set()).add(c_identifier)


def sources(generator, header, imports):
    """{path: Swift source} of the extensions the displaced methods of every type make in
    the modules over it. `imports(module)`: the module's import lines."""
    from emit_members import MemberEmitter

    model = generator.model
    files = {}
    for definition, displaced, scope in generator.displaced:
        owner = model.module(definition.qualified)
        for module, identifiers in sorted(displaced.by_module.items()):
            model.current_module = module
            emitter = MemberEmitter(model, definition, generator.module_stats[owner],
                                    generator.actions(module))
            emitter.only = identifiers
            members = emitter.methods(scope.copy())
            if not members:
                continue
            target = model.swift_name(definition.qualified)
            lines = [header.format(source=f"{definition.namespace}.gir"),
                     *imports(module), "import Reactive", "",
                     f"/// `{definition.ctype}`'s methods that take or give a type of {module}.",
                     f"extension {target} {{"]
            lines += members[:-1] if members[-1] == "" else members
            lines.append("}")
            name = model.swift_names[definition.qualified].replace(".", "")
            path = f"{module}/Generated/{definition.namespace}/{name}.swift"
            files[path] = "\n".join(lines) + "\n"
    model.current_module = names.BINDINGS
    return files
