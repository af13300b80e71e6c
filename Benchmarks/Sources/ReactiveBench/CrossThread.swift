// Workloads 8 and 11: values sent on one thread and delivered on a serial queue, and a
// merge of 8 subjects.
import BenchHarness
import Dispatch
import OpenCombine
import OpenCombineDispatch
import Reactive

/// The run sends every value, then waits until the last has been delivered on the
/// queue; the sink is only touched on the queue until then.
enum CrossThread {
  static func reactive(_ count: Int) -> Trial {
    let scheduler = QueueScheduler(name: "bench.cross-thread")
    let subject = PublishSubject<Int, Never>()
    let sink = Accumulator()
    let done = DispatchSemaphore(value: 0)
    let last = count - 1
    let subscription = subject.signal
      .observe(on: scheduler)
      .subscribe(next: { value in
        sink.total &+= value
        if value == last { done.signal() }
      })
    return Trial(
      run: {
        for value in 0..<count { subject.send(value) }
        done.wait()
      },
      finish: {
        subscription.dispose()
        return sink.total
      })
  }

  static func openCombine(_ count: Int) -> Trial {
    let queue = DispatchQueue(label: "bench.cross-thread")
    let subject = PassthroughSubject<Int, Never>()
    let sink = Accumulator()
    let done = DispatchSemaphore(value: 0)
    let last = count - 1
    let subscription =
      subject
      .receive(on: queue.ocombine)
      .sink { value in
        sink.total &+= value
        if value == last { done.signal() }
      }
    return Trial(
      run: {
        for value in 0..<count { subject.send(value) }
        done.wait()
      },
      finish: {
        subscription.cancel()
        return sink.total
      })
  }

  /// One `DispatchQueue.async` per value.
  static func plain(_ count: Int) -> Trial {
    let queue = DispatchQueue(label: "bench.cross-thread")
    let sink = Accumulator()
    let done = DispatchSemaphore(value: 0)
    let last = count - 1
    let deliver: (Int) -> Void = opaque { value in
      sink.total &+= value
      if value == last { done.signal() }
    }
    let box = SendableBox(deliver)
    return Trial(
      run: {
        for value in 0..<count { queue.async { box.value(value) } }
        done.wait()
      },
      finish: { sink.total })
  }
}

/// Moves the plain closure to the queue (it is only ever called there).
struct SendableBox<T>: @unchecked Sendable {
  var value: T
  init(_ value: T) { self.value = value }
}

/// Sends go round-robin to 8 subjects merged into one sink.
enum MergeEight {
  static func reactive(_ count: Int) -> Trial {
    let subjects = (0..<8).map { _ in PublishSubject<Int, Never>() }
    let sink = Accumulator()
    let subscription = Signal.merge(subjects.map(\.signal))
      .subscribe(next: { sink.total &+= $0 })
    return Trial(
      run: { for value in 0..<count { subjects[value & 7].send(value) } },
      finish: {
        subscription.dispose()
        return sink.total
      })
  }

  static func openCombine(_ count: Int) -> Trial {
    let subjects = (0..<8).map { _ in PassthroughSubject<Int, Never>() }
    let sink = Accumulator()
    // OpenCombine 0.14 has no MergeMany: flatMap over the subjects merges them.
    let subscription = Publishers.Sequence<[PassthroughSubject<Int, Never>], Never>(
      sequence: subjects
    )
    .flatMap { $0 }
    .sink { sink.total &+= $0 }
    return Trial(
      run: { for value in 0..<count { subjects[value & 7].send(value) } },
      finish: {
        subscription.cancel()
        return sink.total
      })
  }

  static func plain(_ count: Int) -> Trial {
    let sink = Accumulator()
    let deliver: (Int) -> Void = opaque { sink.total &+= $0 }
    let sources: [(Int) -> Void] = (0..<8).map { _ in opaque { deliver($0) } }
    return Trial(
      run: { for value in 0..<count { sources[value & 7](value) } },
      finish: { sink.total })
  }
}
