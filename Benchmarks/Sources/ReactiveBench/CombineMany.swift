// Workload 13: combineLatest over a collection of 8 subjects, sends round-robin.
import BenchHarness
import Reactive

/// Every send after each subject has sent once emits the 8 latest values as an array.
/// OpenCombine 0.14 has no `combineLatest`, so it sits this one out.
enum CombineMany {
  static let sources = 8

  static func reactive(_ count: Int) -> Trial {
    let subjects = (0..<sources).map { _ in PublishSubject<Int, Never>() }
    let sink = Accumulator()
    let subscription = Signal.combineLatest(subjects.map(\.signal))
      .subscribe(next: { sink.total &+= $0[0] &- $0[sources - 1] })
    return Trial(
      run: {
        for value in 0..<count { subjects[value & (sources - 1)].send(value) }
      },
      finish: {
        subscription.dispose()
        return sink.total
      })
  }

  /// One callback per source updating a shared array of the latest values and passing it
  /// on (single-threaded, no grammar; the array is shared, not copied, per delivery).
  static func plain(_ count: Int) -> Trial {
    final class Latest {
      var values: [Int]
      var missing: Int
      var seen: [Bool]
      init(_ count: Int) {
        values = Array(repeating: 0, count: count)
        missing = count
        seen = Array(repeating: false, count: count)
      }
    }
    let latest = Latest(sources)
    let sink = Accumulator()
    let deliver: ([Int]) -> Void = opaque { sink.total &+= $0[0] &- $0[sources - 1] }
    let sends: [(Int) -> Void] = (0..<sources).map { index in
      opaque { value in
        latest.values[index] = value
        if !latest.seen[index] {
          latest.seen[index] = true
          latest.missing -= 1
        }
        if latest.missing == 0 { deliver(latest.values) }
      }
    }
    return Trial(
      run: {
        for value in 0..<count { sends[value & (sources - 1)](value) }
      },
      finish: { sink.total })
  }
}
