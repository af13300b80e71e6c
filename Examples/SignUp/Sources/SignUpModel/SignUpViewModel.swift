// The sign-up form's logic: inputs as properties, outputs as properties and a command.
import Reactive

/// The outcome of the last sign-up, for the message under the button.
public enum SignUpMessage: Equatable, Sendable {
  /// Nothing to say (no sign-up yet, or one is running).
  case none
  /// The account was created.
  case welcome(Account)
  /// The sign-up failed.
  case failed(SignUpError)

  /// The sentence shown.
  public var text: String {
    switch self {
    case .none: ""
    case .welcome(let account): "Welcome, \(account.username)! Your account is ready."
    case .failed(let error): error.description
    }
  }
}

/// The sign-up form without widgets: the view writes `username` and `password` and
/// binds the rest; tests drive it on a `TestScheduler`.
///
/// The user name is checked as the user types: local rules at once, then, once typing
/// has paused for `debounce`, the server (`flatMap(.latest)`, so a check of a name the
/// user has since changed is cancelled). A server answer only counts for the name it was
/// asked about, so a slow answer for an old name can never enable the button.
///
/// Retains nothing but its own properties, the command and the service: its
/// subscriptions end when it is released.
public final class SignUpViewModel {
  /// The user name field (the view writes it).
  public let username = MutableProperty("")
  /// The password field (the view writes it).
  public let password = MutableProperty("")

  /// The user name's state: local rules, waiting, checking, the server's answer.
  public let usernameStatus: Property<UsernameStatus>
  /// The password's strength.
  public let passwordStrength: Property<PasswordStrength>
  /// Whether both fields are acceptable (the name is known to be free).
  public let isFormValid: Property<Bool>
  /// Creates the account; enabled while the form is valid and no sign-up is running.
  public let signUp: Command<Void, Account, SignUpError>
  /// The outcome of the last sign-up.
  public let message: Property<SignUpMessage>

  /// A form that asks `service`, and waits on `scheduler` for typing to pause for
  /// `debounce` before checking a name.
  public init(
    service: AccountService, scheduler: Scheduler, debounce: Duration = .milliseconds(400)
  ) {
    let names = username.signal.distinctUntilChanged()
    // Each check carries the name it is about, from "checking" to the answer.
    let checks: Signal<UsernameStatus, Never> =
      names
      .debounce(debounce, on: scheduler)
      .flatMap(.latest) { name in
        guard UsernameStatus.problem(with: name) == nil else { return .empty() }
        return service.isAvailable(name)
          .map { $0 ? UsernameStatus.available(name) : .taken(name) }
          .catch { _ in .just(.unknown(name)) }
          .startWith(.checking(name))
      }
    let status = names.combineLatest(with: checks.startWith(.empty))
      .map { name, check -> UsernameStatus in
        if name.isEmpty { return .empty }
        if let problem = UsernameStatus.problem(with: name) { return .invalid(problem) }
        return check.checkedName == name ? check : .pending
      }
      .distinctUntilChanged()
    usernameStatus = Property(initial: .empty, then: status)
    passwordStrength = Property(password).map(PasswordStrength.init)

    let isFormValid = Property(
      initial: false,
      then: usernameStatus.signal.combineLatest(with: passwordStrength.signal)
        .map { status, strength in status.isAvailable && strength.isAcceptable }
        .distinctUntilChanged())
    self.isFormValid = isFormValid
    let (username, password) = (self.username, self.password)
    signUp = Command(enabledIf: isFormValid) {
      service.createAccount(username: username.value, password: password.value)
    }
    message = Property(
      initial: .none,
      then: Signal.merge([
        signUp.executionSignals.map { _ in SignUpMessage.none },
        signUp.values.map { .welcome($0) },
        signUp.errors.map { .failed($0) },
      ]))
  }
}
