// `disk-usage --benchmark FOLDER`: the scan without a window, timed, with the longest
// time the main loop went without running and the peak memory.
import DiskUsageModel
import Foundation
import GtkReactive
import Reactive

/// Scans `folder` through the view model as the window does, while a 5 ms timer on the
/// main loop records the longest gap between its ticks (how long the loop was blocked),
/// then prints one line and ends the loop.
func runBenchmark(folder: String) -> Int32 {
  let viewModel = DiskUsageViewModel(
    folder: folder, scanner: GioFolderScanner(), scheduler: MainLoopScheduler.main)
  let clock = ContinuousClock()
  var lastTick = clock.now
  var longestGap = Duration.zero
  let ticks = Signal<Int, Never>.interval(.milliseconds(5), on: MainLoopScheduler.main)
    .subscribe(next: { _ in
      let now = clock.now
      longestGap = max(longestGap, now - lastTick)
      lastTick = now
    })
  let start = clock.now
  var elapsed = Duration.zero
  var result: Int32 = 0
  let end = viewModel.phase.signal.subscribe(next: { phase in
    switch phase {
    case .finished, .failed, .cancelled:
      elapsed = clock.now - start
      if case .failed(let message) = phase {
        FileHandle.standardError.write(Data("disk-usage: \(message)\n".utf8))
        result = 1
      }
      MainLoop.quit()
    default:
      break
    }
  })
  viewModel.startScan()
  MainLoop.run()
  ticks.dispose()
  end.dispose()
  let tree = viewModel.tree.value
  let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
  let gap =
    Double(longestGap.components.attoseconds) / 1e15
    + Double(longestGap.components.seconds) * 1000
  print(
    String(
      format:
        "%.3f s, %d files, %d folders, %lld bytes, longest main-loop gap %.1f ms, peak RSS %.1f MB",
      seconds, tree?.fileCount ?? 0, tree.map { $0.descendants.count + 1 } ?? 0,
      tree?.size ?? 0, gap, peakResidentMegabytes()))
  return result
}

/// VmHWM from /proc/self/status, in MB.
private func peakResidentMegabytes() -> Double {
  guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
    let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
  else { return 0 }
  let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "") ?? 0
  return kilobytes / 1024
}
