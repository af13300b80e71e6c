// The header bar's title, in the two parts that shorten differently.

/// The name of the current image (or what the window shows instead) and its position in
/// the list. A long name is shortened in the middle; the position never is.
package nonisolated struct BrowserHeading: Hashable, Sendable {
  /// The file name, or the folder and what it lacks.
  package let name: String
  /// "(3 of 13)", or `nil` without an image.
  package let position: String?

  /// A heading of `name` at `position`.
  package init(name: String, position: String?) {
    self.name = name
    self.position = position
  }
}
