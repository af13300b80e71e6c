// Activating an action group's actions and reading their state, with Swift values.
import CGtk

extension ActionGroup {
  /// Activates the action `name` of this group (no `app.`/`win.` prefix) without a
  /// parameter, as a button or a menu item would; nothing happens if it is disabled.
  public func activateAction(_ name: String) {
    g_action_group_activate_action(opaque, name, nil)
  }

  /// Activates the action `name` of this group with `parameter`; nothing happens if it is
  /// disabled.
  public func activateAction<Parameter: ActionParameter>(
    _ name: String, parameter: Parameter
  ) {
    g_action_group_activate_action(opaque, name, parameter.makeVariant())
  }

  /// The state of the stateful action `name` as `State`, or `nil` when the group has no
  /// such action, it has no state, or its state is of another type.
  public func actionState<State: ActionParameter>(
    _ name: String, as type: State.Type = State.self
  ) -> State? {
    guard let state = g_action_group_get_action_state(opaque, name) else { return nil }
    defer { g_variant_unref(state) }
    return State(variant: state)
  }
}
