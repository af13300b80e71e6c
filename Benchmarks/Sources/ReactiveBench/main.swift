// Runs every workload on Reactive, OpenCombine and plain closures; prints one table.
import BenchHarness
import MallocCounter

/// One library's version of a workload: makes a trial for a given event count.
struct Contender {
  var library: String
  var prepare: (Int) -> Trial
}

/// One workload: its events per run, and the contenders that implement it.
struct Workload {
  var name: String
  /// Events per run; ns and allocations are divided by this.
  var events: Int
  /// Sends (or iterations) per run, passed to `prepare`.
  var size: Int
  var target: String
  var contenders: [Contender]
}

/// Command line: `[--quick] [--runs=N] [--scale=N] [--library=NAME] [WORKLOAD-NUMBER…]`.
let arguments = CommandLine.arguments.dropFirst()
func option(_ name: String) -> String? {
  arguments.last { $0.hasPrefix("--\(name)=") }.map { String($0.dropFirst(name.count + 3)) }
}
// --quick: a tenth of the events and 3 runs, for a smoke test. --scale divides the event
// counts, --runs sets the timed runs, --library picks one library (for profiling).
let quick = arguments.contains("--quick")
let scale = opaque(option("scale").flatMap { Int($0) } ?? (quick ? 10 : 1))
let runs = option("runs").flatMap { Int($0) } ?? (quick ? 3 : 5)
let library = option("library")
let selected = arguments.filter { !$0.hasPrefix("--") }

var workloads = [
  Workload(
    name: "1 subject→map→filter→map→sink", events: 10_000_000 / scale,
    size: 10_000_000 / scale, target: "≤ 40 ns, 0 alloc",
    contenders: [
      Contender(library: "Reactive", prepare: SubjectChain.reactive),
      Contender(library: "OpenCombine", prepare: SubjectChain.openCombine),
      Contender(library: "plain closures", prepare: SubjectChain.plain),
    ]),
  Workload(
    name: "2 subscribe+dispose just(1)", events: 1_000_000 / scale,
    size: 1_000_000 / scale, target: "≤ 75 ns",
    contenders: all(
      SubscribeDispose.reactive, SubscribeDispose.openCombine, SubscribeDispose.plain)),
]
workloads += combiningWorkloads(scale: scale)
/// Reactive, OpenCombine and plain closures, in that order.
func all(
  _ reactive: @escaping (Int) -> Trial, _ openCombine: @escaping (Int) -> Trial,
  _ plain: @escaping (Int) -> Trial
) -> [Contender] {
  [
    Contender(library: "Reactive", prepare: reactive),
    Contender(library: "OpenCombine", prepare: openCombine),
    Contender(library: "plain closures", prepare: plain),
  ]
}
workloads += [
  Workload(
    name: "5 property set→map→sink", events: 1_000_000 / scale, size: 1_000_000 / scale,
    target: "≤ 100 ns",
    contenders: all(PropertyChain.reactive, PropertyChain.openCombine, PropertyChain.plain)),
  Workload(
    name: "6 scan→distinctUntilChanged", events: 1_000_000 / scale,
    size: 1_000_000 / scale, target: "≤ 60 ns",
    contenders: all(ScanDistinct.reactive, ScanDistinct.openCombine, ScanDistinct.plain)),
  Workload(
    name: "7 dispose among 100k live", events: 100_000 / scale, size: 100_000 / scale,
    target: "≤ 300 ns",
    contenders: all(
      DisposeAmongLive.reactive, DisposeAmongLive.openCombine, DisposeAmongLive.plain)),
  Workload(
    name: "8 cross-thread 1M onto a queue", events: 1_000_000 / scale,
    size: 1_000_000 / scale, target: "≤ 250 ns",
    contenders: all(CrossThread.reactive, CrossThread.openCombine, CrossThread.plain)),
  Workload(
    name: "9 build+dispose 10-map chain", events: 100_000 / scale, size: 100_000 / scale,
    target: "≤ 11 alloc",
    contenders: all(MapChain.reactive, MapChain.openCombine, MapChain.plain)),
  Workload(
    name: "10 fan-out to 100, per delivery", events: 10_000_000 / scale,
    size: 100_000 / scale, target: "",
    contenders: all(FanOut.reactive, FanOut.openCombine, FanOut.plain)),
  Workload(
    name: "11 merge of 8 subjects", events: 1_000_000 / scale, size: 1_000_000 / scale,
    target: "",
    contenders: all(MergeEight.reactive, MergeEight.openCombine, MergeEight.plain)),
  Workload(
    name: "13 combineLatest([8 subjects])", events: 1_000_000 / scale,
    size: 1_000_000 / scale, target: "",
    contenders: [
      Contender(library: "Reactive", prepare: CombineMany.reactive),
      Contender(library: "plain closures", prepare: CombineMany.plain),
    ]),
  Workload(
    name: "14 distinctUntilChanged(at:)", events: 1_000_000 / scale,
    size: 1_000_000 / scale, target: "",
    contenders: all(KeyedDistinct.reactive, KeyedDistinct.openCombine, KeyedDistinct.plain)),
]

if mc_is_counting() == 0 {
  print("note: allocation counting needs glibc; allocations show as 0")
} else {
  // Calibrate: 1,000 class instances (swift_allocObject → malloc) must count 1,000.
  let before = mc_allocation_count()
  var kept: [Accumulator?] = Array(repeating: nil, count: 1_000)
  let afterArray = mc_allocation_count()
  for index in 0..<1_000 { kept[index] = opaque(Accumulator()) }
  let counted = mc_allocation_count() - afterArray
  precondition(counted == 1_000, "allocation counter saw \(counted) of 1000 allocations")
  checksum &+= kept.count + Int(afterArray - before)
}
print("| workload | library | ns/event (median) | ns/event (best) | allocs/event | target |")
print("|---|---|---:|---:|---:|---|")
for workload in workloads {
  if !selected.isEmpty, !selected.contains(where: { workload.name.hasPrefix($0 + " ") }) {
    continue
  }
  let contenders = workload.contenders.filter { library == nil || $0.library == library }
  let results = measure(
    events: workload.events, runs: runs,
    contenders.map { contender in
      { contender.prepare(workload.size) }
    })
  for (contender, result) in zip(contenders, results) {
    let cells = [
      workload.name, contender.library,
      fixed(result.nanosecondsPerEvent, digits: 1),
      fixed(result.bestNanosecondsPerEvent, digits: 1),
      fixed(result.allocationsPerEvent, digits: 2),
      contender.library == "Reactive" ? workload.target : "",
    ]
    print("| " + cells.joined(separator: " | ") + " |")
  }
}
// 12: not a time; one measurement per library, after the table.
if selected.isEmpty || selected.contains("12") {
  let live = 100_000
  print("")
  print("| 12 memory per live subscription (\(live) on one subject) | library | bytes |")
  print("|---|---|---:|")
  for (name, measure) in [
    ("Reactive", MemoryPerSubscription.reactive),
    ("OpenCombine", MemoryPerSubscription.openCombine),
  ] where library == nil || library == name {
    print("| | \(name) | \(measure(live)) |")
  }
}
print("checksum \(checksum) (\(runs) runs + 1 warm-up each; medians)")
