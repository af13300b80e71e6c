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
  /// disconnects (disposes that subscription). With `scope: .whileConnected` (the
  /// default) each connection has its own buffer: it is dropped on disconnection, and a
  /// later observer connects afresh, to a new subscription with an empty buffer. A
  /// terminal event ends the connection before any observer sees it, so an observer that
  /// subscribes again from its terminal handler (a `retry`, a `repeat`) starts a fresh
  /// connection, and the others that do the same join it. With `scope: .forever` one
  /// buffer serves every connection (see `ShareScope`).
  ///
  /// - Parameters:
  ///   - bufferSize: how many of the latest values a new observer is sent while
  ///     connected (`.forever`: ever since the first connection); 0 shares without
  ///     replaying, `Int.max` replays everything.
  ///   - scope: whether the buffer lasts one connection or the life of the shared signal.
  public func share(replay bufferSize: Int = 0, scope: ShareScope = .whileConnected) -> Signal {
    precondition(bufferSize >= 0, "share(replay:): bufferSize must not be negative")
    let share = Share(source: self, bufferSize: bufferSize, scope: scope)
    return Signal { observer in share.subscribe(observer) }
  }
}

/// How long the buffer of `share(replay:scope:)` lasts.
public enum ShareScope: Sendable {
  /// One buffer per connection: every time the first observer connects, a new one,
  /// dropped when the last leaves or the source ends. A terminal event reaches only the
  /// observers of that connection; later observers connect afresh. The default, and
  /// the right choice with `retry`, `repeat` or `concat` after the share.
  case whileConnected
  /// One buffer for the life of the shared signal: an observer that reconnects after the
  /// last one left is first sent what the earlier connection kept (values that may be
  /// stale). Once the source has ended, every later observer is sent the buffer and the
  /// terminal event, and the source is never subscribed again.
  case forever
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

/// The reference-counted connection behind one `share(replay:scope:)` signal.
private final class Share<Value, Failure: Error>: @unchecked Sendable {
  // @unchecked: mutable state is inside the lock; the rest is immutable.

  /// One period of being connected: its subject (the one subject of a `.forever`
  /// share), its upstream subscription, and its number, which tells a late disposal or
  /// event of an earlier period from one of this period.
  private struct Connection {
    let id: Int
    let subject: ReplaySubject<Value, Failure>
    let upstream: SerialDisposable
  }

  private struct State {
    var current: Connection?
    var observers = 0
    var nextID = 0
    /// The subject of a `.forever` share, made with its first connection.
    var lasting: ReplaySubject<Value, Failure>?
    /// Whether the source of a `.forever` share has ended: its subject then answers
    /// every observer alone.
    var hasEnded = false
  }

  private let source: Signal<Value, Failure>
  private let bufferSize: Int
  private let scope: ShareScope
  private let state = Locked(State())

  private let liveObject = LiveObjects.track()

  init(source: Signal<Value, Failure>, bufferSize: Int, scope: ShareScope) {
    self.source = source
    self.bufferSize = bufferSize
    self.scope = scope
  }

  deinit { LiveObjects.untrack(liveObject) }

  func subscribe(_ observer: Observer<Value, Failure>) -> Disposable {
    let (connection, connects) = state.withLock { state -> (Connection, Bool) in
      if let current = state.current {
        state.observers += 1
        return (current, false)
      }
      let subject: ReplaySubject<Value, Failure>
      switch scope {
      case .whileConnected:
        // A replay subject of size 0 is a publish subject: the same engine, nothing kept.
        subject = ReplaySubject(bufferSize: bufferSize)
      case .forever:
        if let lasting = state.lasting {
          subject = lasting
        } else {
          subject = ReplaySubject(bufferSize: bufferSize)
          state.lasting = subject
        }
        if state.hasEnded {
          // Ended: the subject replays and ends every observer by itself.
          return (Connection(id: -1, subject: subject, upstream: SerialDisposable()), false)
        }
      }
      let connection = Connection(id: state.nextID, subject: subject, upstream: SerialDisposable())
      state.nextID += 1
      state.current = connection
      state.observers = 1
      return (connection, true)
    }
    // Observe first, so that a source that sends while being subscribed reaches this
    // observer; the upstream slot is a SerialDisposable, so a disconnection that wins
    // the race with this connect still disposes the subscription.
    let inner = connection.subject.signal.subscribe(observer)
    if connects {
      // The observer names the connection by number and subject only: holding the
      // connection (its upstream slot) would keep the finished upstream guard alive
      // through its own observer.
      let id = connection.id
      let subject = connection.subject
      connection.upstream.inner = source.subscribe(
        Observer { [self] event in upstreamSent(event, connection: id, subject: subject) })
    }
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

  /// Passes an upstream event to the connection's subject. A terminal event ends the
  /// connection first, so that an observer subscribing again while it is being
  /// delivered (from its terminal handler) connects afresh instead of joining the
  /// finished connection, which would only replay the end to it.
  private func upstreamSent(
    _ event: Event<Value, Failure>, connection id: Int, subject: ReplaySubject<Value, Failure>
  ) {
    if event.isTerminal {
      state.withLock { state in
        if scope == .forever { state.hasEnded = true }
        guard state.current?.id == id else { return }
        state.current = nil
        state.observers = 0
      }
    }
    subject.on(event)
  }
}
