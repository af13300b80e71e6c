"""The generator's policy, read from one TOML file per GIR namespace (`Generator/config/`).

The Python modules hold the mechanism (how a GIR type crosses into Swift); every special
case of one library lives in its file: which types are emitted, what is left out and why,
Swift names and argument labels, defaults, records with hand-written Swift types, signal
argument types GIR gets wrong, event masks. `GtkReactive.toml` holds the package's own
names, which generated code must not take.

An entry names what it is about by its GIR name:

    Gtk.Stack                          a type
    gtk_label_new                      a constructor, method or function (its C identifier)
    gtk_label_new.str                  one of its parameters
    Gtk.Stack:hhomogeneous             a property
    Gtk.TreeView::row-activated        a signal
    Gtk.TreeView::row-activated.path   one of a signal's arguments

Every name is checked against the GIR files read: an entry naming nothing, or two entries
that contradict each other, stop the generation with the file, line and entry.
"""

import os
import re
import tomllib

DIRECTORY = os.path.join(os.path.dirname(os.path.abspath(__file__)), "config")

# Sections of a namespace file and what their keys name.
SECTIONS = {
    "namespace": None,          # settings of the namespace itself (below)
    "include": "type",          # types emitted from a namespace whose `types` is "listed"
    "ignore": "any",            # left out, with the reason
    "rename": "any",            # Swift name of a member, label of a parameter or argument
    "alias": "member",          # a deprecated Swift name kept for a renamed property or
                                # enumeration member
    "defaults": "parameter",    # a default argument (a Swift expression)
    "nullable": "parameter",    # GIR's nullability corrected (true or false)
    "class-arguments": "parameter",  # a GType argument that names a class: a metatype
    "inout": "parameter",       # a record argument C updates in place: `inout`
    "records": "type",          # a record as a hand-written Swift type
    "boxed-classes": "type",    # a boxed record as a generated class owning its C value
    "callback-data": "parameter",  # the user data argument of a callback GIR does not
                                   # tie to it (`gtk_accel_map_foreach`'s `data`)
    "callback-owners": "parameter",  # a callback without user data kept on the instance,
                                     # which C gives it as this argument (kept_callbacks.py)
    "callback-item-types": "parameter",  # the object type of a callback's untyped
                                         # items (`GListStore`'s compare function)
    "record-arrays": "type",    # a record whose C arrays (with a length) cross as a Swift
                                # array of its hand-written value type
    "filled-values": "parameter",  # a `GValue *` GIR marks in that C fills, typed by the caller
    "const-values": "parameter",   # a `GValue *` C only reads, though its C type lacks const
    "group-lists": "parameter",    # a radio group's GSList GTK adopts: the group of the
                                   # Swift array's first member, read with this getter
    "value-records": "type",    # a plain C struct copied into a Swift value type
    "range-results": "callable",  # a Bool and two out positions as a Swift range
    "flag-constructors": "callable",  # a constructor without arguments as `init(flag: Bool)`
                                      # beside the plain `_new` (flag_constructors.py)
    "side-effects": "callable",  # a `get_` that changes state: a method, not a property
    "nullable-returns": "callable",  # a return GIR misses as nullable: an optional
    "lent-returns": "callable",  # a return GIR marks transfer full that C lends
                                 # (lent_returns.py)
    "redundant-lengths": "parameter",  # an out length of a returned string or
                                       # NULL-terminated array: passed, not returned
    "pointer-types": "parameter",  # a `gpointer` argument's documented type (an object)
    "signal-argument-types": "argument",
    "signal-default-results": "signal",  # what a result no subscriber set stands for
                                         # (variant_dict.py)
    "reordered-arrays": "argument",  # a signal's new order of a node's children, and the
                                     # node argument (reordered_arrays.py)
    "filled-signal-arguments": "argument",  # an argument the handler fills in: the
                                            # emission's result (filled_signal_arguments.py)  # a `gpointer` argument's documented type
    "sized-arrays": "parameter",  # an array C reads without a length argument: the
                                  # Swift condition on its size, and the message
                                  # (array_shapes.py)
    "array-transfers": "callable",  # a returned array's transfer GIR gets wrong
    "filled-arguments": "parameter",  # an argument C fills in memory the caller gives,
                                      # though GIR marks it in or C-allocated
    "property-element-types": "property",  # the element type of a GPtrArray property
                                           # GIR leaves untyped (converted_properties.py)
    "given-arguments": "parameter",  # an argument the member passes itself: `value`, a
                                     # Swift expression, and `why`
    "sized-returns": "callable",  # bytes C lends through a bare pointer: how many (a
                                  # Swift member of the object)
    "array-lengths": "callable",  # the out argument holding a returned array's length,
                                  # which GIR does not name
    "event-masks": "signal",    # GDK event masks a widget selects for the signal
    "async-finish": "callable",  # a start function whose finish function is irregular
    "async-alternate-finish": "callable",  # a second finish of one start
    "async-namespace-functions": "callable",  # namespace functions as static members
    "async-progress": None,     # progress callback types and their Swift runtime
    "cairo": None,              # cairo types with a hand-written Swift class
    "foreign-objects": None,    # classes of a library whose GIR is not read, given as
                                # the base `Object` (ATK's accessibles)
}

