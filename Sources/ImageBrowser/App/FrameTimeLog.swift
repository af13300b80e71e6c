// An opt-in instrument for the benchmarks: every frame's time, written to a file.
import Foundation
import GtkReactive
import ImageBrowserCore
import Reactive

/// Writes one line per frame of a window's `GdkFrameClock` to the file named by
/// `$IMAGE_BROWSER_FRAME_TIMES`, so a benchmark can read how long each frame took in
/// the release app without a debugger or a profiler around it.
///
/// A line is `COUNTER FRAME_TIME START END`, all but the counter in microseconds of
/// `CLOCK_MONOTONIC` (the clock of `g_get_monotonic_time` and of Python's
/// `time.monotonic`): the frame clock's own frame time, then when the frame's
/// processing began (its `before-paint`) and ended (its `after-paint`), so END − START
/// is the time GTK spent on the frame: tick callbacks, layout and painting every
/// widget. Each line is written with one `write` after the end is read, so writing
/// costs the frame nothing; the file is opened once, for appending.
@MainActor
final class FrameTimeLog {
  private let descriptor: Int32
  private var began: UInt64 = 0
  /// The window's frame clock, once realized (kept: its wrapper is a new object each
  /// time GTK's clock is asked for).
  private var clock: FrameClock?
  private let bag = DisposeBag()

  /// Starts logging `window`'s frames when `$IMAGE_BROWSER_FRAME_TIMES` names a file;
  /// `nil` (no cost at all) otherwise, or with a message when the file cannot be opened.
  static func start(for window: Widget) -> FrameTimeLog? {
    guard let path = EnvironmentVariable.value(of: "IMAGE_BROWSER_FRAME_TIMES"),
      !path.isEmpty
    else { return nil }
    let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else {
      let reason = String(cString: strerror(errno))
      FileHandle.standardError.write(
        Data("image-browser: cannot write frame times to \(path): \(reason)\n".utf8))
      return nil
    }
    return FrameTimeLog(window: window, descriptor: descriptor)
  }

  private init(window: Widget, descriptor: Int32) {
    self.descriptor = descriptor
    // The frame clock exists once the window is realized.
    if window.isRealized, let clock = window.frameClock {
      follow(clock)
      return
    }
    window.rx.realize
      .subscribe(next: { [weak self, weak window] in
        guard let self, let clock = window?.frameClock else { return }
        follow(clock)
      })
      .disposed(by: bag)
  }

  isolated deinit {
    close(descriptor)
  }

  private func follow(_ clock: FrameClock) {
    self.clock = clock
    clock.rx.beforePaint
      .subscribe(next: { [weak self] in self?.began = Self.now() })
      .disposed(by: bag)
    clock.rx.afterPaint
      .subscribe(next: { [weak self] in
        guard let self, let clock = self.clock else { return }
        let ended = Self.now()
        guard began > 0 else { return }
        let line = "\(clock.frameCounter) \(clock.frameTime) \(began) \(ended)\n"
        _ = line.utf8CString.withUnsafeBufferPointer { bytes in
          write(descriptor, bytes.baseAddress, bytes.count - 1)
        }
        began = 0
      })
      .disposed(by: bag)
  }

  /// Microseconds of `CLOCK_MONOTONIC`.
  private static func now() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) * 1_000_000 + UInt64(time.tv_nsec) / 1000
  }
}
