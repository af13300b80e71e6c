/// `materialize`, `dematerialize`: events as values, and back.
extension Signal {
  /// Sends every event as a value: values as `.next`, then the terminal event as a value
  /// followed by completion. The result cannot fail.
  ///
  /// - Complexity: O(1) per event.
  public func materialize() -> Signal<Event<Value, Failure>, Never> {
    lift { observer, lifetime in
      Observer { event in
        // After a terminal event the downstream lifetime has ended; anything a producer
        // still sends must not become a value.
        guard !lifetime.hasEnded else { return }
        observer.send(event)
        if event.isTerminal { observer.sendCompleted() }
      }
    }
  }
}

extension Signal where Failure == Never {
  /// Turns a signal of events back into the events themselves: the first terminal event
  /// received as a value ends the result. The inverse of `materialize()`.
  ///
  /// - Complexity: O(1) per event.
  public func dematerialize<NewValue, NewFailure>() -> Signal<NewValue, NewFailure>
  where Value == Event<NewValue, NewFailure> {
    lift { observer, lifetime in
      Observer { event in
        guard !lifetime.hasEnded else { return }
        switch event {
        case .next(let inner):
          observer.on(inner)
        case .completed:
          observer.sendCompleted()
        }
      }
    }
  }
}