NAMESPACE_KEYS = {"gir", "swift-enum", "order", "types", "enums", "qualified", "module",
                  "imports", "class-module"}


class ConfigError(Exception):
    """A configuration entry that names nothing or contradicts another."""


class Entry:
    def __init__(self, path, line, section, key, value):
        self.path = path
        self.line = line
        self.section = section
        self.key = key
        self.value = value

    def where(self):
        return f"{os.path.relpath(self.path)}:{self.line}: [{self.section}] \"{self.key}\""

    def fail(self, message):
        raise ConfigError(f"{self.where()}: {message}")


class Namespace:
    def __init__(self, name, settings, path):
        self.name = name
        self.path = path
        self.gir = settings.get("gir", f"{name}.gir")
        self.swift_enum = settings.get("swift-enum", name)
        self.order = settings.get("order", 0)
        self.types = settings.get("types", "all")  # all | listed | none
        self.enums = settings.get("enums", "all")  # all | used
        self.qualified = settings.get("qualified", False)
        # The Swift module the namespace's types are generated into
        # (Sources/<module>/Generated/<namespace>), and the C modules its files import
        # beside CGtk. A module other than GtkReactiveBindings builds on its runtime.
        self.module = settings.get("module", "GtkReactiveBindings")
        self.imports = settings.get("imports", [])
        # Where the namespace's classes and interfaces go when not beside its enumerations
        # and records: a module over GtkReactiveBindings (Pango's objects), whose members
        # of GTK's types that take or give them it adds as extensions
        # (displaced_members.py).
        self.class_module = settings.get("class-module", self.module)

    def module_of(self, kind):
        """The Swift module a type of this GIR kind is generated into."""
        return self.class_module if kind in ("class", "interface") else self.module

    @property
    def modules(self):
        return sorted({self.module, self.class_module})


def _lines(text):
    """(section, key) -> line number of each `key = value` line of a TOML text."""
    found, section = {}, None
    for number, line in enumerate(text.split("\n"), 1):
        stripped = line.strip()
        header = re.match(r"^\[([^\[\]]+)\]\s*(#.*)?$", stripped)
        if header:
            section = header.group(1).strip()
            continue
        key = re.match(r'^("([^"]*)"|([A-Za-z0-9_.:-]+))\s*=', stripped)
        if key and section is not None:
            found.setdefault((section, key.group(2) or key.group(3)), number)
    return found


