// Where thumbnail decodes run, ranked by their distance from the strip's centre.
import Reactive

/// Where thumbnail decodes run: each request names its position in the strip, and the
/// work nearest the focus (the strip's centre) runs first. Tests use
/// `UnorderedDecoding` on a `TestScheduler`.
package nonisolated protocol PositionedScheduling: Sendable {
  /// A scheduler whose actions are ranked by their distance from the focus to
  /// `position`.
  func scheduler(at position: Int) -> Scheduler
  /// Moves the focus: queued work is now ranked by its distance from `position`.
  func focus(on position: Int)
}

/// `PositionedScheduling` on one scheduler, ignoring positions: for tests, where order
/// is the test's to decide.
package nonisolated struct UnorderedDecoding: PositionedScheduling {
  /// The scheduler every action runs on.
  package let scheduler: Scheduler

  /// Runs every action on `scheduler`.
  package init(_ scheduler: Scheduler) { self.scheduler = scheduler }

  package func scheduler(at position: Int) -> Scheduler { scheduler }
  package func focus(on position: Int) {}
}
