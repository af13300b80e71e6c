// The leak check every suite runs: the library objects a test made, all released.
import Testing

/// Runs `body` in a live-object scope of its own and expects every library object made
/// in it (sinks, subjects, disposables, scheduled actions) to be released by the end:
/// the "releases resources" row of a test matrix. Only `body`'s own objects count, so
/// the check holds whatever runs beside it.
public func expectNoLeaks(
  sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void
) rethrows {
  let leaked = try LiveObjectCount.leaks(in: body)
  #expect(leaked == 0, "live library objects leaked", sourceLocation: sourceLocation)
}
