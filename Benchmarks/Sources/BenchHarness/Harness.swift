// Times trials in interleaved rounds and counts their heap allocations: the measuring
// code both benchmark executables share.
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
public func opaque<T>(_ value: T) -> T { value }

/// `opaque` for a callback, without the reabstraction thunks a generic would add.
@inline(never)
@_optimize(none)
public func opaque(_ callback: @escaping (Int) -> Void) -> (Int) -> Void { callback }

/// What one measured run does, prepared before the clock starts.
public struct Trial {
  /// The timed part.
  public var run: () -> Void
  /// Untimed clean-up (disposing, disconnecting); returns the run's checksum.
  public var finish: () -> Int

  /// A trial of `run`, cleaned up by `finish`.
  public init(run: @escaping () -> Void, finish: @escaping () -> Int) {
    self.run = run
    self.finish = finish
  }
}

/// A contender's figures, per event.
public struct Measurement {
  /// The median run's nanoseconds per event.
  public var nanosecondsPerEvent: Double
  /// The fastest run's nanoseconds per event: the least disturbed by other processes.
  public var bestNanosecondsPerEvent: Double
  /// The median run's heap allocations per event.
  public var allocationsPerEvent: Double
  /// Every run's nanoseconds per event, in the order of the runs: the contenders take
  /// turns run by run, so the same index of two contenders is one round, which a
  /// comparison by round takes as a pair (`medianRatio(to:)`).
  public var runNanosecondsPerEvent: [Double]

  /// The median over the rounds of this contender's time divided by `baseline`'s in the
  /// same round. Two contenders measured seconds apart share whatever slowed the machine
  /// then, so this moves less than the ratio of the medians when the load changes.
  public func medianRatio(to baseline: Measurement) -> Double {
    median(
      zip(runNanosecondsPerEvent, baseline.runNanosecondsPerEvent).map { $0 / $1 })
  }
}

/// The sum of every trial's checksum, printed at the end so no work can be deleted.
nonisolated(unsafe) public var checksum = 0

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

/// Runs the timed part of a trial. Its symbol has a plain C name so that
/// `instructions.sh` can count only what runs inside it (callgrind's
/// `--toggle-collect=bench_timed_run`), leaving out building and clean-up.
@inline(never)
@_silgen_name("bench_timed_run")
public func timedRun(_ run: () -> Void) {
  run()
}

/// One timed trial: nanoseconds and allocations of its `run`, over the events.
private func time(_ trial: Trial, events: Int) -> (nanoseconds: Double, allocations: Double) {
  let allocationsBefore = mc_allocation_count()
  let start = monotonicNanoseconds()
  timedRun(trial.run)
  let end = monotonicNanoseconds()
  let allocationsAfter = mc_allocation_count()
  checksum &+= trial.finish()
  return (
    Double(end - start) / Double(events),
    Double(allocationsAfter - allocationsBefore) / Double(events)
  )
}

/// Warms every contender up once, then runs them in turn, `runs` rounds: interleaving
/// spreads any load from other processes over all contenders alike. Only `run` is
/// measured; each trial is prepared (and finished) outside the clock.
public func measure(events: Int, runs: Int, _ contenders: [() -> Trial]) -> [Measurement] {
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
      allocationsPerEvent: median(allocations[index]),
      runNanosecondsPerEvent: times[index])
  }
}

/// `value` with `digits` decimals, rounded (no Foundation needed).
public func fixed(_ value: Double, digits: Int = 1) -> String {
  var scale = 1
  for _ in 0..<digits { scale *= 10 }
  let scaled = Int((value * Double(scale)).rounded())
  let sign = scaled < 0 ? "-" : ""
  let magnitude = abs(scaled)
  let whole = sign + String(magnitude / scale)
  guard digits > 0 else { return whole }
  let fraction = String(magnitude % scale)
  return whole + "." + String(repeating: "0", count: digits - fraction.count) + fraction
}

/// The 1-, 5- and 15-minute load averages, from /proc/loadavg.
public func loadAverage() -> String {
  guard let file = fopen("/proc/loadavg", "r") else { return "unknown" }
  defer { fclose(file) }
  var buffer = [CChar](repeating: 0, count: 128)
  guard fgets(&buffer, Int32(buffer.count), file) != nil else { return "unknown" }
  let text = String(
    decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  return text.split(separator: " ").prefix(3).joined(separator: " ")
}
