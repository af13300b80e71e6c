// The sign-up window: GTK widgets and their bindings to a `SignUpViewModel`.
import CGtk
import GtkReactive
import Reactive
import SignUpModel

/// The form's window. It only builds widgets and binds them: every decision is the view
/// model's.
///
/// Owns the bindings from the view model to the widgets (`bag`); the widgets' own events
/// end when the window is destroyed. Binders hold widgets weakly, so the view model
/// never keeps the window alive.
final class SignUpWindow {
  let viewModel: SignUpViewModel
  let window = Window(title: "Sign up")
  let usernameEntry = Entry(placeholder: "3–16 letters, digits or _")
  let statusLabel = Label()
  let passwordEntry = Entry(placeholder: "At least 8 characters")
  let strengthLabel = Label()
  let spinner = Spinner()
  let signUpButton = Button(label: "Sign up")
  let messageLabel = Label()
  private let bag = DisposeBag()

  /// Builds the window for `viewModel` (not shown yet).
  init(viewModel: SignUpViewModel) {
    self.viewModel = viewModel
    layOut()
    name()
    bind()
  }

  private func layOut() {
    let header = HeaderBar(title: "Create an account")
    header.subtitle = "GtkReactive example"
    window.setTitlebar(header)
    window.setDefaultSize(width: 420, height: -1)

    let form = Box(.vertical, spacing: 6)
    form.borderWidth = 24
    passwordEntry.isTextVisible = false
    gtk_entry_set_input_purpose(
      passwordEntry.pointer(as: GtkEntry.self), GTK_INPUT_PURPOSE_PASSWORD)
    signUpButton.addStyleClass("suggested-action")
    for label in [statusLabel, strengthLabel, messageLabel] { align(label) }
    gtk_label_set_line_wrap(messageLabel.pointer(as: GtkLabel.self), 1)
    gtk_label_set_max_width_chars(messageLabel.pointer(as: GtkLabel.self), 40)

    form.packStart(caption("_User name", for: usernameEntry))
    form.packStart(usernameEntry)
    form.packStart(statusLabel)
    form.packStart(caption("_Password", for: passwordEntry), padding: 6)
    form.packStart(passwordEntry)
    form.packStart(strengthLabel)

    let actions = Box(.horizontal, spacing: 12)
    actions.packEnd(signUpButton)
    actions.packEnd(spinner)
    form.packStart(actions, padding: 12)
    form.packStart(messageLabel)
    window.add(form)
  }

  /// Accessible names for screen readers and UI tests; the captions' mnemonics also
  /// label the entries.
  private func name() {
    setAccessibleName(usernameEntry, "User name")
    setAccessibleName(statusLabel, "User name status")
    setAccessibleName(passwordEntry, "Password")
    setAccessibleName(strengthLabel, "Password strength")
    setAccessibleName(spinner, "Signing up")
    setAccessibleName(signUpButton, "Sign up")
    setAccessibleName(messageLabel, "Sign-up result")
  }

  private func bind() {
    let viewModel = viewModel
    usernameEntry.rx.text.values.bind(to: viewModel.username).disposed(by: bag)
    passwordEntry.rx.text.values.bind(to: viewModel.password).disposed(by: bag)

    viewModel.usernameStatus.signal
      .map { markup($0.text, tone: $0.tone, small: true) }
      .bind(to: statusLabel.rx.markup).disposed(by: bag)
    viewModel.passwordStrength.signal
      .map { markup($0.text, tone: $0.tone, small: true) }
      .bind(to: strengthLabel.rx.markup).disposed(by: bag)
    viewModel.message.signal
      .map { message in
        switch message {
        case .none: ""
        case .welcome: markup(message.text, tone: .good)
        case .failed: markup(message.text, tone: .bad)
        }
      }
      .bind(to: messageLabel.rx.markup).disposed(by: bag)

    let command = viewModel.signUp
    command.isEnabled.signal.bind(to: signUpButton.rx.isSensitive).disposed(by: bag)
    command.isExecuting.signal.bind(to: spinner.rx.isSpinning).disposed(by: bag)
    command.isExecuting.signal.map { $0 ? "Signing up…" : "Sign up" }
      .bind(to: signUpButton.rx.label).disposed(by: bag)
    let isEditable = command.isExecuting.signal.map { !$0 }
    isEditable.bind(to: usernameEntry.rx.isSensitive).disposed(by: bag)
    isEditable.bind(to: passwordEntry.rx.isSensitive).disposed(by: bag)

    // Enter in the password field signs up too; a disabled command just refuses.
    signUpButton.rx.clicked.merge(with: passwordEntry.rx.activate)
      .subscribe(next: { command.execute() }).disposed(by: bag)
  }
}

/// A bold caption whose mnemonic (Alt+letter) focuses `widget` and labels it for
/// assistive technologies.
private func caption(_ text: String, for widget: Widget) -> Label {
  let label = Label(retaining: gtk_label_new_with_mnemonic(text))
  let raw = label.pointer(as: GtkLabel.self)
  gtk_label_set_mnemonic_widget(raw, widget.pointer(as: GtkWidget.self))
  let bold = pango_attr_list_new()
  pango_attr_list_insert(bold, pango_attr_weight_new(PANGO_WEIGHT_BOLD))
  gtk_label_set_attributes(raw, bold)
  pango_attr_list_unref(bold)  // the label holds its own reference
  align(label)
  return label
}

/// Aligns a label's text to the start of its line.
private func align(_ label: Label) {
  gtk_label_set_xalign(label.pointer(as: GtkLabel.self), 0)
}

/// Names `widget` for assistive technologies (ATK), which tests read back.
func setAccessibleName(_ widget: Widget, _ name: String) {
  atk_object_set_name(gtk_widget_get_accessible(widget.pointer(as: GtkWidget.self)), name)
}

/// The accessible name of `widget`.
func accessibleName(of widget: Widget) -> String {
  atk_object_get_name(gtk_widget_get_accessible(widget.pointer(as: GtkWidget.self)))
    .map { String(cString: $0) } ?? ""
}

/// Pango markup for `text` in the colour of `tone` (GNOME's palette), escaped.
func markup(_ text: String, tone: Tone, small: Bool = false) -> String {
  guard !text.isEmpty else { return "" }
  let escaped =
    g_markup_escape_text(text, -1).map { pointer in
      defer { g_free(pointer) }
      return String(cString: pointer)
    } ?? ""
  let colored =
    switch tone {
    case .neutral: "<span alpha=\"70%\">\(escaped)</span>"
    case .good: "<span foreground=\"#26a269\">\(escaped)</span>"
    case .bad: "<span foreground=\"#c01c28\">\(escaped)</span>"
    }
  return small ? "<small>\(colored)</small>" : colored
}
