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

/// The median time and allocation count per event of a workload.
struct Measurement {
  var nanosecondsPerEvent: Double
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

/// Runs `prepare()`'s trial once to warm up, then `runs` times; reports the medians of
/// nanoseconds and allocations per event over the timed part only.
func measure(events: Int, runs: Int, _ prepare: () -> Trial) -> Measurement {
  var times: [Double] = []
  var allocations: [Double] = []
  for index in 0...runs {
    let trial = prepare()
    let allocationsBefore = mc_allocation_count()
    let start = monotonicNanoseconds()
    trial.run()
    let end = monotonicNanoseconds()
    let allocationsAfter = mc_allocation_count()
    checksum &+= trial.finish()
    guard index > 0 else { continue }  // warm-up
    times.append(Double(end - start) / Double(events))
    allocations.append(Double(allocationsAfter - allocationsBefore) / Double(events))
  }
  return Measurement(
    nanosecondsPerEvent: median(times), allocationsPerEvent: median(allocations))
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
