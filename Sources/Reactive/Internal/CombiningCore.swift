// The engine behind the n-ary and collection forms of `combineLatest` and `zip`.

/// Combines any number of sources of one element type and sends arrays of one value per
/// source, in source order. The collection forms use it as it is; the variadic forms
/// erase their sources to `Any` and rebuild tuples.
///
/// One class for both operators, because they share everything but the rule that forms
/// an output: `combineLatest` keeps the latest value per source, `zip` a queue per
/// source. Counters keep each event O(1) apart from building the output array: how many
/// sources still lack a value (or, for `zip`, have an empty queue), so no event scans
/// them all. `@inlinable`: the collection `combineLatest` is on measured hot paths
/// (workload 13 of `Benchmarks/`). The two-source `combineLatest(with:)` has its own
/// typed sink (`CombineLatestSink`), which builds a tuple instead of an array.
@usableFromInline
final class CombiningCore<Element, Failure: Error>: Disposable, @unchecked Sendable {
  // @unchecked: all mutable state is inside the lock; `observer` and `mode` are
  // immutable.

  @usableFromInline
  enum Mode {
    /// Latest value per source; an output on every value once all have sent.
    case combineLatest
    /// A queue per source; an output whenever every queue has a value (RAC's rule:
    /// completes as soon as a completed source has nothing queued).
    case zip
  }

  @usableFromInline
  struct State: OutboxState {
    /// `combineLatest`, until every source has sent: the latest value per source.
    @usableFromInline var latest: [Element?]
    /// `combineLatest`, once every source has sent: the latest value per source, the
    /// array each output sends. Updated in place: once the previous output was released
    /// (the usual case, unless an observer keeps it), its storage is unique again, so an
    /// output costs no allocation; an output still held is copied on write.
    @usableFromInline var current: [Element] = []
    /// `zip`: the values waiting per source.
    @usableFromInline var queues: [FIFO<Element>]
    @usableFromInline var done: [Bool]
    /// `combineLatest`: the sources that have not sent yet; `zip`: the empty queues.
    @usableFromInline var waiting: Int
    /// The sources that have not completed.
    @usableFromInline var running: Int
    @usableFromInline var outbox = Outbox<[Element], Failure>()

    @inlinable
    init(_ mode: Mode, count: Int) {
      latest = mode == .combineLatest ? Array(repeating: nil, count: count) : []
      queues = mode == .zip ? Array(repeating: FIFO(), count: count) : []
      done = Array(repeating: false, count: count)
      waiting = count
      running = count
    }
  }

  @usableFromInline let observer: Observer<[Element], Failure>
  @usableFromInline let mode: Mode
  @usableFromInline let state: Locked<State>
  /// The sources' subscriptions; disposing this disposes them.
  @usableFromInline let subscriptions = CompositeDisposable()

  @usableFromInline let liveObject = LiveObjects.track()

  @inlinable
  init(_ mode: Mode, count: Int, observer: Observer<[Element], Failure>) {
    self.mode = mode
    self.observer = observer
    state = Locked(State(mode, count: count))
  }

  @inlinable
  deinit { LiveObjects.untrack(liveObject) }

  /// A signal combining `sources` by `mode`. With no sources, `combineLatest` sends one
  /// empty array (every source has sent, vacuously) and completes; `zip` completes.
  @inlinable
  static func signal(_ mode: Mode, _ sources: [Signal<Element, Failure>]) -> Signal<
    [Element], Failure
  > {
    Signal<[Element], Failure> { observer, _ in
      guard !sources.isEmpty else {
        if mode == .combineLatest { observer.send([]) }
        observer.sendCompleted()
        return Disposables.empty
      }
      let core = CombiningCore(mode, count: sources.count, observer: observer)
      for index in sources.indices {
        core.subscriptions.add(
          sources[index].subscribe(Observer { core.receive($0, from: index) }))
      }
      return core
    }
  }

  @inlinable
  func receive(_ event: Event<Element, Failure>, from index: Int) {
    let admitted = state.withLock { state -> Event<[Element], Failure>? in
      guard !state.outbox.isFinished else { return nil }
      switch event {
      case .next(let value):
        return
          mode == .zip ? Self.zip(value, at: index, &state) : Self.combine(value, at: index, &state)
      case .failed(let error):
        return state.outbox.admit(.failed(error))
      case .completed:
        guard !state.done[index] else { return nil }
        state.done[index] = true
        state.running -= 1
        let finished =
          switch mode {
          case .combineLatest:
            (state.waiting > 0 && state.latest[index] == nil) || state.running == 0
          case .zip: state.queues[index].isEmpty
          }
        return finished ? state.outbox.admit(.completed) : nil
      }
    }
    if let event = admitted { state.deliver(event, to: observer) }
  }

  @inlinable
  static func combine(_ value: Element, at index: Int, _ state: inout State) -> Event<
    [Element], Failure
  >? {
    if state.waiting == 0 {
      state.current[index] = value
      return state.outbox.admit(.next(state.current))
    }
    if state.latest[index] == nil { state.waiting -= 1 }
    state.latest[index] = value
    guard state.waiting == 0 else { return nil }
    state.current = state.latest.map { $0! }
    state.latest = []
    return state.outbox.admit(.next(state.current))
  }

  @inlinable
  static func zip(_ value: Element, at index: Int, _ state: inout State) -> Event<
    [Element], Failure
  >? {
    if state.queues[index].isEmpty { state.waiting -= 1 }
    state.queues[index].push(value)
    guard state.waiting == 0 else { return nil }
    var values: [Element] = []
    values.reserveCapacity(state.queues.count)
    // RAC's rule: a completed source with nothing queued can never pair again.
    var exhausted = false
    for source in state.queues.indices {
      values.append(state.queues[source].pop()!)
      if state.queues[source].isEmpty {
        state.waiting += 1
        if state.done[source] { exhausted = true }
      }
    }
    let first = state.outbox.admit(.next(values))
    guard exhausted else { return first }
    let completion = state.outbox.admit(.completed)
    return first ?? completion
  }

  @usableFromInline
  func dispose() {
    state.withLock { $0.outbox.finish() }
    subscriptions.dispose()
  }
}
