// Running GLib's main loop from a test: until idle, until a condition, for a while.
import CGtk
import XCTest

/// Runs the default main context until nothing is pending: queued redraws, idle
/// callbacks, due timers, `DispatchQueue.main` work and delivered events.
///
/// Bounded by `limit` iterations, because a widget that animates every frame is never
/// idle. Every interaction helper (``click(_:file:line:)``, ``type(_:into:file:line:)``,
/// …) ends with it.
@MainActor
public func runUntilIdle(limit: Int = 1000) {
  iterateUntilIdle(limit: limit)
}

// The names below say "main loop" because a plain `run` would be shadowed by
// `XCTestCase.run()` inside test methods.

/// Iterates the main loop until `condition` holds or `timeout` passes, and fails the
/// test with `message` on timeout.
///
/// For what arrives later: a debounce, a timer, work finished on another thread.
///
/// ```swift
/// runMainLoop(until: { status.text == "Saved" })
/// ```
/// - Returns: Whether `condition` held.
@MainActor
@discardableResult
public func runMainLoop(
  until condition: () -> Bool, timeout: Duration = .seconds(5),
  _ message: @autoclosure () -> String = "the condition did not hold in time",
  file: StaticString = #filePath, line: UInt = #line
) -> Bool {
  let deadline = ContinuousClock.now + timeout
  while !condition() {
    if ContinuousClock.now >= deadline {
      XCTFail("\(message()) (waited \(timeout))", file: file, line: line)
      return false
    }
    // Nothing ready: sleep a millisecond rather than spin on the clock.
    if g_main_context_iteration(nil, 0) == 0 { g_usleep(1000) }
  }
  return true
}

/// Iterates the main loop for `duration`, running whatever becomes due.
@MainActor
public func runMainLoop(for duration: Duration) {
  let deadline = ContinuousClock.now + duration
  while ContinuousClock.now < deadline {
    if g_main_context_iteration(nil, 0) == 0 { g_usleep(1000) }
  }
}

/// Iterates the default main context while anything is pending, at most `limit` times.
@MainActor
func iterateUntilIdle(limit: Int = 1000) {
  var iterations = 0
  while iterations < limit, g_main_context_pending(nil) != 0 {
    g_main_context_iteration(nil, 0)
    iterations += 1
  }
}
