// The GUI tests' harness: XCTest on the main thread, GTK once, GLib warnings as failures.
import CGtk
import Foundation
import GtkReactive
import Synchronization
import XCTest

/// The base of the GUI suites.
///
/// XCTest rather than Swift Testing, because on Linux XCTest runs synchronous test
/// methods on the process's main thread, the thread GTK needs. Skips when no display
/// can be opened (run under `xvfb-run -a`); fails a test that made GLib log a warning
/// or a critical.
class GtkTestCase: XCTestCase {
  override func setUpWithError() throws {
    try super.setUpWithError()
    guard Thread.isMainThread else { throw XCTSkip("GTK tests must run on the main thread") }
    let ready = MainActor.assumeIsolated { GtkSetup.start() }
    guard ready else { throw XCTSkip("no display: run the GUI tests under xvfb-run -a") }
    GLibLog.reset()
  }

  override func tearDown() {
    MainActor.assumeIsolated { MainLoop.drain() }
    XCTAssertEqual(GLibLog.reset(), [], "GLib logged warnings or criticals")
    super.tearDown()
  }

  /// Runs `body` as main-actor code (the test method already runs on the main thread).
  func gtk(_ body: @MainActor () throws -> Void) rethrows {
    try MainActor.assumeIsolated(body)
  }
}

/// One-time GTK setup for the test process.
@MainActor
private enum GtkSetup {
  static var ready: Bool?

  static func start() -> Bool {
    if let ready { return ready }
    g_log_set_writer_func(recordingWriter, nil, nil)
    let result = MainLoop.initialize()
    ready = result
    return result
  }
}

/// GLib warnings and criticals logged since the last reset.
private enum GLibLog {
  static let messages = Mutex<[String]>([])

  @discardableResult
  static func reset() -> [String] {
    messages.withLock { messages in
      defer { messages = [] }
      return messages
    }
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
    GLibLog.messages.withLock { $0.append(text) }
  }
  return g_log_writer_default(level, fields, count, data)
}
