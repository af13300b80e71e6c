// GtkReactive is the hand-designed layer over GtkReactiveBindings (the runtime and the
// generated classes); clients import GtkReactive alone and see both.
@_exported import GtkReactiveBindings
