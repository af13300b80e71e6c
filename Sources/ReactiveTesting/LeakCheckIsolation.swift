// A Swift Testing trait that keeps leak-checked tests of every test target from overlapping.
import Testing

/// Runs each test it applies to alone among all tests of the process that carry it.
///
/// Leak checks compare `LiveObjectCount.current`, one count for the whole process.
/// `.serialized` orders the tests of one suite tree, but `swift test` runs every test
/// target in one process and runs separate suite trees (`ReactiveTests`,
/// `ImageBrowserTests`, …) in parallel, so one tree's objects show up in another's
/// count. Put `.leakChecked` on every root suite that checks for leaks:
///
/// ```swift
/// @Suite("Reactive", .serialized, .leakChecked)
/// struct ReactiveTests {}
/// ```
public struct LeakCheckIsolation: SuiteTrait, TestTrait, TestScoping {
  /// Applies to every test nested in the suite it is attached to.
  public var isRecursive: Bool { true }

  /// Scopes each test case, never a whole suite: a suite holding the gate would wait
  /// forever for its own tests.
  public func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
    test.isSuite || testCase == nil ? nil : self
  }

  /// Runs one test case once no other leak-checked test case is running.
  public func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    await LeakCheckGate.shared.enter()
    do {
      try await function()
    } catch {
      await LeakCheckGate.shared.leave()
      throw error
    }
    await LeakCheckGate.shared.leave()
  }
}

extension Trait where Self == LeakCheckIsolation {
  /// Runs each test alone among the process's leak-checked tests; see
  /// `LeakCheckIsolation`.
  public static var leakChecked: Self { LeakCheckIsolation() }
}

/// A first-come, first-served gate that one test at a time passes.
private actor LeakCheckGate {
  static let shared = LeakCheckGate()

  private var isOccupied = false
  private var waiting: [CheckedContinuation<Void, Never>] = []

  func enter() async {
    guard isOccupied else {
      isOccupied = true
      return
    }
    await withCheckedContinuation { waiting.append($0) }
  }

  func leave() {
    if waiting.isEmpty {
      isOccupied = false
    } else {
      // The gate stays occupied: it passes straight to the next test.
      waiting.removeFirst().resume()
    }
  }
}
