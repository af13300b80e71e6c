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

// `--demo` types into the form as a user would: for screenshots and a quick look.
if CommandLine.arguments.contains("--demo") {
  form.usernameEntry.type("newton")
  form.passwordEntry.type("Apple-1687")
}

MainLoop.run()
