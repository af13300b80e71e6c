"""Signal arguments that are arrays of GLib's plain numbers: `GQuark`s with a length
argument (`GSettings::change-event`'s changed keys) as the strings they stand for (a
quark is GLib's number for an interned string, and the string is what a Swift handler
compares: `keys.contains("font-size")`), and a `GArray` of `GPid`s as the ids."""

import mappings


class QuarkArrayMapping(mappings.Mapping):
    swift = "[String]"
    word_sized = False
    value_convertible = False

    def __init__(self, length_index):
        super().__init__(False)
        self.length_index = length_index

    def from_gvalue(self, index):
        return (f"Quarks.names(arguments.pointer({index}), "
                f"count: arguments.integer({self.length_index + 1}))")


def array_argument(type_ref):
    """The mapping of a signal's quark array with a length, or None."""
    element = type_ref.element
    if (type_ref.is_array and type_ref.length is not None and element is not None
            and element.name == "GLib.Quark"):
        return QuarkArrayMapping(type_ref.length)
    return None


class PidArrayMapping(mappings.Mapping):
    """A signal's `GArray` of `GPid`s (`GMountOperation::show-processes`) as `[Int]`: the
    process ids, copied out of the array GIO lends."""

    swift = "[Int]"
    word_sized = False
    value_convertible = False

    def from_gvalue(self, index):
        return f"GArrays.pids(arguments.pointer({index}))"


def garray_argument(type_ref):
    """The mapping of a signal's `GArray` of `GPid`s, or None."""
    element = type_ref.element
    if (type_ref.is_array and type_ref.name == "GLib.Array" and element is not None
            and element.name == "GLib.Pid"):
        return PidArrayMapping(False)
    return None


class QuarkMapping(mappings.Mapping):
    """A `GQuark` argument or result as the string it stands for: interned for the call
    (`g_quark_from_string`; GLib keeps interned strings for the life of the process), read
    back with `g_quark_to_string`."""

    swift = "String"
    value_convertible = False

    def to_c(self, name, ctype):
        return [], f"g_quark_from_string({name})"

    def from_c(self, expression, transfer):
        return f"CStrings.borrowStringOrEmpty(g_quark_to_string({expression}))"
