"""A property's description (`GParamSpec *`) as an argument or a return: the hand-written
`ParamSpec` class (Objects/ParamSpec.swift), which holds a reference and is found on a
class by the property's name (`ParamSpec.childProperty("position", of: Box.self)`).
Signals keep giving the property's name (mappings.ParamSpecNameMapping)."""

import mappings


class ParamSpecMapping(mappings.ReferenceMapping):
    """`GParamSpec *` as `ParamSpec`: passed as the pointer it holds, referenced anew or
    adopted as the transfer says."""

    swift = "ParamSpec"
    pointer_member = "pointer"
    value_convertible = False


def param_spec_mapping(name, nullable):
    """The mapping of GIR type `name` when it is a property's description, else None."""
    if name != "GObject.ParamSpec":
        return None
    return ParamSpecMapping(nullable)
