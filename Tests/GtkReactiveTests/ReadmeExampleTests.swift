// The README's GtkReactive example, run for real: if this breaks, the README is wrong.
import GtkReactive
import GtkReactiveTesting
import Reactive
import XCTest

final class ReadmeExampleTests: GtkTestCase {
  func testTheGreeterFromTheReadme() {
    gtk {
      // --- as in README.md ---
      let window = Window(type: .toplevel)
      window.title = "Greeter"
      let box = Box(orientation: .vertical, spacing: 6)
      let name = Entry()
      name.placeholderText = "Your name"
      let greeting = Label()
      box.add(name)
      box.add(greeting)
      window.add(box)

      let bag = DisposeBag()
      name.rx.text.values
        .map { $0.isEmpty ? "Who are you?" : "Hello, \($0)!" }
        .bind(to: greeting.rx.label)
        .disposed(by: bag)
      window.showAll()
      // --- end of the README's lines ---

      MainLoop.drain()
      XCTAssertEqual(greeting.text, "Who are you?")
      type("Ada", into: name)
      MainLoop.drain()
      XCTAssertEqual(greeting.text, "Hello, Ada!")
      window.destroy()
    }
  }
}
