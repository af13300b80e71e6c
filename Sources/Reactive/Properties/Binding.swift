/// `bind(to:)`: keeps a property, subject or observer updated with a signal's values.
extension Signal where Failure == Never {
  /// Sets `property` to every value this signal sends (`RAC(object, key) = signal`).
  ///
  /// The binding lasts until the returned disposable is disposed, this signal
  /// terminates, or `property` is deinitialized; it does not keep `property` alive.
  /// Completion is not forwarded: a property outlives the signals bound to it.
  @discardableResult
  public func bind(to property: MutableProperty<Value>) -> Disposable {
    // The property holds the binding until it ends; a binding whose signal completes
    // removes itself, so finished bindings do not pile up in a long-lived property.
    let slot = SerialDisposable()
    let binding = property.addBinding(slot)
    slot.inner = subscribe(
      next: { [weak property] in property?.value = $0 },
      completed: { binding.dispose() })
    return binding
  }

  /// Sends every value this signal sends into `subject`; completion is not forwarded,
  /// so several signals can feed one subject. Dispose the result to stop.
  @discardableResult
  public func bind<F>(to subject: PublishSubject<Value, F>) -> Disposable {
    subscribe(next: { subject.send($0) })
  }

  /// Sends every value this signal sends into `subject`; completion is not forwarded.
  /// Dispose the result to stop.
  @discardableResult
  public func bind<F>(to subject: BehaviorSubject<Value, F>) -> Disposable {
    subscribe(next: { subject.send($0) })
  }

  /// Sends every value this signal sends to `observer`; completion is not forwarded.
  /// Dispose the result to stop.
  @discardableResult
  public func bind<F>(to observer: Observer<Value, F>) -> Disposable {
    subscribe(next: { observer.send($0) })
  }
}
