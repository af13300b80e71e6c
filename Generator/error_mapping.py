"""`GError *` outside a `throws` position (a signal's argument, a widget's stored error)
as the Swift value `GLibError`: its domain, code and message copied. A Swift error
passed in becomes a `GError` for the call (`GLibErrors.make`, freed after it); one C
returns is copied (and freed when C gives it away)."""

import mappings


class ErrorMapping(mappings.ReferenceMapping):
    """A reference mapping for the checks that admit C pointers (methods take and return
    it), with its own conversions: GLibError is a value, not a class over the pointer."""

    swift = "GLibError"
    value_convertible = False  # no property holds one; GLib's boxed GError is not wrapped

    def to_c(self, name, ctype):
        temporary = f"{name.strip('`')}C"
        if self.nullable:
            return ([f"let {temporary} = {name}.map {{ GLibErrors.make($0) }}",
                     f"defer {{ if let {temporary} {{ g_error_free({temporary}) }} }}"],
                    temporary)
        return ([f"let {temporary} = GLibErrors.make({name})",
                 f"defer {{ g_error_free({temporary}) }}"], temporary)

    def from_c(self, expression, transfer):
        initializer = "consuming" if transfer == "full" else "copying"
        if self.nullable:
            return f"{expression}.map {{ GLibError({initializer}: $0) }}"
        return f"GLibError({initializer}: {expression}!)"

    def from_raw(self, raw):
        if self.nullable:
            return f"{raw}.map {{ GLibError(copying: $0) }}"
        return f"GLibError(copying: {raw}!)"

    def from_gvalue(self, index):
        return self.from_raw(f"arguments.pointer({index})")
