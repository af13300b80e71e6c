// The harness of the GTK suites: XCTest on the main thread, GLib warnings as failures.
import CGtk
import Foundation
import GtkReactive
import Reactive
import ReactiveTesting
import Synchronization
import XCTest

/// The base of every GTK suite.
///
/// XCTest, not Swift Testing: on Linux XCTest runs synchronous test methods on the
/// process's main thread, which is the thread GTK needs (Swift Testing's `@MainActor`
/// tests run elsewhere). Each test body runs inside `MainActor.assumeIsolated`. `setUp`
/// asserts the thread, initializes GTK once (skipping when there is no display: run under
/// `xvfb-run -a`), and starts recording GLib warnings and criticals; `tearDown` drains the
/// loop and fails the test if any were logged.
class GtkTestCase: XCTestCase {
  override func setUpWithError() throws {
    try super.setUpWithError()
    XCTAssertTrue(Thread.isMainThread, "GTK tests must run on the main thread")
    guard Thread.isMainThread else { throw XCTSkip("not on the main thread") }
    let ready = MainActor.assumeIsolated { GtkTestEnvironment.start() }
    guard ready else { throw XCTSkip("no display: run the GTK tests under xvfb-run -a") }
    GLibLog.reset()
  }

  override func tearDown() {
    MainActor.assumeIsolated { MainLoop.drain() }
    let logged = GLibLog.reset()
    XCTAssertEqual(logged, [], "GLib logged warnings or criticals")
    super.tearDown()
  }

  /// Runs `body` as main-actor code (the test method already runs on the main thread).
  func gtk(_ body: @MainActor () throws -> Void) rethrows {
    try MainActor.assumeIsolated(body)
  }
}

/// One-time GTK setup for the test process.
@MainActor
enum GtkTestEnvironment {
  private static var state: Bool?

  /// Initializes GTK and installs the GLib log recorder; false when there is no display.
  static func start() -> Bool {
    if let state { return state }
    GLibLog.install()
    let ready = MainLoop.initialize()
    state = ready
    return ready
  }
}

/// Records GLib CRITICAL and WARNING messages (and still prints them).
enum GLibLog {
  private static let messages = Mutex<[String]>([])

  /// Installs the structured-log writer; once per process, before GTK logs anything.
  static func install() {
    g_log_set_writer_func(recordingWriter, nil, nil)
  }

  /// Returns and clears what was recorded.
  @discardableResult
  static func reset() -> [String] {
    messages.withLock { messages in
      defer { messages = [] }
      return messages
    }
  }

  fileprivate static func record(_ message: String) {
    messages.withLock { $0.append(message) }
  }
}

/// Records warnings and criticals, then hands every message to GLib's default writer.
private let recordingWriter: GLogWriterFunc = { level, fields, count, data in
  let serious = G_LOG_LEVEL_CRITICAL.rawValue | G_LOG_LEVEL_WARNING.rawValue
  if level.rawValue & serious != 0, let fields {
    var text = "(no message)"
    for index in 0..<Int(count) where String(cString: fields[index].key) == "MESSAGE" {
      if let value = fields[index].value {
        text = String(cString: value.assumingMemoryBound(to: CChar.self))
      }
    }
    GLibLog.record(text)
  }
  return g_log_writer_default(level, fields, count, data)
}

/// Counts finalizations of the objects it watches, through qdata destroy notifiers,
/// which GObject runs in finalize (unlike weak references, which run in dispose).
@MainActor
final class FinalizationProbe {
  private(set) var watched = 0

  /// Watches `object`.
  func watch(_ object: Object) {
    watched += 1
    g_object_set_data_full(
      object.pointer, "gtkreactive-test-probe", UnsafeMutableRawPointer(bitPattern: 1),
      countFinalization)  // NULL data would store nothing
  }

  /// How many watched objects were finalized since this probe was made.
  var finalized: Int { FinalizationProbe.total.load(ordering: .acquiring) - start }

  private let start: Int

  init() { start = FinalizationProbe.total.load(ordering: .acquiring) }

  nonisolated fileprivate static let total = Atomic<Int>(0)
}

private let countFinalization: GDestroyNotify = { _ in
  FinalizationProbe.total.add(1, ordering: .relaxed)
}

/// Records a signal's events for assertions.
@MainActor
final class Recorder<Value> {
  private(set) var values: [Value] = []
  private(set) var completed = false
  private(set) var onMainThread = true
  private(set) var subscription: Disposable?

  init(_ signal: Signal<Value, Never>) {
    subscription = signal.subscribe(
      next: { [weak self] value in
        guard let self else { return }
        onMainThread = onMainThread && Thread.isMainThread
        values.append(value)
      },
      completed: { [weak self] in self?.completed = true })
  }
}
