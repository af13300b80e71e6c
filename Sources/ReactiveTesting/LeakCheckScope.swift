// A Swift Testing trait that gives every test its own live-object count.
import Reactive
import Testing

/// Runs each test case it applies to in a live-object scope of its own, so that
/// `LiveObjectCount.current` in the test counts only the objects the test made.
///
/// Swift Testing runs separate suite trees, and the suites of a tree not marked
/// `.serialized`, in parallel, and `swift test` runs every test target in one process.
/// Counting per test keeps a leak check right whatever runs beside it. `expectNoLeaks`
/// opens a scope of its own in any case; this trait is for tests and helpers that read
/// `LiveObjectCount.current` before and after. Put it on the root suite:
///
/// ```swift
/// @Suite("Reactive", .leakChecked)
/// struct ReactiveTests {}
/// ```
public struct LeakCheckScope: SuiteTrait, TestTrait, TestScoping {
  /// Applies to every test nested in the suite it is attached to.
  public var isRecursive: Bool { true }

  /// Scopes each test case, never a whole suite.
  public func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
    test.isSuite || testCase == nil ? nil : self
  }

  /// Runs one test case in a new scope.
  public func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    try await LiveObjects.withScope(LiveObjectScope(), function)
  }
}

extension Trait where Self == LeakCheckScope {
  /// Runs each test in a live-object scope of its own; see `LeakCheckScope`.
  public static var leakChecked: Self { LeakCheckScope() }
}
