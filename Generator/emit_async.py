"""Swift for GIO's asynchronous operations (see async_ops.py for which pairs exist).

Per `_async`/`_finish` pair, three members:

- an internal description, `<name>AsyncOperation(…) -> GioOperation<Value>`: a closure that
  starts the call (the `_async` function with the call's cancellable and callback) and one
  that finishes it (the `_finish` function, converting what it gives); the generic runtime
  (`Runtime/GioOperation.swift`, `Interop/GioCall.swift`) does the rest;
- `<name>(…) async throws(GLibError) -> Value` on the type;
- `<name>(…) -> Signal<Value, GLibError>` on `.rx` (a `Signal<ProgressEvent<P, Value>, …>`
  for an operation that reports progress).

Static functions (constructors such as `gdk_pixbuf_new_from_stream_async`) get the same as
static members (`Pixbuf.rx.fromStream(_:)`).
"""

import copy

import async_ops
import config
import mappings
from names import camel, escaped, summary

# The I/O priority argument: `priority: Int = 0` (`G_PRIORITY_DEFAULT`), last of the
# arguments, as GIO places it.
IO_PRIORITY = "io_priority"

# Affixes of out-argument names that only say "out" or "buffer": the result's labels drop
# them (`etag_out` -> `etag`, `stdout_buf` -> `stdout`).
RESULT_LABEL_PREFIXES = ("out_",)
RESULT_LABEL_SUFFIXES = ("_out", "_buf")

# Constructor-like start functions: C's `new_for_address` reads `forAddress` after the
# type's name (`DBusConnection.forAddress(_:)`), and a bare `new` reads `make`.
CONSTRUCTOR_PREFIXES = (("new_for_", "for_"), ("new_from_", "from_"), ("new_with_", "with_"))

# Element types of byte arrays, carried as `[UInt8]`.
BYTE_ELEMENTS = {"guint8", "gchar", "gint8", "guchar"}


def _is_byte_array(type_ref):
    return (type_ref.is_array and type_ref.element is not None
            and type_ref.element.name in BYTE_ELEMENTS)


# C element types Swift imports under another name.
SWIFT_C_TYPES = {"char": "CChar", "unsigned char": "UInt8"}


def _base(ctype):
    base = ctype.replace("const ", "").replace("*", "").strip()
    return SWIFT_C_TYPES.get(base, base)


def swift_name(start):
    """The Swift name of an operation: the C name without `_async`, constructor-like
    names as `CONSTRUCTOR_PREFIXES` say, or the name config's `[async-namespace-functions]` gives."""
    explicit = getattr(start, "swift_name", None) or config.CURRENT.table("rename").get(start.c_identifier)
    if explicit:
        return explicit
    name = start.name
    if name.endswith("_async"):
        name = name[:-len("_async")]
    if name == "new":
        return "make"
    for prefix, replacement in CONSTRUCTOR_PREFIXES:
        if name.startswith(prefix):
            name = replacement + name[len(prefix):]
            break
    return camel(name)


def result_label(name):
    for prefix in RESULT_LABEL_PREFIXES:
        if name.startswith(prefix):
            name = name[len(prefix):]
    for suffix in RESULT_LABEL_SUFFIXES:
        if name.endswith(suffix):
            name = name[:-len(suffix)]
    return escaped(camel(name))


class Unmapped(Exception):
    """An operation that cannot be generated; the message is the reason for `--report`."""


