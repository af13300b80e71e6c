// Starting GTK and running its main loop, with Dispatch's main queue drained inside it.
import CGtk

/// GTK's process-wide setup and main loop.
///
/// ```swift
/// MainLoop.initialize()
/// let window = Window(title: "Hello")
/// window.rx.destroyed.subscribe(completed: { MainLoop.quit() })
/// window.showAll()
/// MainLoop.run()
/// ```
public enum MainLoop {
  private static var bridgeInstalled = false

  /// Initializes GTK on the main thread and installs the Dispatch bridge; returns false
  /// when no display can be opened. Safe to call more than once.
  @discardableResult
  public static func initialize() -> Bool {
    precondition(
      MainThread.isCurrent,
      "GtkReactive: MainLoop.initialize() must be called on the main thread")
    guard gtk_init_check(nil, nil) != 0 else { return false }
    installDispatchBridge()
    return true
  }

  /// Makes the default GLib context drain Dispatch's main queue, so
  /// `DispatchQueue.main.async` and `Task { @MainActor in … }` run during `run()`,
  /// `Application.run()` and `iterate()`. Installed once; later calls do nothing.
  public static func installDispatchBridge() {
    guard !bridgeInstalled else { return }
    bridgeInstalled = true
    DispatchBridge.install()
  }

  /// Runs GTK's main loop until `quit()`.
  public static func run() { gtk_main() }

  /// Ends the innermost `run()`.
  public static func quit() { gtk_main_quit() }

  /// Runs pending events and sources without blocking, until none is ready or
  /// `limit` iterations ran (a widget animating every frame is always ready).
  public static func drain(limit: Int = 1000) {
    var iterations = 0
    while iterations < limit, g_main_context_iteration(nil, 0) != 0 { iterations += 1 }
  }

  /// Iterates the loop until `condition` holds or `timeout` passes; returns whether it
  /// held. For tests and scripted interactions.
  @discardableResult
  public static func iterate(
    until condition: () -> Bool, timeout: Duration = .seconds(5)
  ) -> Bool {
    let deadline = ContinuousClock.now + timeout
    while !condition() {
      if ContinuousClock.now >= deadline { return false }
      if g_main_context_iteration(nil, 0) == 0 { g_usleep(1000) }
    }
    return true
  }

  /// Iterates the loop for `duration`, running whatever becomes due.
  public static func iterate(for duration: Duration) {
    let deadline = ContinuousClock.now + duration
    iterate(until: { ContinuousClock.now >= deadline }, timeout: duration + .seconds(1))
  }
}
