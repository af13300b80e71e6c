"""Swift for the members of one class or interface: constructors, methods (getters and
setters as properties), GObject properties and signals."""

import re
import names
from names import boolean_name, camel, escaped, summary
from emit_async import AsyncEmitter
import array_mappings
import array_shapes
import boxed
import column_values
import config
import converted_properties
import displaced_members
import filled_signal_arguments
import flag_constructors
import gir
import interface_properties
import inout_flags
import mappings
import object_out_arrays
import reordered_arrays
import variant_dict

# Names, labels, what is left out and why: Generator/config, read through config.py.


def object_members():
    """Members the hand-written `Object` base (and the hand-designed layer) already has."""
    return config.CURRENT.names("object-members")


def rx_members():
    """Members every object's `.rx` already has."""
    return config.CURRENT.names("rx-members")


def renamed(key, default):
    """The Swift name config gives `key` (a member, parameter or signal argument)."""
    return config.CURRENT.table("rename").get(key, default)


def ignored(callable_):
    """Why config leaves a callable out (it, or one of its parameters), or None."""
    table = config.CURRENT.table("ignore")
    reason = table.get(callable_.c_identifier)
    if reason:
        return reason
    for param in callable_.params:
        reason = table.get(f"{callable_.c_identifier}.{param.name}")
        if reason:
            return reason
    return None


class Stats:
    def __init__(self):
        self.counts = {}
        self.skipped = {}
        self.left_out = []  # (kind, member, reason) for `--report`
        # Members named after their C function because their own name was taken
        # (`textBufferInsert`): each is a candidate for config's [rename].
        self.fallback_names = []
        # Class properties that redeclare an implemented interface's property, reached
        # through the interface's `.rx` member (interface_properties.py).
        self.through_interface = []
        self.aliases = 0
        self.tuple_getters = 0
        self.dropped_get = 0  # `get_x(arguments)` methods named `x(…)`
        # Deprecated constructors and asynchronous operations: not generated and not
        # counted, like deprecated methods, properties and signals.
        self.deprecated = 0

    def add(self, kind, emitted=True, member=None, reason=None):
        bucket = self.counts if emitted else self.skipped
        bucket[kind] = bucket.get(kind, 0) + 1
        if not emitted:
            self.left_out.append((kind, member or "?", reason or "?"))


class Scope:
    """Swift names already used by a type (and its ancestors): base names of properties,
    and `name(labels:)` keys of functions."""

    def __init__(self, names=()):
        self.bases = set(names)
        self.functions = set()

    def copy(self):
        scope = Scope()
        scope.bases = set(self.bases)
        scope.functions = set(self.functions)
        return scope

    def has_var(self, name):
        return name in self.bases

    def add_var(self, name):
        self.bases.add(name)

    def has_function(self, key, base):
        return key in self.functions or base in self.bases and key.endswith("()")

    def add_function(self, key, base):
        self.functions.add(key)


def _doc_lines(doc, fallback, indent="  "):
    return [f"{indent}/// {summary(doc, fallback)}"]


def _with_reason(lines, reason, indent="  "):
    """A member's lines with the reason it is a method and not a property (config's
    `[side-effects]`) at the end of its doc comment."""
    if reason is None:
        return lines
    last = max(i for i, line in enumerate(lines) if line.lstrip().startswith("///"))
    reason = reason.rstrip(".")
    return (lines[:last + 1] + [f"{indent}///", f"{indent}/// A method, not a property: "
                                f"{reason}."] + lines[last + 1:])


def _lendable_string(mapping, param):
    """Whether a string argument is lent to C from the Swift string's own UTF-8
    (`withCString`) instead of a copy: Swift's implicit `String` to `const char *`
    conversion copies it into a new array on every call. A nullable one is lent only to a
    `const` parameter (without `const`, a C copy it may change is passed)."""
    if not isinstance(mapping, mappings.StringMapping) or param.direction != "in":
        return False
    ctype = param.type.ctype or ""
    if ctype.replace("const ", "").replace("*", "").strip() not in ("gchar", "char"):
        return False  # bytes (`const guint8 *`), not characters
    if ctype.count("*") != 1:
        return False
    return not mapping.nullable or "const" in ctype


def _lending_strings(call, strings):
    """`call` inside the closures that lend it its string arguments (`_lendable_string`),
    the first string outermost."""
    for local, lent, nullable in reversed(strings):
        if nullable:
            call = f"CStrings.withCString({local}) {{ {lent} in {call} }}"
        else:
            call = f"{local}.withCString {{ {lent} in {call} }}"
    return call


def _fallback_name(c_identifier, namespace_prefix):
    name = c_identifier
    for prefix in ("gtk_source_", "hdy_", "gtk_", "gdk_pixbuf_", "gdk_", "g_"):
        if name.startswith(prefix):
            name = name[len(prefix):]
            break
    return camel(name)


