// One to-do's row: a check box for done, the title, a delete button.
import GtkReactive
import TodoModel

/// The widget of one entry in the list: a box with a check box, the title and a delete
/// button, made by the list's row factory and refreshed by its update closure.
///
/// A `Box` subclass so that the update closure gets it back typed; it adds no GObject
/// state, only Swift references to its children.
final class TodoRow: Box {
  let check = CheckButton()
  let title = Label()
  let deleteButton = Button(iconName: "edit-delete-symbolic", size: .button)

  /// A row showing `item`.
  static func make(for item: TodoItem) -> TodoRow {
    let row = TodoRow(orientation: .horizontal, spacing: 8)
    row.borderWidth = 4
    row.title.xalign = 0
    row.title.lineWrap = true
    row.deleteButton.relief = .none
    row.deleteButton.tooltipText = "Delete"
    row.packStart(row.check, expand: false, fill: false, padding: 0)
    row.packStart(row.title, expand: true, fill: true, padding: 0)
    row.packEnd(row.deleteButton, expand: false, fill: false, padding: 0)
    row.show(item)
    return row
  }

  /// Shows `item`'s title (struck through when done) and state.
  func show(_ item: TodoItem) {
    if check.isActive != item.isDone { check.isActive = item.isDone }
    let escaped = item.title.markupEscaped
    title.setMarkup(item.isDone ? "<s><span alpha=\"55%\">\(escaped)</span></s>" : escaped)
    check.accessibleName = "Done: \(item.title)"
    deleteButton.accessibleName = "Delete \(item.title)"
  }
}
