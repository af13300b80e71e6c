"""Callbacks without user data that C calls with the object they belong to
(`gtk_menu_attach_to_widget`'s detacher, called with the menu): the Swift closure is kept
on that object (GObject qdata under a key of the member's own), where the trampoline finds
it through the argument (`Callbacks.keep`, `Callbacks.callKept`, Interop/Callbacks.swift).
Config's `[callback-owners]` names, per callback argument, the member's argument that is
the object (the instance), which the callback receives as its argument of the same name.

The closure is released when another one is kept in its place (the member called again),
when the object is finalized, or, for a callback GTK calls once (scope *async*: a menu is
detached once per attachment), after that call."""

import mappings


class KeptCallbackMapping(mappings.CallbackMapping):
    """The closure converted as any callback's, then kept on the instance instead of
    passed as user data."""

    def __init__(self, callback, arguments, returns, return_swift, trampoline, scope,
                 nullable, key):
        super().__init__(callback, arguments, returns, return_swift, trampoline, scope,
                         nullable)
        self.key = key

    def to_c(self, name, ctype):
        statements, function = super().to_c(name, ctype)
        data = self.data_name(name)
        # The box is the instance's to release, never the call's.
        statements = [s for s in statements if s != f"defer {{ Callbacks.release({data}) }}"]
        statements.append(f'Callbacks.keep({data}, on: UnsafeMutableRawPointer(opaque), '
                          f'key: "{self.key}")')
        return statements, function


def mapping(model, callback, scope, nullable, trampolines, kept):
    """A `KeptCallbackMapping` for `callback`, kept on its argument `kept[0]` under key
    `kept[1]`, or the reason it cannot be one."""
    owner_name, key = kept
    owner = next((i for i, p in enumerate(callback.params) if p.name == owner_name), None)
    if owner is None:
        return f"callback {callback.qualified} (no argument {owner_name})"
    # Arguments as for a callback called during the call: none is a failed request's.
    arguments = model.callback_arguments(callback, "call", None)
    if isinstance(arguments, str):
        return arguments
    returns = model.callback_returns(callback)
    if isinstance(returns, str):
        return returns
    returns, return_swift = returns
    namespace, _, bare = callback.qualified.partition(".")
    name = namespace.lower() + bare + "Kept"
    names = [f"a{i}" for i in range(len(arguments))]
    once = "true" if scope == "async" else "false"
    trampolines[name] = (
        f"  /// `{callback.ctype}`, its closure kept on its `{owner_name}`"
        f"{', called once' if scope == 'async' else ''}.\n"
        f"  static let {name}: {callback.ctype} = {{ {', '.join(names)} in "
        f"Callbacks.callKept(on: UnsafeMutableRawPointer(a{owner}), key: \"{key}\", "
        f"once: {once}) {{ Callbacks.call($0, {', '.join(names)}) }} }}")
    return KeptCallbackMapping(callback, arguments, returns, return_swift, name, scope,
                               nullable, key)
