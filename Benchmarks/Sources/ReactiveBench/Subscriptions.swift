// Workloads 7, 9 and 10: disposing among 100,000 live subscriptions, building and
// disposing a chain of 10 maps, and one subject fanning out to 100 subscribers.
import BenchHarness
import OpenCombine
import Reactive

/// Subscriptions that stay live while the measured ones are disposed.
let liveSubscriptions = 100_000

/// The order in which `count` subscriptions are disposed: a fixed scramble (multiplying
/// by a prime modulo `count`), so neither the first nor the last subscription is always
/// the one to go.
func scrambledOrder(_ count: Int) -> [Int] {
  precondition(count % 7919 != 0)
  return (0..<count).map { ($0 &* 7919) % count }
}

/// 100,000 subscriptions stay live; `count` more, spread evenly among them, are
/// disposed in a scrambled order. Events are disposals.
enum DisposeAmongLive {
  static func reactive(_ count: Int) -> Trial {
    let subject = PublishSubject<Int, Never>()
    let sink = Accumulator()
    let every = (liveSubscriptions + count) / count
    var kept: [Disposable] = []
    var measured: [Disposable] = []
    kept.reserveCapacity(liveSubscriptions)
    measured.reserveCapacity(count)
    for index in 0..<(liveSubscriptions + count) {
      let subscription = subject.signal.subscribe(next: { sink.total &+= $0 })
      if index % every == 0 && measured.count < count {
        measured.append(subscription)
      } else {
        kept.append(subscription)
      }
    }
    let order = scrambledOrder(count)
    let disposed = measured  // a let: a captured var would pay an exclusivity check
    return Trial(
      run: { for index in order { disposed[index].dispose() } },
      finish: {
        subject.send(1)
        for subscription in kept { subscription.dispose() }
        return sink.total
      })
  }

  static func openCombine(_ count: Int) -> Trial {
    let subject = PassthroughSubject<Int, Never>()
    let sink = Accumulator()
    let every = (liveSubscriptions + count) / count
    var kept: [AnyCancellable] = []
    var measured: [AnyCancellable] = []
    kept.reserveCapacity(liveSubscriptions)
    measured.reserveCapacity(count)
    for index in 0..<(liveSubscriptions + count) {
      let subscription = subject.sink { sink.total &+= $0 }
      if index % every == 0 && measured.count < count {
        measured.append(subscription)
      } else {
        kept.append(subscription)
      }
    }
    let order = scrambledOrder(count)
    let cancelled = measured  // a let: a captured var would pay an exclusivity check
    return Trial(
      run: { for index in order { cancelled[index].cancel() } },
      finish: {
        subject.send(1)
        for subscription in kept { subscription.cancel() }
        return sink.total
      })
  }

  /// Callbacks in a dictionary by token; disposing removes one entry.
  static func plain(_ count: Int) -> Trial {
    final class Registry {
      var callbacks: [Int: (Int) -> Void] = [:]
    }
    let registry = Registry()
    let sink = Accumulator()
    let every = (liveSubscriptions + count) / count
    var measured: [Int] = []
    measured.reserveCapacity(count)
    for index in 0..<(liveSubscriptions + count) {
      registry.callbacks[index] = opaque { sink.total &+= $0 }
      if index % every == 0 && measured.count < count { measured.append(index) }
    }
    let order = scrambledOrder(count)
    let tokens = measured  // a let: a captured var would pay an exclusivity check
    let remove: (Int) -> Void = opaque { registry.callbacks[$0] = nil }
    return Trial(
      run: { for index in order { remove(tokens[index]) } },
      finish: {
        for callback in registry.callbacks.values { callback(1) }
        return sink.total
      })
  }
}

/// Each event builds a chain of 10 maps on one subject, subscribes a sink and
/// disposes: what binding a view that comes and goes costs.
enum MapChain {
  static func reactive(_ count: Int) -> Trial {
    let subject = PublishSubject<Int, Never>()
    let sink = Accumulator()
    return Trial(
      run: {
        for _ in 0..<count {
          let subscription = subject.signal
            .map { $0 &+ 1 }.map { $0 &+ 2 }.map { $0 &+ 3 }.map { $0 &+ 4 }.map { $0 &+ 5 }
            .map { $0 &+ 6 }.map { $0 &+ 7 }.map { $0 &+ 8 }.map { $0 &+ 9 }.map { $0 &+ 10 }
            .subscribe(next: { sink.total &+= $0 })
          subscription.dispose()
        }
      },
      finish: { sink.total })
  }

  static func openCombine(_ count: Int) -> Trial {
    let subject = PassthroughSubject<Int, Never>()
    let sink = Accumulator()
    return Trial(
      run: {
        for _ in 0..<count {
          let subscription =
            subject
            .map { $0 &+ 1 }.map { $0 &+ 2 }.map { $0 &+ 3 }.map { $0 &+ 4 }.map { $0 &+ 5 }
            .map { $0 &+ 6 }.map { $0 &+ 7 }.map { $0 &+ 8 }.map { $0 &+ 9 }.map { $0 &+ 10 }
            .sink { sink.total &+= $0 }
          subscription.cancel()
        }
      },
      finish: { sink.total })
  }

  /// Ten closures, each capturing the next, and the sink: 11 allocations.
  static func plain(_ count: Int) -> Trial {
    let sink = Accumulator()
    return Trial(
      run: {
        for _ in 0..<count {
          var stage: (Int) -> Void = opaque { sink.total &+= $0 }
          for step in 0..<10 {
            let next = stage
            stage = opaque { next($0 &+ step) }
          }
          _ = opaque(stage)
        }
      },
      finish: { sink.total })
  }
}

/// One subject, 100 subscribers; events are delivered values (sends × 100).
enum FanOut {
  static let subscribers = 100

  static func reactive(_ count: Int) -> Trial {
    let subject = PublishSubject<Int, Never>()
    let sink = Accumulator()
    let subscriptions = (0..<subscribers).map { _ in
      subject.signal.subscribe(next: { sink.total &+= $0 })
    }
    return Trial(
      run: { for value in 0..<count { subject.send(value) } },
      finish: {
        for subscription in subscriptions { subscription.dispose() }
        return sink.total
      })
  }

  static func openCombine(_ count: Int) -> Trial {
    let subject = PassthroughSubject<Int, Never>()
    let sink = Accumulator()
    let subscriptions = (0..<subscribers).map { _ in subject.sink { sink.total &+= $0 } }
    return Trial(
      run: { for value in 0..<count { subject.send(value) } },
      finish: {
        for subscription in subscriptions { subscription.cancel() }
        return sink.total
      })
  }

  static func plain(_ count: Int) -> Trial {
    let sink = Accumulator()
    let callbacks: [(Int) -> Void] = (0..<subscribers).map { _ in opaque { sink.total &+= $0 } }
    return Trial(
      run: {
        for value in 0..<count {
          for callback in callbacks { callback(value) }
        }
      },
      finish: { sink.total })
  }
}
