// A label's Pango markup as a sink: GtkLabel has no `markup` property to generate from.
import Reactive

extension Reactive where Base: Label {
  /// Sets Pango markup (`<b>bold</b>`) as the label's text; escape untrusted text with
  /// `String.markupEscaped`.
  public var markup: Binder<String> {
    Binder(base) { label, markup in label.setMarkup(markup) }
  }
}
