// Workloads 3 and 4: combineLatest of two subjects, and flatMap(.latest) over short inners.
import BenchHarness
import OpenCombine
import Reactive

func combiningWorkloads(scale: Int) -> [Workload] {
  [
    Workload(
      name: "3 combineLatest of 2 subjects", events: 1_000_000 / scale,
      size: 1_000_000 / scale, target: "≤ 79 ns",
      contenders: [
        Contender(library: "Reactive", prepare: CombineLatest.reactive),
        Contender(library: "plain closures", prepare: CombineLatest.plain),
      ]),
    Workload(
      name: "4 flatMap(.latest) 10 inner", events: 1_000_000 / scale,
      size: 100_000 / scale, target: "≤ 91 ns",
      contenders: [
        Contender(library: "Reactive", prepare: SwitchToLatest.reactive),
        Contender(library: "OpenCombine", prepare: SwitchToLatest.openCombine),
        Contender(library: "plain closures", prepare: SwitchToLatest.plain),
      ]),
  ]
}

/// Sends alternate between the two subjects; each send after the first emits a pair.
/// OpenCombine 0.14 has no `combineLatest`, so it sits this one out.
enum CombineLatest {
  static func reactive(_ count: Int) -> Trial {
    let left = PublishSubject<Int, Never>()
    let right = PublishSubject<Int, Never>()
    let sink = Accumulator()
    let subscription = left.signal.combineLatest(with: right.signal)
      .subscribe(next: { sink.total &+= $0.0 &- $0.1 })
    return Trial(
      run: {
        for value in 0..<count {
          if value & 1 == 0 { left.send(value) } else { right.send(value) }
        }
      },
      finish: {
        subscription.dispose()
        return sink.total
      })
  }

  /// Two callbacks sharing the latest values, by hand (single-threaded, no grammar).
  static func plain(_ count: Int) -> Trial {
    final class Latest {
      var left: Int?
      var right: Int?
    }
    let latest = Latest()
    let sink = Accumulator()
    let deliver: (Int) -> Void = opaque { sink.total &+= $0 }
    let sendLeft: (Int) -> Void = opaque { value in
      latest.left = value
      if let right = latest.right { deliver(value &- right) }
    }
    let sendRight: (Int) -> Void = opaque { value in
      latest.right = value
      if let left = latest.left { deliver(left &- value) }
    }
    return Trial(
      run: {
        for value in 0..<count {
          if value & 1 == 0 { sendLeft(value) } else { sendRight(value) }
        }
      },
      finish: { sink.total })
  }
}

/// Each outer value switches to a new synchronous inner of 10 values; events are inner
/// values (outer sends × 10).
enum SwitchToLatest {
  static func reactive(_ count: Int) -> Trial {
    let outer = PublishSubject<Int, Never>()
    let sink = Accumulator()
    let subscription = outer.signal
      .flatMap(.latest) { base in Signal<Int, Never>.from(base..<(base &+ 10)) }
      .subscribe(next: { sink.total &+= $0 })
    return Trial(
      run: { for value in 0..<count { outer.send(value) } },
      finish: {
        subscription.dispose()
        return sink.total
      })
  }

  /// OpenCombine has no flatMap strategy: `map` to a `Publishers.Sequence`, then
  /// `switchToLatest()`.
  static func openCombine(_ count: Int) -> Trial {
    let outer = PassthroughSubject<Int, Never>()
    let sink = Accumulator()
    let subscription =
      outer
      .map { base in Publishers.Sequence<Range<Int>, Never>(sequence: base..<(base &+ 10)) }
      .switchToLatest()
      .sink { sink.total &+= $0 }
    return Trial(
      run: { for value in 0..<count { outer.send(value) } },
      finish: {
        subscription.cancel()
        return sink.total
      })
  }

  /// The outer callback loops over the inner range itself.
  static func plain(_ count: Int) -> Trial {
    let sink = Accumulator()
    let deliver: (Int) -> Void = opaque { sink.total &+= $0 }
    let sendOuter: (Int) -> Void = opaque { base in
      for value in base..<(base &+ 10) { deliver(value) }
    }
    return Trial(
      run: { for value in 0..<count { sendOuter(value) } },
      finish: { sink.total })
  }
}
