// Reading many small files through GIO asynchronously: GtkReactive's generated async API
// (`try await file.loadContents()` and `file.rx.loadContents()`) against a C program's
// `g_file_load_contents_async` (Sources/GioPeer), interleaved in one process, on the
// same files and the same GFile objects.
import BenchHarness
import CGtk
import GioPeer
import GtkReactive
import Reactive

#if canImport(Glibc)
  import Glibc
#endif

// Options: --files=N (10,000), --size=N bytes per file (1,024), --runs=N rounds (5),
// --only=NAME one contender (c-seq, c-cancellable-seq, async-seq, signal-seq, c-all,
// c-cancellable-all, async-all, signal-all) after a warm-up, for profiling.
var fileCount = 10_000
var fileSize = 1_024
var runs = 5
var only: String?
for argument in CommandLine.arguments.dropFirst() {
  if argument.hasPrefix("--files=") { fileCount = Int(argument.dropFirst(8)) ?? fileCount }
  if argument.hasPrefix("--size=") { fileSize = Int(argument.dropFirst(7)) ?? fileSize }
  if argument.hasPrefix("--runs=") { runs = Int(argument.dropFirst(7)) ?? runs }
  if argument.hasPrefix("--only=") { only = String(argument.dropFirst(7)) }
}
if only != nil, !CommandLine.arguments.contains(where: { $0.hasPrefix("--runs=") }) { runs = 1 }

// No display needed: GIO only. The main actor's jobs (the async contender) run inside
// GLib's loop through GtkReactive's Dispatch bridge.
MainLoop.installDispatchBridge()

// The files, written once in a fresh folder (and read once by the warm-up, so every
// round reads from the page cache).
var template = Array("/tmp/gio-bench-XXXXXX".utf8CString)
guard let created = mkdtemp(&template) else {
  print("gio-bench: cannot make a temporary folder")
  exit(1)
}
let folder = String(cString: created)
let payload = [UInt8](repeating: UInt8(ascii: "x"), count: fileSize)
for index in 0..<fileCount {
  let path = "\(folder)/file-\(index).txt"
  guard let handle = fopen(path, "w") else { exit(1) }
  _ = payload.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, handle) }
  fclose(handle)
}
defer {
  for index in 0..<fileCount { unlink("\(folder)/file-\(index).txt") }
  rmdir(folder)
}
let files: [AnyFile] = (0..<fileCount).map {
  AnyFile.newForPath("\(folder)/file-\($0).txt") as! AnyFile
}
let pointers: [UnsafeMutableRawPointer?] = files.map { UnsafeMutableRawPointer($0.pointer) }

/// Set by a contender when its last read finished.
final class Flag {
  var isSet = false
  var bytes = 0
}

/// Iterates the default main context until `flag` is set.
func iterate(until flag: Flag) {
  while !flag.isSet { g_main_context_iteration(nil, 1) }
}

/// The C peer, `window` reads in flight, with or without a `GCancellable` per read.
func cPeer(window: Int, cancellable: Bool = false) -> Trial {
  var bytes = 0
  return Trial(
    run: {
      bytes = pointers.withUnsafeBufferPointer {
        gio_peer_load($0.baseAddress, Int32($0.count), Int32(window), cancellable ? 1 : 0)
      }
    }, finish: { bytes })
}

/// `try await file.loadContents()` for each file in turn.
func asyncSequential() -> Trial {
  let flag = Flag()
  return Trial(
    run: {
      Task { @MainActor in
        for file in files {
          do { flag.bytes += try await file.loadContents().contents.count } catch {
            flag.bytes -= 1
          }
        }
        flag.isSet = true
      }
      iterate(until: flag)
    }, finish: { flag.bytes })
}

/// The bytes of `file`, -1 when it cannot be read.
func size(of file: AnyFile) async -> Int {
  do { return try await file.loadContents().contents.count } catch { return -1 }
}

/// `try await file.loadContents()` for every file at once, in a task group of main-actor
/// child tasks.
func asyncAll() -> Trial {
  let flag = Flag()
  return Trial(
    run: {
      Task { @MainActor in
        await withTaskGroup(of: Int.self) { group in
          for file in files {
            group.addTask { await size(of: file) }
          }
          for await count in group { flag.bytes += count }
        }
        flag.isSet = true
      }
      iterate(until: flag)
    }, finish: { flag.bytes })
}

