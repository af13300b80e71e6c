// Dialogs without C varargs: construction by properties, buttons with typed responses.
import CGtk
import Reactive

extension Dialog {
  /// A new dialog (of this class: `MessageDialog(title:…)` makes a message dialog)
  /// titled `title`, transient for `parent` and destroyed with it.
  ///
  /// - Parameters:
  ///   - title: the window title.
  ///   - parent: the window it belongs to, or `nil` for a dialog of its own.
  ///   - modal: whether it blocks input to the other windows of the application.
  ///   - usesHeaderBar: whether its buttons go into a header bar instead of an action
  ///     area (a construct-only property, hence settable only here).
  public convenience init(
    title: String, parent: Window?, modal: Bool = true, usesHeaderBar: Bool = false
  ) {
    var properties = [
      ConstructProperty("title", title), ConstructProperty("modal", modal),
      ConstructProperty("use-header-bar", Int32(usesHeaderBar ? 1 : 0)),
    ]
    if let parent {
      properties.append(ConstructProperty("transient-for", parent))
      properties.append(ConstructProperty("destroy-with-parent", true))
    }
    self.init(retaining: Object.newInstance(of: Self.gType, properties: properties))
  }

  /// Adds a button labelled `text` (`_` marks the mnemonic) that makes the dialog emit
  /// `response`.
  @discardableResult
  public func addButton(_ text: String, response: ResponseType) -> Button {
    let button = gtk_dialog_add_button(pointer(as: GtkDialog.self), text, response.rawValue)!
    return Button(retaining: button)
  }

  /// Emits `response`, as clicking its button would.
  public func response(_ response: ResponseType) {
    gtk_dialog_response(pointer(as: GtkDialog.self), response.rawValue)
  }

  /// Makes the button of `response` the default (activated by Enter).
  public func setDefaultResponse(_ response: ResponseType) {
    gtk_dialog_set_default_response(pointer(as: GtkDialog.self), response.rawValue)
  }
}

extension MessageDialog {
  /// A new message dialog (without `gtk_message_dialog_new`, which is variadic).
  ///
  /// - Parameters:
  ///   - type: the kind of message (sets the icon and the accessible role).
  ///   - buttons: a prebuilt set of buttons (`.none` to add your own with
  ///     `addButton(_:response:)`).
  ///   - text: the primary text.
  ///   - secondaryText: the text under it, if any.
  ///   - parent: the window it is transient for (and destroyed with), if any.
  ///   - modal: whether it blocks input to the other windows of the application.
  public convenience init(
    type: MessageType, buttons: ButtonsType, text: String, secondaryText: String? = nil,
    parent: Window? = nil, modal: Bool = true
  ) {
    var properties = [
      ConstructProperty("message-type", type), ConstructProperty("buttons", buttons),
      ConstructProperty("text", text), ConstructProperty("modal", modal),
    ]
    if let secondaryText {
      properties.append(ConstructProperty("secondary-text", secondaryText))
    }
    if let parent {
      properties.append(ConstructProperty("transient-for", parent))
      properties.append(ConstructProperty("destroy-with-parent", true))
    }
    self.init(retaining: Object.newInstance(of: Self.gType, properties: properties))
  }
}

extension Reactive where Base: Dialog {
  /// Every response, typed: a button's, `.deleteEvent` when the window manager closes the
  /// dialog, the value of `response(_:)`.
  public var responses: Signal<ResponseType, Never> {
    response.map { ResponseType(rawValue: Int32(truncatingIfNeeded: $0)) }
  }
}

extension Reactive where Base: NativeDialog {
  /// Every response, typed: `.accept` or `.cancel` (also when the dialog is closed).
  public var responses: Signal<ResponseType, Never> {
    response.map { ResponseType(rawValue: Int32(truncatingIfNeeded: $0)) }
  }
}

extension Window {
  /// Asks a question in a modal message dialog over this window: sends `true` when the
  /// user confirms, `false` when they cancel, close the dialog or it is destroyed (with
  /// this window), then completes and destroys the dialog.
  ///
  /// The dialog appears when the signal is subscribed; disposing the subscription first
  /// destroys it without a value.
  ///
  /// ```swift
  /// deleteButton.rx.clicked
  ///   .flatMap(.latest) { window.confirm("Delete 3 photos?", confirmLabel: "_Delete") }
  ///   .filter { $0 }
  ///   .subscribe(next: { viewModel.delete.execute() })
  /// ```
  ///
  /// The default labels are GTK's, in the user's language (`gtkTranslation`).
  ///
  /// With `destructive`, the confirm button is styled as destructive and Return picks
  /// Cancel, so an action that cannot be undone never happens by a stray key.
  public func confirm(
    _ message: String, detail: String? = nil, confirmLabel: String = gtkTranslation("_OK"),
    cancelLabel: String = gtkTranslation("_Cancel"), type: MessageType = .question,
    destructive: Bool = false
  ) -> Signal<Bool, Never> {
    let parent = WeakObjectRef(pointer)
    return Signal { observer in
      onMainThread {
        let dialog = MessageDialog(
          type: type, buttons: .none, text: message, secondaryText: detail,
          parent: parent.withObject { Window(retaining: $0) })
        dialog.addButton(cancelLabel, response: .cancel)
        let confirmButton = dialog.addButton(confirmLabel, response: .ok)
        if destructive {
          confirmButton.styleContext?.addClass("destructive-action")
          dialog.setDefaultResponse(.cancel)
        } else {
          dialog.setDefaultResponse(.ok)
        }
        let target = WeakObjectRef(dialog.pointer)
        var answered = false
        let answer = { (confirmed: Bool) in
          guard !answered else { return }
          answered = true
          observer.send(confirmed)
          observer.sendCompleted()
        }
        let subscriptions = CompositeDisposable([
          dialog.rx.responses.subscribe(next: { answer($0 == .ok) }),
          dialog.rx.destroyed.subscribe(next: { answer(false) }),
        ])
        dialog.show()
        return AnyDisposable {
          subscriptions.dispose()
          MainThread.run {
            target.withObject { gtk_widget_destroy($0.assumingMemoryBound(to: GtkWidget.self)) }
          }
        }
      }
    }
  }
}