class MemberEmitter:
    # Set per instance for classes and interfaces (below); a record's emitter has neither.
    displaced = None
    only = None

    def __init__(self, model, definition, stats, actions):
        self.model = model
        self.actions = actions
        self.definition = definition
        self.stats = stats
        self.swift = model.swift_name(definition.qualified)
        self.is_interface = definition.kind == "interface"
        self.keys = self.swift.replace(".", "") + "Keys"
        self.key_lines = []
        # The `_async`/`_finish` pairs: emitted by `AsyncEmitter`, skipped by the rest.
        self.async_operations = AsyncEmitter(self)
        self.async_handled = self.async_operations.handled()
        # Methods that take or give a type of a module over this one, generated there
        # (displaced_members.py); `only`: the C identifiers a pass in that module writes.
        self.displaced = displaced_members.Displaced()
        self.only = None

    # MARK: self

    def func_keyword(self, method):
        """How an instance method is declared (a value type's moving methods are `mutating`)."""
        return "func"

    def self_access(self, callable_=None):
        ctype = (callable_.instance_ctype if callable_ is not None else "") or self.definition.ctype
        base = ctype.replace("const ", "").replace("*", "").strip()
        if base in ("gpointer", "gconstpointer"):
            return "pointer"
        if self.model.is_opaque(base):
            return "opaque"
        if self.has_pointer_accessor(base):
            return mappings.pointer_accessor(base)
        return mappings.struct_pointer(base, "")

    def has_pointer_accessor(self, struct):
        """Whether `self` has the member giving it as a `struct` pointer: a class or
        interface's own struct (generate.py declares it beside the type)."""
        return (self.definition.kind in ("class", "interface")
                and struct == self.definition.ctype.replace("const ", "").replace("*", "").strip())

    # MARK: callables

    def why(self, type_ref, what=""):
        """Why a type is not mapped, for `--report`: its kind and GIR name."""
        if type_ref.is_varargs:
            return "varargs"
        if type_ref.is_array:
            element = type_ref.element.name if type_ref.element else "?"
            if type_ref.length is not None:
                shape = "with length"
            elif type_ref.fixed_size is not None:
                shape = "fixed size"
            elif type_ref.zero_terminated:
                shape = "zero-terminated"
            else:
                shape = "no length"
            container = "" if type_ref.name == "array" else type_ref.name + " "
            return f"{what}{container}array of {element} ({shape})"
        definition = self.model.all.get(type_ref.name)
        if definition is not None:
            kind = definition.kind
        elif type_ref.name in ("gpointer", "gconstpointer"):
            kind = "raw"
        else:
            kind = "callback" if type_ref.name and type_ref.name[0:1].isupper() and (
                type_ref.name.endswith(("Func", "Callback", "Notify"))) else "type"
        return f"{what}{kind} {type_ref.name}"

    def _map_params(self, callable_):
        """(in params with mappings, out params with mappings) or None (with the reason
        in `self.reason`)."""
        ins, outs = [], []
        self.reason = None
        # Byte arrays GTK reads during the call, by the index of their length argument
        # (not an asynchronous call's: C reads its buffer after the call returns).
        if ignored(callable_):
            self.reason = ignored(callable_)
            return None
        why = displaced_members.reason(self.model, callable_)
        upper = displaced_members.displaces(self.model, callable_)
        if why or upper:
            self.reason = why or f"a type of {upper}, which GTK's types extend with methods only"
            return None
        lengths = {}
        record_arrays = config.CURRENT.table("record-arrays")
        asynchronous = any(p.type.name == "Gio.AsyncReadyCallback" for p in callable_.params)
        for param in callable_.params:
            element = param.type.element.name if param.type.element is not None else None
            if (not asynchronous and param.direction == "in" and param.type.is_array
                    and param.type.length is not None and param.transfer == "none"
                    and param.type.length < len(callable_.params)
                    and (element in mappings.BYTE_ELEMENTS and not param.nullable
                         or element in record_arrays or self._element_array(element))):
                length = callable_.params[param.type.length]
                if length.direction == "in" and not length.type.is_array:
                    lengths[param.type.length] = param
        if not hasattr(self, "length_arguments"):
            self.length_arguments = {}
        self.length_arguments[callable_.c_identifier] = lengths
        # Byte arrays C gives (out or returned) with their length in an out parameter:
        # the length's local, by the length's index.
        out_lengths = {}
        givers = [p for p in callable_.params if p.direction == "out" and not p.caller_allocates]
        for giver in givers + ([callable_.returns] if not asynchronous else []):
            kind = giver.type
            if (kind.is_array and kind.length is not None and kind.element is not None
                    and (mappings.ByteArrayOutMapping.supports(kind.element.name)
                         or giver is not callable_.returns
                         and object_out_arrays.object_element(self.model, kind.element))
                    and not asynchronous
                    and kind.length < len(callable_.params)):
                length = callable_.params[kind.length]
                if (length.direction == "out" and not length.type.is_array
                        and length.type.name in mappings.INTEGERS):
                    out_lengths[kind.length] = self._local(length.name).strip("`") + "Out"
        # Out lengths of what the Swift value already knows the length of (a string, a
        # NULL-terminated array): passed to C, not returned (config's [redundant-lengths]).
        redundant = config.CURRENT.by_section["redundant-lengths"]
        for index, param in enumerate(callable_.params):
            if (param.direction == "out" and f"{callable_.c_identifier}.{param.name}" in redundant
                    and param.type.name in mappings.INTEGERS):
                out_lengths[index] = self._local(param.name).strip("`") + "Out"
        if not hasattr(self, "out_length_arguments"):
            self.out_length_arguments = {}
        self.out_length_arguments[callable_.c_identifier] = out_lengths
        # Buffers the caller allocates and C fills, by index: (the size argument's index,
        # what says how many bytes C filled). GIR marks some sizes out though C takes them
        # by value (`g_socket_receive`'s `size`): a size without `*` is an argument.
        buffers = {}
        params = callable_.params
        for index, param in enumerate(params):
            kind = param.type
            if not (param.direction == "out" and param.caller_allocates and kind.is_array
                    and kind.length is not None and kind.length < len(params)
                    and kind.element is not None and not asynchronous
                    and kind.element.name in mappings.BYTE_ELEMENTS):
                continue
            size = params[kind.length]
            if size.type.name not in mappings.INTEGERS or "*" in (size.type.ctype or "*"):
                continue
            read = next((p for p in params if p.name == "bytes_read" and p.direction == "out"),
                        None)
            if callable_.returns.type.name in ("gssize", "gsize"):
                buffers[index] = (kind.length, "result")
            elif read is not None:
                buffers[index] = (kind.length, self._local(read.name).strip("`") + "Out")
        sizes = {size for size, _ in buffers.values()}
        # Callbacks: their user data and destroy notifier are hidden arguments, by index.
        hidden = self._callback_arguments(callable_)
        if hidden is None:
            return None
        # Arguments config fills in: NULL where C allows it and Swift has no use for it (a
        # settings change's origin tag), a GType the generic result's type gives.
        hidden.update(array_shapes.given_arguments(callable_))
        column_values.column_values(callable_, lengths, hidden, self._local)
        if not hasattr(self, "hidden_arguments"):
            self.hidden_arguments = {}
        self.hidden_arguments[callable_.c_identifier] = hidden
        for index, param in enumerate(callable_.params):
            if index in lengths or index in hidden or index in out_lengths:
                continue  # passed as the array's count, or a callback's data
            sized = array_shapes.sized_argument(callable_, param)
            if sized is not None:
                ins.append((param, sized))
                continue
            listed = self.model.mapping(param.type, False)
            if (isinstance(listed, mappings.ValueListMapping) and param.direction != "out"
                    and not listed.passable_in):
                self.reason = "argument " + self.why(param.type)
                return None
            if isinstance(hidden.get(("mapping", index)), (
                    mappings.CallbackMapping, column_values.ColumnValuesMapping)):
                ins.append((param, hidden[("mapping", index)]))
                continue
            if index in sizes:
                ins.append((param, mappings.IntegerMapping(param.type.name)))
                continue
            if index in buffers:
                size, filled = buffers[index]
                outs.append((param, mappings.FilledBufferMapping(
                    self._local(params[size].name), filled)))
                continue
            if any(param is array for array in lengths.values()):
                element = param.type.element.name
                if element in record_arrays:
                    mapping = mappings.RecordArrayMapping(record_arrays[element]["swift"])
                elif element in mappings.BYTE_ELEMENTS:
                    mapping = mappings.ByteArrayMapping(False)
                else:
                    mapping = self._element_array(element)
                ins.append((param, mapping))
                continue
            objects = (object_out_arrays.mapping(self.model, param, out_lengths[param.type.length])
                       if param.type.length in out_lengths else None)
            if objects is not None:
                outs.append((param, objects))
                continue
            if (param.direction == "out" and param.type.is_array
                    and param.type.length in out_lengths and param.type.element is not None
                    and mappings.ByteArrayOutMapping.supports(param.type.element.name)):
                mapping = mappings.ByteArrayOutMapping(out_lengths[param.type.length],
                                                       param.type.element.name)
                mapping.out_transfer = param.transfer
                outs.append((param, mapping))
                continue
            if param.direction == "inout":
                if (param.type.name in mappings.INTEGERS and not param.type.is_array
                        and not param.nullable and param.type.ctype.count("*") == 1):
                    ins.append((param, mappings.InoutIntegerMapping(param.type.name)))
                    continue
                # A record GIR itself marks inout (GtkSourceView's iterators that move):
                # what config's [inout] says of records GIR marks as plain arguments.
                mapping = self.model.mapping(param.type, False)
                if isinstance(mapping, mappings.ValueRecordMapping) and not param.nullable:
                    mapping.inout = True
                    ins.append((param, mapping))
                    continue
                flags = inout_flags.inout_enum(self.model, param)
                if flags is not None:
                    ins.append((param, flags))
                    continue
                self.reason = "inout " + self.why(param.type)
                return None
            nullable = config.CURRENT.table("nullable").get(
                f"{callable_.c_identifier}.{param.name}", param.nullable)
            mapping = self.model.mapping(param.type, nullable)
            documented = config.CURRENT.table("pointer-types").get(
                f"{callable_.c_identifier}.{param.name}")
            if mapping is None and documented and param.direction == "in":
                mapping = self.model.mapping(gir.TypeRef(documented, param.type.ctype), nullable)
            group = config.CURRENT.table("group-lists").get(
                f"{callable_.c_identifier}.{param.name}")
            if group is not None and isinstance(mapping, mappings.ListMapping):
                ins.append((param, mappings.GroupListMapping(group, mapping.element)))
                continue
            if mapping is None:
                self.reason = self.why(param.type, "out " if param.direction == "out" else "")
                return None
            key = f"{callable_.c_identifier}.{param.name}"
            if isinstance(mapping, mappings.ValueArgumentMapping) and not param.nullable:
                if param.direction == "in" and key in config.CURRENT.by_section["const-values"]:
                    ins.append((param, mapping))  # read, though its C type lacks `const`
                    continue
                filled = key in config.CURRENT.by_section["filled-values"]
                if param.direction == "out" or (param.direction == "in" and filled):
                    value = mappings.FilledValueMapping(typed_by_caller=filled)
                    spec = next((p for p in callable_.params
                                 if p.type.name == "GObject.ParamSpec"), None)
                    if filled and spec is not None:
                        # The property's own type, which C fills; read as `V` after.
                        value.initial_type = f"{self._local(spec.name)}.valueType"
                    outs.append((param, value))
                    continue
            if isinstance(mapping, mappings.ValueArgumentMapping) and (
                    param.direction != "in" or param.nullable
                    or "const" not in param.type.ctype):
                # A `GValue *` that is not const is one C fills (`child_get_property`),
                # though GIR marks it in.
                self.reason = ("out " if param.direction == "out" else "") + self.why(param.type)
                return None
            if (param.direction == "in" and "*" in param.type.ctype
                    and not isinstance(mapping, (mappings.ValueArgumentMapping, mappings.StringMapping, mappings.ObjectMapping, mappings.StrvMapping, mappings.ListMapping, mappings.ValueListMapping,
                                                 mappings.RecordMapping, mappings.ReferenceMapping,
                                                 mappings.BytesMapping)
                                                 + array_shapes.POINTER_MAPPINGS)):
                self.reason = f"pointer {param.type.ctype}"
                return None  # a pointer to a scalar or an array
            if (param.direction == "out" and param.caller_allocates
                    and isinstance(mapping, array_shapes.ByteArrayMapping)):
                outs.append((param, array_shapes.FilledByteArrayMapping()))
                continue
            if param.direction == "out":
                pointer_out = param.type.ctype.count("*") >= 2 and not param.caller_allocates
                if isinstance(mapping, mappings.ValueRecordMapping):
                    supported = param.caller_allocates
                elif isinstance(mapping, (mappings.StringMapping, mappings.ObjectMapping,
                                          mappings.BytesMapping, mappings.VariantMapping,
                                          mappings.StrvMapping,
                                          boxed.BoxedClassMapping)) or (
                        type(mapping) is mappings.RecordMapping and mapping.passable):
                    supported = pointer_out  # `gchar **`, `GtkTreePath **`: GTK sets a pointer
                else:
                    supported = not param.caller_allocates and isinstance(
                        mapping, (mappings.BoolMapping, mappings.IntegerMapping,
                                  mappings.FloatingMapping, mappings.EnumMapping))
                if not supported:
                    self.reason = ("out (caller-allocates) " if param.caller_allocates
                                   else "out ") + self.why(param.type)
                    return None
                mapping.nullable = pointer_out  # GTK may leave the pointer NULL
                mapping.out_transfer = param.transfer
                outs.append((param, mapping))
            else:
                if isinstance(mapping, mappings.GTypeMapping) and (
                        key in config.CURRENT.by_section["class-arguments"]):
                    ins.append((param, mappings.TypeArgumentMapping(False)))
                    continue
                if isinstance(mapping, mappings.GTypeMapping) or (
                        isinstance(mapping, mappings.RecordMapping) and not mapping.passable):
                    self.reason = "argument " + self.why(param.type)
                    return None
                if (isinstance(mapping, mappings.ValueRecordMapping) and not mapping.nullable
                        and key in config.CURRENT.by_section["inout"]):
                    mapping.inout = True
                ins.append((param, mapping))
        return ins, outs

    def _element_array(self, element):
        """An `ElementArrayMapping` for an array (read by GTK, with a length) of GIR
        type `element`, or None."""
        if element in mappings.INTEGERS and element not in mappings.BYTE_ELEMENTS:
            return mappings.ElementArrayMapping("integer", mappings.INTEGERS[element])
        if element in ("utf8", "filename"):
            return mappings.ElementArrayMapping("string", "String")
        record = config.CURRENT.table("value-records").get(element)
        if record is not None:
            return mappings.ElementArrayMapping("value", record["swift"])
        return array_mappings.element_array(self.model, element)

    def _callback_arguments(self, callable_):
        """{index: Swift expression} of the user-data and destroy-notifier arguments of
        the callbacks `callable_` takes, with `("mapping", index)` -> the callback's
        `CallbackMapping`; None (and `self.reason`) when a callback cannot be mapped."""
        hidden = {}
        callbacks = getattr(self.model.all, "callbacks", {})
        params = callable_.params
        destroys = {p.destroy for p in params if p.destroy is not None}
        for index, param in enumerate(params):
            if index in destroys:
                continue
            callback = callbacks.get(param.type.name)
            if (callback is None or param.type.is_array or param.direction != "in"
                    or param.type.name == "Gio.AsyncReadyCallback"):
                continue
            data = param.closure if param.closure not in (None, index) else next(
                (i for i, p in enumerate(params) if p.closure == index and i != index), None)
            if data is None:
                # A user data argument GIR does not tie to its callback (config's
                # [callback-data] names it).
                named = config.CURRENT.table("callback-data").get(
                    f"{callable_.c_identifier}.{param.name}")
                data = next((i for i, p in enumerate(params) if p.name == named), None)
            key = f"{callable_.c_identifier}.{param.name}"
            owner = config.CURRENT.table("callback-owners").get(key)
            if data is None and owner is not None:
                # Kept on the instance, which C gives the callback (kept_callbacks.py).
                trampolines = self.model.trampolines.setdefault(self.model.current_module, {})
                mapping = self.model.callback_mapping(
                    callbacks[param.type.name], param.scope or "call", param.nullable,
                    trampolines, kept=(owner, key))
                if isinstance(mapping, str):
                    self.reason = mapping
                    return None
                hidden[("mapping", index)] = mapping
                continue
            if data is None or data >= len(params) or params[data].type.name != "gpointer":
                self.reason = self.why(param.type) + " (no user data)"
                return None
            scope = param.scope or "call"
            if scope == "notified" and param.destroy is None:
                self.reason = self.why(param.type) + " (no destroy notifier)"
                return None
            trampolines = self.model.trampolines.setdefault(self.model.current_module, {})
            items = config.CURRENT.table("callback-item-types").get(
                f"{callable_.c_identifier}.{param.name}")
            mapping = self.model.callback_mapping(callback, scope, param.nullable, trampolines,
                                                  items)
            if isinstance(mapping, str):
                self.reason = mapping
                return None
            local = self._local(param.name)
            hidden[data] = mapping.data_name(local)
            if param.destroy is not None:
                hidden[param.destroy] = "Callbacks.destroyNotify"
            hidden[("mapping", index)] = mapping
        return hidden

    def _call(self, callable_, ins, outs, self_argument):
        """(statements, call expression) for calling `callable_`."""
        statements, call, out_names, strings = self._call_parts(
            callable_, ins, outs, self_argument)
        return statements, _lending_strings(call, strings), out_names

    def _call_parts(self, callable_, ins, outs, self_argument):
        """(statements, bare call, out names, strings lent): `strings` are the (Swift
        name, C name, nullable) of the string arguments the call reads from their own
        storage, which `_lending_strings` wraps the call in."""
        out_names = {}
        strings = []
        ordered = []
        in_queue, out_queue = list(ins), list(outs)
        lengths = getattr(self, "length_arguments", {}).get(callable_.c_identifier, {})
        hidden = getattr(self, "hidden_arguments", {}).get(callable_.c_identifier, {})
        out_lengths = getattr(self, "out_length_arguments", {}).get(callable_.c_identifier, {})
        for index, param in enumerate(callable_.params):
            if index in lengths or index in hidden or index in out_lengths:
                continue
            # A GValue C fills is an out value in Swift, though GIR marks it in.
            filled = bool(out_queue) and out_queue[0][0] is param
            ordered.append((out_queue if filled else in_queue).pop(0))
        outputs = {id(param) for param, _ in outs}
        arguments = [self_argument] if self_argument else []
        statements = []
        for index, param in enumerate(callable_.params):
            if index in lengths:
                ordered.insert(index, (param, None))
            elif index in hidden:
                ordered.insert(index, (param, hidden[index]))
            elif index in out_lengths:
                ordered.insert(index, (param, ("length", out_lengths[index])))
        for param, mapping in ordered:
            if isinstance(mapping, str):  # a callback's user data or destroy notifier
                arguments.append(mapping)
                continue
            if isinstance(mapping, tuple):  # the length of a byte array C gives
                base = param.type.ctype.replace("*", "").replace("const ", "").strip()
                statements.append(f"var {mapping[1]} = {mappings.LENGTH_TYPES.get(base, base)}()")
                arguments.append(f"&{mapping[1]}")
                continue
            if mapping is None:  # the length of a byte array
                array = next(a for i, a in lengths.items() if callable_.params[i] is param)
                ctype = param.type.ctype.replace("const ", "").strip()
                swift = mappings.LENGTH_TYPES.get(ctype, ctype)
                arguments.append(f"{swift}({self._local(array.name)}.count)")
                continue
            if id(param) in outputs:
                local = self._local(param.name) + "Out"
                if isinstance(mapping, mappings.FilledBufferMapping):
                    declaration, argument = mapping.declaration(local, param.type.ctype)
                    statements.append(declaration)
                    arguments.append(argument)
                    out_names[param.name] = local
                    continue
                base = param.type.ctype.replace("*", "").replace("const ", "").strip()
                initial = mapping.out_initial(base) or f"{base}()"
                if isinstance(mapping, mappings.ByteArrayOutMapping):
                    initial = mapping.null_array(param.type.ctype)
                elif isinstance(mapping, mappings.StrvMapping):  # `gchar ***`
                    initial = "UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?(nil)"
                elif param.type.ctype.count("*") >= 2:
                    initial = self._null_pointer(param.type.ctype)
                statements.append(f"var {local} = {initial}")
                if isinstance(mapping, mappings.FilledValueMapping):
                    statements += mapping.setup(local)
                arguments.append(f"&{local}")
                out_names[param.name] = local
            elif _lendable_string(mapping, param):
                local = self._local(param.name)
                lent = f"{local.strip('`')}C"
                strings.append((local, lent, mapping.nullable))
                arguments.append(lent)
            else:
                before, expression = mapping.to_c(self._local(param.name), param.type.ctype)
                statements += before
                arguments.append(expression)
        if callable_.throws:
            statements.append("var error: UnsafeMutablePointer<GError>?")
            arguments.append("&error")
        return (statements, f"{callable_.c_identifier}({', '.join(arguments)})", out_names,
                strings)

    def _null_pointer(self, ctype):
        """A NULL of the pointer type an out parameter of C type `ctype` (`T **`) sets."""
        pointee = ctype.replace("const ", "").strip()[:-1].strip()  # `T *`
        base = pointee.rstrip("*").strip()
        if base in ("gchar", "char"):
            mutable = "const" not in ctype
            return f"{'UnsafeMutablePointer' if mutable else 'UnsafePointer'}<CChar>?(nil)"
        if self.model.is_opaque(base):
            return "OpaquePointer?(nil)"
        return f"UnsafeMutablePointer<{base}>?(nil)"

    @staticmethod
    def _local(name):
        return escaped(camel(name))

    @staticmethod
    def _label(c_identifier, param, index, first_unlabelled):
        """A parameter's argument label: config's, else `_` for a method's first, else
        the parameter's name."""
        explicit = renamed(f"{c_identifier}.{param.name}", None) if c_identifier else None
        if explicit:
            return explicit
        if index == 0 and first_unlabelled:
            return "_"
        return camel(param.name)

    def _signature(self, ins, first_unlabelled, c_identifier="", defaults=None):
        parts = []
        defaults = defaults or {}
        for index, (param, mapping) in enumerate(ins):
            label = self._label(c_identifier, param, index, first_unlabelled)
            local = self._local(param.name)
            default = f" = {defaults[param.name]}" if param.name in defaults else ""
            if escaped(label) == local:
                parts.append(f"{local}: {mapping.swift_type}{default}")
            else:
                parts.append(f"{escaped(label)} {local}: {mapping.swift_type}{default}")
        return ", ".join(parts)

    @classmethod
    def _key(cls, name, ins, first_unlabelled, types=False, c_identifier=""):
        labels = []
        for index, (param, mapping) in enumerate(ins):
            label = cls._label(c_identifier, param, index, first_unlabelled)
            labels.append(label + (":" + mapping.swift_type if types else ":"))
        return f"{name}({''.join(labels)})"

    def _defaults(self, callable_, ins, nil_for_nullable=False):
        """Default arguments, by parameter name: config's `[defaults]`; a string's length
        that GTK documents as -1 for "up to the NUL" (the whole string); nil for a
        nullable argument when `nil_for_nullable` (constructors). Only a signed C length
        takes -1: an unsigned one would be clamped to 0."""
        table = config.CURRENT.table("defaults")
        defaults = {}
        seen_string = False
        for param, mapping in ins:
            key = f"{callable_.c_identifier}.{param.name}"
            if key in table:
                defaults[param.name] = table[key]
            elif (seen_string and isinstance(mapping, mappings.IntegerMapping)
                  and mappings.INTEGERS.get(param.type.ctype.replace("const ", "").strip(),
                                            mappings.INTEGERS[mapping.gir]).startswith("Int")
                  and "-1" in (param.doc or "")
                  and any(word in param.doc.lower() for word in ("nul", "strlen", "length"))):
                defaults[param.name] = "-1"
            elif nil_for_nullable and mapping.nullable and not getattr(mapping, "inout", False):
                defaults[param.name] = "nil"
            seen_string = isinstance(mapping, mappings.StringMapping)
        return defaults

    # MARK: constructors

    def constructors(self, scope_inits, inherited_inits):
        """Lines of the constructors, plus the init keys this class defines."""
        lines, defined = [], {}
        if self.is_interface or self.definition.abstract:
            return lines, defined
        shapes = self._constructor_shapes()
        for ctor in self.definition.constructors:
            if ctor.c_identifier in self.async_handled:
                continue
            member = f"{self.swift}.{ctor.c_identifier}"
            if ctor.deprecated:
                self.stats.deprecated += 1
                continue
            if not ctor.introspectable and not ctor.shadows:
                self.stats.add("constructor", False, member, "not introspectable")
                continue
            mapped = self._map_params(ctor)
            if mapped is None or mapped[1]:
                self.stats.add("constructor", False, member, self.reason or "out parameters")
                continue
            ins, _ = mapped
            flagged = flag_constructors.emit(
                self.definition, ctor, _doc_lines(ctor.doc, f"`{ctor.c_identifier}`"))
            if flagged:
                key, signature, flag_lines = flagged
                lines += flag_lines
                defined[key] = (signature, "", "")
                self.stats.add("constructor")
                continue
            key = self._key("init", ins, False, types=True, c_identifier=ctor.c_identifier)
            if key in defined and ins:
                # `new_with_mnemonic(label)` after `new_with_label(label)`: name the first
                # argument after the constructor.
                name = ctor.name
                for prefix in ("new_with_", "new_from_", "new_for_", "new_"):
                    if name.startswith(prefix):
                        name = name[len(prefix):]
                        break
                # The argument the name is about: `label` for `new_with_mnemonic(group,
                # label)` (`init(group:mnemonic:)`), else the first.
                index = next((i for i, (p, _) in enumerate(ins)
                              if name.startswith("mnemonic") and p.name == "label"), 0)
                first = ins[index][0]
                relabelled = type(first)("mnemonic" if index else name, first.type,
                                         first.nullable, first.direction, first.transfer,
                                         first.caller_allocates)
                relabelled.doc = first.doc
                ins = ins[:index] + [(relabelled, ins[index][1])] + ins[index + 1:]
                key = self._key("init", ins, False, types=True)
            if key in defined:
                self.stats.add("constructor", False, member, f"same signature as another: {key}")
                continue
            statements, call, _ = self._call(ctor, ins, [], None)
            initializer = "takingOwnership" if ctor.returns.transfer == "full" else "retaining"
            throws = " throws(GLibError)" if ctor.throws else ""
            failable = "?" if ctor.returns.nullable or ctor.throws else ""
            defaults = self._defaults(ctor, ins, nil_for_nullable=True)
            required = tuple(self._label(ctor.c_identifier, p, i, False)
                             for i, (p, _) in enumerate(ins) if p.name not in defaults)
            if defaults and shapes.count(required) + shapes.count(("?",) + required) > 0:
                # Another constructor is called with these labels: no defaults, so that
                # a call means one of them.
                defaults = {}
            shapes.append(("?",) + required)
            body = list(statements)
            all_nil = bool(ins) and all(defaults.get(p.name) == "nil" for p, _ in ins)
            if (not ins or all_nil) and not failable and getattr(self, "subclassable", True):
                # A Swift subclass (`final class Chart: DrawingArea`) inherits `init()`:
                # it makes an instance of the subclass's own GType, as C's
                # `g_object_new` would, instead of one of this class.
                condition = "".join(f", {self._local(p.name)} == nil" for p, _ in ins)
                body += [f"if Self.self != {self.swift}.self{condition} {{",
                         "  self.init(newInstanceOf: Self.gType)", "  return", "}"]
            body.append(f"let instance = {call}")
            if ctor.throws:
                body.append("if let error { throw GLibError(consuming: error) }")
            if failable:
                body.append("guard let instance else { return nil }")
                body.append(f"self.init({initializer}: instance)")
            else:
                body.append(f"self.init({initializer}: instance!)")
            signature = self._signature(ins, False, ctor.c_identifier, defaults)
            self._name_in_docs(ctor.c_identifier, self._key("init", ins, False,
                                                            c_identifier=ctor.c_identifier))
            lines += _doc_lines(ctor.doc, f"`{ctor.c_identifier}`")
            lines.append(f"  public convenience init{failable}({signature}){throws} {{")
            lines += [f"    {line}" for line in body]
            lines.append("  }")
            lines.append("")
            # A subclass's unavailable stub takes no defaults: a call with none means the
            # subclass's own constructor.
            defined[key] = (self._signature(ins, False, ctor.c_identifier), failable, throws)
            self.stats.add("constructor")
        # Swift matches an init against a superclass's by labels, with contravariant
        # arguments: GtkSourceMap's stubs for GtkTextView's `init(buffer: TextBuffer)` and
        # GtkSourceView's `init(buffer: Buffer)` would both override the latter. Of two
        # stubs with the same labels whose argument types differ only by subclassing, the
        # nearest ancestor's is kept (the other stays unavailable through it).
        def params_of(signature):
            return [tuple(part.split(":", 1)[0].split()[:1] + [part.split(":", 1)[1].strip()])
                    for part in signature.split(", ") if part]
        stubs = [(key, params_of(value[0])) for key, value in inherited_inits.items()
                 if key not in defined]
        shadowed = set()
        for index, (key, params) in enumerate(stubs):
            for _, later in stubs[index + 1:]:
                if [p[0] for p in params] == [p[0] for p in later] and all(
                        a[1] == b[1] or self._subclass(b[1], a[1])
                        for a, b in zip(params, later)):
                    shadowed.add(key)
        for key, (signature, failable, throws) in inherited_inits.items():
            if key in defined or key in shadowed:
                continue
            lines.append(
                f"  @available(*, unavailable, message: \"creates an instance of an "
                f"ancestor, not a {self.definition.ctype}\")")
            lines.append(f"  public convenience init{failable}({signature}){throws} {{")
            lines.append(f"    preconditionFailure(\"unavailable\")")
            lines.append("  }")
            lines.append("")
        return lines, defined

    def _subclass(self, swift, ancestor):
        """Whether Swift type `swift` is an emitted class descending from `ancestor`."""
        by_name = {self.model.swift_names[q]: q for q in self.model.emitted}
        qualified = by_name.get(swift.rstrip("?"))
        target = by_name.get(ancestor.rstrip("?"))
        if qualified is None or target is None or swift.endswith("?") != ancestor.endswith("?"):
            return False
        return any(a.qualified == target
                   for a in self.model.ancestors(self.model.emitted[qualified]))

    def _constructor_shapes(self):
        """The argument labels each constructor of the type is called with in full."""
        shapes = []
        for ctor in self.definition.constructors:
            if ctor.deprecated or (not ctor.introspectable and not ctor.shadows):
                continue
            mapped = self._map_params(ctor)
            if mapped is None or mapped[1]:
                continue
            shapes.append(tuple(self._label(ctor.c_identifier, p, i, False)
                                for i, (p, _) in enumerate(mapped[0])))
        return shapes

    # MARK: methods

    def methods(self, scope):
        lines = []
        methods = [m for m in self.definition.methods
                   if not m.deprecated and (m.introspectable or m.shadows)
                   and m.c_identifier not in self.async_handled
                   and (self.only is None or m.c_identifier in self.only)]
        mapped = {}
        for method in methods:
            upper = displaced_members.displaces(self.model, method)
            if upper and self.displaced is not None:
                self.displaced.add(upper, method.c_identifier)
                continue
            result = self._map_params(method)
            reason = self.reason
            returns = self._map_return(method)
            if result is None or returns is None:
                self.stats.add("method", False, f"{self.swift}.{method.c_identifier}",
                               reason or self.reason)
                continue
            name = method.shadows or method.name
            mapped[name] = (method, result[0], result[1], returns)
        getters, setters, tuples = {}, {}, {}
        side_effects = config.CURRENT.table("side-effects")
        for name, (method, ins, outs, returns) in mapped.items():
            if method.c_identifier in side_effects:
                continue  # reading it changes state (`get_event` dequeues): a method
            if (name.startswith("get_") and not ins and not outs and returns != "void"
                    and not method.throws):
                getters[name[4:]] = name
            elif (name.startswith("get_") and not ins and len(outs) == 1 and returns == "void"
                  and isinstance(outs[0][1], mappings.ValueRecordMapping)
                  and not method.throws):
                getters[name[4:]] = name  # `get_allocation(&rectangle)` reads as a property
            elif (name.startswith("get_") and not ins and len(outs) > 1 and returns == "void"
                  and not method.throws):
                tuples[name[4:]] = name  # `get_preferred_width` reads as a property
            elif (name.startswith("set_") and len(ins) == 1 and not outs
                  and returns == "void" and not method.throws):
                setters[name[4:]] = name
        done = set()
        for prop, getter_name in getters.items():
            method, _, outs, returns = mapped[getter_name]
            if outs:
                returns = outs[0][1]
            var = boolean_name(prop) if isinstance(returns, mappings.BoolMapping) else camel(prop)
            property_key = f"{self.definition.qualified}:{prop.replace('_', '-')}"
            var = escaped(renamed(method.c_identifier, renamed(property_key, var)))
            if scope.has_var(var) or var.strip("`") in object_members():
                continue
            setter_name = setters.get(prop)
            setter = mapped.get(setter_name) if setter_name else None
            if setter and getattr(self, "length_arguments", {}).get(setter[0].c_identifier):
                setter = None  # it passes a length beside the value: a method of its own
            if setter and setter[1][0][1].swift_type != returns.swift_type:
                setter_mapping = setter[1][0][1]
                if (isinstance(returns, mappings.StringMapping)
                        and isinstance(setter_mapping, mappings.StringMapping)):
                    returns.nullable = False  # a NULL title reads as ""
                    setter_mapping.nullable = False
                if (isinstance(returns, mappings.ObjectMapping)
                        and isinstance(setter_mapping, mappings.ObjectMapping)
                        and returns.is_interface and setter_mapping.nullable
                        and returns.wrapper == setter_mapping.wrapper):
                    returns.swift_type_override = setter_mapping.swift_type  # (any TreeModel)?
                elif self._sets_ancestor(returns, setter_mapping):
                    pass  # `popover` returns a Popover and takes any widget
                elif setter_mapping.swift_type != returns.swift_type:
                    setter = None
            lines += self._property_accessor(var, method, returns, setter)
            lines += self._alias(property_key, var, returns.swift_type, setter is not None)
            scope.add_var(var)
            done.add(getter_name)
            self.stats.add("method")
            if setter:
                done.add(setter_name)
                self.stats.add("method")
        for prop, getter_name in tuples.items():
            method, ins, outs, returns = mapped[getter_name]
            var = escaped(renamed(method.c_identifier, camel(prop)))
            own = self._property_names_below()
            if (scope.has_var(var) or var.strip("`") in object_members()
                    or var.strip("`") in own):
                continue  # a GObject property of that name (`gicon`) keeps it
            function = self._function(var, method, ins, outs, returns)
            header = next(i for i, line in enumerate(function) if " func " in line)
            arrow = function[header].rsplit(" -> ", 1)[1].rstrip(" {")
            function[header] = f"  public var {var}: {arrow} {{"
            self._name_in_docs(method.c_identifier, var)
            self.stats.tuple_getters += 1
            lines += function
            scope.add_var(var)
            done.add(getter_name)
            self.stats.add("method")
        # Names the remaining methods take from C: a `get_` dropped below never takes one.
        natural = {renamed(m.c_identifier, None) or camel(n)
                   for n, (m, _, _, _) in mapped.items() if n not in done}
        for name, (method, ins, outs, returns) in mapped.items():
            if name in done:
                continue
            explicit = renamed(method.c_identifier, None)
            base = escaped(explicit or camel(name))
            if not explicit and name.startswith("get_") and (
                    ins or outs or method.c_identifier in side_effects) and (
                    returns != "void" or outs):
                # `get_iter_at_offset(offset)` reads as `iterAtOffset(_:)`: Swift names a
                # method that returns a value by what it returns. Kept where that name
                # is another member's.
                dropped = escaped(camel(name[4:]))
                key = self._key(dropped, ins, True, c_identifier=method.c_identifier)
                if not (scope.has_function(key, dropped) or scope.has_var(dropped)
                        or dropped.strip("`") in object_members()
                        or dropped.strip("`") in natural
                        or dropped.strip("`") in self._property_names_below()):
                    base = dropped
                    self.stats.dropped_get += 1
            if (name.startswith(("is_", "has_", "can_")) and not ins and not outs
                    and isinstance(returns, mappings.BoolMapping) and not method.throws):
                if not scope.has_var(base):
                    lines += self._property_accessor(base, method, returns, None)
                    scope.add_var(base)
                    self.stats.add("method")
                    continue
            key = self._key(base, ins, True, c_identifier=method.c_identifier)
            if (scope.has_function(key, base) or scope.has_var(base)
                    or base in object_members()):
                if explicit:
                    self.stats.add("method", False, f"{self.swift}.{method.c_identifier}",
                                   f"name taken: {key} (config's [rename] gives it)")
                    continue
                base = escaped(_fallback_name(method.c_identifier, ""))
                key = self._key(base, ins, True, c_identifier=method.c_identifier)
                if scope.has_function(key, base) or scope.has_var(base):
                    self.stats.add("method", False, f"{self.swift}.{method.c_identifier}",
                                   "name taken")
                    continue
                self.stats.fallback_names.append(f"{self.swift}.{base}")
            scope.add_function(key, base)
            lines += _with_reason(self._function(base, method, ins, outs, returns),
                                  side_effects.get(method.c_identifier))
            self.stats.add("method")
        return lines

    def _property_names_below(self):
        """Swift names of the GObject properties of this type and of every emitted type
        below it: a property keeps its name over a getter of the same name above it."""
        if getattr(self, "_below", None) is not None:
            return self._below
        names = self._below = set()
        for definition in self.model.emitted.values():
            ancestor = definition.qualified
            while ancestor in self.model.all and ancestor != self.definition.qualified:
                ancestor = self.model.all[ancestor].parent
            if ancestor == self.definition.qualified:
                for prop in definition.properties:
                    names |= {camel(prop.name), boolean_name(prop.name), renamed(
                        f"{definition.qualified}:{prop.name}", camel(prop.name))}
        return names

    def _sets_ancestor(self, returns, setter):
        """Whether a getter returns a class and its setter takes an ancestor of it, both
        optional: the property reads as the narrower class and takes it."""
        if not (isinstance(returns, mappings.ObjectMapping)
                and isinstance(setter, mappings.ObjectMapping)):
            return False
        if returns.is_interface or setter.is_interface or not setter.nullable:
            return False
        child = getattr(returns, "qualified", None)
        ancestor = getattr(setter, "qualified", None)
        while child in self.model.all:
            child = self.model.all[child].parent
            if child == ancestor:
                return True
        return False

    def _alias(self, key, name, swift_type, settable, rx=None):
        """A deprecated old name of a renamed property (config's `[alias]`), plain or on
        `.rx` (`rx` the `.rx` member's type)."""
        old = config.CURRENT.table("alias").get(key)
        if not old:
            return []
        lines = [f"  @available(*, deprecated, renamed: \"{name.strip('`')}\")"]
        if rx:
            lines.append(f"  public var {escaped(old)}: {rx} {{ {name} }}")
        elif settable:
            lines.append(f"  public var {escaped(old)}: {swift_type} {{")
            lines.append(f"    get {{ {name} }}")
            lines.append(f"    set {{ {name} = newValue }}")
            lines.append("  }")
        else:
            lines.append(f"  public var {escaped(old)}: {swift_type} {{ {name} }}")
        lines.append("")
        self.stats.aliases += 1
        return lines

    def _map_return(self, callable_):
        """The return value's mapping, `"void"`, or None when it cannot be returned (with
        the reason in `self.reason`)."""
        if callable_.returns.type.name == "none":
            return "void"
        out_lengths = getattr(self, "out_length_arguments", {}).get(callable_.c_identifier, {})
        if callable_.returns.type.is_array and callable_.returns.type.length in out_lengths:
            given = mappings.ByteArrayOutMapping(out_lengths[callable_.returns.type.length],
                                                 callable_.returns.type.element.name)
            # NULL and no elements differ (`read_line`: the end of the stream, an empty line).
            given.nullable = (callable_.returns.nullable
                              and callable_.c_identifier in config.CURRENT.table("array-lengths"))
            return given
        nullable = callable_.returns.nullable or (
            callable_.c_identifier in config.CURRENT.by_section["nullable-returns"])
        returns = (array_shapes.return_mapping(callable_)
                   or self.model.mapping(callable_.returns.type, nullable))
        if returns is None:
            self.reason = self.why(callable_.returns.type, "return ")
            return None
        if "*" in callable_.returns.type.ctype and not isinstance(
                returns, (mappings.StringMapping, mappings.ObjectMapping, mappings.StrvMapping, mappings.ListMapping,
                          mappings.ValueListMapping, mappings.RecordMapping,
                          mappings.ReferenceMapping, mappings.BytesMapping,
                          array_mappings.PtrArrayMapping) + array_shapes.POINTER_MAPPINGS):
            self.reason = f"return pointer {callable_.returns.type.ctype}"
            return None  # a pointer to a scalar or an array
        if isinstance(returns, mappings.RecordMapping) and not (
                returns.passable or getattr(returns, "returnable", False)):
            self.reason = "return " + self.why(callable_.returns.type)
            return None
        if isinstance(returns, mappings.ObjectMapping) or (
                isinstance(returns, mappings.CairoMapping) and returns.swift != "CairoContext"):
            # GTK 3's annotations miss many NULL returns (`gdk_window_get_update_area`
            # gives NULL when nothing needs a redraw).
            returns.nullable = True
        return returns

    # MARK: class functions

    def functions(self, scope):
        """`static` members for the type's functions (`IconTheme.default`)."""
        lines = []
        for function in self.definition.functions:
            if (function.deprecated or not function.introspectable
                    or function.c_identifier in self.async_handled):
                continue
            result = self._map_params(function)
            reason = self.reason
            returns = self._map_return(function)
            if result is None or returns is None:
                self.stats.add("function", False, f"{self.swift}.{function.c_identifier}",
                               reason or self.reason)
                continue
            ins, outs = result
            name = function.shadows or function.name
            reason = config.CURRENT.table("side-effects").get(function.c_identifier)
            if (name.startswith("get_") and not ins and not outs and returns != "void"
                    and not function.throws and reason is None):
                var = escaped(renamed(function.c_identifier, camel(name[4:])))
                if scope.has_var("static " + var):
                    self.stats.add("function", False, f"{self.swift}.{function.c_identifier}",
                                   "name taken")
                    continue
                scope.add_var("static " + var)
                statements, call, _ = self._call(function, [], [], None)
                lines += _doc_lines(function.doc, f"`{function.c_identifier}`")
                if statements:
                    value = returns.from_c("result", function.returns.transfer)
                    lines.append(f"  public static var {var}: {returns.swift_type} {{")
                    lines += [f"    {line}" for line in statements]
                    lines += [f"    let result = {call}", f"    return {value}", "  }"]
                else:
                    value = returns.from_c(call, function.returns.transfer)
                    lines.append(f"  public static var {var}: {returns.swift_type} {{ {value} }}")
                self._name_in_docs(function.c_identifier, var)
                lines.append("")
                self.stats.add("function")
                continue
            natural = camel(name[4:] if reason is not None else name)
            base = escaped(renamed(function.c_identifier, natural))
            key = "static " + self._key(base, ins, True, c_identifier=function.c_identifier)
            if key in scope.functions or scope.has_var("static " + base):
                self.stats.add("function", False, f"{self.swift}.{function.c_identifier}",
                               "name taken")
                continue
            scope.add_function(key, base)
            body = self._function(base, function, ins, outs, returns, static=True)
            lines += _with_reason(body, reason)
            self.stats.add("function")
        return lines

    def _return_conversion(self, returns, expression, transfer):
        return returns.from_c(expression, transfer)

    def _name_in_docs(self, c_identifier, member):
        """Docs that name `c_identifier()` name this Swift member instead."""
        names.FUNCTION_NAMES[c_identifier] = f"{self.swift}.{member.replace('`', '')}"

    def _property_accessor(self, var, getter, returns, setter):
        self._name_in_docs(getter.c_identifier, var)
        if setter is not None:
            self._name_in_docs(setter[0].c_identifier, var)
        lines = _doc_lines(getter.doc, f"`{getter.c_identifier}`")
        out_lengths = getattr(self, "out_length_arguments", {}).get(getter.c_identifier, {})
        outs = [(p, returns) for i, p in enumerate(getter.params)
                if p.direction == "out" and i not in out_lengths]
        statements, call, out_names = self._call(getter, [], outs, self.self_access(getter))
        if outs:
            # A getter that fills a caller-allocated struct.
            body = statements + [call, f"return {returns.from_out(out_names[outs[0][0].name])}"]
        elif statements:
            # A length C fills beside the value (`get_pixels_with_length`).
            body = statements + [f"let result = {call}", "return " + self._return_conversion(
                returns, "result", getter.returns.transfer)]
        else:
            body = [self._return_conversion(returns, call, getter.returns.transfer)]
        if setter is None:
            if len(body) == 1:
                lines.append(f"  public var {var}: {returns.swift_type} {{ {body[0]} }}")
            else:
                lines.append(f"  public var {var}: {returns.swift_type} {{")
                lines += [f"    {line}" for line in body]
                lines.append("  }")
            lines.append("")
            return lines
        value = body[0] if len(body) == 1 else None
        method, ins, _, _ = setter
        param, mapping = ins[0]
        if _lendable_string(mapping, param):
            before, expression = [], "newValueC"
        else:
            before, expression = mapping.to_c("newValue", param.type.ctype)
        set_call = f"{method.c_identifier}({self.self_access(method)}, {expression})"
        if _lendable_string(mapping, param):
            set_call = _lending_strings(set_call, [("newValue", "newValueC", mapping.nullable)])
        lines.append(f"  public var {var}: {returns.swift_type} {{")
        if value is not None:
            lines.append(f"    get {{ {value} }}")
        else:
            lines.append("    get {")
            lines += [f"      {line}" for line in body]
            lines.append("    }")
        if before:
            lines.append("    set {")
            lines += [f"      {line}" for line in before]
            lines.append(f"      {set_call}")
            lines.append("    }")
        else:
            lines.append(f"    set {{ {set_call} }}")
        lines.append("  }")
        lines.append("")
        return lines

    def _function(self, name, method, ins, outs, returns, static=False):
        self._name_in_docs(method.c_identifier,
                           self._key(name, ins, True, c_identifier=method.c_identifier))
        statements, call, out_names = self._call(
            method, ins, outs, None if static else self.self_access(method))
        throws = " throws(GLibError)" if method.throws else ""
        results = []
        # A count of the bytes C filled is given as the bytes themselves.
        returned = returns != "void" and not any(
            getattr(mapping, "consumes_result", False) for _, mapping in outs)
        if returned:
            results.append(("result", returns.swift_type))
        for param, mapping in outs:
            results.append((camel(param.name), mapping.swift_type))
        if not results:
            arrow = ""
        elif len(results) == 1:
            arrow = f" -> {results[0][1]}"
        else:
            arrow = " -> (" + ", ".join(f"{escaped(label)}: {swift}" for label, swift in results) + ")"
        lines = _doc_lines(method.doc, f"`{method.c_identifier}`")
        discardable = returns != "void" and not outs
        if discardable:
            lines.append("  @discardableResult")
        keyword = "static func" if static else self.func_keyword(method)
        signature = self._signature(ins, True, method.c_identifier, self._defaults(method, ins))
        generics = [m.generic for _, m in outs if getattr(m, "generic", None)]
        if generics:
            # The type a filled GValue is read as: `as: Int32.self`, or the result's type.
            signature += (", " if signature else "") + "as _: V.Type = V.self"
            name += f"<{', '.join(generics)}>"
        lines.append(f"  public {keyword} {name}({signature}){throws}{arrow} {{")
        body = list(statements)
        if returns == "void":
            body.append(call)
        else:
            body.append(f"let result = {call}")
        if method.throws:
            body.append("if let error { throw GLibError(consuming: error) }")
        values = []
        if returned:
            values.append(self._return_conversion(returns, "result", method.returns.transfer))
        for param, mapping in outs:
            values.append(mapping.from_out(out_names[param.name]))
        if len(values) == 1:
            body.append(f"return {values[0]}")
        elif values:
            body.append("return (" + ", ".join(values) + ")")
        lines += [f"    {line}" for line in body]
        lines.append("  }")
        lines.append("")
        return lines

    # MARK: GObject properties

    def properties(self, scope, rx_scope):
        """(Swift property lines, `.rx` lines)."""
        lines, rx = [], []
        owner = self._owner()
        for prop in self.definition.properties:
            if prop.deprecated:
                continue
            mapping = self.model.mapping(prop.type, True)
            converted = converted_properties.conversion(self.model, self.definition, prop)
            if converted is not None and not (prop.writable and not prop.construct_only):
                self._converted_property(prop, converted, scope, rx_scope, lines, rx, owner)
                continue
            if mapping is None or not mapping.value_convertible:
                self.stats.add("property", False, f"{self.swift}:{prop.name}",
                               self.why(prop.type) + ("" if mapping is None
                                                      else " (not GValue-convertible)"))
                continue
            property_key = f"{self.definition.qualified}:{prop.name}"
            why = config.CURRENT.table("ignore").get(property_key)
            if why:
                self.stats.add("property", False, f"{self.swift}:{prop.name}", why)
                continue
            is_bool = isinstance(mapping, mappings.BoolMapping)
            name = escaped(renamed(property_key, boolean_name(prop.name) if is_bool
                                   else camel(prop.name)))
            swift = mapping.property_type()
            key = escaped(camel(prop.name))
            self.key_lines.append(
                f"  let {key} = PropertyKey<{swift}>(\"{prop.name}\", {owner})")
            doc = _doc_lines(prop.doc, f"The `{prop.name}` property.")
            settable = prop.writable and not prop.construct_only
            if prop.readable and not scope.has_var(name) and name.strip("`") not in object_members():
                lines += doc
                if settable:
                    lines.append(f"  public var {name}: {swift} {{")
                    lines.append(f"    get {{ self[{self.keys}.shared.{key}] }}")
                    lines.append(f"    set {{ self[{self.keys}.shared.{key}] = newValue }}")
                    lines.append("  }")
                else:
                    lines.append(f"  public var {name}: {swift} {{ self[{self.keys}.shared.{key}] }}")
                lines.append("")
                lines += self._alias(property_key, name, swift, settable)
                scope.add_var(name)
            if rx_scope.has_var(name) or name.strip("`") in rx_members():
                interface, why = interface_properties.covering_interface(
                    self.model, self.definition, prop, mapping)
                if interface:
                    self.stats.through_interface.append(
                        f"{self.swift}:{prop.name} is {interface}'s `.rx.{name.strip('`')}`")
                    self.stats.add("property")
                    continue
                self.stats.add("property", False, f"{self.swift}:{prop.name}",
                               why or f"name taken on .rx: {name}")
                continue
            rx_scope.add_var(name)
            if prop.readable and settable:
                kind, function = f"ControlProperty<{swift}>", "property"
            elif prop.readable:
                kind, function = f"Signal<{swift}, Never>", "observe"
            elif settable:
                kind, function = f"Binder<{swift}>", "binder"
            else:
                continue
            rx += doc
            rx.append(f"  public var {name}: {kind} {{ {function}({self.keys}.shared.{key}) }}")
            if config.CURRENT.table("alias").get(property_key):
                rx.append("")
                rx += self._alias(property_key, name, swift, settable, rx=kind)[:-1]
            rx.append("")
            self.stats.add("property")
        return lines, rx

    def _converted_property(self, prop, converted, scope, rx_scope, lines, rx, owner):
        """A read-only property whose key reads a runtime value the member converts
        (converted_properties.py)."""
        property_key = f"{self.definition.qualified}:{prop.name}"
        why = config.CURRENT.table("ignore").get(property_key)
        if why:
            self.stats.add("property", False, f"{self.swift}:{prop.name}", why)
            return
        if not prop.readable:
            self.stats.add("property", False, f"{self.swift}:{prop.name}",
                           "written at construction only, and no initializer takes it")
            return
        name = escaped(renamed(property_key, camel(prop.name)))
        key = escaped(camel(prop.name))
        self.key_lines.append(
            f"  let {key} = PropertyKey<{converted.key}?>(\"{prop.name}\", {owner})")
        doc = _doc_lines(prop.doc, f"The `{prop.name}` property.")
        value = f"self[{self.keys}.shared.{key}]"
        if not scope.has_var(name) and name.strip("`") not in object_members():
            lines += doc
            lines.append(f"  public var {name}: {converted.swift} {{ {converted.of(value)} }}")
            lines.append("")
            scope.add_var(name)
        if rx_scope.has_var(name) or name.strip("`") in rx_members():
            self.stats.add("property", False, f"{self.swift}:{prop.name}",
                           f"name taken on .rx: {name}")
            return
        rx_scope.add_var(name)
        rx += doc
        rx.append(f"  public var {name}: Signal<{converted.swift}, Never> {{ "
                  f"observe({self.keys}.shared.{key}).map {{ {converted.of('$0')} }} }}")
        rx.append("")
        self.stats.add("property")

    def _owner(self):
        # The C function itself, not a closure: one function less per key to compile.
        get_type = self.definition.get_type
        if self.is_interface:
            return f"interface: {get_type}"
        return f"owner: {get_type}"

    # MARK: signals

    def signals(self, rx_scope):
        lines = []
        owner = self._owner()
        for signal in self.definition.signals:
            if signal.deprecated:
                continue
            writes = config.CURRENT.table("ignore").get(
                f"{self.definition.qualified}::{signal.name}")
            if writes:
                self.stats.add("signal", False, f"{self.swift}::{signal.name}", writes)
                continue
            params = []
            reason = None
            lengths = {p.type.length for p in signal.params if p.type.is_array} - {None}
            for index, param in enumerate(signal.params):
                if index in lengths:
                    continue  # the length of an array argument, which the array carries
                documented = config.CURRENT.table("signal-argument-types").get(
                    f"{self.definition.qualified}::{signal.name}.{param.name}")
                reordered = reordered_arrays.mapping(
                    self.model, self.definition.qualified, signal, param)
                if reordered:
                    mapping = reordered
                elif documented:
                    mapping = self.model.mapping(
                        gir.TypeRef(documented, param.type.ctype), param.nullable)
                elif param.type.name == "GObject.ParamSpec":
                    mapping = mappings.ParamSpecNameMapping(False)
                else:
                    mapping = (self.model.array_argument(param.type)
                               or self.model.mapping(param.type, param.nullable))
                if mapping is None:
                    mapping = filled_signal_arguments.hidden_mapping(
                        self.definition.qualified, signal, param)
                if mapping is None or isinstance(mapping, mappings.GTypeMapping):
                    reason = self.why(param.type)
                    params = None
                    break
                params.append((param, mapping))
            returns = None
            if signal.returns.type.name != "none":
                returns = self.model.mapping(signal.returns.type, True)
                if returns is None or isinstance(returns, mappings.RecordMapping) or (
                        not isinstance(returns, mappings.BoolMapping)
                        and returns.to_gvalue("x") is None):
                    reason = reason or self.why(signal.returns.type, "return ")
                    params = None
            if params is None:
                self.stats.add("signal", False, f"{self.swift}::{signal.name}", reason)
                continue
            signal_key = f"{self.definition.qualified}::{signal.name}"
            name = escaped(renamed(signal_key, camel(signal.name)))
            if rx_scope.has_var(name) or name.strip("`") in rx_members():
                name = escaped(camel(signal.name) + "Signal")
                if rx_scope.has_var(name):
                    self.stats.add("signal", False, f"{self.swift}::{signal.name}",
                                   f"name taken on .rx: {name}")
                    continue
            rx_scope.add_var(name)
            key = escaped(camel(signal.name) + "Signal")
            mask = self._event_mask(signal_key)
            self.key_lines.append(
                f"  let {key} = SignalKey(\"{signal.name}\", {owner}{mask})")
            lines += self._signal(name, key, signal, params, returns)
            self.stats.add("signal")
        return lines

    def _event_mask(self, signal_key):
        entry = config.CURRENT.by_section["event-masks"].get(signal_key)
        if entry is None:
            return ""
        event_mask = self.model.all.get("Gdk.EventMask")
        values = {member: value for member, value, _ in event_mask.members}
        total = 0
        for mask in entry.value:
            if mask not in values:
                entry.fail(f"Gdk.EventMask has no member {mask}")
            total |= values[mask]
        return f", eventMask: {total}"

    def _signal(self, name, key, signal, params, returns):
        def label(param):
            return escaped(renamed(f"{self.definition.qualified}::{signal.name}.{param.name}",
                                   camel(param.name)))

        def swift_type(mapping):
            if isinstance(mapping, mappings.ObjectMapping):
                return mapping.wrapper + ("?" if mapping.nullable else "")
            if isinstance(mapping, mappings.ListMapping):
                return f"[{mapping.element.wrapper}]"
            return mapping.swift_type
        # What subscribers see: a pointer the handler only writes through is not shown.
        shown = [(p, m) for p, m in params
                 if not isinstance(m, filled_signal_arguments.HiddenMapping)]
        if not shown:
            arguments_type = "Void"
        elif len(shown) == 1:
            arguments_type = swift_type(shown[0][1])
        else:
            arguments_type = "(" + ", ".join(
                f"{label(p)}: {swift_type(m)}" for p, m in shown) + ")"
        filled = filled_signal_arguments.find(self.definition.qualified, signal)
        if filled:
            value_type = filled_signal_arguments.value_type(filled, arguments_type)
        elif returns is None:
            value_type = arguments_type
        elif isinstance(returns, mappings.BoolMapping):
            value_type = f"Emission<{arguments_type}, Bool>"
        else:
            value_type = f"Emission<{arguments_type}, {returns.swift + '?'}>"
        word = (len(params) <= 3 and all(m.word_sized for _, m in params)
                and (returns is None or isinstance(returns, mappings.BoolMapping)))
        lines = _doc_lines(signal.doc, f"The `{signal.name}` signal.")
        lines.append(f"  public var {name}: Signal<{value_type}, Never> {{")
        # The action receives the observer rather than capturing it: a closure that
        # captures nothing allocates nothing per subscription (see ObserverAction). Its
        # body is shared by every signal with the same one (see signal_actions.py).
        body = []
        if word:
            raws = [f"a{index}" for index in range(len(params))]
            values = [m.from_raw(raw) for raw, (_, m) in zip(raws, params)]
            case = {0: "noArguments", 1: "oneArgument", 2: "twoArguments",
                    3: "threeArguments"}[len(params)]
            closure_params = ", ".join(["observer"] + raws)
            body.append(f".{case} {{ {closure_params} in")
        else:
            values = [m.from_gvalue(signal.params.index(p) + 1) for p, m in params]
            body.append(".values { observer, arguments, result in")
        values = [v for (_, m), v in zip(params, values)
                  if not isinstance(m, filled_signal_arguments.HiddenMapping)]
        if not shown:
            argument = "()"
        elif len(shown) == 1:
            argument = values[0]
        else:
            argument = "(" + ", ".join(
                f"{label(p)}: {v}" for (p, _), v in zip(shown, values)) + ")"
        if filled:
            position = next(i for i, (p, _) in enumerate(params) if p is filled.param)
            raw = (f"a{position}" if word
                   else f"arguments.pointer({signal.params.index(filled.param) + 1})")
            body += filled_signal_arguments.body(filled, argument, raw)
            if word:
                body.append("  return false")
        elif returns is None:
            body.append(f"  observer.send({argument})")
            if word:
                body.append("  return false")
        elif isinstance(returns, mappings.BoolMapping):
            body.append(f"  let emission = Emission({argument}, result: false)")
            body.append("  observer.send(emission)")
            if word:
                body.append("  return emission.result")
            else:
                body.append("  if let result { g_value_set_boolean(result, cBool(emission.result)) }")
        else:
            body.append(
                f"  let emission = Emission({argument}, result: {returns.swift}?.none)")
            body.append("  observer.send(emission)")
            default = variant_dict.default_result(self.definition.qualified, signal)
            if default is not None:
                body.append(f"  if let result {{ {returns.to_gvalue(f'emission.result ?? {default}')} }}")
            else:
                body.append(
                    f"  if let value = emission.result, let result {{ {returns.to_gvalue('value')} }}")
        body.append("}")
        action = self.actions.placeholder(value_type, body)
        lines.append(f"    connect({self.keys}.shared.{key}, SignalActions.{action})")
        lines.append("  }")
        lines.append("")
        return lines
