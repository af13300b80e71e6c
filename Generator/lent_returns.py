"""Returns GIR marks `transfer full` that C only lends (config's `[lent-returns]`): GTK 3's
`gtk_font_chooser_get_font_map` returns the chooser's own reference. Taking ownership of
one would drop a reference the library still counts on (the process's default font map,
freed under every widget). Read as `transfer none`, so the wrapper takes a reference of
its own."""

import config


def apply(everything):
    """Corrects the return transfer of every listed callable of the GIR types read."""
    lent = config.CURRENT.by_section["lent-returns"]
    if not lent:
        return
    for definition in everything.values():
        for member in (getattr(definition, "constructors", []) + getattr(definition, "methods", [])
                       + getattr(definition, "functions", [])):
            if member.c_identifier in lent:
                member.returns.transfer = "none"
