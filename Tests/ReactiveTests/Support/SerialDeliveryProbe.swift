// An observer for concurrency tests that counts events and catches overlapping calls.
import Reactive
import Synchronization

/// Records how many values and terminal events arrived, and whether the observer was
/// ever entered by two threads at once (which the operators must never do).
final class SerialDeliveryProbe<Value, Failure: Error>: Sendable {
  private let inside = Atomic<Int>(0)
  private let overlaps = Atomic<Int>(0)
  private let valueCount = Atomic<Int>(0)
  private let terminalCount = Atomic<Int>(0)

  var observer: Observer<Value, Failure> {
    Observer { [self] event in
      if inside.add(1, ordering: .acquiringAndReleasing).oldValue != 0 {
        overlaps.add(1, ordering: .relaxed)
      }
      if event.isTerminal {
        terminalCount.add(1, ordering: .relaxed)
      } else {
        valueCount.add(1, ordering: .relaxed)
      }
      inside.subtract(1, ordering: .acquiringAndReleasing)
    }
  }

  var values: Int { valueCount.load(ordering: .acquiring) }
  var terminals: Int { terminalCount.load(ordering: .acquiring) }
  var overlapping: Int { overlaps.load(ordering: .acquiring) }
}
