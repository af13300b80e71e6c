// Starts GTK, opens the sign-up window on a simulated server, and runs until it closes.
import Foundation
import GtkReactive
import Reactive
import SignUpModel

guard MainLoop.initialize() else {
  FileHandle.standardError.write(Data("sign-up: cannot open a display\n".utf8))
  exit(1)
}

let service = SimulatedAccountService(scheduler: MainLoopScheduler.main)
let form = SignUpWindow(
  viewModel: SignUpViewModel(service: service, scheduler: MainLoopScheduler.main))
form.window.rx.destroyed.subscribe(completed: { MainLoop.quit() })
form.window.showAll()

// `--demo` plays a user: types a name and a password, and presses Sign up as soon as
// the button allows it (for screenshots and a quick look).
if CommandLine.arguments.contains("--demo") {
  form.usernameEntry.text = "newton"
  form.passwordEntry.text = "Apple-1687"
  form.viewModel.signUp.isEnabled.changes.filter { $0 }.take(1)
    .subscribe(next: { _ in form.signUpButton.clicked() })
}

MainLoop.run()
