// Shortening a label that does not fit: Pango's ellipsizing, which the generated layer
// leaves out (its type lives in Pango, outside the namespaces generated).
import CGtk

/// Where a label that does not fit is shortened with “…”.
public enum EllipsizeMode: Sendable, Hashable {
  /// Never: the label asks for its whole width.
  case none
  /// At the start: “…long-name.jpg”.
  case start
  /// In the middle: “IMG_20…0431.jpg” (file names: both ends tell).
  case middle
  /// At the end: “A long descri…”.
  case end

  var pango: PangoEllipsizeMode {
    switch self {
    case .none: PANGO_ELLIPSIZE_NONE
    case .start: PANGO_ELLIPSIZE_START
    case .middle: PANGO_ELLIPSIZE_MIDDLE
    case .end: PANGO_ELLIPSIZE_END
    }
  }

  init(_ mode: PangoEllipsizeMode) {
    switch mode {
    case PANGO_ELLIPSIZE_START: self = .start
    case PANGO_ELLIPSIZE_MIDDLE: self = .middle
    case PANGO_ELLIPSIZE_END: self = .end
    default: self = .none
    }
  }
}

extension Label {
  /// Where the text is shortened when the label gets less width than it asks for; with
  /// anything but `.none` the label's minimum width is that of “…”, so a container can
  /// shrink it.
  public var ellipsize: EllipsizeMode {
    get { EllipsizeMode(gtk_label_get_ellipsize(pointer(as: GtkLabel.self))) }
    set { gtk_label_set_ellipsize(pointer(as: GtkLabel.self), newValue.pango) }
  }
}

/// Where a wrapping label may break its lines.
public enum LabelWrapMode: Sendable, Hashable {
  /// Between words only: a long word keeps the label at least as wide as itself.
  case word
  /// Between any two characters.
  case char
  /// Between words, and inside a word too long for a line (a path, a long file name).
  case wordChar

  var pango: PangoWrapMode {
    switch self {
    case .word: PANGO_WRAP_WORD
    case .char: PANGO_WRAP_CHAR
    case .wordChar: PANGO_WRAP_WORD_CHAR
    }
  }

  init(_ mode: PangoWrapMode) {
    switch mode {
    case PANGO_WRAP_CHAR: self = .char
    case PANGO_WRAP_WORD_CHAR: self = .wordChar
    default: self = .word
    }
  }
}

extension Label {
  /// Where lines break when `lineWrap` is on; `.wordChar` lets a label with a long file
  /// name be narrow.
  public var lineWrapMode: LabelWrapMode {
    get { LabelWrapMode(gtk_label_get_line_wrap_mode(pointer(as: GtkLabel.self))) }
    set { gtk_label_set_line_wrap_mode(pointer(as: GtkLabel.self), newValue.pango) }
  }
}
