// One image-browser test at a time across its test targets.
import Testing

/// Runs the tests it applies to one at a time across every test target of the image
/// browser.
///
/// `swift test` runs every test target in one process, and separate suite trees in
/// parallel. Some of the browser's tests change what the whole process shares: the
/// effective user (`asUnprivilegedUser`), the language (`withLanguage`), the helper
/// processes' environment. They were safe while the browser had one serialized tree;
/// with a tree per layer, this trait on each root suite keeps them apart.
struct OneImageBrowserTestAtATime: SuiteTrait, TestTrait, TestScoping {
  /// Applies to every test nested in the suite it is attached to.
  var isRecursive: Bool { true }

  /// Scopes each test case, never a whole suite.
  func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
    test.isSuite || testCase == nil ? nil : self
  }

  /// Waits for the running test of any image-browser target to end, then runs this one.
  func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    await Turn.shared.take()
    do {
      try await function()
    } catch {
      await Turn.shared.pass()
      throw error
    }
    await Turn.shared.pass()
  }
}

extension Trait where Self == OneImageBrowserTestAtATime {
  /// Runs each test alone among the image browser's tests; see `OneImageBrowserTestAtATime`.
  static var oneImageBrowserTestAtATime: Self { OneImageBrowserTestAtATime() }
}

/// Whose turn it is: the one test running, and those waiting in the order they asked.
private actor Turn {
  static let shared = Turn()
  private var taken = false
  private var waiting: [CheckedContinuation<Void, Never>] = []

  func take() async {
    guard taken else {
      taken = true
      return
    }
    await withCheckedContinuation { waiting.append($0) }
  }

  func pass() {
    if waiting.isEmpty {
      taken = false
    } else {
      waiting.removeFirst().resume()
    }
  }
}
