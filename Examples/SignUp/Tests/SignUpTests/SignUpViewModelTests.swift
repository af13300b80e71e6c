// The form's logic on virtual time: debounce, cancelled checks, stale answers, the command.
import Reactive
import ReactiveTesting
import SignUpModel
import Testing

/// A form on a `TestScheduler` where one tick is 100 ms: typing must pause 4 ticks
/// before a name is checked, and the server answers 10 ticks after a request.
private final class Form {
  let scheduler: TestScheduler
  let service: SimulatedAccountService
  let viewModel: SignUpViewModel
  let statuses: TestableObserver<UsernameStatus, Never>
  private let recording: Disposable

  init(scheduler: TestScheduler, service other: ((TestScheduler) -> AccountService)?) {
    self.scheduler = scheduler
    service = SimulatedAccountService(scheduler: scheduler, latency: .seconds(1))
    viewModel = SignUpViewModel(
      service: other?(scheduler) ?? service, scheduler: scheduler,
      debounce: .milliseconds(400))
    statuses = scheduler.createObserver()
    recording = viewModel.usernameStatus.signal.subscribe(statuses.observer)
  }

  deinit { recording.dispose() }

  /// Types `name` and `password` and waits until the server has answered.
  func fillValidForm(name: String = "newton", password: String = "Apple-1687") {
    viewModel.username.value = name
    viewModel.password.value = password
    scheduler.advance(by: 4 + 10)
  }

  var status: UsernameStatus { viewModel.usernameStatus.value }
}

/// A server that never answers a check: every request fails.
private struct UnreachableService: AccountService {
  func isAvailable(_ username: String) -> Signal<Bool, SignUpError> { .error(.unreachable) }
  func createAccount(username: String, password: String) -> Signal<Account, SignUpError> {
    .error(.unreachable)
  }
}

/// Runs `body` with a fresh form, then checks that releasing the form freed every
/// library object it made.
private func withForm(
  service: ((TestScheduler) -> AccountService)? = nil, _ body: (Form) -> Void
) {
  // Counts this test's objects only, whatever other tests run beside it.
  let leaked = LiveObjectCount.leaks {
    let scheduler = TestScheduler(tickDuration: .milliseconds(100))
    do {
      let form = Form(scheduler: scheduler, service: service)
      body(form)
    }
    // Releasing the form cancelled its timers; a TestScheduler drops cancelled actions
    // only when its clock reaches them.
    scheduler.run()
  }
  #expect(leaked == 0, "the form leaked library objects")
}

@Suite("SignUpViewModel")
struct SignUpViewModelTests {
  @Test("starts empty: nothing to check, nothing to sign up")
  func startsEmpty() {
    withForm { form in
      #expect(form.status == .empty)
      #expect(form.viewModel.passwordStrength.value == .empty)
      #expect(form.viewModel.isFormValid.value == false)
      #expect(form.viewModel.signUp.isEnabled.value == false)
      #expect(form.viewModel.message.value == .none)
    }
  }

  @Test(
    "local rules",
    arguments: [
      ("ab", "At least 3 characters"),
      ("abcdefghijklmnopq", "At most 16 characters"),
      ("1abc", "Start with a letter from a to z"),
      ("Abc", "Start with a letter from a to z"),
      ("ab-c", "Use only a–z, 0–9 and _"),
      ("abç", "Use only a–z, 0–9 and _"),
      ("new_ton42", nil),
    ] as [(String, String?)])
  func localRules(name: String, problem: String?) {
    #expect(UsernameStatus.problem(with: name) == problem)
  }

  @Test("a name breaking a local rule is reported at once and never sent to the server")
  func invalidNameIsLocal() {
    withForm { form in
      form.viewModel.username.value = "ab"
      #expect(form.status == .invalid("At least 3 characters"))
      form.scheduler.advance(by: 20)
      #expect(form.service.checksStarted == 0)
      #expect(form.status == .invalid("At least 3 characters"))
    }
  }

