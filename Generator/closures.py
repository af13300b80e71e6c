"""GObject's closures (`GClosure *`) as the hand-written `Closure` class
(Interop/Closure.swift): a Swift function GObject can keep and call, or a reference to one
C made. The class has the shape of a boxed class (emit_boxed.py: `cPointer`,
`init(takingOwnership:)`, `init(copying:)`, `GValueConvertible`), so it crosses into and
out of C as one: passed as the pointer it holds (GTK takes its own reference where it
keeps it), adopted when C gives a reference, referenced anew when C lends one, read from
signal arguments and properties, and listed from a `GList` through its boxed type."""

import boxed

SWIFT = "Closure"


def closure_mapping(name, nullable):
    """The mapping of GIR type `name` when it is GObject's closure, else None."""
    if name != "GObject.Closure":
        return None
    return boxed.BoxedClassMapping(SWIFT, "GClosure", False, nullable)