def read_file(path):
    """(namespace settings, [Entry]) of one configuration file."""
    with open(path, "rb") as handle:
        raw = handle.read()
    try:
        data = tomllib.loads(raw.decode())
    except tomllib.TOMLDecodeError as error:
        raise ConfigError(f"{os.path.relpath(path)}: {error}") from None
    lines = _lines(raw.decode())
    entries = []
    for section, table in data.items():
        if section not in SECTIONS and section != "package":
            raise ConfigError(
                f"{os.path.relpath(path)}:{_section_line(raw.decode(), section)}: "
                f"unknown section [{section}] (known: {', '.join(sorted(SECTIONS))})")
        if not isinstance(table, dict):
            raise ConfigError(f"{os.path.relpath(path)}: [{section}] must be a table")
        for key, value in table.items():
            entries.append(Entry(path, lines.get((section, key), 0), section, key, value))
    return data.get("namespace", {}), data.get("package", {}), entries


def _section_line(text, section):
    for number, line in enumerate(text.split("\n"), 1):
        if line.strip().startswith(f"[{section}]"):
            return number
    return 0


class Config:
    """Every entry of every file, by section, checked against the GIR types read."""

    def __init__(self, directory=DIRECTORY):
        self.directory = directory
        self.namespaces = {}
        self.package = {}
        self.entries = []
        for name in sorted(os.listdir(directory)):
            if not name.endswith(".toml"):
                continue
            path = os.path.join(directory, name)
            settings, package, entries = read_file(path)
            if package:
                self.package.update(package)
            if settings:
                unknown = set(settings) - NAMESPACE_KEYS
                if unknown:
                    raise ConfigError(f"{os.path.relpath(path)}: unknown [namespace] "
                                      f"settings {sorted(unknown)}")
                namespace = name[:-len(".toml")].rsplit("-", 1)[0]
                self.namespaces[namespace] = Namespace(
                    namespace, dict(settings, gir=settings.get("gir", name[:-5] + ".gir")),
                    path)
            self.entries += entries
        self.by_section = {section: {} for section in SECTIONS}
        for entry in self.entries:
            if entry.section in ("namespace", "package"):
                continue
            table = self.by_section[entry.section]
            if entry.key in table:
                other = table[entry.key]
                entry.fail(f"conflicts with {other.where()}")
            table[entry.key] = entry

    # MARK: tables

    def table(self, section):
        """key -> value of one section."""
        return {key: entry.value for key, entry in self.by_section[section].items()}

    def names(self, key, default=()):
        return set(self.package.get(key, default))

    def gir_files(self):
        return [n.gir for n in self.namespaces.values()]

    # MARK: checks

    def check(self, everything):
        """Every entry names a type, member, parameter or argument of the GIR read, and no
        two entries contradict each other."""
        callables = {}
        for definition in everything.values():
            for member in definition.constructors + definition.methods + definition.functions:
                callables[member.c_identifier] = (definition, member)
        for c_identifier, function in everything.functions.items():
            callables.setdefault(c_identifier, (None, function))
        for entry in self.entries:
            kind = SECTIONS.get(entry.section)
            if kind is None:
                continue
            found = _resolve(entry, everything, callables)
            if kind == "type" and found != "type":
                entry.fail(f"names a {found}, not a type")
            if kind == "parameter" and found != "parameter":
                entry.fail(f"names a {found}, not a parameter (`c_identifier.parameter`)")
            if kind == "callable" and found != "callable":
                entry.fail(f"names a {found}, not a function")
            if kind == "argument" and found != "argument":
                entry.fail(f"names a {found}, not a signal argument (`Type::signal.argument`)")
            if kind == "signal" and found != "signal":
                entry.fail(f"names a {found}, not a signal")
            if kind == "member" and found not in ("property", "callable", "enum-member"):
                entry.fail(f"names a {found}, not a property, method or enumeration member")
            if entry.section in ("rename", "alias", "defaults") and not (
                    isinstance(entry.value, str) and entry.value):
                entry.fail("the value must be a non-empty string")
            if entry.section == "nullable" and not isinstance(entry.value, bool):
                entry.fail("the value must be true or false")
            if entry.section in ("ignore", "side-effects") and not (
                    isinstance(entry.value, str) and entry.value):
                entry.fail("the value must say why (a non-empty string)")
            if entry.section == "side-effects":
                _, member = callables[entry.key]
                if not (member.shadows or member.name).startswith("get_"):
                    entry.fail(f"names {member.shadows or member.name}, not a `get_` "
                               "function: only a getter would read as a property")
        ignored = self.by_section["ignore"]
        for section in ("rename", "alias", "defaults", "inout", "class-arguments",
                        "side-effects"):
            for key, entry in self.by_section.get(section, {}).items():
                if key in ignored:
                    entry.fail(f"conflicts with {ignored[key].where()}: the member is ignored")
        for key, entry in self.by_section["alias"].items():
            if key not in self.by_section["rename"]:
                entry.fail("an alias keeps the old name of a renamed member: no [rename] entry")
        # Two members of one type renamed to one Swift name.
        targets = {}
        for key, entry in self.by_section["rename"].items():
            owner = _owner(key, callables)
            if owner is None:
                continue
            slot = (owner, entry.value)
            if slot in targets:
                entry.fail(f"gives \"{entry.value}\" to a second member of {owner}: "
                           f"{targets[slot].where()}")
            targets[slot] = entry


