// A position in a text buffer (`GtkTextIter`) as a Swift value.
import CGtk

/// A position in a `TextBuffer` (`GtkTextIter`): a copy of the C iterator, valid until
/// the buffer's text changes (as in C; a `TextMark` survives changes).
///
/// ```swift
/// let end = buffer.endIter
/// print(end.offset)  // the number of characters in the buffer
/// ```
nonisolated public struct TextIter: @unchecked Sendable {
  // @unchecked: the C iterator holds the buffer's private pointers; like every GTK value
  // it is used on the main thread.

  /// The C iterator.
  var cValue: GtkTextIter

  /// A copy of a C iterator.
  init(_ iter: GtkTextIter) { cValue = iter }

  /// The position in characters from the start of the buffer.
  public var offset: Int {
    var iter = cValue
    return Int(gtk_text_iter_get_offset(&iter))
  }

  /// The line (0 for the first).
  public var line: Int {
    var iter = cValue
    return Int(gtk_text_iter_get_line(&iter))
  }

  /// The position in characters from the start of the line.
  public var lineOffset: Int {
    var iter = cValue
    return Int(gtk_text_iter_get_line_offset(&iter))
  }
}

nonisolated extension TextIter: GValueConvertible {
  /// `GTK_TYPE_TEXT_ITER`.
  public static var valueType: GType { gtk_text_iter_get_type() }
  /// Reads a boxed `GtkTextIter`; `nil` for NULL.
  public static func read(from value: UnsafePointer<GValue>) -> TextIter? {
    CValues.read(value, as: GtkTextIter.self).map(TextIter.init)
  }
  /// Writes a copy of the iterator.
  public func write(to value: UnsafeMutablePointer<GValue>) { CValues.write(cValue, to: value) }
}
