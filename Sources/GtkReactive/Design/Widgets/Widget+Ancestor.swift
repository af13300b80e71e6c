// The nearest ancestor of a widget that is of a given type.

extension Widget {
  /// The widget itself or its nearest ancestor that is a `type` (a popover the focus
  /// is in, the dialog a button belongs to), or `nil`.
  public func ancestor<T: Widget>(_ type: T.Type) -> T? {
    var widget: Widget? = self
    while let current = widget {
      if let found = current.cast(to: type) { return found }
      widget = current.parent
    }
    return nil
  }
}
