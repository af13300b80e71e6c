import Synchronization

/// `catch`: recover from a failure by switching to another signal.
extension Signal {
  /// Forwards this signal until it fails, then subscribes to the signal `handler` makes
  /// from the failure and forwards that one instead. The failed subscription has already
  /// been disposed when `handler` runs.
  ///
  /// ```swift
  /// load().catch { _ in .just(placeholder) }
  /// ```
  ///
  /// `handler` is not called if the subscription has ended. To fail with another error,
  /// return `.error(newError)`.
  public func `catch`<NewFailure>(
    _ handler: @escaping (Failure) -> Signal<Value, NewFailure>
  ) -> Signal<Value, NewFailure> {
    Signal<Value, NewFailure> { observer, lifetime in
      let fallback = SerialDisposable()
      // Each signal gets its own guarded subscription; this one releases the failed
      // upstream before reporting the failure, so the fallback starts after it.
      let upstream = SubscriptionSink<Value, Failure>(
        Observer { event in
          switch event {
          case .next(let value):
            observer.send(value)
          case .completed:
            observer.sendCompleted()
          case .failed(let error):
            guard !lifetime.hasEnded else { return }
            fallback.inner = handler(error).subscribe(observer)
          }
        })
      upstream.start(self)
      return AnyDisposable {
        upstream.dispose()
        fallback.dispose()
      }
    }
  }
}

extension Signal {
  /// Subscribes to the signals of `sequence` one after another, moving to the next when
  /// one fails: values pass through, the first completion completes the result, and if
  /// every signal fails, the last failure fails it (RxSwift's `catch(sequence:)`). An
  /// empty sequence completes at once.
  ///
  /// A failed signal's subscription is disposed before the next one starts. The
  /// sequence is read lazily, one signal per failure (an endless sequence is fine), and
  /// moving on is a loop, not a recursion: 100,000 signals that fail synchronously use
  /// constant stack space. Disposing stops it.
  ///
  /// ```swift
  /// Signal.catch(sequence: mirrors.map(download))   // the first mirror that works
  /// ```
  public static func `catch`<Signals: Sequence>(sequence: Signals) -> Signal
  where Signals.Element == Signal {
    Signal { observer, lifetime in
      let sink = CatchSequenceSink(
        signals: AnyIterator(sequence.makeIterator()), observer: observer, lifetime: lifetime)
      sink.requestNext()
      return sink
    }
  }
}

/// Runs the signals of one `catch(sequence:)` subscription, one after another.
///
/// A failure asks for the next signal through `requestNext`, a trampoline like
/// `RetrySink`'s: whoever raises `pending` from zero loops, starting one signal per
/// request, so synchronous failures do not grow the stack. Only that loop reads the
/// iterator and the last failure, one call at a time.
private final class CatchSequenceSink<Value, Failure: Error>: Disposable, @unchecked Sendable {
  // @unchecked: `signals` and `lastFailure` are used by the loop alone, which the
  // atomic `pending` hands from one thread to the next; `current` is thread-safe.
  private let signals: AnyIterator<Signal<Value, Failure>>
  private let observer: Observer<Value, Failure>
  private let lifetime: Lifetime
  private let pending = Atomic<Int>(0)
  private let lastFailure = Locked<Failure?>(nil)
  /// The current signal's subscription; replacing it drops the failed one.
  private let current = SerialDisposable()

  private let liveObject = LiveObjects.track()

  init(
    signals: AnyIterator<Signal<Value, Failure>>, observer: Observer<Value, Failure>,
    lifetime: Lifetime
  ) {
    self.signals = signals
    self.observer = observer
    self.lifetime = lifetime
  }

  deinit { LiveObjects.untrack(liveObject) }

  func requestNext() {
    guard pending.add(1, ordering: .acquiringAndReleasing).oldValue == 0 else {
      return  // the loop below, further up this stack or on another thread, runs it
    }
    repeat {
      if !lifetime.hasEnded {
        if let signal = signals.next() {
          let attempt = SubscriptionSink(Observer { [self] in attemptDidSend($0) })
          current.inner = attempt
          attempt.start(signal)
        } else if let failure = lastFailure.withLock({ $0 }) {
          observer.send(error: failure)
        } else {
          observer.sendCompleted()
        }
      }
    } while pending.subtract(1, ordering: .acquiringAndReleasing).newValue > 0
  }

  /// An event of the current signal; a failure comes after its subscription has
  /// released its upstream.
  private func attemptDidSend(_ event: Event<Value, Failure>) {
    switch event {
    case .next, .completed:
      observer.on(event)
    case .failed(let error):
      guard !lifetime.hasEnded else { return }
      lastFailure.withLock { $0 = error }
      requestNext()
    }
  }

  func dispose() {
    current.dispose()
  }
}
