// `size-allocate` as a typed signal: the area GTK gives a widget at each layout.
import CGtk
import Reactive

/// The area GTK allocates a widget, in its parent window's coordinates.
public struct Allocation: Sendable, Hashable {
  /// The left edge.
  public let x: Int
  /// The top edge.
  public let y: Int
  /// The width.
  public let width: Int
  /// The height.
  public let height: Int

  /// An allocation of `width` × `height` at (`x`, `y`).
  public init(x: Int, y: Int, width: Int, height: Int) {
    (self.x, self.y, self.width, self.height) = (x, y, width, height)
  }
}

extension Reactive where Base: Widget {
  /// `size-allocate`: the widget's new area after each layout that gives it one (a
  /// resized window, a sibling shown); for sizes that depend on the space a widget gets,
  /// such as a viewer decoding images to fit.
  ///
  /// The generator leaves the signal out: its `GtkAllocation *` (a `GdkRectangle`) is a
  /// plain C struct GObject Introspection does not map.
  public var sizeAllocate: Signal<Allocation, Never> {
    connect(WidgetSizeAllocate.signal) { _, observer in
      .oneArgument { rectangle in
        if let area = rectangle?.assumingMemoryBound(to: GdkRectangle.self).pointee {
          observer.send(
            Allocation(
              x: Int(area.x), y: Int(area.y), width: Int(area.width), height: Int(area.height)))
        }
        return false
      }
    }
  }
}

/// The hand-written key of `GtkWidget::size-allocate`.
enum WidgetSizeAllocate {
  static let signal = SignalKey("size-allocate", owner: gtk_widget_get_type)
}
