// Ending the process once the first image is on screen, for counting a launch.
import Foundation
import GtkReactive
import ImageBrowserCore

/// `IMAGE_BROWSER_EXIT_AFTER_FIRST_IMAGE=1`: the app exits as soon as the viewer has
/// painted its first image and the frame has gone to the display server. A launch then
/// has a fixed end, so callgrind can count every instruction from exec to the first
/// image and `perf stat` can time whole launches
/// (`Benchmarks/app/first-image-instructions.sh`); a benchmark that watches the screen
/// needs no such help. Without the variable nothing changes.
enum FirstImageExit {
  /// Whether the variable is set (read once: the viewer calls in on every paint).
  static let isRequested =
    EnvironmentVariable.value(of: "IMAGE_BROWSER_EXIT_AFTER_FIRST_IMAGE") == "1"

  /// Called by the viewer after it painted an image (not a stand-in): ends the process from the main
  /// loop's next turn, once GDK has finished the frame this paint belongs to.
  static func imagePainted() {
    guard isRequested else { return }
    _ = MainLoopScheduler.main.schedule(after: .zero) {
      Display.default?.flush()
      exit(0)
    }
  }
}
