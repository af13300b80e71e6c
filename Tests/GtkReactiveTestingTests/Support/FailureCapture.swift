// Catching the failures a helper records, to test that it fails when it should.
import GtkReactiveTesting
import XCTest

/// A GTK test case that can record the failures of a block instead of failing.
///
/// Swift's corelibs XCTest has no `XCTExpectFailure`, but every failure passes through
/// `recordFailure(withDescription:inFile:atLine:expected:)`, which a subclass may override.
class FailureCapturingTestCase: GtkTestCase {
  private var captured: [String]?

  /// Runs `body` and returns the failures it recorded, which do not fail the test.
  func failures(of body: () throws -> Void) rethrows -> [String] {
    captured = []
    defer { captured = nil }
    try body()
    return captured ?? []
  }

  override func recordFailure(
    withDescription description: String, inFile filePath: String, atLine lineNumber: Int,
    expected: Bool
  ) {
    if captured != nil {
      captured?.append(description)
    } else {
      super.recordFailure(
        withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
    }
  }
}
