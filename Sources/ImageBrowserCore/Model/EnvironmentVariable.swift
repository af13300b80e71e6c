// One variable of the process's environment, read without copying the whole environment.
import Foundation

/// Reads one environment variable with `getenv`.
///
/// `ProcessInfo.processInfo.environment` builds a dictionary of every variable on each
/// call (about 450,000 instructions with a desktop session's environment); the app reads
/// a dozen single variables on the main thread before its first image, so they cost
/// the first frame about 5 M instructions that way.
package nonisolated enum EnvironmentVariable {
  /// The value of the variable `name`, or `nil` when it is not set.
  package static func value(of name: String) -> String? {
    getenv(name).map { String(cString: $0) }
  }
}