class AsyncEmitter:
    """The asynchronous operations of one type, emitted through its `MemberEmitter` (whose
    type mappings and checks they share)."""

    def __init__(self, members):
        self.members = members
        self.model = members.model
        self.stats = members.stats
        self.definition = members.definition

    def pairs(self):
        return async_ops.pairs(self.definition)

    def handled(self):
        """C identifiers of every start and finish function of the type's pairs: the other
        emitters leave them to this one."""
        result = set()
        for start, finish, _ in self.pairs():
            result.add(start.c_identifier)
            result.add(finish.c_identifier)
        return result

    def operations(self, scope, rx_scope, rx_names):
        """(instance members, `.rx` instance members, static members, `.rx` static
        members), each a list of lines. `rx_names`: every `.rx` property and signal name of
        every type."""
        plain, rx, static, static_rx = [], [], [], []
        finishes_of_kept = set()
        for start, finish, renamed in self.pairs():
            member = f"{self.members.swift}.{finish.c_identifier if renamed else start.c_identifier}"
            if start.deprecated:
                self.stats.deprecated += 1
                continue
            is_static = start in self.definition.functions or start in self.definition.constructors
            try:
                operation = self._operation(start, finish, is_static)
            except Unmapped as reason:
                self.stats.add("async operation", False, member, str(reason))
                continue
            name = escaped(renamed or swift_name(start))
            key = ("static " if is_static else "") + operation["key"].replace("NAME", name)
            # A function may share its base name with a property or another function
            # unless both are called the same way (`close()` beside a `close` property).
            bare = not operation["signature"]
            if key in scope.functions or bare and scope.has_var(name):
                self.stats.add("async operation", False, member, f"name taken: {name}")
                continue
            scope.add_function(key, name)
            lines = self._description(name, operation, is_static)
            lines += self._async_member(name, operation, is_static)
            if bare and name.strip("`") in rx_names:
                # The async form only: `.rx` has a property or signal of that name.
                self.stats.add("async signal", False, member, f"name taken on .rx: {name}")
                rx_lines = []
            else:
                rx_lines = self._signal_member(name, operation, is_static)
            (static if is_static else plain).extend(lines)
            (static_rx if is_static else rx).extend(rx_lines)
            finishes_of_kept.add(finish.c_identifier)
            self.stats.add("async operation")
        return plain, rx, static, static_rx

    # MARK: one operation

    def _self_expression(self, callable_):
        access = self.members.self_access(callable_)
        base = _base(callable_.instance_ctype or self.definition.ctype)
        if access in ("opaque", "pointer") or self.members.has_pointer_accessor(base):
            return f"self.{access}"
        return mappings.struct_pointer(base, "self.")

    def _operation(self, start, finish, is_static):
        """Everything the three members need, or raises `Unmapped`."""
        params = start.params
        hidden = {}  # index -> C expression
        outer = []  # statements of the description, before the closures (buffers)
        progress = None
        for index, param in enumerate(params):
            name = param.type.name
            if name == async_ops.CALLBACK:
                hidden[index] = "call.ready"
                data = param.closure if param.closure is not None else index + 1
                hidden[data] = "call.data"
            elif name in config.CURRENT.table("async-progress"):
                progress = config.CURRENT.table("async-progress")[name]
                swift, trampoline = progress["swift"], progress["trampoline"]
                progress = swift
                hidden[index] = f"call.progress({trampoline})"
                data = param.closure if param.closure is not None else index + 1
                hidden[data] = "call.data"
            elif name == async_ops.CANCELLABLE and param.name == "cancellable":
                hidden[index] = "call.cancellable"
        # Byte arrays: what GIO reads (a copy the closures hold until the call finished)
        # or fills (a buffer of the size the caller asks for). Their lengths are no
        # arguments of their own, except a read's count.
        read_buffer = None
        given = {}  # index -> (Swift type, label, default): arguments mapped here
        for index, param in enumerate(params):
            if index in hidden or not _is_byte_array(param.type) or param.type.length is None:
                continue
            length = params[param.type.length]
            local = f"{self.members._local(param.name)}C"
            if param.direction == "out" and read_buffer is None:
                count = self.members._local(length.name)
                outer.append(f"let {local} = CByteBuffer(count: {count})")
                hidden[index] = f"{local}.raw"
                given[param.type.length] = ("Int", None, None)
                read_buffer = local
            elif param.direction == "in":
                outer.append(f"let {local} = CByteBuffer({self.members._local(param.name)})")
                base = _base(param.type.ctype)
                hidden[index] = (f"{local}.raw" if base in ("void", "gpointer")
                                 else f"{local}.typed({base}.self)")
                hidden[param.type.length] = f"{_base(length.type.ctype)}({local}.count)"
                given[index] = ("[UInt8]", None, None)
        # Output vectors GIO writes from: copies the closures hold, and a fresh array of
        # vectors for each call (`writev_all` advances the vectors as it writes).
        for index, param in enumerate(params):
            if (index in hidden or not param.type.is_array or param.type.length is None
                    or param.type.element is None
                    or param.type.element.name != "Gio.OutputVector"):
                continue
            length = params[param.type.length]
            local = f"{self.members._local(param.name).strip('`')}C"
            outer.append(f"let {local} = COutputVectors({self.members._local(param.name)})")
            hidden[index] = f"{local}.vectors()"
            hidden[param.type.length] = f"{_base(length.type.ctype)}({local}.count)"
            given[index] = ("[[UInt8]]", None, None)
        visible = []  # (index, param, Swift type or None, label or None, default or None)
        for index, param in enumerate(params):
            if index in given:
                visible.append((index, param) + given[index])
                continue
            if index in hidden:
                continue
            if param.direction == "out" and param.optional:
                hidden[index] = "nil"  # what the start gives besides the call (a serial)
                continue
            if param.direction != "in":
                raise Unmapped("out argument of the start: " + self.members.why(param.type))
            if param.name == IO_PRIORITY and param.type.name == "gint":
                hidden[index] = mappings.clamped("Int32", "priority")
                visible.append((index, param, "Int", "priority", "0"))
            elif param.type.name == "GLib.Bytes":
                visible.append(
                    (index, param, "[UInt8]?" if param.nullable else "[UInt8]", None, None))
            else:
                visible.append((index, param, None, None, None))
        mapped = []
        for _, param, swift, label, default in visible:
            if swift is not None:
                mapped.append((param, swift, label, default, None))
                continue
            probe = copy.copy(start)
            probe.params = [param]
            result = self.members._map_params(probe)
            if result is None:
                raise Unmapped(self.members.reason)
            (_, mapping), = result[0]
            mapped.append((param, mapping.swift_type, label, default, mapping))
        # The Swift signature: the first argument unlabelled, as every generated method.
        signature, declaration, call_arguments, key_labels = [], [], [], []
        for position, (param, swift, label, default, mapping) in enumerate(mapped):
            local = "priority" if label == "priority" else self.members._local(param.name)
            if label is None and position == 0:
                text = f"_ {local}: {swift}"
                key_labels.append("_:")
                argument = local
            else:
                label = label or camel(param.name)
                text = (f"{escaped(label)}: {swift}" if escaped(label) == local
                        else f"{escaped(label)} {local}: {swift}")
                key_labels.append(f"{label}:")
                argument = f"{label}: {local}"  # a call's label needs no escaping
            declaration.append(text)
            if default is not None:
                text += f" = {default}"
            signature.append(text)
            call_arguments.append(argument)
        # The start call, in C's argument order.
        before, arguments = [], []
        if not is_static:
            arguments.append(self._self_expression(start))
        by_param = {id(entry[0]): entry for entry in mapped}
        for index, param in enumerate(params):
            if index in hidden:
                arguments.append(hidden[index])
                continue
            _, swift, label, _, mapping = by_param[id(param)]
            local = self.members._local(param.name)
            if mapping is None and swift == "Int":
                base = _base(param.type.ctype)
                arguments.append(mappings.clamped(mappings.INTEGERS.get(base, base), local))
                continue
            if param.type.name == "GLib.Bytes":
                before.append(f"let {local}C = CBytes.makeBytes({local})")
                before.append(f"defer {{ {local}C.map(g_bytes_unref) }}")
                arguments.append(f"{local}C")
                continue
            statements, expression = mapping.to_c(local, param.type.ctype)
            before += statements
            arguments.append(expression)
        start_call = f"{start.c_identifier}({', '.join(arguments)})"
        value_type, finish_body = self._finish(finish, read_buffer, is_static)
        return {
            "start": start, "finish": finish, "signature": ", ".join(signature),
            "declaration": ", ".join(declaration),
            "call_arguments": ", ".join(call_arguments), "outer": outer, "before": before,
            "start_call": start_call, "value_type": value_type, "finish_body": finish_body,
            "progress": progress,
            "key": f"NAME({''.join(key_labels)}) async",
        }

    def _finish(self, finish, read_buffer, is_static):
        """(Swift value type, lines of the finish closure's body)."""
        params = finish.params
        lengths = {p.type.length for p in params if p.type.is_array} - {None}
        if finish.returns.type.is_array and finish.returns.type.length is not None:
            lengths.add(finish.returns.type.length)
        # A NUL-terminated byte array returned beside an out `length` GIR does not link to
        # it (`g_data_input_stream_read_line_finish`): the length is the array's.
        length_out = None
        if _is_byte_array(finish.returns.type) and finish.returns.type.length is None:
            for index, param in enumerate(params):
                if param.direction == "out" and param.name == "length":
                    lengths.add(index)
                    length_out = f"{self.members._local(param.name)}Out"
        declarations, arguments, values = [], [], []
        has_instance = finish.instance_ctype != ""
        if has_instance:
            arguments.append(self._self_expression(finish))
        count_local = None
        for index, param in enumerate(params):
            local = f"{self.members._local(param.name)}Out"
            if param.type.name == async_ops.RESULT and param.direction == "in":
                arguments.append("result")
                continue
            if param.direction != "out":
                raise Unmapped("argument of the finish: " + self.members.why(param.type))
            if index in lengths:
                declarations.append(f"var {local} = {_base(param.type.ctype)}()")
                arguments.append(f"&{local}")
                continue
            if read_buffer is not None and param.type.name in ("gsize", "gssize"):
                declarations.append(f"var {local} = {_base(param.type.ctype)}()")
                arguments.append(f"&{local}")
                count_local = local
                continue
            label = result_label(param.name)
            if _is_byte_array(param.type) and param.type.length is not None:
                length = f"{self.members._local(params[param.type.length].name)}Out"
                declarations.append(
                    f"var {local} = UnsafeMutablePointer<{_base(param.type.ctype)}>?(nil)")
                arguments.append(f"&{local}")
                values.append((label, "[UInt8]", f"CBytes.take({local}, count: {length})"))
                continue
            if param.type.name == "GLib.Bytes":
                declarations.append(f"var {local} = OpaquePointer?(nil)")
                arguments.append(f"&{local}")
                values.append((label, "[UInt8]?", f"CBytes.takeBytes({local})"))
                continue
            probe = copy.copy(finish)
            probe.params = [param]
            result = self.members._map_params(probe)
            if result is None:
                raise Unmapped("result: " + self.members.reason)
            (_, mapping), = result[1]
            initial = mapping.out_initial(_base(param.type.ctype)) or f"{_base(param.type.ctype)}()"
            if param.type.ctype.count("*") >= 2:
                initial = self.members._null_pointer(param.type.ctype)
            declarations.append(f"var {local} = {initial}")
            arguments.append(f"&{local}")
            values.append((label, mapping.swift_type, mapping.from_out(local)))
        if finish.throws:  # a finish that cannot fail (HdyAvatar's) takes no GError
            arguments.append("&error")
        call = f"{finish.c_identifier}({', '.join(arguments)})"
        returns = finish.returns
        returned = None  # (Swift type, expression of `value`)
        if returns.type.name == "none" or (returns.type.name == "gboolean" and finish.throws):
            pass  # a throwing finish's gboolean only repeats whether `error` is set
        elif read_buffer is not None and returns.type.name in ("gssize", "gsize"):
            count_local = "value"
        elif _is_byte_array(returns.type) and (returns.type.length is not None
                                                or length_out is not None):
            length = (f"{self.members._local(params[returns.type.length].name)}Out"
                      if returns.type.length is not None else length_out)
            if returns.nullable:
                returned = ("[UInt8]?", f"value.map {{ CBytes.take($0, count: {length}) }}")
            else:
                returned = ("[UInt8]", f"CBytes.take(value, count: {length})")
        elif returns.type.name == "GLib.Bytes":
            if returns.nullable:
                returned = ("[UInt8]?", "CBytes.takeBytes(value)")
            else:
                returned = ("[UInt8]", f"try GioResult.required(CBytes.takeBytes(value), from: \"{finish.c_identifier}\")")
        else:
            mapping = self.members._map_return(finish)
            if mapping is None:
                raise Unmapped(self.members.reason)
            expression = mapping.from_c("value", returns.transfer)
            swift = mapping.swift_type
            # A constructor's finish gives the object or an error (GdkPixbuf annotates the
            # NULL of the error case as nullable); other nullable results mean something
            # (an enumeration's end).
            nullable = returns.nullable and finish not in self.definition.constructors
            if isinstance(mapping, mappings.ObjectMapping) and not nullable:
                # A throwing finish gives an object or an error; were GIO to give neither,
                # the caller gets an error rather than a crash.
                swift = swift[:-1] if swift.endswith("?") else swift
                if swift.startswith("(") and swift.endswith(")"):
                    swift = swift[1:-1]
                expression = (f"try GioResult.required({expression}, "
                              f"from: \"{finish.c_identifier}\")")
            returned = (swift, expression)
        if read_buffer is not None:
            if count_local is None:
                raise Unmapped("a read without a count of bytes read")
            values.insert(0, ("bytes", "[UInt8]", f"{read_buffer}.prefix({count_local})"))
        if returned is not None:
            values.insert(0, ("result", returned[0], returned[1]))
        body = (["var error: UnsafeMutablePointer<GError>?"] if finish.throws else []) + declarations
        uses_value = returned is not None or count_local == "value"
        body.append(f"{'let value = ' if uses_value else '_ = '}{call}")
        if finish.throws:
            body.append("if let error { throw GLibError(consuming: error) }")
        if not values:
            value_type = "Void"
        elif len(values) == 1:
            value_type = values[0][1]
            body.append(f"return {values[0][2]}")
        else:
            value_type = "(" + ", ".join(f"{label}: {swift}" for label, swift, _ in values) + ")"
            body.append("return (" + ", ".join(
                f"{label}: {expression}" for label, _, expression in values) + ")")
        return value_type, body

    # MARK: Swift

    def _description(self, name, operation, is_static):
        start, finish = operation["start"], operation["finish"]
        value = operation["value_type"]
        keyword = "static func" if is_static else "func"
        lines = [f"  /// `{start.c_identifier}`, finished by `{finish.c_identifier}`."]
        lines.append(f"  {keyword} {name}AsyncOperation({operation['declaration']})"
                     f" -> GioOperation<{value}> {{")
        for statement in operation["outer"]:
            lines.append(f"    {statement}")
        lines.append("    return GioOperation(")
        lines.append("      start: { call in")
        for statement in operation["before"]:
            lines.append(f"        {statement}")
        lines.append(f"        {operation['start_call']}")
        lines.append("      },")
        lines.append(f"      finish: {{ result throws(GLibError) -> {value} in")
        for statement in operation["finish_body"]:
            lines.append(f"        {statement}")
        lines.append("      })")
        lines.append("  }")
        lines.append("")
        return lines

    def _doc(self, operation):
        start = operation["start"]
        return f"  /// {summary(start.doc, '`' + start.c_identifier + '`')}"

    def _async_member(self, name, operation, is_static):
        value = operation["value_type"]
        progress = operation["progress"]
        signature = operation["signature"]
        arguments = operation["call_arguments"]
        keyword = "static func" if is_static else "func"
        returns = "" if value == "Void" else f" -> {value}"
        lines = [self._doc(operation),
                 "  ///",
                 "  /// Cancelling the task cancels the call (`GLibError.isCancelled`)."]
        if progress:
            signature = (signature + ", " if signature else "") + (
                f"progress: (({progress}) -> Void)? = nil")
            lines.append("  /// `progress` hears GIO's reports on the main thread.")
            call = f"value(progress: progress)"
        else:
            call = "value()"
        lines.append(f"  public {keyword} {name}({signature}) async throws(GLibError){returns} {{")
        lines.append(f"    try await {name}AsyncOperation({arguments}).{call}")
        lines.append("  }")
        lines.append("")
        return lines

    def _signal_member(self, name, operation, is_static):
        value = operation["value_type"]
        progress = operation["progress"]
        keyword = "static func" if is_static else "func"
        receiver = "Base" if is_static else "base"
        lines = [self._doc(operation), "  ///"]
        if progress:
            element = f"ProgressEvent<{progress}, {value}>"
            lines.append("  /// Each subscription starts the call: progress reports, then the "
                         "result; disposing cancels it.")
            signal = f".signal(reporting: {progress}.self)"
        else:
            element = value
            lines.append("  /// Each subscription starts the call; disposing cancels it.")
            signal = ".signal"
        lines.append(f"  public {keyword} {name}({operation['signature']}) -> "
                     f"Signal<{element}, GLibError> {{")
        lines.append(f"    {receiver}.{name}AsyncOperation({operation['call_arguments']}){signal}")
        lines.append("  }")
        lines.append("")
        return lines