def _owner(key, callables):
    """The type a renamed member belongs to (None for parameters and signal arguments)."""
    if "::" in key:
        owner, _, rest = key.partition("::")
        return None if "." in rest else owner
    if ":" in key:
        return key.partition(":")[0]
    if key[:1].isupper():  # an enumeration member: `Gdk.ModifierType.shift_mask`
        return key.rpartition(".")[0]
    if "." in key:
        return None
    definition, _ = callables.get(key, (None, None))
    return definition.qualified if definition is not None else None


def _resolve(entry, everything, callables):
    """What an entry's key names ("type", "callable", "parameter", "property", "signal",
    "argument"), or a failure naming the entry."""
    key = entry.key
    if entry.section in ("cairo", "foreign-objects"):
        return "type"
    if "::" in key:
        owner, _, rest = key.partition("::")
        signal_name, _, argument = rest.partition(".")
        definition = everything.get(owner)
        if definition is None:
            entry.fail(f"no type {owner}")
        signal = next((s for s in definition.signals if s.name == signal_name), None)
        if signal is None:
            entry.fail(f"{owner} has no signal {signal_name}")
        if not argument:
            return "signal"
        if not any(p.name == argument for p in signal.params):
            entry.fail(f"{owner}::{signal_name} has no argument {argument} (it has: "
                       f"{', '.join(p.name for p in signal.params) or 'none'})")
        return "argument"
    if ":" in key:
        owner, _, name = key.partition(":")
        definition = everything.get(owner)
        if definition is None:
            entry.fail(f"no type {owner}")
        if not any(p.name == name for p in definition.properties):
            entry.fail(f"{owner} has no property {name}")
        return "property"
    if key[:1].isupper():
        owner, _, name = key.rpartition(".")
        definition = everything.get(owner)
        if key not in everything and definition is not None and definition.kind in (
                "enum", "bitfield"):
            if not any(member == name for member, _, _ in definition.members):
                entry.fail(f"{owner} has no member {name} (it has: "
                           f"{', '.join(member for member, _, _ in definition.members)})")
            return "enum-member"
        if key not in everything:
            entry.fail(f"no type {key} in the GIR files read")
        return "type"
    c_identifier, _, parameter = key.partition(".")
    if c_identifier not in callables:
        entry.fail(f"no function {c_identifier} in the GIR files read")
    if not parameter:
        return "callable"
    _, member = callables[c_identifier]
    if not any(p.name == parameter for p in member.params):
        entry.fail(f"{c_identifier} has no parameter {parameter} (it has: "
                   f"{', '.join(p.name for p in member.params) or 'none'})")
    return "parameter"


CURRENT = None


def install(config):
    """Makes `config` the policy the generator's modules read."""
    global CURRENT
    CURRENT = config
    return config
