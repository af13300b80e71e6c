// Actions that run a closure: quit, about, close, without a view-model command.
import CGtk
import Reactive

extension ActionScope {
  /// Adds the action `name` (`prefix.name` to widgets) that runs `perform` when
  /// activated, and gives it `accelerators`: the form for a trivial action with no state
  /// of its own to show.
  ///
  /// ```swift
  /// window.addAction("close", accelerators: ["<Primary>w"]) { window.close() }
  ///   .disposed(by: bag)
  /// app.addAction("quit", accelerators: ["<Primary>q"]) { app.quit() }
  ///   .disposed(by: bag)
  /// ```
  ///
  /// The action is always enabled (use `addAction(_:command:accelerators:)` for one
  /// that follows a command's `isEnabled`). Disposal and ownership are as for that
  /// form: disposing removes the action and its accelerators; the action's handler owns
  /// `perform`, and the map owns the action, so a closure that captures its own window
  /// is released when the window is destroyed (GTK drops a window's actions then).
  @discardableResult
  public func addAction(
    _ name: String, accelerators: [String] = [], perform: @escaping @MainActor () -> Void
  ) -> Disposable {
    let action = SimpleActions.make(name, parameterType: nil)
    return ActionBinding(
      map: self, action: action,
      accelerators: accelerators.isEmpty ? [:] : ["\(actionPrefix).\(name)": accelerators],
      subscriptions: [
        SimpleActions.connect(action, CommandActionKeys.activateSignal) { _ in perform() }
      ])
  }

  /// Adds the action `name` with a parameter of type `Parameter` that runs `perform`
  /// with it; `accelerators` maps parameter values to their keys
  /// (`[Int32(1): ["<Primary>1"]]` sets the keys of `win.zoom(1)`).
  ///
  /// Widgets and menu items pass the parameter as their target, as for
  /// `addAction(_:command:accelerators:)`; disposal and ownership are as for
  /// `addAction(_:accelerators:perform:)`.
  @discardableResult
  public func addAction<Parameter: ActionParameter>(
    _ name: String, parameter: Parameter.Type, accelerators: [Parameter: [String]] = [:],
    perform: @escaping @MainActor (Parameter) -> Void
  ) -> Disposable {
    let action = SimpleActions.make(name, parameterType: Parameter.variantType)
    var keys: [String: [String]] = [:]
    for (target, accelerators) in accelerators {
      keys[SimpleActions.detailedName("\(actionPrefix).\(name)", target: target)] = accelerators
    }
    return ActionBinding(
      map: self, action: action, accelerators: keys,
      subscriptions: [
        SimpleActions.connect(action, CommandActionKeys.activateSignal) { variant in
          if let variant, let parameter = Parameter(variant: variant) { perform(parameter) }
        }
      ])
  }
}
