// Whether an item changed between two arrays: `==` when the item type is Equatable.

/// Compares items of a type known only generically: by `==` when `Item` conforms to
/// `Equatable` (found once, at run time), otherwise every item counts as changed.
///
/// List bindings use it to leave rows alone whose item did not change, without asking
/// every caller for an `Equatable` overload.
struct ItemEquality<Item> {
  /// `==` for `Item`, or `nil` when it is not `Equatable`.
  private let equal: ((Item, Item) -> Bool)?

  init() {
    if let equatable = Item.self as? any Equatable.Type {
      equal = Self.comparison(equatable)
    } else {
      equal = nil
    }
  }

  /// Whether changes can be seen (`Item` is `Equatable`).
  var isComparable: Bool { equal != nil }

  /// Whether `new` differs from `old` (always, for items that are not `Equatable`).
  func changed(_ old: Item, _ new: Item) -> Bool {
    guard let equal else { return true }
    return !equal(old, new)
  }

  private static func comparison<E: Equatable>(_ type: E.Type) -> (Item, Item) -> Bool {
    { old, new in (old as? E) == (new as? E) }
  }
}
