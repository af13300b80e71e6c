// Starts the disk-usage analyzer on a folder (the argument, or the home folder).
import DiskUsageModel
import Foundation
import GtkReactive
import Reactive

/// A window analyzing `folder` with GIO, on the GLib main loop; it starts scanning at once.
func openWindow(in application: Application, folder: String) -> DiskUsageWindow {
  _ = RingChart.gType  // the template names the chart's class
  let window = DiskUsageWindow()
  window.application = application
  let viewModel = DiskUsageViewModel(
    folder: folder, scanner: GioFolderScanner(), scheduler: MainLoopScheduler.main)
  window.bind(to: viewModel)
  window.viewModel = viewModel
  window.showAll()
  viewModel.startScan()
  return window
}

let arguments = CommandLine.arguments.dropFirst().filter { !$0.hasPrefix("-") }
let folder =
  arguments.first.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
  ?? FileManager.default.homeDirectoryForCurrentUser.path
if CommandLine.arguments.contains("--benchmark") {
  guard MainLoop.initialize() else {
    FileHandle.standardError.write(Data("disk-usage: cannot open a display\n".utf8))
    exit(1)
  }
  exit(runBenchmark(folder: folder))
}
// Non-unique: every launch is an analyzer of its own, and no D-Bus session is needed.
let application = Application(applicationId: "org.reactivegtk.DiskUsage", flags: .nonUnique)
var window: DiskUsageWindow?  // keeps the window's bindings until the process ends
application.rx.activate.subscribe(next: {
  guard window == nil else { return }
  window = openWindow(in: application, folder: folder)
})
exit(application.run(arguments: Array(CommandLine.arguments.prefix(1))))
