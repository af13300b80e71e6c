// The README's GtkReactive example, run for real: if this breaks, the README is wrong.
import GtkReactive
import GtkReactiveTesting
import Reactive
import XCTest

final class ReadmeExampleTests: GtkTestCase {
  func testTheGreeterFromTheReadme() {
    gtk {
      // --- as in README.md ---
      let window = Window(title: "Greeter")
      let box = Box(.vertical, spacing: 6)
      let name = Entry(placeholder: "Your name")
      let greeting = Label()
      box.packStart(name)
      box.packStart(greeting)
      window.add(box)

      let bag = DisposeBag()
      name.rx.text.values
        .map { $0.isEmpty ? "Who are you?" : "Hello, \($0)!" }
        .bind(to: greeting.rx.text)
        .disposed(by: bag)
      window.showAll()
      // --- end of the README's lines ---

      MainLoop.drain()
      XCTAssertEqual(greeting.text, "Who are you?")
      name.type("Ada")
      MainLoop.drain()
      XCTAssertEqual(greeting.text, "Hello, Ada!")
      window.destroy()
    }
  }
}
