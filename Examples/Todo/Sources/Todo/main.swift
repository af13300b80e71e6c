// Starts the to-do application and runs until its window closes.
import Foundation
import GtkReactive
import Reactive
import TodoModel

/// The window, with a view model on the GLib main loop that starts from the desktop's
/// dark-theme preference.
func openWindow(in application: Application) -> TodoWindow {
  let todo = TodoWindow(application: application) { confirm in
    TodoViewModel(
      scheduler: MainLoopScheduler.main,
      prefersDarkTheme: Settings.default?.gtkApplicationPreferDarkTheme ?? false,
      confirm: confirm)
  }
  todo.window.showAll()
  return todo
}

/// Plays a user through the widgets, for screenshots and a quick look: types and adds
/// a few entries, checks the first one off.
func playDemo(in todo: TodoWindow) {
  for title in ["Buy milk", "Write the report", "Water the plants", "Call Ada"] {
    todo.newItemEntry.text = title
    todo.addButton.clicked()
  }
  if let first = todo.viewModel.items.value.first {
    todo.row(for: first.id)?.check.isActive = true
  }
}

// Non-unique: every launch is a list of its own, and no D-Bus session is needed.
let application = Application(applicationId: "org.reactivegtk.Todo", flags: .nonUnique)
var todo: TodoWindow?  // keeps the window's bindings until the process ends
application.rx.activate.subscribe(next: {
  guard todo == nil else { return }
  let opened = openWindow(in: application)
  if CommandLine.arguments.contains("--demo") { playDemo(in: opened) }
  todo = opened
})
// GApplication would refuse `--demo` as an unknown option: it gets the program name only.
exit(application.run(arguments: Array(CommandLine.arguments.prefix(1))))
