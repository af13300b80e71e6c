// The sign-up window: GTK widgets and their bindings to a `SignUpViewModel`.
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
  let window = Window(type: .toplevel)
  let usernameEntry = Entry()
  let statusLabel = Label()
  let passwordEntry = Entry()
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
    window.title = "Sign up"
    let header = HeaderBar()
    header.title = "Create an account"
    header.subtitle = "GtkReactive example"
    header.showCloseButton = true
    window.titlebar = header
    window.setDefaultSize(420, height: -1)

    let form = Box(orientation: .vertical, spacing: 6)
    form.borderWidth = 24
    usernameEntry.placeholderText = "3–16 letters, digits or _"
    passwordEntry.placeholderText = "At least 8 characters"
    passwordEntry.isTextVisible = false
    passwordEntry.inputPurpose = .password
    signUpButton.styleContext?.addClass("suggested-action")
    for label in [statusLabel, strengthLabel, messageLabel] { label.xalign = 0 }
    messageLabel.lineWrap = true
    messageLabel.maxWidthChars = 40

    form.packStart(caption("_User name", for: usernameEntry), expand: false, fill: true, padding: 0)
    form.packStart(usernameEntry, expand: false, fill: true, padding: 0)
    form.packStart(statusLabel, expand: false, fill: true, padding: 0)
    form.packStart(caption("_Password", for: passwordEntry), expand: false, fill: true, padding: 6)
    form.packStart(passwordEntry, expand: false, fill: true, padding: 0)
    form.packStart(strengthLabel, expand: false, fill: true, padding: 0)

    let actions = Box(orientation: .horizontal, spacing: 12)
    actions.packEnd(signUpButton, expand: false, fill: true, padding: 0)
    actions.packEnd(spinner, expand: false, fill: true, padding: 0)
    form.packStart(actions, expand: false, fill: true, padding: 12)
    form.packStart(messageLabel, expand: false, fill: true, padding: 0)
    window.add(form)
  }

  /// Accessible names for screen readers and UI tests; the captions' mnemonics also
  /// label the entries.
  private func name() {
    usernameEntry.accessibleName = "User name"
    statusLabel.accessibleName = "User name status"
    passwordEntry.accessibleName = "Password"
    strengthLabel.accessibleName = "Password strength"
    spinner.accessibleName = "Signing up"
    signUpButton.accessibleName = "Sign up"
    messageLabel.accessibleName = "Sign-up result"
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
    command.isExecuting.signal.bind(to: spinner.rx.isActive).disposed(by: bag)
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
  let label = Label()
  label.setMarkupWithMnemonic("<b>\(text.markupEscaped)</b>")
  label.mnemonicWidget = widget
  label.xalign = 0
  return label
}

/// Pango markup for `text` in the colour of `tone` (GNOME's palette), escaped.
func markup(_ text: String, tone: Tone, small: Bool = false) -> String {
  guard !text.isEmpty else { return "" }
  let escaped = text.markupEscaped
  let colored =
    switch tone {
    case .neutral: "<span alpha=\"70%\">\(escaped)</span>"
    case .good: "<span foreground=\"#26a269\">\(escaped)</span>"
    case .bad: "<span foreground=\"#c01c28\">\(escaped)</span>"
    }
  return small ? "<small>\(colored)</small>" : colored
}
