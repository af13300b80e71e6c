// Workload 1: subject → map → filter → map → sink, one event per send.
import BenchHarness
import OpenCombine
import Reactive

enum SubjectChain {
  static func reactive(_ count: Int) -> Trial {
    let subject = PublishSubject<Int, Never>()
    let sink = Accumulator()
    let subscription = subject.signal
      .map { $0 &+ 1 }
      .filter { $0 & 1 == 0 }
      .map { $0 &* 3 }
      .subscribe(next: { sink.total &+= $0 })
    return Trial(
      run: { for value in 0..<count { subject.send(value) } },
      finish: {
        subscription.dispose()
        return sink.total
      })
  }

  static func openCombine(_ count: Int) -> Trial {
    let subject = PassthroughSubject<Int, Never>()
    let sink = Accumulator()
    let subscription =
      subject
      .map { $0 &+ 1 }
      .filter { $0 & 1 == 0 }
      .map { $0 &* 3 }
      .sink { sink.total &+= $0 }
    return Trial(
      run: { for value in 0..<count { subject.send(value) } },
      finish: {
        subscription.cancel()
        return sink.total
      })
  }

  /// Each stage a closure that calls the next one; `opaque` keeps the optimizer from
  /// fusing them into one loop body, as it could not with real callbacks either.
  static func plain(_ count: Int) -> Trial {
    let sink = Accumulator()
    let deliver: (Int) -> Void = opaque { sink.total &+= $0 }
    let map2: (Int) -> Void = opaque { deliver($0 &* 3) }
    let filter: (Int) -> Void = opaque { if $0 & 1 == 0 { map2($0) } }
    let map1: (Int) -> Void = opaque { filter($0 &+ 1) }
    return Trial(
      run: { for value in 0..<count { map1(value) } },
      finish: { sink.total })
  }
}
