// Workload 2: subscribe to a one-value signal, receive its value, dispose.
import BenchHarness
import OpenCombine
import Reactive
import Synchronization

enum SubscribeDispose {
  /// The signal is made once; each iteration subscribes a fresh closure and disposes.
  static func reactive(_ count: Int) -> Trial {
    let signal = Signal<Int, Never>.just(1)
    let sink = Accumulator()
    return Trial(
      run: {
        for _ in 0..<count {
          let subscription = signal.subscribe(next: { sink.total &+= $0 })
          subscription.dispose()
        }
      },
      finish: { sink.total })
  }

  static func openCombine(_ count: Int) -> Trial {
    let publisher = Just(1)
    let sink = Accumulator()
    return Trial(
      run: {
        for _ in 0..<count {
          let subscription = publisher.sink { sink.total &+= $0 }
          subscription.cancel()
        }
      },
      finish: { sink.total })
  }

  /// The least any subscription with one object per subscriber does: allocate a guard
  /// holding the handler and a stop flag, let a producer (an opaque closure) send one
  /// value through it and end it with one atomic exchange, free it. No observer closure,
  /// lifetime or disposable is passed: a floor, not a library.
  static func plain(_ count: Int) -> Trial {
    final class Guard {
      let next: (Int) -> Void
      let stopped = Atomic<Bool>(false)
      init(_ next: @escaping (Int) -> Void) { self.next = next }
    }
    let sink = Accumulator()
    let produce: (Guard) -> Void = opaqueProducer { subscriber in
      if !subscriber.stopped.load(ordering: .relaxed) { subscriber.next(1) }
      _ = subscriber.stopped.exchange(true, ordering: .sequentiallyConsistent)
    }
    return Trial(
      run: {
        for _ in 0..<count {
          let subscriber = Guard({ sink.total &+= $0 })
          produce(subscriber)
          if !subscriber.stopped.load(ordering: .relaxed) {
            _ = subscriber.stopped.exchange(true, ordering: .sequentiallyConsistent)
          }
        }
      },
      finish: { sink.total })
  }
}

/// Hides a producer from the optimizer, as `opaque` does a callback.
@inline(never)
@_optimize(none)
private func opaqueProducer<T>(_ producer: @escaping (T) -> Void) -> (T) -> Void { producer }
