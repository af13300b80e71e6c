// A clipboard request whose callback GTK calls with a NULL-terminated array of strings:
// the URIs this process offers, read back through the main loop.
import GtkReactiveTesting
import Reactive
import XCTest

@testable import GtkReactive
@testable import GtkReactiveBindings

final class ClipboardRequestMembersTests: GtkTestCase {
  func testRequestedURIsArriveAsAnArrayOnTheMainLoop() {
    gtk {
      guard let clipboard = Clipboard.get("CLIPBOARD") else { return XCTFail("no clipboard") }
      let uris = ["file:///notes/a%20b.md", "file:///notes/%C3%A9t%C3%A9.md"]
      XCTAssertTrue(clipboard.setContents(ClipboardContents(uris: uris)))
      var received: [[String]] = []
      clipboard.requestUris { from, given in
        XCTAssertEqual(from.pointer, clipboard.pointer)
        received.append(given)
      }
      runMainLoop(until: { !received.isEmpty })
      XCTAssertEqual(received, [uris])
      clipboard.clear()
      var empty: [[String]] = []
      clipboard.requestUris { _, given in empty.append(given) }
      runMainLoop(until: { !empty.isEmpty })
      XCTAssertEqual(empty, [[]], "no URIs on the clipboard: an empty array")
    }
  }

  func testRequestedTargetsArriveAsTheirNames() {
    gtk {
      guard let clipboard = Clipboard.get("CLIPBOARD") else { return XCTFail("no clipboard") }
      XCTAssertTrue(
        clipboard.setContents(ClipboardContents(text: "notes", uris: ["file:///notes/a.md"])))
      var received: [[String]] = []
      clipboard.requestTargets { _, targets in received.append(targets) }
      runMainLoop(until: { !received.isEmpty })
      let targets = received.first ?? []
      for target in ["text/uri-list", "UTF8_STRING", "TARGETS"] {
        XCTAssertTrue(targets.contains(target), "\(target) among \(targets)")
      }
      XCTAssertFalse(targets.contains("image/png"), "no image offered")
      clipboard.clear()
    }
  }
}