  @Test("waits for typing to pause, shows checking, then the answer; one request")
  func debouncedCheck() {
    withForm { form in
      for (tick, text) in ["n", "ne", "new", "newt", "newto", "newton"].enumerated() {
        form.scheduler.advance(to: tick)
        form.viewModel.username.value = text
      }
      form.scheduler.advance(to: 8)
      #expect(form.status == .pending)
      #expect(form.service.checksStarted == 0)
      form.scheduler.advance(to: 9)
      #expect(form.status == .checking("newton"))
      form.scheduler.advance(to: 19)
      #expect(form.status == .available("newton"))
      #expect(form.service.checksStarted == 1)
      #expect(
        form.statuses.events == [
          .next(0, .empty), .next(0, .invalid("At least 3 characters")), .next(2, .pending),
          .next(9, .checking("newton")), .next(19, .available("newton")),
        ])
    }
  }

  @Test("changing the name cancels the check in flight (flatMap(.latest))")
  func changedNameCancelsCheck() {
    withForm { form in
      form.viewModel.username.value = "newton"
      form.scheduler.advance(to: 6)
      #expect(form.status == .checking("newton"))
      form.viewModel.username.value = "newton2"
      #expect(form.status == .pending)
      form.scheduler.advance(to: 10)
      #expect(form.service.checksCancelled == 1)
      #expect(form.status == .checking("newton2"))
      form.scheduler.advance(to: 30)
      #expect(form.status == .available("newton2"))
      #expect(!form.statuses.values.contains(.available("newton")))
    }
  }

  @Test("an answer for an old name never counts for the new one")
  func staleAnswerDoesNotEnable() {
    withForm { form in
      form.fillValidForm()
      #expect(form.viewModel.isFormValid.value)
      form.viewModel.username.value = "newtonx"
      #expect(form.status == .pending)
      #expect(form.viewModel.isFormValid.value == false)
      #expect(form.viewModel.signUp.isEnabled.value == false)
    }
  }

  @Test("a taken name keeps the form invalid")
  func takenName() {
    withForm { form in
      form.fillValidForm(name: "alice")
      #expect(form.status == .taken("alice"))
      #expect(form.viewModel.isFormValid.value == false)
      #expect(form.viewModel.signUp.isEnabled.value == false)
    }
  }

  @Test("a check the server cannot answer says so")
  func unreachableCheck() {
    withForm(service: { _ in UnreachableService() }) { form in
      form.viewModel.username.value = "newton"
      form.scheduler.advance(by: 4)
      #expect(form.status == .unknown("newton"))
      #expect(form.viewModel.signUp.isEnabled.value == false)
    }
  }

  @Test(
    "password strength",
    arguments: [
      ("", PasswordStrength.empty), ("abc", .tooShort), ("abcdefgh", .weak),
      ("12345678", .weak), ("abcdefg1", .fair), ("abcdefghijk1", .fair),
      ("Abcdef-1", .fair), ("Abcdefgh-123", .strong),
    ])
  func passwordStrength(password: String, strength: PasswordStrength) {
    #expect(PasswordStrength(password) == strength)
  }

  @Test("a weak password keeps the form invalid")
  func weakPassword() {
    withForm { form in
      form.fillValidForm(password: "abcdefgh")
      #expect(form.status == .available("newton"))
      #expect(form.viewModel.passwordStrength.value == .weak)
      #expect(form.viewModel.signUp.isEnabled.value == false)
    }
  }

  @Test("signing up: disabled while running, then a welcome; the name is then taken")
  func signUpSucceeds() {
    withForm { form in
      let command = form.viewModel.signUp
      form.fillValidForm()
      #expect(command.isEnabled.value)
      command.execute()
      #expect(command.isExecuting.value)
      #expect(command.isEnabled.value == false)
      #expect(form.viewModel.message.value == .none)
      form.scheduler.advance(by: 10)
      #expect(form.viewModel.message.value == .welcome(Account(username: "newton")))
      #expect(command.isExecuting.value == false)
      #expect(command.isEnabled.value)

      command.execute()
      form.scheduler.advance(by: 10)
      #expect(form.viewModel.message.value == .failed(.usernameTaken("newton")))
      #expect(form.service.signUpsStarted == 2)
    }
  }

  @Test("a refused sign-up shows the error and enables the button again")
  func signUpFails() {
    withForm { form in
      let command = form.viewModel.signUp
      form.fillValidForm(name: "carol")
      #expect(form.status == .available("carol"))
      command.execute()
      form.scheduler.advance(by: 10)
      #expect(form.viewModel.message.value == .failed(.usernameTaken("carol")))
      #expect(
        form.viewModel.message.value.text
          == "Sorry, “carol” was taken a moment ago. Please choose another name.")
      #expect(command.isEnabled.value)
    }
  }

  @Test("a disabled command starts nothing")
  func disabledCommand() {
    withForm { form in
      var failure: CommandError<SignUpError>?
      form.viewModel.signUp.execute().subscribe(error: { failure = $0 })
      #expect(failure == .disabled)
      #expect(form.service.signUpsStarted == 0)
    }
  }
}
