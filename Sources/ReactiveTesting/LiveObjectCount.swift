import Reactive

/// The number of live library objects (sinks, subjects, disposables, scheduled
/// actions) in debug builds, for leak checks. Release builds always report zero.
///
/// Objects are counted per scope: each is counted in the scope current where it was
/// made and uncounted from that same scope when it goes, so a test that runs in a scope
/// of its own (`leaks(in:)`, `expectNoLeaks`, or any test under the `.leakChecked`
/// trait) counts only its own objects, whatever other tests run beside it. The scope
/// follows the test's task and the tasks it starts; threads and Dispatch queues do not
/// inherit it, except where the library carries it over (`QueueScheduler` runs an action
/// in the scope it was scheduled from).
public enum LiveObjectCount {
  /// How many tracked objects made in the current scope (the test's own, under
  /// `.leakChecked`; the whole process outside any scope) are alive now.
  public static var current: Int { LiveObjects.count }

  /// Whether this build counts (debug builds do).
  public static var isTracing: Bool { LiveObjects.isTracing }

  /// Runs `body` in a scope of its own and returns how many library objects made in it
  /// are still alive when it has returned: 0 unless it leaked.
  public static func leaks(in body: () throws -> Void) rethrows -> Int {
    let scope = LiveObjectScope()
    try LiveObjects.withScope(scope, body)
    return scope.count
  }

  /// `leaks(in:)` for an asynchronous body.
  public static func leaks(
    isolation: isolated (any Actor)? = #isolation, in body: () async throws -> Void
  ) async rethrows -> Int {
    let scope = LiveObjectScope()
    try await LiveObjects.withScope(scope, body)
    return scope.count
  }
}
