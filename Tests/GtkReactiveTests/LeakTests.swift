// Guarantee 3: a destroyed and released window finalizes every GObject and frees every
// Swift box: no reference cycle through subscriptions or bindings.
import CGtk
import GtkReactive
import GtkReactiveTesting
import Reactive
import ReactiveTesting
import XCTest

final class LeakTests: GtkTestCase {
  func testADestroyedWindowFreesEveryObjectAndBox() throws {
    try gtk {
      let boxes = GtkBoxes.count
      let live = LiveObjectCount.current
      let probe = FinalizationProbe()
      do {
        let bag = DisposeBag()
        let names = PublishSubject<[String], Never>()
        let window = Window(type: .toplevel)
        window.title = "leaks"
        let box = Box(orientation: .vertical, spacing: 4)
        let entry = Entry()
        let label = Label()
        let toggle = CheckButton(label: "enabled")
        let button = Button(label: "OK")
        let iconView = IconView()
        for object: Object in [window, box, entry, label, toggle, button, iconView] {
          probe.watch(object)
        }
        window.add(box)
        for widget: Widget in [entry, label, toggle, button, iconView] {
          box.packStart(widget, expand: false, fill: true, padding: 0)
        }

        // Subscriptions whose closures mention their own widgets.
        entry.rx.text.values.bind(to: label.rx.label).disposed(by: bag)
        button.rx.clicked.subscribe(next: { entry.text = "clicked" }).disposed(by: bag)
        toggle.rx.isActive.values.bind(to: button.rx.isSensitive).disposed(by: bag)
        window.rx.keyPress.subscribe(next: { _ in label.text = "key" }).disposed(by: bag)
        try toggle.rx.bind("active", to: entry, "sensitive").disposed(by: bag)
        names.signal.bind(
          to: iconView.rx.items(columns: [String.self], textColumn: 0) {
            row, _, name in row.set(0, name)
          }
        ).disposed(by: bag)
        names.send(["a", "b", "c"])
        button.rx.clicked.subscribe()  // not kept: ends with the button

        window.showAll()
        MainLoop.iterate(for: .milliseconds(50))
        button.clicked()
        XCTAssertEqual(label.text, "clicked")
        XCTAssertEqual(iconView.model?.count, 3)
        window.destroy()
        _ = bag  // the view's bag is released with it
      }
      MainLoop.drain()
      XCTAssertEqual(probe.finalized, probe.watched, "every GObject finalized")
      XCTAssertEqual(GtkBoxes.count, boxes, "every Swift box freed")
      XCTAssertEqual(LiveObjectCount.current, live, "every Reactive object freed")
    }
  }

  func testSubscriptionsDoNotKeepTheirWidgetAlive() throws {
    gtk {
      let probe = FinalizationProbe()
      var subscription: Disposable?
      do {
        let button = Button(label: "OK")
        probe.watch(button)
        subscription = button.rx.clicked.subscribe(next: { [weak button] in _ = button?.label })
        _ = button.rx.label
      }
      XCTAssertEqual(probe.finalized, 1)
      subscription?.dispose()
    }
  }
}
