// Workloads 5 and 6: a property set → map → sink (the path of every UI binding), and a
// subject → scan → distinctUntilChanged → sink.
import BenchHarness
import OpenCombine
import Reactive

enum PropertyChain {
  static func reactive(_ count: Int) -> Trial {
    let property = MutableProperty(0)
    let sink = Accumulator()
    let subscription = property.signal
      .map { $0 &+ 1 }
      .subscribe(next: { sink.total &+= $0 })
    return Trial(
      run: { for value in 0..<count { property.value = value } },
      finish: {
        subscription.dispose()
        return sink.total
      })
  }

  static func openCombine(_ count: Int) -> Trial {
    let subject = CurrentValueSubject<Int, Never>(0)
    let sink = Accumulator()
    let subscription =
      subject
      .map { $0 &+ 1 }
      .sink { sink.total &+= $0 }
    return Trial(
      run: { for value in 0..<count { subject.value = value } },
      finish: {
        subscription.cancel()
        return sink.total
      })
  }

  /// A stored value whose setter calls the map closure, which calls the sink.
  static func plain(_ count: Int) -> Trial {
    final class Box {
      var value = 0
      var didSet: (Int) -> Void = { _ in }
    }
    let box = Box()
    let sink = Accumulator()
    let deliver: (Int) -> Void = opaque { sink.total &+= $0 }
    box.didSet = opaque { deliver($0 &+ 1) }
    return Trial(
      run: {
        for value in 0..<count {
          box.value = value
          box.didSet(value)
        }
      },
      finish: { sink.total })
  }
}

/// The running state grows by one every other send, so `distinctUntilChanged` drops
/// half of what `scan` sends.
enum ScanDistinct {
  static func reactive(_ count: Int) -> Trial {
    let subject = PublishSubject<Int, Never>()
    let sink = Accumulator()
    let subscription = subject.signal
      .scan(0) { $0 &+ ($1 & 1) }
      .distinctUntilChanged()
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
      .scan(0) { $0 &+ ($1 & 1) }
      .removeDuplicates()
      .sink { sink.total &+= $0 }
    return Trial(
      run: { for value in 0..<count { subject.send(value) } },
      finish: {
        subscription.cancel()
        return sink.total
      })
  }

  static func plain(_ count: Int) -> Trial {
    final class State {
      var sum = 0
      var previous: Int?
    }
    let state = State()
    let sink = Accumulator()
    let deliver: (Int) -> Void = opaque { sink.total &+= $0 }
    let distinct: (Int) -> Void = opaque { value in
      if state.previous == value { return }
      state.previous = value
      deliver(value)
    }
    let scan: (Int) -> Void = opaque { value in
      state.sum &+= value & 1
      distinct(state.sum)
    }
    return Trial(
      run: { for value in 0..<count { scan(value) } },
      finish: { sink.total })
  }
}
