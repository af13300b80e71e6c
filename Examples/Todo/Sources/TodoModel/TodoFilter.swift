// Which entries the list shows: all, the ones still to do, or the done ones.

/// The list's filter, one radio button per case.
public enum TodoFilter: CaseIterable, Sendable {
  /// Every entry.
  case all
  /// The entries not done yet.
  case active
  /// The done entries.
  case done

  /// The button's label.
  public var title: String {
    switch self {
    case .all: "All"
    case .active: "Active"
    case .done: "Done"
    }
  }

  /// Whether the list shows `item` under this filter.
  public func includes(_ item: TodoItem) -> Bool {
    switch self {
    case .all: true
    case .active: !item.isDone
    case .done: item.isDone
    }
  }
}
