// One to-do: what to do, and whether it is done.

/// One entry of the list.
///
/// `id` never changes while the title or the state do, so the list keeps the entry's
/// row (and its focus) across updates.
public struct TodoItem: Identifiable, Equatable, Sendable {
  /// Identifies the entry for as long as it exists; never reused.
  public let id: Int
  /// What to do.
  public var title: String
  /// Whether it is done.
  public var isDone: Bool

  /// An entry `title`, not done unless `isDone` says so.
  public init(id: Int, title: String, isDone: Bool = false) {
    self.id = id
    self.title = title
    self.isDone = isDone
  }
}
