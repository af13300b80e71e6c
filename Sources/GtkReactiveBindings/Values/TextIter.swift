// A position in a text buffer (`GtkTextIter`) as a Swift value.
import CGtk

/// A position in a `TextBuffer` (`GtkTextIter`): a copy of the C iterator, valid until
/// the buffer's text changes (as in C; a `TextMark` survives changes).
///
/// Its queries and movements are generated from GTK's own (`TextIterMethods.swift`):
/// moving methods are `mutating` and return whether the iterator moved to a
/// dereferenceable position, as in C.
///
/// ```swift
/// var iter = buffer.startIter
/// iter.forwardWordEnd()
/// if let match = buffer.startIter.forwardSearch("todo", flags: .caseInsensitive) {
///   buffer.applyTag(highlight, start: match.lowerBound, end: match.upperBound)
/// }
/// print(buffer.endIter.offset)  // the number of characters in the buffer
/// ```
nonisolated public struct TextIter: @unchecked Sendable {
  // @unchecked: the C iterator holds the buffer's private pointers; like every GTK value
  // it is used on the main thread.

  /// The C iterator.
  package var cValue: GtkTextIter

  /// A copy of a C iterator.
  package init(_ iter: GtkTextIter) { cValue = iter }

  /// The character at this position; nil at the end of the buffer. An embedded pixbuf or
  /// child widget reads as U+FFFC (the object replacement character), as in C.
  public var character: Character? {
    let code = withUnsafePointer(to: cValue) { gtk_text_iter_get_char($0) }
    guard code != 0, let scalar = Unicode.Scalar(code) else { return nil }
    return Character(scalar)
  }
}

/// Positions compare by their place in the buffer (`gtk_text_iter_compare`); comparing
/// positions of different buffers is meaningless, as in C.
nonisolated extension TextIter: Comparable {
  /// Whether both are the same position (`gtk_text_iter_equal`).
  public static func == (left: TextIter, right: TextIter) -> Bool {
    var left = left.cValue
    var right = right.cValue
    return gtk_text_iter_equal(&left, &right) != 0
  }

  /// Whether `left` comes before `right` in the buffer (`gtk_text_iter_compare`).
  public static func < (left: TextIter, right: TextIter) -> Bool {
    var left = left.cValue
    var right = right.cValue
    return gtk_text_iter_compare(&left, &right) < 0
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
