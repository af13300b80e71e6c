/// `Signal.using`: a resource that lives exactly as long as a subscription.
extension Signal {
  /// For every subscription, makes a resource, then the signal that uses it; disposes
  /// the resource when the subscription ends (terminal event or disposal).
  ///
  /// The signal's own subscription is disposed first, then the resource, so a producer
  /// reading from the resource stops before it is closed. A thrown error from either
  /// closure fails the subscription; a resource already made is disposed then.
  ///
  /// ```swift
  /// Signal.using({ try FileHandle(forReadingFrom: url) }) { handle in lines(of: handle) }
  /// ```
  ///
  /// - Parameters:
  ///   - makeResource: called once per subscription, when it starts.
  ///   - makeSignal: the signal to forward, given the resource.
  public static func using<Resource: Disposable>(
    _ makeResource: @escaping () throws(Failure) -> Resource,
    _ makeSignal: @escaping (Resource) throws(Failure) -> Signal
  ) -> Signal {
    Signal { observer in
      let resource: Resource
      do throws(Failure) {
        resource = try makeResource()
      } catch {
        observer.send(error: error)
        return Disposables.empty
      }
      let signal: Signal
      do throws(Failure) {
        signal = try makeSignal(resource)
      } catch {
        resource.dispose()
        observer.send(error: error)
        return Disposables.empty
      }
      // In this order: the subscription, then the resource.
      return CompositeDisposable([signal.subscribe(observer), resource])
    }
  }
}
