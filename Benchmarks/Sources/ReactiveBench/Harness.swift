// Times a workload and counts its heap allocations: warm-up, repeated runs, medians.
import MallocCounter

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Returns its argument through a call the optimizer cannot look into, so it cannot
/// specialize or fold what flows through it (event counts, hand-composed closures).
@inline(never)
@_optimize(none)
func opaque<T>(_ value: T) -> T { value }

/// `opaque` for a callback, without the reabstraction thunks a generic would add.
@inline(never)
@_optimize(none)
func opaque(_ callback: @escaping (Int) -> Void) -> (Int) -> Void { callback }

/// Where every sink adds what it receives; the totals go into the printed checksum, so
/// the optimizer cannot delete the work.
final class Accumulator {
  var total = 0
}

/// What one measured run does, prepared before the clock starts.
struct Trial {
  /// The timed part.
  var run: () -> Void
  /// Untimed clean-up (disposing subscriptions); returns the run's checksum.
  var finish: () -> Int
}

/// A workload's figures for one contender, per event.
struct Measurement {
  /// The median run's nanoseconds per event.
  var nanosecondsPerEvent: Double
  /// The fastest run's nanoseconds per event: the least disturbed by other processes.
  var bestNanosecondsPerEvent: Double
  /// The median run's heap allocations per event.
  var allocationsPerEvent: Double
}

/// The sum of every trial's checksum, printed at the end.
nonisolated(unsafe) var checksum = 0

private func monotonicNanoseconds() -> UInt64 {
  var time = timespec()
  clock_gettime(CLOCK_MONOTONIC, &time)
  return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

private func median(_ values: [Double]) -> Double {
  let sorted = values.sorted()
  let middle = sorted.count / 2
  return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/// One timed trial: nanoseconds and allocations of its `run`, over the events.
private func time(_ trial: Trial, events: Int) -> (nanoseconds: Double, allocations: Double) {
  let allocationsBefore = mc_allocation_count()
  let start = monotonicNanoseconds()
  trial.run()
  let end = monotonicNanoseconds()
  let allocationsAfter = mc_allocation_count()
  checksum &+= trial.finish()
  return (Double(end - start) / Double(events),
          Double(allocationsAfter - allocationsBefore) / Double(events))
}

/// Warms every contender up once, then runs them in turn, `runs` rounds: interleaving
/// spreads any load from other processes over all contenders alike. Only `run` is
/// measured; each trial is prepared (and finished) outside the clock.
func measure(events: Int, runs: Int, _ contenders: [() -> Trial]) -> [Measurement] {
  for prepare in contenders { _ = time(prepare(), events: events) }
  var times = Array(repeating: [Double](), count: contenders.count)
  var allocations = times
  for _ in 0..<runs {
    for (index, prepare) in contenders.enumerated() {
      let result = time(prepare(), events: events)
      times[index].append(result.nanoseconds)
      allocations[index].append(result.allocations)
    }
  }
  return contenders.indices.map { index in
    Measurement(
      nanosecondsPerEvent: median(times[index]),
      bestNanosecondsPerEvent: times[index].min() ?? 0,
      allocationsPerEvent: median(allocations[index]))
  }
}

/// `value` with `digits` decimals, rounded (no Foundation needed).
func fixed(_ value: Double, digits: Int) -> String {
  var scale = 1
  for _ in 0..<digits { scale *= 10 }
  let scaled = Int((value * Double(scale)).rounded())
  let whole = String(scaled / scale)
  guard digits > 0 else { return whole }
  let fraction = String(scaled % scale)
  return whole + "." + String(repeating: "0", count: digits - fraction.count) + fraction
}
