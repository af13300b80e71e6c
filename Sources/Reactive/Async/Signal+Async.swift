/// The bridge to Swift concurrency: a signal's values as an `AsyncSequence`, and a
/// signal from an `async` operation.
extension Signal where Value: Sendable {
  /// The signal's values as an async sequence that throws the signal's own `Failure`
  /// (so, for a signal that cannot fail, `for await` needs no `try`). Iterating
  /// subscribes; the loop ends when the signal completes.
  ///
  /// Events are buffered without bound until the iterating task takes them. Cancelling
  /// that task, or leaving the loop, disposes the subscription.
  ///
  /// ```swift
  /// for await index in viewModel.index.signal.values { scroll(to: index) }
  /// for try await image in loader.images.values { show(image) }
  /// ```
  public var values: SignalValues<Value, Failure> { SignalValues(self) }
}

/// A signal's values as an `AsyncSequence` with a typed failure: see `Signal.values`.
///
/// Each iterator subscribes once, and disposes its subscription when its task is
/// cancelled or it is dropped.
public struct SignalValues<Value: Sendable, Failure: Error>: AsyncSequence, Sendable {
  /// The values the signal sends.
  public typealias Element = Value

  private let signal: Signal<Value, Failure>

  init(_ signal: Signal<Value, Failure>) { self.signal = signal }

  /// Subscribes to the signal and returns an iterator over its values.
  public func makeAsyncIterator() -> Iterator {
    let signal = self.signal
    let events = AsyncStream<Event<Value, Failure>> { continuation in
      let subscription = SerialDisposable()
      continuation.onTermination = { _ in subscription.dispose() }
      subscription.inner = signal.subscribe(
        Observer { event in
          continuation.yield(event)
          if event.isTerminal { continuation.finish() }
        })
    }
    return Iterator(events: events.makeAsyncIterator())
  }

  /// Takes the signal's values one at a time; throws its failure.
  public struct Iterator: AsyncIteratorProtocol {
    private var events: AsyncStream<Event<Value, Failure>>.Iterator
    private var isFinished = false

    fileprivate init(events: AsyncStream<Event<Value, Failure>>.Iterator) {
      self.events = events
    }

    /// The next value, `nil` once the signal completed (or the task was cancelled);
    /// throws the signal's failure.
    public mutating func next(
      isolation actor: isolated (any Actor)? = #isolation
    ) async throws(Failure) -> Value? {
      guard !isFinished else { return nil }
      switch await events.next(isolation: actor) {
      case .next(let value)?:
        return value
      case .failed(let error)?:
        isFinished = true
        throw error
      case .completed?, nil:
        isFinished = true
        return nil
      }
    }

    /// The next value; see `next(isolation:)`.
    public mutating func next() async throws(Failure) -> Value? {
      try await next(isolation: nil)
    }
  }
}

extension Signal {
  /// A signal that runs `operation` in a new `Task` for each subscription, sends its
  /// result and completes, or fails with what it throws.
  ///
  /// Disposing the subscription cancels the task; whatever the operation returns after
  /// that is dropped. Events arrive on the task's executor, not the subscriber's
  /// thread: use `observe(on:)` to move them.
  ///
  /// ```swift
  /// let thumbnail = Signal { () async throws(LoadError) -> Image in
  ///   try await loader.thumbnail(for: url)
  /// }
  /// ```
  public init(operation: @escaping @Sendable () async throws(Failure) -> Value) {
    self.init { observer in
      let task = Task {
        do throws(Failure) {
          let value = try await operation()
          observer.send(value)
          observer.sendCompleted()
        } catch {
          observer.send(error: error)
        }
      }
      return AnyDisposable { task.cancel() }
    }
  }
}
