// Workload 14: distinctUntilChanged on a property of the values (a key path).
import BenchHarness
import OpenCombine
import Reactive

/// A reading whose `id` changes every other send: half the values are dropped.
struct Reading {
  var id: Int
  var value: Int
}

enum KeyedDistinct {
  static func reactive(_ count: Int) -> Trial {
    let subject = PublishSubject<Reading, Never>()
    let sink = Accumulator()
    let subscription = subject.signal
      .distinctUntilChanged(at: \.id)
      .subscribe(next: { sink.total &+= $0.value })
    return Trial(
      run: { for value in 0..<count { subject.send(Reading(id: value >> 1, value: value)) } },
      finish: {
        subscription.dispose()
        return sink.total
      })
  }

  static func openCombine(_ count: Int) -> Trial {
    let subject = PassthroughSubject<Reading, Never>()
    let sink = Accumulator()
    let subscription =
      subject
      .removeDuplicates { $0.id == $1.id }
      .sink { sink.total &+= $0.value }
    return Trial(
      run: { for value in 0..<count { subject.send(Reading(id: value >> 1, value: value)) } },
      finish: {
        subscription.cancel()
        return sink.total
      })
  }

  static func plain(_ count: Int) -> Trial {
    final class Previous {
      var id: Int?
    }
    let previous = Previous()
    let sink = Accumulator()
    let deliver: (Reading) -> Void = opaque { sink.total &+= $0.value }
    let distinct: (Reading) -> Void = opaque { reading in
      if previous.id == reading.id { return }
      previous.id = reading.id
      deliver(reading)
    }
    return Trial(
      run: { for value in 0..<count { distinct(Reading(id: value >> 1, value: value)) } },
      finish: { sink.total })
  }
}
