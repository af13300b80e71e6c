// A window built from reactive bindings, shown for real; set GTKREACTIVE_SCREENSHOT to a
// path to capture the screen with ImageMagick's `import` while it is up.
import CGtk
import Foundation
import GtkReactive
import GtkReactiveTesting
import Reactive
import XCTest

final class ShowcaseTests: GtkTestCase {
  func testShowcaseWindow() throws {
    try gtk {
      let window = Window(type: .toplevel)
      window.title = "GtkReactive"
      window.setDefaultSize(360, height: 220)
      let header = HeaderBar()
      header.title = "GtkReactive"
      header.showCloseButton = true
      window.titlebar = header
      let column = Box(orientation: .vertical, spacing: 8)
      column.borderWidth = 12
      let entry = Entry()
      entry.placeholderText = "Type a name"
      let greeting = Label()
      let toggle = CheckButton(label: "Shout")
      let button = Button(label: "Say hello")
      let scale = Scale(orientation: .horizontal, min: 0, max: 10, step: 1)
      for widget: Widget in [entry, greeting, toggle, scale, button] { column.add(widget) }
      window.add(column)

      let bag = DisposeBag()
      entry.rx.text.values.map { $0.isEmpty ? "Hello, nobody" : "Hello, \($0)" }
        .bind(to: greeting.rx.label).disposed(by: bag)
      entry.rx.text.values.map { !$0.isEmpty }.bind(to: button.rx.isSensitive).disposed(by: bag)
      scale.rx.value.values.map { "value \(Int($0))" }.bind(to: header.rx.subtitle)
        .disposed(by: bag)
      try toggle.rx.bind("active", to: button, "visible", flags: [.syncCreate, .invertBoolean])
        .disposed(by: bag)

      window.showAll()
      type("GTK", into: entry)
      scale.value = 7
      MainLoop.iterate(for: .milliseconds(300))
      XCTAssertEqual(greeting.text, "Hello, GTK")
      XCTAssertEqual(header.subtitle, "value 7")
      XCTAssertTrue(button.isSensitive)

      if let path = ProcessInfo.processInfo.environment["GTKREACTIVE_SCREENSHOT"] {
        let capture = Process()
        capture.executableURL = URL(fileURLWithPath: "/usr/bin/import")
        capture.arguments = ["-window", "root", path]
        try capture.run()
        while capture.isRunning { MainLoop.iterate(for: .milliseconds(20)) }
        XCTAssertEqual(capture.terminationStatus, 0)
      }
      window.destroy()
    }
  }
}
