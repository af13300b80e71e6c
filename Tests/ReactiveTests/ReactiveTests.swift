import Reactive
import ReactiveTesting
import Testing

/// The root of every Reactive suite. Serialized, because leak checks compare a
/// process-wide live-object count: suites nest inside it with `extension ReactiveTests`.
@Suite("Reactive", .serialized, .leakChecked)
struct ReactiveTests {}

/// Runs `body` and expects every library object it made to be released by the end:
/// the "releases resources" row of the test matrix.
func expectNoLeaks(
  sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void
) rethrows {
  let before = LiveObjectCount.current
  try body()
  #expect(
    LiveObjectCount.current == before, "live library objects leaked",
    sourceLocation: sourceLocation)
}
