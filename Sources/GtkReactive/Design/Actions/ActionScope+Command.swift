// Commands as GActions: one action per command, reached by buttons, menus and keys.
import CGtk
import Reactive

/// An action map whose actions widgets reach by prefixed names (`app.save`, `win.zoom`)
/// and keyboard accelerators: a GTK `Application` (`app.`) or an `ApplicationWindow`
/// (`win.`).
public protocol ActionScope: ActionMap {
  /// The prefix of this map's actions in action names: `"app"` or `"win"`.
  var actionPrefix: String { get }
}

extension Application: ActionScope {
  /// `"app"`.
  public var actionPrefix: String { "app" }
}

extension ApplicationWindow: ActionScope {
  /// `"win"`.
  public var actionPrefix: String { "win" }
}

extension ActionScope {
  /// Adds the action `name` (`prefix.name` to widgets) that executes `command`, and gives
  /// it `accelerators`.
  ///
  /// ```swift
  /// app.addAction("save", command: viewModel.save, accelerators: ["<Primary>s"])
  ///   .disposed(by: bag)
  /// saveButton.actionName = "app.save"
  /// menu.append("Save", detailedAction: "app.save")
  /// ```
  ///
  /// Buttons, menu items and the accelerators all reach the same command. The action is
  /// enabled exactly when `command.isEnabled` is (so it is disabled while the command
  /// executes, and widgets bound to it turn insensitive). Activating it executes the
  /// command. Disposing removes the action from this map (if it is still the one under
  /// `name`) and the accelerators from the application. The map owns the action; the
  /// action's handler owns the command until then. A window's accelerators are set on its
  /// application: at once, or when the window is added to one. Accelerators given before
  /// the application's `startup` are set when it has run (`setAccelerators(_:for:)`), so
  /// actions can be added before `run`.
  @discardableResult
  public func addAction<Output, Failure>(
    _ name: String, command: Command<Void, Output, Failure>, accelerators: [String] = []
  ) -> Disposable {
    let action = SimpleActions.make(name, parameterType: nil)
    return ActionBinding(
      map: self, action: action,
      accelerators: accelerators.isEmpty ? [:] : ["\(actionPrefix).\(name)": accelerators],
      subscriptions: [
        command.isEnabled.signal.bind(to: SimpleActions.enabled(action)),
        SimpleActions.connect(action, CommandActionKeys.activateSignal) { _ in
          command.execute()
        },
      ])
  }

  /// Adds the action `name` with a parameter of type `Parameter` that executes `command`
  /// with it; `accelerators` maps parameter values to their keys
  /// (`[Int32(1): ["<Primary>1"]]` sets the keys of `win.zoom(1)`).
  ///
  /// Widgets pass the parameter as their action target
  /// (`button.setAction("win.zoom", target: Int32(2))`), menu items as their target
  /// (`.item("Zoom 2×", action: "win.zoom", target: Int32(2))`). Enabled state, disposal
  /// and ownership are as for `addAction(_:command:accelerators:)`.
  @discardableResult
  public func addAction<Parameter: ActionParameter, Output, Failure>(
    _ name: String, command: Command<Parameter, Output, Failure>,
    accelerators: [Parameter: [String]] = [:]
  ) -> Disposable {
    let action = SimpleActions.make(name, parameterType: Parameter.variantType)
    var keys: [String: [String]] = [:]
    for (target, accelerators) in accelerators {
      keys[SimpleActions.detailedName("\(actionPrefix).\(name)", target: target)] = accelerators
    }
    return ActionBinding(
      map: self, action: action, accelerators: keys,
      subscriptions: [
        command.isEnabled.signal.bind(to: SimpleActions.enabled(action)),
        SimpleActions.connect(action, CommandActionKeys.activateSignal) { variant in
          if let variant, let parameter = Parameter(variant: variant) {
            command.execute(parameter)
          }
        },
      ])
  }

  /// Adds the stateful action `name` whose boolean state is `state`, both ways: a change
  /// of `state` shows in the action (and in check menu items and toggle buttons bound to
  /// it); activating the action, clicking such a widget or pressing an accelerator
  /// toggles `state`. Disposal and ownership are as for
  /// `addAction(_:command:accelerators:)`.
  @discardableResult
  public func addToggleAction(
    _ name: String, state: MutableProperty<Bool>, accelerators: [String] = []
  ) -> Disposable {
    SimpleActions.checkName(name)
    let action = SimpleAction(
      takingOwnership: g_simple_action_new_stateful(name, nil, state.value.makeVariant()))
    let setState = Binder<Bool>(action) { action, value in
      g_simple_action_set_state(action.opaque, value.makeVariant())
    }
    return ActionBinding(
      map: self, action: action,
      accelerators: accelerators.isEmpty ? [:] : ["\(actionPrefix).\(name)": accelerators],
      subscriptions: [
        state.signal.bind(to: setState),
        // A change-state handler makes the property the source of truth: GSimpleAction
        // then asks it instead of setting its own state, and the binder above sets it.
        SimpleActions.connect(action, CommandActionKeys.changeStateSignal) { variant in
          if let variant, let value = Bool(variant: variant) { state.value = value }
        },
      ])
  }
}

