// Decoder helper pools for tests: the debug helper with its test-only loader behaviours.
import Foundation

@testable import ImageBrowserPlatform
@testable import ImageBrowserTestSupport

/// What the tests need around `HelperProcessPool`.
enum TestDecoders {
  /// The helper built beside the test bundle (`.build/debug/image-browser-decoder`).
  static var executable: URL? { HelperProcessPool.executableBesideApp() }

  /// A pool of the debug helper with the test-only behaviours on (`TestLoaderBehaviour`:
  /// files that hang, abort or crash the decoder).
  static func pool(
    timeLimit: Duration = .seconds(60), cpuLimit: Duration = .seconds(50), capacity: Int = 2,
    cancelGrace: Duration = .milliseconds(50), niceness: Int32 = 0,
    startDelay: Duration = .zero, requestDelay: Duration = .zero,
    environment: [String: String] = [:], warm: Int = 2
  ) -> HelperProcessPool? {
    executable.map {
      HelperProcessPool(
        executable: $0, capacity: capacity, timeLimit: timeLimit, cpuLimit: cpuLimit,
        cancelGrace: cancelGrace, testHooks: true, testStartDelay: startDelay,
        testRequestDelay: requestDelay, niceness: niceness, environment: environment,
        warm: warm)
    }
  }

  /// Whether process `pid` is gone: ended and reaped (not even a zombie is left).
  static func isGone(_ pid: Int32) -> Bool {
    !FileManager.default.fileExists(atPath: "/proc/\(pid)")
  }

  /// The nice value of process `pid` (field 19 of /proc/PID/stat), or `nil`.
  static func niceness(of pid: Int32) -> Int32? {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let close = stat.lastIndex(of: ")")
    else { return nil }
    // After the command's closing parenthesis: state (field 3) … nice (field 19).
    let fields = stat[stat.index(after: close)...].split(separator: " ")
    return fields.count > 16 ? Int32(fields[16]) : nil
  }

  /// Writes a file that makes a test helper `behaviour` ("hang", "abort", "crash").
  static func writeTestFile(_ behaviour: String, to url: URL) throws {
    try Data("\(TestLoaderBehaviour.prefix)\(behaviour)\n".utf8).write(to: url)
  }

  /// The children of this process that have ended and were not reaped (zombies).
  static func zombieChildren() -> [Int32] {
    children().filter { $0.state == "Z" }.map(\.pid)
  }

  /// The decoder helpers among this process's children, running or not reaped.
  static func helperChildren() -> [Int32] {
    children().filter { $0.name.hasPrefix("image-browser-d") }.map(\.pid)
  }

  /// This process's children: pid, state letter and command name, from /proc.
  private static func children() -> [(pid: Int32, state: String, name: String)] {
    let me = getpid()
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return entries.compactMap { entry -> (Int32, String, String)? in
      guard let pid = Int32(entry),
        let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
        let open = stat.firstIndex(of: "("), let close = stat.lastIndex(of: ")")
      else { return nil }
      let name = String(stat[stat.index(after: open)..<close])
      let fields = stat[stat.index(close, offsetBy: 2)...].split(separator: " ")
      guard fields.count > 1, Int32(fields[1]) == me else { return nil }
      return (pid, String(fields[0]), name)
    }
  }

  /// Waits up to `timeout` for `condition`, looking every 10 ms.
  static func wait(
    upTo timeout: Duration = .seconds(10), until condition: () -> Bool
  ) -> Bool {
    let deadline = ContinuousClock.now + timeout
    while !condition() {
      if ContinuousClock.now >= deadline { return false }
      usleep(10_000)
    }
    return true
  }
}
