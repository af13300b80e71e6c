"""`GVariantDict *` as the Swift class `VariantDict` (a reference taken or adopted, as
`Variant` is), and the result a signal's subscribers leave unset.

A signal that returns a value gives its subscribers an `Emission` whose result starts
nil; nil writes nothing, so GLib's return value stays its zero. Where zero means
something (`GApplication::handle-local-options`: exit now, with status 0), config's
`[signal-default-results]` names the value nil stands for (-1: carry on).
"""

import config
import mappings


class VariantDictMapping(mappings.ReferenceMapping):
    swift = "VariantDict"
    pointer_member = "pointer"
    value_convertible = False  # no property holds one

    def from_raw(self, raw):
        if self.nullable:
            return f"{raw}.map {{ VariantDict(borrowing: $0) }}"
        return f"VariantDict(borrowing: {raw}!)"

    def from_gvalue(self, index):
        return self.from_raw(f"arguments.pointer({index})")


def default_result(qualified, signal):
    """The Swift expression a nil result of `signal` stands for, or None."""
    return config.CURRENT.table("signal-default-results").get(f"{qualified}::{signal.name}")
