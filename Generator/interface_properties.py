"""A class's GObject property that is its interface's own property, redeclared.

GIR lists a property twice when a class implements an interface's property
(`GtkColorButton:rgba` for `GtkColorChooser:rgba`, installed with
`g_object_class_override_property`, or `GSimpleAction:name` for `GAction:name`). Both
names reach one GObject property, so the class's `.rx` member would repeat the
interface's, and Swift cannot have two `.rx` members of one name on the same object.
When the interface's member reads (and, where the class's does, writes) the same Swift
type, that member *is* the class's: `colorButton.rx.rgba` is `ColorChooser`'s. When the
class's property is writable and the interface's is not (`GSimpleAction:enabled`), the
interface's member only observes it, and the class's stays left out with that reason.
"""


def _access(prop):
    settable = prop.writable and not prop.construct_only
    return (prop.readable, settable)


def covering_interface(model, definition, prop, mapping):
    """(interface's Swift name, None) when an implemented interface declares `prop` with
    the same Swift type and access; (None, reason) when one declares it with less access;
    (None, None) when no interface declares it."""
    for qualified in model.interfaces(definition):
        interface = model.emitted[qualified]
        theirs = next((p for p in interface.properties
                       if p.name == prop.name and not p.deprecated), None)
        if theirs is None:
            continue
        their_mapping = model.mapping(theirs.type, True)
        swift = model.swift_name(qualified)
        if (their_mapping is None or not their_mapping.value_convertible
                or their_mapping.property_type() != mapping.property_type()):
            return None, None
        if _access(theirs) == _access(prop):
            return swift, None
        if _access(prop)[1] and not _access(theirs)[1]:
            return None, (f"{swift}'s `.rx` observes it; only the class writes it "
                          "(set the class's property)")
        return None, None
    return None, None
