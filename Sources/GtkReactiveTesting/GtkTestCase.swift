// The base class of GTK suites: XCTest on the main thread, GTK once, GLib warnings as failures.
import Foundation
import GtkReactive
import Reactive
import XCTest

/// The base of an XCTest suite that drives real GTK widgets.
///
/// XCTest, not Swift Testing: on Linux XCTest runs synchronous test methods on the
/// process's main thread, the thread GTK needs (Swift Testing's `@MainActor` tests run
/// elsewhere). Before each test, `setUpWithError()` checks the thread, installs the
/// ``GLibLog`` recorder and initializes GTK once per process, and skips the test
/// (`XCTSkip`) when no display can be opened — run the suite under `xvfb-run -a`. After
/// each test, `tearDown()` runs the main loop until idle and fails the test for every GLib
/// or GTK warning or critical logged during it.
///
/// Write test bodies in ``gtk(file:line:_:)``, which runs them as main-actor code and
/// reports GLib messages at the line that provoked them:
///
/// ```swift
/// import GtkReactive
/// import GtkReactiveTesting
/// import XCTest
///
/// final class GreeterTests: GtkTestCase {
///   func testGreetsByName() {
///     gtk {
///       let greeter = GreeterWindow()
///       type("Ada", into: greeter.name)
///       click(greeter.greet)
///       XCTAssertEqual(greeter.greeting.text, "Hello, Ada!")
///     }
///   }
/// }
/// ```
///
/// The helpers (``click(_:file:line:)``, ``runMainLoop(until:timeout:_:file:line:)``,
/// ``assertSnapshot(of:named:width:height:tolerance:in:file:line:)`` …) are main-actor
/// functions, not methods: a test body is a main-actor closure, which may not capture
/// the test case (XCTest classes are not `Sendable`). Subclasses that override
/// `setUpWithError()` or `tearDown()` call `super`.
open class GtkTestCase: XCTestCase {
  /// Runs the test, its set-up and tear-down in a live-object scope of its own (debug
  /// builds), so that the counts a test compares (`LiveObjectCount.current`, GtkReactive's
  /// box count) are its own: objects an earlier test left to be freed later, or that
  /// other tests make meanwhile, do not show in them.
  open override func invokeTest() {
    LiveObjects.withScope(LiveObjectScope()) { super.invokeTest() }
  }

  /// Checks the thread, starts GTK (once) and the GLib log recorder; skips without a display.
  open override func setUpWithError() throws {
    try super.setUpWithError()
    guard Thread.isMainThread else {
      XCTFail("GTK tests must run on the process's main thread (use synchronous XCTest methods)")
      throw XCTSkip("not on the main thread")
    }
    let ready = MainActor.assumeIsolated { GtkTestEnvironment.start() }
    guard ready else { throw XCTSkip("no display: run the GTK tests under xvfb-run -a") }
    GLibLog.takeMessages()  // what an earlier test or suite left behind is not this test's
  }

  /// Lets GTK finish pending work, then fails the test for each GLib message logged.
  open override func tearDown() {
    if Thread.isMainThread, GtkTestEnvironment.isReady {
      MainActor.assumeIsolated { iterateUntilIdle() }
      failForGLibMessages(file: #filePath, line: #line)
    }
    super.tearDown()
  }

  /// Runs `body` as main-actor code (a test method already runs on the main thread), then
  /// fails the test at this call for each GLib warning or critical `body` provoked.
  ///
  /// To test code that is meant to log, collect its messages inside `body` with
  /// `GLibLog.takeMessages()`.
  public func gtk(
    file: StaticString = #filePath, line: UInt = #line, _ body: @MainActor () throws -> Void
  ) rethrows {
    defer { failForGLibMessages(file: file, line: line) }
    try MainActor.assumeIsolated(body)
  }

  private func failForGLibMessages(file: StaticString, line: UInt) {
    for message in GLibLog.takeMessages() {
      XCTFail("GLib logged during the test: \(message)", file: file, line: line)
    }
  }
}

/// One-time GTK setup for the test process.
@MainActor
enum GtkTestEnvironment {
  /// Whether GTK initialized: nil until `start()` first ran.
  private static var state: Bool?

  /// Whether `start()` ran and found a display.
  nonisolated static var isReady: Bool {
    MainActor.assumeIsolated { state == true }
  }

  /// Installs the GLib log recorder and initializes GTK; false without a display.
  ///
  /// GSettings use the memory backend (unless the environment chose one): widgets such as
  /// the file chooser save their state when they close, and a test must neither write
  /// the user's settings nor warn when no session bus runs dconf.
  ///
  /// Tests run without a session bus (`DBUS_SESSION_BUS_ADDRESS=disabled:`, unless
  /// `GTK_TEST_SESSION_BUS=1`): every registered `GApplication` is then local, so each
  /// test can register its own (on a bus, an application stays exported until the
  /// process ends, and a second anonymous one fails to register), and no test talks to
  /// the desktop's services (portals, the file manager) by accident.
  static func start() -> Bool {
    if let state { return state }
    setenv("GSETTINGS_BACKEND", "memory", 0)
    if ProcessInfo.processInfo.environment["GTK_TEST_SESSION_BUS"] != "1" {
      setenv("DBUS_SESSION_BUS_ADDRESS", "disabled:", 1)
    }
    GLibLog.install()
    let ready = MainLoop.initialize()
    state = ready
    return ready
  }
}