extension ActionScope {
  /// Adds the stateful action `name` whose state and parameter are `state`'s value, both
  /// ways: the radio pattern. Menu items and buttons with a target of that type
  /// (`MenuEntry.item("By _Name", action: "win.sort", target: "name")`) show checked when
  /// the target equals the state, and activating one sets `state` to its target; a change
  /// of `state` shows everywhere at once. Disposal and ownership are as for
  /// `addAction(_:command:accelerators:)`.
  @discardableResult
  public func addStateAction<Value: ActionParameter>(
    _ name: String, state: MutableProperty<Value>
  ) -> Disposable {
    SimpleActions.checkName(name)
    let initial = state.value.makeVariant()
    let action = SimpleAction(
      takingOwnership: Variants.withType(Value.variantType) {
        g_simple_action_new_stateful(name, $0, initial)
      }!)
    let setState = Binder<Value>(action) { action, value in
      g_simple_action_set_state(action.opaque, value.makeVariant())
    }
    return ActionBinding(
      map: self, action: action, accelerators: [:],
      subscriptions: [
        state.signal.bind(to: setState),
        // Activation with a target asks for that state; the property decides.
        SimpleActions.connect(action, CommandActionKeys.activateSignal) { variant in
          if let variant, let value = Value(variant: variant) { state.value = value }
        },
        SimpleActions.connect(action, CommandActionKeys.changeStateSignal) { variant in
          if let variant, let value = Value(variant: variant) { state.value = value }
        },
      ])
  }
}

/// One action added to an action map for a command or a property, and what keeps it in
/// step; disposing removes it.
@MainActor
final class ActionBinding: Disposable, @unchecked Sendable {
  // @unchecked: state is touched on the main thread only (`dispose` hops there).
  private let map: WeakObjectRef
  private let action: WeakObjectRef
  private let name: String
  private let accelerators: [String: [String]]
  private var application: WeakObjectRef?
  private var subscriptions: [Disposable]
  private var isDisposed = false

  init(
    map: some ActionScope, action: SimpleAction, accelerators: [String: [String]],
    subscriptions: [Disposable]
  ) {
    self.map = WeakObjectRef(map.pointer)
    self.action = WeakObjectRef(action.pointer)
    self.name = action.name
    self.accelerators = accelerators
    self.subscriptions = subscriptions
    map.addAction(action)
    guard !accelerators.isEmpty else { return }
    if let application = map as? Application {
      setAccelerators(on: application)
    } else if let window = map as? Window {
      if let application = window.application {
        setAccelerators(on: application)
      } else {
        // Accelerators belong to an application: wait for the window to join one.
        let joined = window.rx.application.values.compactMap { $0 }.take(1)
        self.subscriptions.append(
          joined.subscribe(next: { [weak self] in self?.setAccelerators(on: $0) }))
      }
    }
  }

  private func setAccelerators(on application: Application) {
    guard !isDisposed else { return }
    self.application = WeakObjectRef(application.pointer)
    for (detailedName, keys) in accelerators {
      application.setAccelerators(keys, for: detailedName)
    }
  }

  nonisolated func dispose() {
    MainThread.run { MainActor.assumeIsolated { self.end() } }
  }

  private func end() {
    guard !isDisposed else { return }
    isDisposed = true
    let subscriptions = self.subscriptions
    self.subscriptions = []
    subscriptions.forEach { $0.dispose() }
    map.withObject { map in
      action.withObject { action in
        let current = g_action_map_lookup_action(OpaquePointer(map), name)
        if UnsafeMutableRawPointer(current) == action {
          g_action_map_remove_action(OpaquePointer(map), name)
        }
      }
    }
    application?.withObject { application in
      let application = Application(retaining: application)
      for detailedName in accelerators.keys {
        application.setAccelerators([], for: detailedName)
      }
    }
    application = nil
  }
}

/// Making `GSimpleAction`s for commands.
enum SimpleActions {
  /// A new action `name` with a parameter of GVariant type `parameterType` (or none).
  static func make(_ name: String, parameterType: String?) -> SimpleAction {
    checkName(name)
    let action: OpaquePointer? =
      if let parameterType {
        Variants.withType(parameterType) { g_simple_action_new(name, $0) }
      } else {
        g_simple_action_new(name, nil)
      }
    return SimpleAction(takingOwnership: action!)
  }

  /// Traps with a clear message, instead of GLib's critical and a NULL action, when
  /// `name` is not an action name (letters, digits, `-` and `.`; no prefix).
  static func checkName(_ name: String) {
    precondition(
      g_action_name_is_valid(name) != 0,
      "GtkReactive: '\(name)' is not an action name (use letters, digits, '-' and '.', "
        + "without the 'app.' or 'win.' prefix)")
  }

  /// Connects `perform` to `signal` of the action, with the signal's GVariant argument.
  ///
  /// `perform` lives in the handler, not in a subscriber: GLib drops it when the action
  /// is finalized (its map disposed), while a subscriber's closure would live as long as
  /// the returned disposable, and with it the command it captures.
  static func connect(
    _ action: SimpleAction, _ signal: SignalKey, perform: @escaping (OpaquePointer?) -> Void
  ) -> Disposable {
    let connection: Signal<Void, Never> = action.rx.connect(signal) { _, _ in
      .oneArgument { _, variant in
        perform(variant.map(OpaquePointer.init))
        return false
      }
    }
    return connection.subscribe()
  }

  /// A binder of the action's enabled state.
  static func enabled(_ action: SimpleAction) -> Binder<Bool> {
    Binder(action) { action, isEnabled in action.setEnabled(isEnabled) }
  }

  /// `name(target)`, GLib's detailed action name (`win.zoom(2)`, `app.open('x')`).
  static func detailedName<Target: ActionParameter>(_ name: String, target: Target) -> String {
    let variant = g_variant_ref_sink(target.makeVariant())
    defer { g_variant_unref(variant) }
    return CStrings.takeString(g_action_print_detailed_name(name, variant)) ?? name
  }
}

/// `GSimpleAction`'s signals whose GVariant arguments the generated layer skips.
enum CommandActionKeys {
  static let activateSignal = SignalKey("activate", owner: g_simple_action_get_type)
  static let changeStateSignal = SignalKey("change-state", owner: g_simple_action_get_type)
}
