// Times trials in interleaved rounds and counts their heap allocations.
import MallocCounter

#if canImport(Glibc)
  import Glibc
#endif

/// Returns its argument through a call the optimizer cannot look into, so loop counts
/// cannot be folded.
@inline(never)
@_optimize(none)
func opaque<T>(_ value: T) -> T { value }

/// One measured run of a contender, prepared before the clock starts.
struct Trial {
  /// The timed part.
  var run: () -> Void
  /// Untimed clean-up (disconnecting); returns a checksum of what the handlers saw.
  var finish: () -> Int
}

/// A contender's figures, per event.
struct Measurement {
  /// The median run's nanoseconds per event.
  var median: Double
  /// The fastest run's nanoseconds per event: the least disturbed by other processes.
  var best: Double
  /// The median run's heap allocations per event.
  var allocations: Double
}

/// The sum of every trial's checksum, printed at the end so no work can be deleted.
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

private func time(_ trial: Trial, events: Int) -> (nanoseconds: Double, allocations: Double) {
  let allocationsBefore = mc_allocation_count()
  let start = monotonicNanoseconds()
  trial.run()
  let end = monotonicNanoseconds()
  let allocationsAfter = mc_allocation_count()
  checksum &+= trial.finish()
  return (
    Double(end - start) / Double(events),
    Double(allocationsAfter - allocationsBefore) / Double(events)
  )
}

/// Warms every contender up once, then lets them take turns for `runs` rounds, so load
/// from other processes falls on all of them alike.
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
      median: median(times[index]), best: times[index].min() ?? 0,
      allocations: median(allocations[index]))
  }
}

/// `value` with `digits` decimals.
func fixed(_ value: Double, digits: Int = 1) -> String {
  var scale = 1.0
  for _ in 0..<digits { scale *= 10 }
  let rounded = (value * scale).rounded() / scale
  var text = String(rounded)
  if let dot = text.firstIndex(of: ".") {
    let decimals = text.distance(from: dot, to: text.endIndex) - 1
    text += String(repeating: "0", count: max(0, digits - decimals))
  }
  return text
}

/// The 1-, 5- and 15-minute load averages, from /proc/loadavg.
func loadAverage() -> String {
  guard let file = fopen("/proc/loadavg", "r") else { return "unknown" }
  defer { fclose(file) }
  var buffer = [CChar](repeating: 0, count: 128)
  guard fgets(&buffer, Int32(buffer.count), file) != nil else { return "unknown" }
  let text = String(
    decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  return text.split(separator: " ").prefix(3).joined(separator: " ")
}
