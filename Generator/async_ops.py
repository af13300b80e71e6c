"""GIO's asynchronous operations: which C functions start one (they take a
`GAsyncReadyCallback`) and which function finishes it (takes the `GAsyncResult`).

Each pair becomes two Swift members that share one description of the call (see
`emit_async.py`): an `async throws(GLibError)` function and a cold `Signal` on `.rx`. The
policy is data: the tables below say where GIO's naming is irregular, and why.
"""

CALLBACK = "Gio.AsyncReadyCallback"
RESULT = "Gio.AsyncResult"
CANCELLABLE = "Gio.Cancellable"

# Start functions whose finish function is not `<name>_finish` (for `<name>_async` or
# `<name>`): GIO shares one finish between two starts.
IRREGULAR_FINISH = {
    # The GBytes variant of replace_contents finishes as the array variant does.
    "g_file_replace_contents_bytes_async": "g_file_replace_contents_finish",
    # Loading at a scale finishes as loading at full size does.
    "gdk_pixbuf_new_from_stream_at_scale_async": "gdk_pixbuf_new_from_stream_finish",
    # The array variant of saving finishes as the variadic one does.
    "gdk_pixbuf_save_to_streamv_async": "gdk_pixbuf_save_to_stream_finish",
}

# Second finish functions of one start, each its own operation: finish -> (start, Swift
# name). `read_line_async` finishes as bytes or, validated, as a string.
ALTERNATE_FINISHES = {
    "g_data_input_stream_read_line_finish_utf8": (
        "g_data_input_stream_read_line_async", "readLineUtf8"),
}

# Namespace-level functions GIR attaches to no type: generated as static members of the
# type they make, under a Swift name that says what they give (`DBusConnection.bus(.session)`).
# Value: (GIR type, Swift name of the start function).
NAMESPACE_FUNCTIONS = {
    "g_bus_get": ("Gio.DBusConnection", "bus"),
    "g_bus_get_finish": ("Gio.DBusConnection", None),
    "g_dbus_address_get_stream": ("Gio.DBusConnection", "streamForAddress"),
    "g_dbus_address_get_stream_finish": ("Gio.DBusConnection", None),
}

# Operations whose C name does not make a Swift name: C identifier -> Swift name.
RENAMED = {
    # `init` is Swift's initializer keyword.
    "g_async_initable_init_async": "initialize",
}

# Progress callbacks an operation takes beside its ready callback, and the hand-written
# runtime that turns each call into a Swift value (`Runtime/GioProgress.swift`): GIR name
# -> (Swift value type, the `GioProgress` trampoline that reads it).
PROGRESS_CALLBACKS = {
    "Gio.FileProgressCallback": ("FileProgress", "GioProgress.fileProgress"),
    "Gio.FileMeasureProgressCallback": ("FileMeasureProgress", "GioProgress.fileMeasureProgress"),
}


def is_start(callable_):
    """Whether `callable_` starts an asynchronous operation."""
    return any(param.type.name == CALLBACK for param in callable_.params)


def is_finish(callable_):
    """Whether `callable_` finishes one (its `GAsyncResult` argument)."""
    return any(param.type.name == RESULT and param.direction == "in"
               for param in callable_.params)


def finish_for(start, candidates):
    """The finish function of `start` among `candidates` (callables by C identifier), or
    None."""
    name = IRREGULAR_FINISH.get(start.c_identifier)
    if name:
        return candidates.get(name)
    base = start.c_identifier
    if base.endswith("_async"):
        base = base[:-len("_async")]
    return candidates.get(base + "_finish")


def pairs(definition):
    """(start, finish, Swift name or None) for each asynchronous operation of a type: its
    constructors, methods and functions (with the namespace functions attached to it),
    then the operations of `ALTERNATE_FINISHES`."""
    callables = definition.constructors + definition.methods + definition.functions
    by_identifier = {c.c_identifier: c for c in callables}
    result = []
    for start in callables:
        if not is_start(start) or is_finish(start):
            continue
        finish = finish_for(start, by_identifier)
        if finish is not None:
            result.append((start, finish, None))
    for finish_name, (start_name, swift_name) in ALTERNATE_FINISHES.items():
        if start_name in by_identifier and finish_name in by_identifier:
            result.append((by_identifier[start_name], by_identifier[finish_name], swift_name))
    return result
