// Workload 2: subscribe to a one-value signal, receive its value, dispose.
import BenchHarness
import OpenCombine
import Reactive

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
}
