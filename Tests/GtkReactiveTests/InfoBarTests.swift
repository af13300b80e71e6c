// An info bar's buttons and responses are typed as a dialog's are.
import GtkReactive
import GtkReactiveTesting
import Reactive
import XCTest

final class InfoBarTests: GtkTestCase {
  func testButtonsAndResponsesAreTyped() {
    gtk {
      let window = Window(type: .toplevel)
      let bar = InfoBar()
      window.add(bar)
      let responses = Recorder(bar.rx.responses)
      let retry = bar.addButton("_Retry", response: .apply)
      let custom = Button(label: "Details")
      bar.addActionWidget(custom, response: ResponseType(rawValue: 1))
      bar.showCloseButton = true
      window.showAll()
      click(retry)
      click(custom)
      bar.response(.close)
      XCTAssertEqual(responses.values, [.apply, ResponseType(rawValue: 1), .close])
      bar.setResponseSensitive(.apply, false)
      XCTAssertFalse(retry.isSensitive)
      bar.setResponseSensitive(.apply, true)
      XCTAssertTrue(retry.isSensitive)
      bar.setDefaultResponse(.apply)
      XCTAssertTrue(retry.hasDefault)
      responses.subscription?.dispose()
      window.destroy()
    }
  }
}
