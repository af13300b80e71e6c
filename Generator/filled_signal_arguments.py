"""A signal argument the handler fills in (`GtkWidget::drag-data-get`'s and
`::selection-get`'s `GtkSelectionData`), as the result of an `Emission`: subscribers
read the request (the argument copied, as for any signal) and set `emission.result` to
what they answer; once they return, the generated action writes it into the C argument
through the configured Swift function, while GTK still lends it. A result left `nil`
answers nothing, as a C handler that returns without filling it in.

    [filled-signal-arguments]
    "Gtk.Widget::drag-data-get.data" = { swift = "ClipboardContents", fill = "SelectionReplies.fill" }

An argument GIR types as a bare `gpointer` (`GtkMenuItem::toggle-size-request`'s `gint *`)
is only written through: subscribers do not see it, only the result they set.
"""

import config
import mappings


class Filled:
    def __init__(self, param, swift, fill):
        self.param = param
        self.swift = swift
        self.fill = fill


def find(qualified, signal):
    """The argument of `signal` (of type `qualified`) config says the handler fills in,
    or None."""
    table = config.CURRENT.by_section["filled-signal-arguments"]
    for param in signal.params:
        entry = table.get(f"{qualified}::{signal.name}.{param.name}")
        if entry is None:
            continue
        value = entry.value
        if not isinstance(value, dict) or set(value) != {"swift", "fill"}:
            entry.fail('expected { swift = "Type", fill = "Function" }')
        if signal.returns.type.name != "none":
            entry.fail("the signal returns a value: its result is the handler's answer")
        return Filled(param, value["swift"], value["fill"])
    return None


class HiddenMapping(mappings.Mapping):
    """A `gpointer` the handler writes through: read by no subscriber, passed to the fill
    function as it is."""

    swift = "Void"
    value_convertible = False

    def from_raw(self, raw):
        return raw

    def from_gvalue(self, index):
        return f"arguments.pointer({index})"


def hidden_mapping(qualified, signal, param):
    """A `HiddenMapping` for `param` when config says the handler fills it and GIR gives
    it no type, else None."""
    filled = find(qualified, signal)
    if filled and filled.param is param and param.type.name in ("gpointer", "gconstpointer"):
        return HiddenMapping()
    return None


def value_type(filled, arguments_type):
    return f"Emission<{arguments_type}, {filled.swift}?>"


def body(filled, argument, raw):
    """The action's lines after its arguments are read: the emission sent, and its result
    written into the C argument (`raw`, its pointer)."""
    return [f"  let emission = Emission({argument}, result: {filled.swift}?.none)",
            "  observer.send(emission)",
            f"  if let value = emission.result {{ {filled.fill}({raw}, with: value) }}"]
