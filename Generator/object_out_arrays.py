"""Arrays of objects C gives as an out parameter with their length in another
(`pango_font_map_list_families(map, &families, &n_families)`), as a Swift array of the
wrappers: each element referenced (transfer container or none) or adopted (transfer full),
the C array freed when C gave it."""

import gir
import mappings


class ObjectArrayOutMapping(mappings.ByteArrayOutMapping):
    def __init__(self, length, element, object_mapping):
        super().__init__(length, element)
        self.object = object_mapping

    @property
    def swift_type(self):
        return f"[{self.object.wrapper}]"

    def from_c(self, expression, transfer):
        transfer_case = {"full": ".full", "container": ".container"}.get(transfer, ".none")
        initializer = "takingOwnership" if transfer == "full" else "retaining"
        return (f"CArrays.numbers({expression}, count: {self.length}, "
                f"transfer: {transfer_case}) {{ {self.object.wrapper}({initializer}: $0!) }}")

    def null_array(self, ctype):
        element = "OpaquePointer" if self.object.opaque else (
            f"UnsafeMutablePointer<{self.object.cstruct}>")
        return f"UnsafeMutablePointer<{element}?>?(nil)"


def object_element(model, element):
    """The object mapping of GIR element type `element` (a class or interface generated
    in a module the current one sees), or None."""
    if element is None or element.name not in model.emitted:
        return None
    mapping = model.mapping(gir.TypeRef(element.name, ""), False)
    return mapping if isinstance(mapping, mappings.ObjectMapping) else None


def mapping(model, param, length_local):
    """The mapping of out parameter `param`, an array of objects whose length C writes
    into `length_local`, or None."""
    kind = param.type
    if param.direction != "out" or not kind.is_array or param.caller_allocates:
        return None
    element = object_element(model, kind.element)
    if element is None:
        return None
    result = ObjectArrayOutMapping(length_local, kind.element.name, element)
    result.out_transfer = param.transfer
    return result
