"""Enumerations and flags C reads and updates in place (`GdkModifierType *state`, GIR's
`inout`), as an `inout` Swift value: the caller's value goes in, C's comes back."""

import mappings


class InoutEnumMapping(mappings.Mapping):
    value_convertible = False
    word_sized = False

    def __init__(self, enum):
        super().__init__(False)
        self.swift = enum.swift

    @property
    def swift_type(self):
        return "inout " + self.swift

    def to_c(self, name, ctype):
        temporary = f"{name.strip('`')}C"
        base = ctype.replace("const ", "").replace("*", "").strip()
        return ([f"var {temporary} = {base}(rawValue: {name}.rawValue)",
                 f"defer {{ {name} = {self.swift}(rawValue: {temporary}.rawValue) }}"],
                f"&{temporary}")


def inout_enum(model, param):
    """The `InoutEnumMapping` of an inout parameter of an emitted enumeration or flags
    type passed by pointer, else None."""
    if param.type.is_array or param.nullable or param.type.ctype.count("*") != 1:
        return None
    mapping = model.mapping(param.type, False)
    if isinstance(mapping, mappings.EnumMapping):
        return InoutEnumMapping(mapping)
    return None
