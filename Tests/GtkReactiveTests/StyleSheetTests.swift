// CSS as a sink: a widget's style changes per value, errors are reported, dispose undoes.
import CGtk
import GtkReactive
import GtkReactiveTesting
import Reactive
import XCTest

/// The computed CSS `opacity` of `widget`.
@MainActor
private func opacity(_ widget: Widget) -> Double {
  var value = GValue()
  gtk_style_context_get_property(
    gtk_widget_get_style_context(widget.pointer(as: GtkWidget.self)), "opacity",
    GTK_STATE_FLAG_NORMAL, &value)
  defer { g_value_unset(&value) }
  return g_value_get_double(&value)
}

final class StyleSheetTests: GtkTestCase {
  func testAWidgetStyleSheetChangesTheStylePerValueAndIsRemovedOnDispose() {
    gtk {
      let boxes = GtkBoxes.count
      let label = Label("Styled")
      let other = Label("Plain")
      let css = PublishSubject<String, Never>()
      XCTAssertEqual(opacity(label), 1)
      let binding = css.signal.bind(to: label.rx.styleSheet)
      css.send("* { opacity: 0.5; }")
      XCTAssertEqual(opacity(label), 0.5, accuracy: 0.001)
      XCTAssertEqual(opacity(other), 1, "a widget's style sheet is its own")
      css.send("* { opacity: 0.25; }")
      XCTAssertEqual(opacity(label), 0.25, accuracy: 0.001)
      binding.dispose()
      MainLoop.drain()
      XCTAssertEqual(opacity(label), 1)
      css.send("* { opacity: 0.1; }")
      XCTAssertEqual(opacity(label), 1)
      XCTAssertEqual(GtkBoxes.count, boxes)
    }
  }

  func testAScreenStyleSheetStylesEveryWidget() throws {
    try gtk {
      let screen = try XCTUnwrap(Screen.default)
      let label = Label("Styled")
      let binding = Signal.just("label { opacity: 0.75; }").bind(to: screen.rx.styleSheet)
      XCTAssertEqual(opacity(label), 0.75, accuracy: 0.001)
      binding.dispose()
      MainLoop.drain()
      XCTAssertEqual(opacity(label), 1)
    }
  }

  func testCSSErrorsAreReportedWithTheirPosition() {
    gtk {
      let label = Label("Styled")
      var errors: [StyleSheetError] = []
      let binding = Signal.just("label {\n  opacity: 0.5;\n  colr: red;\n}")
        .bind(to: label.rx.styleSheet(onError: { errors.append($0) }))
      XCTAssertEqual(errors.count, 1)
      XCTAssertEqual(errors.first?.line, 3)
      XCTAssertTrue(errors.first?.description.contains("colr") ?? false, "\(errors)")
      XCTAssertEqual(opacity(label), 0.5, accuracy: 0.001, "the valid rules still apply")
      binding.dispose()
    }
  }
}
