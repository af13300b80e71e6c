// The leak check every suite runs: live library objects back to their count.
import Testing

/// Runs `body` and expects every library object it made (sinks, subjects, disposables,
/// scheduled actions) to be released by the end: the "releases resources" row of a test
/// matrix. Put suites that use it under a `.serialized`, `.leakChecked` root: the count
/// is process-wide.
public func expectNoLeaks(
  sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void
) rethrows {
  let before = LiveObjectCount.current
  try body()
  #expect(
    LiveObjectCount.current == before, "live library objects leaked",
    sourceLocation: sourceLocation)
}
