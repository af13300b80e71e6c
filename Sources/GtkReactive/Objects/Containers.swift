// Layout containers: HeaderBar, Box, ScrolledWindow, Stack.
import CGtk

/// Horizontal or vertical, for boxes and scales.
public enum Orientation: Sendable {
  /// Left to right.
  case horizontal
  /// Top to bottom.
  case vertical

  var gtk: GtkOrientation {
    self == .horizontal ? GTK_ORIENTATION_HORIZONTAL : GTK_ORIENTATION_VERTICAL
  }
}

/// A `GtkHeaderBar`: a title bar with widgets at both ends.
open class HeaderBar: Container {
  /// `GtkHeaderBar`'s GType.
  open override class var gType: GType { gtk_header_bar_get_type() }

  var headerBar: UnsafeMutablePointer<GtkHeaderBar> { pointer(as: GtkHeaderBar.self) }

  /// A new header bar, with the window's close button when `showsCloseButton`.
  public convenience init(title: String = "", showsCloseButton: Bool = true) {
    self.init(retaining: gtk_header_bar_new())
    self.title = title
    gtk_header_bar_set_show_close_button(headerBar, showsCloseButton ? 1 : 0)
  }

  /// The title.
  public var title: String {
    get { gtk_header_bar_get_title(headerBar).map { String(cString: $0) } ?? "" }
    set { gtk_header_bar_set_title(headerBar, newValue) }
  }

  /// The subtitle, below the title.
  public var subtitle: String {
    get { gtk_header_bar_get_subtitle(headerBar).map { String(cString: $0) } ?? "" }
    set { gtk_header_bar_set_subtitle(headerBar, newValue) }
  }

  /// Adds `child` at the start (left in left-to-right locales).
  public func packStart(_ child: Widget) { gtk_header_bar_pack_start(headerBar, child.widget) }
  /// Adds `child` at the end.
  public func packEnd(_ child: Widget) { gtk_header_bar_pack_end(headerBar, child.widget) }
}

/// A `GtkBox`: children in a row or a column.
open class Box: Container {
  /// `GtkBox`'s GType.
  open override class var gType: GType { gtk_box_get_type() }

  var box: UnsafeMutablePointer<GtkBox> { pointer(as: GtkBox.self) }

  /// A new box laying out its children along `orientation`, `spacing` pixels apart.
  public convenience init(_ orientation: Orientation, spacing: Int = 0) {
    self.init(retaining: gtk_box_new(orientation.gtk, Int32(spacing)))
  }

  /// Adds `child` at the start; `expand` gives it spare space, `fill` lets it grow into it.
  public func packStart(_ child: Widget, expand: Bool = false, fill: Bool = true, padding: Int = 0)
  {
    gtk_box_pack_start(box, child.widget, expand ? 1 : 0, fill ? 1 : 0, guint(padding))
  }

  /// Adds `child` at the end.
  public func packEnd(_ child: Widget, expand: Bool = false, fill: Bool = true, padding: Int = 0) {
    gtk_box_pack_end(box, child.widget, expand ? 1 : 0, fill ? 1 : 0, guint(padding))
  }
}

/// A `GtkScrolledWindow`: scrollbars around one child.
open class ScrolledWindow: Container {
  /// `GtkScrolledWindow`'s GType.
  open override class var gType: GType { gtk_scrolled_window_get_type() }

  var scrolledWindow: UnsafeMutablePointer<GtkScrolledWindow> {
    pointer(as: GtkScrolledWindow.self)
  }

  /// A new scrolled window with its own adjustments.
  public convenience init() {
    self.init(retaining: gtk_scrolled_window_new(nil, nil))
  }

  /// The horizontal scroll position.
  public var horizontalAdjustment: Adjustment {
    Adjustment(retaining: gtk_scrolled_window_get_hadjustment(scrolledWindow))
  }

  /// The vertical scroll position.
  public var verticalAdjustment: Adjustment {
    Adjustment(retaining: gtk_scrolled_window_get_vadjustment(scrolledWindow))
  }
}

/// A `GtkStack`: shows one named child at a time.
open class Stack: Container {
  /// `GtkStack`'s GType.
  open override class var gType: GType { gtk_stack_get_type() }

  var stack: UnsafeMutablePointer<GtkStack> { pointer(as: GtkStack.self) }

  /// A new, empty stack.
  public convenience init() {
    self.init(retaining: gtk_stack_new())
  }

  /// Adds `child` under `name`, with an optional `title` for switchers.
  public func addChild(_ child: Widget, name: String, title: String? = nil) {
    if let title {
      gtk_stack_add_titled(stack, child.widget, name, title)
    } else {
      gtk_stack_add_named(stack, child.widget, name)
    }
  }

  /// The name of the child shown, or `nil` when empty.
  public var visibleChildName: String? {
    get { gtk_stack_get_visible_child_name(stack).map { String(cString: $0) } }
    set { if let newValue { gtk_stack_set_visible_child_name(stack, newValue) } }
  }
}
