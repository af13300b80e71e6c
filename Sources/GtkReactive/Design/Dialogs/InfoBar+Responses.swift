// An info bar's buttons and responses typed as a dialog's are: `ResponseType`, not `Int`.
import CGtk
import Reactive

extension InfoBar {
  /// Adds a button labelled `text` (`_` marks the mnemonic) to the action area that makes
  /// the bar emit `response`.
  @discardableResult
  public func addButton(_ text: String, response: ResponseType) -> Button {
    let button = gtk_info_bar_add_button(pointer(as: GtkInfoBar.self), text, response.rawValue)!
    return Button(retaining: button)
  }

  /// Adds `widget` (an activatable widget: a button) to the action area; activating it
  /// makes the bar emit `response`.
  public func addActionWidget(_ widget: Widget, response: ResponseType) {
    gtk_info_bar_add_action_widget(
      pointer(as: GtkInfoBar.self), widget.pointer(as: GtkWidget.self), response.rawValue)
  }

  /// Emits `response`, as clicking its button would.
  public func response(_ response: ResponseType) {
    gtk_info_bar_response(pointer(as: GtkInfoBar.self), response.rawValue)
  }

  /// Makes the button of `response` the default (activated by Enter).
  public func setDefaultResponse(_ response: ResponseType) {
    gtk_info_bar_set_default_response(pointer(as: GtkInfoBar.self), response.rawValue)
  }

  /// Makes the buttons of `response` sensitive or not.
  public func setResponseSensitive(_ response: ResponseType, _ isSensitive: Bool) {
    gtk_info_bar_set_response_sensitive(
      pointer(as: GtkInfoBar.self), response.rawValue, isSensitive ? 1 : 0)
  }
}

extension Reactive where Base: InfoBar {
  /// Every response, typed: a button's, `.close` when the close button is clicked or
  /// Escape is pressed, the value of `response(_:)`.
  public var responses: Signal<ResponseType, Never> {
    response.map { ResponseType(rawValue: Int32(truncatingIfNeeded: $0)) }
  }
}
