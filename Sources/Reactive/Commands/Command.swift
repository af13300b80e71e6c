/// Why `Command.execute(_:)` failed: the command was disabled, or the execution failed.
public enum CommandError<Failure: Error>: Error {
  /// The command was disabled (by `enabledIf`, or because it was executing) so nothing
  /// was started.
  case disabled
  /// The execution started and failed with this error.
  case failed(Failure)
}

extension CommandError: Equatable where Failure: Equatable {}

/// An action a user can trigger, with its state as properties: the `RACCommand` of this
/// library, for buttons and menu items.
///
/// ```swift
/// let save = Command<Document, Void, SaveError>(enabledIf: isDirty) { document in
///   store.save(document)   // a Signal<Void, SaveError>
/// }
/// save.isEnabled.signal.bind(to: button.rx.isSensitive)
/// button.rx.clicked.subscribe(next: { save.execute(document) })
/// ```
///
/// - Not re-entrant: while an execution runs the command is disabled, and `execute`
///   fails at once with `.disabled`, starting nothing.
/// - `execute` is eager, as in RAC: it starts the execution at once, whether or not
///   the returned signal is subscribed, and the returned signal replays everything
///   the execution sent. Disposing a subscription to it does not stop the execution;
///   deinitializing the command does.
/// - Around each execution `isExecuting` goes true, then false once the execution has
///   terminated (before observers of the returned signal see the terminal event, so
///   they may execute again). Values go to `values`, failures to `errors`, never to
///   `values`; neither of them fails.
/// - Events arrive on whatever thread the execution sends them on; use `observe(on:)`.
public final class Command<Input, Output, Failure: Error>: @unchecked Sendable {
  // @unchecked: mutable state is inside the lock; subjects and properties are
  // thread-safe; the rest is immutable.

  private struct State {
    var isExecuting = false
    var isUserEnabled: Bool
    var isEnabled: Bool
  }

  private let state: Locked<State>
  private let work: (Input) -> Signal<Output, Failure>
  private let enabledIf: Property<Bool>?
  private let executingStorage = MutableProperty(false)
  private let enabledStorage: MutableProperty<Bool>
  private let executionSubject = PublishSubject<Signal<Output, Failure>, Never>()
  private let valuesSubject = PublishSubject<Output, Never>()
  private let errorsSubject = PublishSubject<Failure, Never>()
  private let running = CompositeDisposable()
  private let enabledObservation = SerialDisposable()

  /// Whether an execution is running: false, then true and false around each one.
  public let isExecuting: Property<Bool>

  /// Whether `execute` would start an execution now: `enabledIf` and not executing.
  public let isEnabled: Property<Bool>

  private let liveObject = LiveObjects.track()

  /// A command that runs `execute` for each accepted input.
  ///
  /// - Parameters:
  ///   - enabledIf: when false the command is disabled; `nil` means always enabled.
  ///   - execute: makes the work for one input; the command subscribes to it once.
  public init(
    enabledIf: Property<Bool>? = nil,
    execute: @escaping (Input) -> Signal<Output, Failure>
  ) {
    let isUserEnabled = enabledIf?.value ?? true
    state = Locked(State(isUserEnabled: isUserEnabled, isEnabled: isUserEnabled))
    work = execute
    self.enabledIf = enabledIf
    enabledStorage = MutableProperty(isUserEnabled)
    isExecuting = Property(executingStorage)
    isEnabled = Property(enabledStorage)
    enabledObservation.inner = enabledIf?.changes.subscribe(next: { [weak self] isUserEnabled in
      self?.userEnabledChanged(to: isUserEnabled)
    })
  }

  deinit {
    enabledObservation.dispose()
    running.dispose()
    executionSubject.sendCompleted()
    valuesSubject.sendCompleted()
    errorsSubject.sendCompleted()
    LiveObjects.untrack(liveObject)
  }

  /// The signal of every execution started, sent as it starts; each replays all its
  /// events, its failure included (which also goes to `errors`).
  public var executionSignals: Signal<Signal<Output, Failure>, Never> {
    executionSubject.signal
  }

  /// The values of every execution, from the executions running or started after the
  /// subscription; never fails.
  public var values: Signal<Output, Never> { valuesSubject.signal }

  /// The failure of every execution that fails; never fails itself.
  public var errors: Signal<Failure, Never> { errorsSubject.signal }

  /// Starts an execution for `input` now, unless the command is disabled.
  ///
  /// - Returns: a signal that replays the execution's events, with failures wrapped in
  ///   `.failed`; or, if the command is disabled, one that fails at once with
  ///   `.disabled`.
  @discardableResult
  public func execute(_ input: Input) -> Signal<Output, CommandError<Failure>> {
    // Read before taking the lock: a mapped property runs user code.
    let isUserEnabled = enabledIf?.value ?? true
    let (starts, deliversExecuting, deliversEnabled) = state.withLock { state in
      guard isUserEnabled, !state.isExecuting else { return (false, false, false) }
      state.isExecuting = true
      return (true, executingStorage.store(true), updateEnabled(&state))
    }
    guard starts else { return .error(.disabled) }
    if deliversExecuting { executingStorage.deliverPending() }
    if deliversEnabled { enabledStorage.deliverPending() }

    let connection = work(input).replay(Int.max)
    let execution = CompositeDisposable()
    let key = running.add(execution)
    execution.add(
      connection.signal.subscribe(
        Observer { [weak self] event in
          guard let self else { return }
          switch event {
          case .next(let value):
            valuesSubject.send(value)
          case .failed(let error):
            // Finished first: an `errors` observer that retries at once (a common way
            // to handle a failure) must find the command enabled again.
            finished(key)
            errorsSubject.send(error)
          case .completed:
            finished(key)
          }
        }))
    executionSubject.send(connection.signal)
    execution.add(connection.connect())
    return connection.signal.mapError { .failed($0) }
  }

  private func finished(_ key: CompositeDisposable.Key?) {
    if let key { running.remove(for: key) }
    let (deliversExecuting, deliversEnabled) = state.withLock { state in
      state.isExecuting = false
      return (executingStorage.store(false), updateEnabled(&state))
    }
    if deliversExecuting { executingStorage.deliverPending() }
    if deliversEnabled { enabledStorage.deliverPending() }
  }

  private func userEnabledChanged(to isUserEnabled: Bool) {
    let delivers = state.withLock { state in
      state.isUserEnabled = isUserEnabled
      return updateEnabled(&state)
    }
    if delivers { enabledStorage.deliverPending() }
  }

  /// Recomputes `isEnabled` under the lock; queues the change, if any, in order with
  /// every other decision. Returns whether the caller must deliver it.
  private func updateEnabled(_ state: inout State) -> Bool {
    let isEnabled = state.isUserEnabled && !state.isExecuting
    guard isEnabled != state.isEnabled else { return false }
    state.isEnabled = isEnabled
    return enabledStorage.store(isEnabled)
  }
}

extension Command where Input == Void {
  /// Starts an execution now, unless the command is disabled; see `execute(_:)`.
  @discardableResult
  public func execute() -> Signal<Output, CommandError<Failure>> {
    execute(())
  }
}
