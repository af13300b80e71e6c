"""Swift for the methods of a value record (`GtkTextIter`, `GdkRGBA`…): members of the
hand-written Swift value type (`Values/`), through the same mapping as class methods.

The value is copied into C for each call: a method whose instance is `const` reads a
copy (`withUnsafePointer(to: cValue)`); one whose instance is not (`forward_char`,
`set_offset`) moves the value itself and is `mutating`, returning what C returns."""

from emit_members import MemberEmitter, Scope, _lending_strings
import config


class RecordMemberEmitter(MemberEmitter):
    def __init__(self, model, definition, stats, swift, cstruct):
        # The record has no signals, properties or asynchronous operations: the class
        # machinery's set-up for those is not needed.
        self.model = model
        self.actions = None
        self.definition = definition
        self.stats = stats
        self.swift = swift
        self.cstruct = cstruct
        self.is_interface = False
        self.keys = None
        self.key_lines = []
        self.async_handled = set()

    @staticmethod
    def mutates(callable_):
        ctype = callable_.instance_ctype or ""
        return "const" not in ctype and "pointer" not in ctype

    def func_keyword(self, method):
        return "mutating func" if self.mutates(method) else "func"

    def self_access(self, callable_=None):
        return "&cValue" if callable_ is not None and self.mutates(callable_) else "$0"

    def _call(self, callable_, ins, outs, self_argument):
        statements, call, out_names, strings = self._call_parts(
            callable_, ins, outs, self_argument)
        if self_argument == "$0":
            call = f"withUnsafePointer(to: cValue) {{ {call} }}"
        # The strings' closures name their argument, so they go outside the one whose
        # argument is `$0`.
        return statements, _lending_strings(call, strings), out_names

    def _function(self, name, method, ins, outs, returns, static=False):
        ends = config.CURRENT.table("range-results").get(method.c_identifier)
        if ends is None:
            return super()._function(name, method, ins, outs, returns, static)
        statements, call, out_names = self._call(method, ins, outs, self.self_access(method))
        lines = [f"  /// {line}".rstrip() for line in self._doc(method)]
        # A nullable bound (`limit`) defaults to none: the whole buffer.
        signature = ", ".join(
            part + (" = nil" if mapping.nullable else "")
            for part, (_, mapping) in zip(self._signature(ins, True).split(", "), ins))
        lines.append(f"  public {self.func_keyword(method)} {name}({signature})"
                     f" -> Range<{self.swift}>? {{")
        body = list(statements)
        body.append(f"let found = {call}")
        body.append("guard swiftBool(found) else { return nil }")
        start, end = (out_names[n] for n in ends)
        body.append(f"return {self.swift}({start})..<{self.swift}({end})")
        lines += [f"    {line}" for line in body]
        lines.append("  }")
        lines.append("")
        return lines

    @staticmethod
    def _doc(method):
        from names import summary
        return [summary(method.doc, f"`{method.c_identifier}`"),
                "", "Returns the match as a range, or nil when there is none."]

    def record_methods(self, scope):
        """Lines of the methods (the ignored ones recorded with their reason)."""
        return self.methods(scope)


def record_sources(model, stats, header):
    """(file name, Swift source, record definition, Swift type) of every value record's
    methods."""
    sources = []
    seen = set()
    members_of = config.CURRENT.package.get("value-record-members", {})
    for qualified, record in sorted(config.CURRENT.table("value-records").items()):
        swift, cstruct = record["swift"], record["cstruct"]
        definition = model.all.get(qualified)
        if definition is None or swift in seen or not definition.methods:
            continue
        seen.add(swift)
        emitter = RecordMemberEmitter(model, definition, stats, swift, cstruct)
        members = emitter.record_methods(Scope(members_of.get(swift, ())))
        if not members:
            continue
        lines = [header.format(source=f"{definition.namespace}.gir"), "import CGtk", "",
                 f"extension {swift} {{"]
        lines += members[:-1] if members[-1] == "" else members
        lines.append("}")
        sources.append((f"{definition.namespace}/{swift}Methods.swift", "\n".join(lines) + "\n",
                        definition, swift))
    return sources
