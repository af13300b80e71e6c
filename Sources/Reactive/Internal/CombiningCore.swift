// The type-erased engine behind n-ary `combineLatest` and `zip`.

/// Combines any number of sources whose values were erased to `Any`, and sends arrays
/// of one value per source, in source order; the public entry points rebuild tuples.
///
/// One class for both operators, because they share everything but the rule that forms
/// an output: `combineLatest` keeps the latest value per source, `zip` a queue per
/// source. The two-source `combineLatest(with:)`, which is on hot paths, has its own
/// typed sink instead (`CombineLatestSink`).
final class CombiningCore<Failure: Error>: Disposable, @unchecked Sendable {
  // @unchecked: all mutable state is inside the lock; `observer` and `mode` are
  // immutable.

  enum Mode {
    /// Latest value per source; an output on every value once all have sent.
    case combineLatest
    /// A queue per source; an output whenever every queue has a value (RAC's rule:
    /// completes as soon as a completed source has nothing queued).
    case zip
  }

  struct State: OutboxState {
    var latest: [Any?]
    var queues: [FIFO<Any>]
    var done: [Bool]
    var outbox = Outbox<[Any], Failure>()
  }

  private let observer: Observer<[Any], Failure>
  private let mode: Mode
  private let state: Locked<State>
  /// The sources' subscriptions; disposing this disposes them.
  private let subscriptions = CompositeDisposable()

  private let liveObject = LiveObjects.track()

  private init(_ mode: Mode, count: Int, observer: Observer<[Any], Failure>) {
    self.mode = mode
    self.observer = observer
    state = Locked(
      State(
        latest: Array(repeating: nil, count: count),
        queues: Array(repeating: FIFO(), count: count),
        done: Array(repeating: false, count: count)))
  }

  deinit { LiveObjects.untrack(liveObject) }

  /// A signal combining `sources` by `mode`; with no sources it completes at once.
  static func signal(_ mode: Mode, _ sources: [Signal<Any, Failure>]) -> Signal<[Any], Failure> {
    Signal { observer, _ in
      guard !sources.isEmpty else {
        observer.sendCompleted()
        return Disposables.empty
      }
      let core = CombiningCore(mode, count: sources.count, observer: observer)
      for (index, source) in sources.enumerated() {
        core.subscriptions.add(source.subscribe(Observer { core.receive($0, from: index) }))
      }
      return core
    }
  }

  private func receive(_ event: Event<Any, Failure>, from index: Int) {
    let admitted = state.withLock { state -> Event<[Any], Failure>? in
      guard !state.outbox.isFinished else { return nil }
      switch event {
      case .next(let value):
        return
          mode == .zip ? zip(value, at: index, &state) : combine(value, at: index, &state)
      case .failed(let error):
        return state.outbox.admit(.failed(error))
      case .completed:
        state.done[index] = true
        let finished =
          switch mode {
          case .combineLatest: state.latest[index] == nil || !state.done.contains(false)
          case .zip: state.queues[index].isEmpty
          }
        return finished ? state.outbox.admit(.completed) : nil
      }
    }
    if let event = admitted { state.deliver(event, to: observer) }
  }

  private func combine(_ value: Any, at index: Int, _ state: inout State) -> Event<[Any], Failure>?
  {
    state.latest[index] = value
    guard !state.latest.contains(where: { $0 == nil }) else { return nil }
    return state.outbox.admit(.next(state.latest.map { $0! }))
  }

  private func zip(_ value: Any, at index: Int, _ state: inout State) -> Event<[Any], Failure>? {
    state.queues[index].push(value)
    guard !state.queues.contains(where: \.isEmpty) else { return nil }
    var values: [Any] = []
    values.reserveCapacity(state.queues.count)
    for source in state.queues.indices { values.append(state.queues[source].pop()!) }
    let first = state.outbox.admit(.next(values))
    // RAC's rule: a completed source with nothing queued can never pair again.
    let exhausted = state.queues.indices.contains { state.done[$0] && state.queues[$0].isEmpty }
    guard exhausted else { return first }
    let completion = state.outbox.admit(.completed)
    return first ?? completion
  }

  func dispose() {
    state.withLock { $0.outbox.finish() }
    subscriptions.dispose()
  }
}
