// One tree-view column bound to items: a renderer and the model columns that feed it.
import CGtk

/// A column of a `TreeView` bound to items with `treeView.rx.items(_:)`: a title, a cell
/// renderer, and closures (or key paths) that read what the renderer shows from an item.
///
/// ```swift
/// let table = todos.bind(to: treeView.rx.items([
///   .toggle("Done", \.isDone),
///   .text("Title", \.title),
///   .progress("Progress", \.percent),
/// ]))
/// ```
public struct TreeColumn<Item> {
  /// The column header.
  public let title: String
  /// The model column types this column adds to the binding's store.
  let types: [any GValueConvertible.Type]
  /// The renderer property each model column feeds, in `types` order.
  let attributes: [String]
  let makeRenderer: () -> CellRenderer
  /// Writes the item's values into the row, starting at model column `first`.
  let write: (_ row: ListStore.Row, _ first: Int, Item) -> Void
  /// For toggle columns: the state an item shows (to report the state a click asks for).
  let isActive: ((Item) -> Bool)?

  /// A text column (`GtkCellRendererText`'s `text`).
  public static func text(_ title: String, _ text: @escaping (Item) -> String) -> TreeColumn {
    TreeColumn(
      title: title, types: [String.self], attributes: ["text"],
      makeRenderer: { CellRendererText() },
      write: { row, first, item in row.set(first, text(item)) }, isActive: nil)
  }

  /// A check-box column (`GtkCellRendererToggle`'s `active`). A click does not change
  /// the item: it is reported by `TreeItems.itemToggled` with the state it asks for.
  public static func toggle(_ title: String, _ isActive: @escaping (Item) -> Bool) -> TreeColumn {
    TreeColumn(
      title: title, types: [Bool.self], attributes: ["active"],
      makeRenderer: { CellRendererToggle() },
      write: { row, first, item in row.set(first, isActive(item)) }, isActive: isActive)
  }

  /// An image column (`GtkCellRendererPixbuf`'s `pixbuf`; `nil` shows nothing).
  public static func pixbuf(_ title: String, _ pixbuf: @escaping (Item) -> Pixbuf?) -> TreeColumn {
    TreeColumn(
      title: title, types: [Pixbuf?.self], attributes: ["pixbuf"],
      makeRenderer: { CellRendererPixbuf() },
      write: { row, first, item in row.set(first, pixbuf(item)) }, isActive: nil)
  }

  /// A progress-bar column (`GtkCellRendererProgress`'s `value`, 0…100, clamped), with
  /// an optional `text` on the bar (GTK shows the percentage without it).
  public static func progress(
    _ title: String, _ value: @escaping (Item) -> Int, text: ((Item) -> String?)? = nil
  ) -> TreeColumn {
    TreeColumn(
      title: title, types: text == nil ? [Int32.self] : [Int32.self, String?.self],
      attributes: text == nil ? ["value"] : ["value", "text"],
      makeRenderer: { CellRendererProgress() },
      write: { row, first, item in
        row.set(first, Int32(min(100, max(0, value(item)))))
        if let text { row.set(first + 1, text(item)) }
      }, isActive: nil)
  }
}
