// `flatMap(.concat)` leaving the path of its last inner's events (see `ConcatRelayBase`).

/// Whether a `flatMap(.concat)` only forwards its last inner's events now
/// (`FlattenSink.beginPassThrough(_:)`).
@usableFromInline
enum PassThrough {
  /// Yes: it delivers nothing more; the relay sends past it.
  case ready
  /// Not at this moment (a delivery or the inner's start is in progress): ask again at
  /// the next event.
  case notYet
  /// Never (disposed, finished, or another inner may follow).
  case never
}

extension FlattenSink {
  /// Called by `relay`, the guard of our inner, from its delivery: if the outer
  /// completed, `relay`'s inner is the last, nothing is queued and no delivery is in
  /// progress, we stop delivering (the relay sends its events past us from now on).
  @usableFromInline
  func beginPassThrough(_ relay: AnyObject) -> PassThrough {
    state.withLock { state in
      guard !state.isDisposed, !state.outbox.isFinished, state.outerDone,
        state.current === relay, state.waiting.isEmpty, state.pending == nil,
        state.tail == nil
      else { return .never }
      guard !state.isSubscribing, !state.outbox.queue.isDraining else { return .notYet }
      // Nothing can reach the outbox any more (the outer is done, the inner goes past);
      // should anything try, it is dropped rather than sent out of order.
      state.outbox.isFinished = true
      return .ready
    }
  }

  /// Lets go of `relay`, which another operator holds from now on.
  @usableFromInline
  func releaseCurrent(_ relay: AnyObject) {
    let released = state.withLock { state -> Disposable? in
      guard state.current === relay else { return nil }
      defer { state.current = nil }
      return state.current
    }
    _ = released  // released here, outside the lock
  }
}