/// `file.rx.loadContents()` for every file, flattened one after another (`.concat`) or
/// all at once (`.merge`).
func signal(_ strategy: FlattenStrategy) -> Trial {
  let flag = Flag()
  return Trial(
    run: {
      _ = Signal<AnyFile, GLibError>.from(files).flatMap(strategy) { $0.rx.loadContents() }
        .subscribe(
          next: { flag.bytes += $0.contents.count }, error: { _ in flag.isSet = true },
          completed: { flag.isSet = true })
      iterate(until: flag)
    }, finish: { flag.bytes })
}

/// The process's CPU time so far (every thread, user and system), in nanoseconds.
func processCPUNanoseconds() -> Double {
  var time = timespec()
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
  return Double(time.tv_sec) * 1e9 + Double(time.tv_nsec)
}

/// The median of `values`.
func median(_ values: [Double]) -> Double {
  let sorted = values.sorted()
  guard !sorted.isEmpty else { return 0 }
  let middle = sorted.count / 2
  return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/// Prints one table, each contender's time per file beside the C peer's (the first): wall
/// time, and the CPU time of the whole process (the main thread and GIO's workers), which
/// other processes' load disturbs less.
func report(_ title: String, _ contenders: [(String, String, () -> Trial)]) {
  var chosen = contenders
  if let only { chosen = contenders.filter { $0.1 == only } }
  guard !chosen.isEmpty else { return }
  var cpu = Array(repeating: [Double](), count: chosen.count)
  let timed: [() -> Trial] = chosen.enumerated().map { index, contender in
    {
      var trial = contender.2()
      let run = trial.run
      trial.run = {
        let start = processCPUNanoseconds()
        run()
        cpu[index].append((processCPUNanoseconds() - start) / Double(fileCount))
      }
      return trial
    }
  }
  let figures = measure(events: fileCount, runs: runs, timed)
  let cpuPerFile = cpu.map { median(Array($0.dropFirst())) }  // the warm-up left out
  print("\n\(title) (\(fileCount) files of \(fileSize) bytes per run, median of \(runs) runs)\n")
  print(
    "| contender | wall µs per file (median) | (best) | × C | CPU µs per file (median) | × C "
      + "| allocs per file |")
  print("|---|---:|---:|---:|---:|---:|---:|")
  for (index, ((name, _, _), figure)) in zip(chosen, figures).enumerated() {
    let compare = only == nil && index > 0
    let ratio =
      compare ? fixed(figure.nanosecondsPerEvent / figures[0].nanosecondsPerEvent, digits: 2) : ""
    let cpuRatio = compare ? fixed(cpuPerFile[index] / cpuPerFile[0], digits: 2) : ""
    print(
      "| \(name) | \(fixed(figure.nanosecondsPerEvent / 1000, digits: 1)) | "
        + "\(fixed(figure.bestNanosecondsPerEvent / 1000, digits: 1)) | \(ratio) | "
        + "\(fixed(cpuPerFile[index] / 1000, digits: 1)) | \(cpuRatio) | "
        + "\(fixed(figure.allocationsPerEvent, digits: 1)) |")
  }
}

print("gio-bench: load average \(loadAverage()) at start")
report(
  "One read at a time",
  [
    ("C: g_file_load_contents_async, next from the callback", "c-seq", { cPeer(window: 1) }),
    (
      "C, with a GCancellable per read", "c-cancellable-seq",
      { cPeer(window: 1, cancellable: true) }
    ),
    ("async: for file in files { try await file.loadContents() }", "async-seq", asyncSequential),
    ("Signal: flatMap(.concat) { $0.rx.loadContents() }", "signal-seq", { signal(.concat) }),
  ])
report(
  "Every read at once",
  [
    ("C: g_file_load_contents_async for every file", "c-all", { cPeer(window: fileCount) }),
    (
      "C, with a GCancellable per read", "c-cancellable-all",
      { cPeer(window: fileCount, cancellable: true) }
    ),
    ("async: a task group, one child task per file", "async-all", asyncAll),
    ("Signal: flatMap(.merge) { $0.rx.loadContents() }", "signal-all", { signal(.merge) }),
  ])
let expected = fileCount * fileSize
print(
  "\ngio-bench: load average \(loadAverage()) at end; checksum \(checksum) (\(expected) per run)")
