import Foundation
import Reactive
import ReactiveTesting
import Testing

/// `expectNoLeaks` for work that other threads release: a Dispatch timer or queue may
/// free what an action captured a moment after the test saw the action's effect. Runs
/// `body` in a live-object scope of its own, then waits (polling every millisecond, for
/// at most `timeout`) for that scope's count to reach zero before expecting it.
func expectNoLeaksEventually(
  timeout: Duration = .seconds(5), sourceLocation: SourceLocation = #_sourceLocation,
  _ body: () throws -> Void
) rethrows {
  let scope = LiveObjectScope()
  try LiveObjects.withScope(scope, body)
  let deadline = ContinuousClock.now + timeout
  while scope.count != 0, ContinuousClock.now < deadline {
    Thread.sleep(forTimeInterval: 0.001)
  }
  #expect(scope.count == 0, "live library objects leaked", sourceLocation: sourceLocation)
}
