import Synchronization

/// `replay(_:)`, `publish()` and `share(replay:)`: one upstream subscription, many observers.
extension Signal {
  /// A connection that shares one subscription to this signal, made by `connect()`,
  /// and replays the latest `bufferSize` values to every observer (RAC's
  /// `multicast:` with a `RACReplaySubject`).
  ///
  /// Observers of the connection's `signal` subscribe to a `ReplaySubject`; they may
  /// subscribe before or after `connect()`.
  ///
  /// - Parameter bufferSize: how many of the latest values a late observer is sent
  ///   (`Int.max`: all of them).
  public func replay(_ bufferSize: Int) -> MulticastConnection<Value, Failure> {
    let subject = ReplaySubject<Value, Failure>(bufferSize: bufferSize)
    return MulticastConnection(source: self, signal: subject.signal, observer: subject.observer)
  }

  /// A connection that shares one subscription to this signal, made by `connect()`;
  /// observers get only the events sent after they subscribed (RAC's `publish`).
  public func publish() -> MulticastConnection<Value, Failure> {
    let subject = PublishSubject<Value, Failure>()
    return MulticastConnection(source: self, signal: subject.signal, observer: subject.observer)
  }

  /// A signal that shares one subscription to this one among all its observers, for as
  /// long as it has any, and replays the latest `bufferSize` values to those that
  /// subscribe meanwhile.
  ///
  /// The first observer connects (subscribes to this signal); the last one to leave
  /// disconnects (disposes that subscription). Replaying lasts only while connected: the
  /// buffer is dropped on disconnection, and a later observer connects afresh, to a new
  /// subscription with an empty buffer. A terminal event ends every observer, so after
  /// it the next observer connects afresh too.
  ///
  /// - Parameter bufferSize: how many of the latest values a new observer is sent
  ///   while connected; 0 shares without replaying.
  public func share(replay bufferSize: Int = 0) -> Signal {
    precondition(bufferSize >= 0, "share(replay:): bufferSize must not be negative")
    let share = Share(source: self, bufferSize: bufferSize)
    return Signal { observer in share.subscribe(observer) }
  }
}

/// One shared subscription to a signal, made on demand: the `RACMulticastConnection` of
/// this library. Get one from `replay(_:)` or `publish()`.
///
/// The connection holds its source; disposing the disposable `connect()` returns
/// disposes the shared subscription (observers of `signal` then get nothing more).
public final class MulticastConnection<Value, Failure: Error>: @unchecked Sendable {
  // @unchecked: `hasConnected` is atomic, the subject is thread-safe, the rest is
  // immutable.
  private let source: Signal<Value, Failure>
  private let subjectObserver: Observer<Value, Failure>
  private let connection = SerialDisposable()
  private let hasConnected = Atomic<Bool>(false)

  /// The shared signal: subscribing to it does not subscribe to the source.
  public let signal: Signal<Value, Failure>

  private let liveObject = LiveObjects.track()

  init(
    source: Signal<Value, Failure>, signal: Signal<Value, Failure>,
    observer: Observer<Value, Failure>
  ) {
    self.source = source
    self.signal = signal
    subjectObserver = observer
  }

  deinit { LiveObjects.untrack(liveObject) }

  /// Subscribes to the source, once; every call returns the same disposable, which
  /// disconnects.
  @discardableResult
  public func connect() -> Disposable {
    if !hasConnected.exchange(true, ordering: .acquiringAndReleasing) {
      connection.inner = source.subscribe(subjectObserver)
    }
    return connection
  }
}

/// The reference-counted connection behind one `share(replay:)` signal.
private final class Share<Value, Failure: Error>: @unchecked Sendable {
  // @unchecked: mutable state is inside the lock; the rest is immutable.

  /// One period of being connected: its subject, its upstream subscription, and how
  /// many observers it has.
  private struct Connection {
    let id: Int
    let signal: Signal<Value, Failure>
    let observer: Observer<Value, Failure>
    let upstream: SerialDisposable
  }

  private struct State {
    var current: Connection?
    var observers = 0
    var nextID = 0
  }

  private let source: Signal<Value, Failure>
  private let bufferSize: Int
  private let state = Locked(State())

  private let liveObject = LiveObjects.track()

  init(source: Signal<Value, Failure>, bufferSize: Int) {
    self.source = source
    self.bufferSize = bufferSize
  }

  deinit { LiveObjects.untrack(liveObject) }

  func subscribe(_ observer: Observer<Value, Failure>) -> Disposable {
    let (connection, connects) = state.withLock { state in
      if let current = state.current {
        state.observers += 1
        return (current, false)
      }
      let connection = makeConnection(id: state.nextID)
      state.nextID += 1
      state.current = connection
      state.observers = 1
      return (connection, true)
    }
    // Observe first, so that a source that sends while being subscribed reaches this
    // observer; the upstream slot is a SerialDisposable, so a disconnection that wins
    // the race with this connect still disposes the subscription.
    let inner = connection.signal.subscribe(observer)
    if connects { connection.upstream.inner = source.subscribe(connection.observer) }
    return AnyDisposable { [self] in
      inner.dispose()
      let disconnects: Bool = state.withLock { state in
        guard state.current?.id == connection.id else { return false }
        state.observers -= 1
        guard state.observers == 0 else { return false }
        state.current = nil
        return true
      }
      if disconnects { connection.upstream.dispose() }
    }
  }

  private func makeConnection(id: Int) -> Connection {
    // A replay subject of size 0 is a publish subject: the same engine, nothing kept.
    let subject = ReplaySubject<Value, Failure>(bufferSize: bufferSize)
    return Connection(
      id: id, signal: subject.signal, observer: subject.observer, upstream: SerialDisposable())
  }
}
