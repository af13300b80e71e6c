// The to-do list's logic: inputs as properties, outputs as properties and commands.
import Reactive

/// The to-do list without widgets: the view writes the inputs, binds the outputs and
/// executes the commands; tests drive it on a `TestScheduler`.
///
/// Every decision is here: which entries show (filter and search), what the count says,
/// when adding and clearing are possible, and what the user is asked before clearing.
/// The search waits for typing to pause for `searchDebounce` before it filters.
///
/// Retains nothing but its own properties, commands and the `confirm` closure: its
/// subscriptions end when it is released.
public final class TodoViewModel {
  /// Asks the user a question; sends `true` once if they agree, `false` (or nothing)
  /// otherwise.
  public typealias Confirm = (Question) -> Signal<Bool, Never>

  /// The font sizes, in points, the list may use.
  public static let fontSizes = 8...24

  /// The new entry's title (the view writes it; adding empties it).
  public let newTitle = MutableProperty("")
  /// Which entries show.
  public let filter = MutableProperty(TodoFilter.all)
  /// The search field (the view writes it); see `appliedSearch`.
  public let searchText = MutableProperty("")
  /// Whether the app asks GTK for the dark variant of its theme.
  public let prefersDarkTheme: MutableProperty<Bool>
  /// The list's font size in points, within `fontSizes`.
  public let fontSize: MutableProperty<Int>

  /// Every entry, in the order they were added.
  public let items: Property<[TodoItem]>
  /// The search the list is filtered by: `searchText` once typing paused.
  public let appliedSearch: Property<String>
  /// The entries the list shows: those the filter and the search let through.
  public let visibleItems: Property<[TodoItem]>
  /// What the list says when it shows nothing.
  public let placeholder: Property<String>
  /// How many entries are not done, as a sentence: “1 item left”, “2 items left”.
  public let remainingText: Property<String>
  /// Adds `newTitle` (trimmed) as an entry not done and empties `newTitle`; enabled when
  /// the trimmed title is not empty.
  public let add: Command<Void, TodoItem, Never>
  /// Asks for confirmation, then removes every done entry and sends how many it
  /// removed; enabled while some entry is done.
  public let clearDone: Command<Void, Int, Never>

  private let store: MutableProperty<[TodoItem]>
  private let nextID: MutableProperty<Int>

  /// A list holding `items`, that asks `confirm` before clearing and waits on
  /// `scheduler` for typing in the search to pause for `searchDebounce`.
  public init(
    items: [TodoItem] = [], scheduler: Scheduler, searchDebounce: Duration = .milliseconds(250),
    prefersDarkTheme: Bool = false, fontSize: Int = 11,
    confirm: @escaping Confirm
  ) {
    let store = MutableProperty(items)
    self.store = store
    nextID = MutableProperty((items.map(\.id).max() ?? 0) + 1)
    self.items = Property(store)
    self.prefersDarkTheme = MutableProperty(prefersDarkTheme)
    self.fontSize = MutableProperty(fontSize.clamped(to: Self.fontSizes))

    let search = Signal.merge([
      searchText.signal.take(1),
      searchText.changes.debounce(searchDebounce, on: scheduler),
    ]).distinctUntilChanged()
    appliedSearch = Property(initial: searchText.value, then: search)
    let state = Signal.combineLatest(store.signal, filter.signal, appliedSearch.signal)
    visibleItems = Property(
      initial: items,
      then: state.map { items, filter, search in
        items.filter { filter.includes($0) && Self.matches($0, search: search) }
      }.distinctUntilChanged())
    placeholder = Property(
      initial: "",
      then: state.map(Self.placeholder).distinctUntilChanged())
    remainingText = self.items.map { items in
      Self.remainingText(items.count { !$0.isDone })
    }

    let newTitle = self.newTitle
    let nextID = self.nextID
    add = Command(enabledIf: newTitle.map { !$0.trimmed.isEmpty }) {
      let id = nextID.modify { id in
        defer { id += 1 }
        return id
      }
      let item = TodoItem(id: id, title: newTitle.value.trimmed)
      store.modify { $0.append(item) }
      newTitle.value = ""
      return .just(item)
    }
    clearDone = Command(enabledIf: self.items.map { $0.contains(where: \.isDone) }) {
      confirm(.clearing(store.value.count(where: \.isDone))).take(1)
        .flatMap(.latest) { confirmed -> Signal<Int, Never> in
          guard confirmed else { return .empty() }
          return .just(
            store.modify { items in
              let count = items.count(where: \.isDone)
              items.removeAll(where: \.isDone)
              return count
            })
        }
    }
  }

  /// Marks the entry `id` done or not; a no-op (no notification) when it already is,
  /// as when a row's check box echoes the state the list just gave it.
  public func setDone(_ isDone: Bool, for id: TodoItem.ID) {
    guard store.value.contains(where: { $0.id == id && $0.isDone != isDone }) else { return }
    store.modify { items in
      guard let index = items.firstIndex(where: { $0.id == id }) else { return }
      items[index].isDone = isDone
    }
  }

  /// Removes the entry `id`.
  public func remove(_ id: TodoItem.ID) {
    store.modify { $0.removeAll { $0.id == id } }
  }

  /// “1 item left”, “2 items left”, “0 items left”.
  public static func remainingText(_ count: Int) -> String {
    count == 1 ? "1 item left" : "\(count) items left"
  }

  /// Whether `item`'s title contains `search`, ignoring case and the spaces around it.
  public static func matches(_ item: TodoItem, search: String) -> Bool {
    let search = search.trimmed.lowercased()
    return search.isEmpty || item.title.lowercased().contains(search)
  }

  private static func placeholder(
    items: [TodoItem], filter: TodoFilter, search: String
  ) -> String {
    if items.isEmpty { return "Nothing to do. Add a to-do above." }
    if !search.trimmed.isEmpty { return "No to-do matches “\(search.trimmed)”." }
    return switch filter {
    case .all: ""
    case .active: "All done!"
    case .done: "Nothing done yet."
    }
  }
}

extension MutableProperty {
  /// A read-only property of `transform` of this one's value.
  fileprivate func map<NewValue>(_ transform: @escaping (Value) -> NewValue) -> Property<NewValue> {
    Property(self).map(transform)
  }
}

extension String {
  /// The string without the white space at either end.
  var trimmed: String {
    let start = firstIndex { !$0.isWhitespace } ?? endIndex
    let end = lastIndex { !$0.isWhitespace }.map { index(after: $0) } ?? start
    return String(self[start..<end])
  }
}

extension Comparable {
  fileprivate func clamped(to range: ClosedRange<Self>) -> Self {
    min(max(self, range.lowerBound), range.upperBound)
  }
}
