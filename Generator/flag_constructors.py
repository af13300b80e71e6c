"""A C constructor without arguments that differs from the plain one by one choice
(`gtk_combo_box_new_with_entry` beside `gtk_combo_box_new`), as an initializer taking the
choice as a Bool: `ComboBox(hasEntry: true)`. Swift has one `init()` per class, and a
static factory would clash with the subclass's own (`ComboBoxText.withEntry()`), so the
two C constructors become one initializer. Config names the label
(`[flag-constructors] "gtk_combo_box_new_with_entry" = "hasEntry"`)."""

import config


def plain_constructor(definition):
    """The class's constructor without arguments (`_new`), or None."""
    return next((c for c in definition.constructors
                 if not c.params and not c.deprecated and c.name == "new"), None)


def emit(definition, ctor, doc_lines):
    """(init key, Swift lines) of `ctor` as a flag initializer, or None when config does
    not name it."""
    entry = config.CURRENT.by_section["flag-constructors"].get(ctor.c_identifier)
    if entry is None:
        return None
    if ctor.params:
        entry.fail("only a constructor without arguments takes a flag")
    plain = plain_constructor(definition)
    if plain is None:
        entry.fail(f"{definition.qualified} has no constructor `new` without arguments")
    label = entry.value
    transfer = "takingOwnership" if ctor.returns.transfer == "full" else "retaining"
    lines = list(doc_lines)
    lines.append("  ///")
    lines.append(f"  /// `{ctor.c_identifier}` when `{label}` is true, else `{plain.c_identifier}`.")
    lines.append(f"  public convenience init({label}: Bool) {{")
    lines.append(f"    let instance = {label} ? {ctor.c_identifier}() : {plain.c_identifier}()")
    lines.append(f"    self.init({transfer}: instance!)")
    lines.append("  }")
    lines.append("")
    return f"init({label}:Bool)", f"{label}: Bool", lines
