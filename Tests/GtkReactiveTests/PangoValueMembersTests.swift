// Generated members that take or give Pango attribute lists and tab stops, as the Swift
// values `AttributeList` and `TabArray` (Pango's string forms).
import GtkReactiveTesting
import Reactive
import XCTest

@testable import GtkReactive
@testable import GtkReactiveBindings

final class PangoValueMembersTests: GtkTestCase {
  func testALabelsAttributesGoInAndComeBackAsPangoWritesThem() throws {
    try gtk {
      let label = Label("Hello world")
      XCTAssertNil(label.attributes)
      let bold = try XCTUnwrap(AttributeList("0 5 weight bold"))
      label.attributes = bold
      XCTAssertEqual(label.attributes, bold)
      XCTAssertEqual(label.attributes?.string, "0 5 weight bold")
      // Set through the GObject property, read through the getter.
      let red = try XCTUnwrap(AttributeList("6 11 foreground #ffff00000000"))
      label.rx.attributes.on(red)
      XCTAssertEqual(label.attributes, red)
      label.attributes = nil
      XCTAssertNil(label.attributes)
    }
  }

  func testAnEntrysAttributesAndTabs() throws {
    try gtk {
      let entry = Entry()
      entry.setAttributes(try XCTUnwrap(AttributeList("0 3 style italic")))
      XCTAssertEqual(entry.attributes?.string, "0 3 style italic")
      entry.setTabs(try XCTUnwrap(TabArray("40px 80px")))
      XCTAssertEqual(entry.tabs?.positions, [40, 80])
      XCTAssertEqual(entry.tabs?.positionsInPixels, true)
    }
  }

  func testATextViewAndATagTakeTabStops() throws {
    try gtk {
      let view = TextView()
      let tabs = try XCTUnwrap(TabArray("100 right:200"))
      view.setTabs(tabs)
      XCTAssertEqual(view.tabs, tabs)
      XCTAssertEqual(view.tabs?.positions, [100, 200])
      XCTAssertEqual(view.tabs?.positionsInPixels, false)
      let tag = TextTag(name: "tabbed")
      tag.tabs = tabs
      XCTAssertEqual(tag.tabs, tabs)
    }
  }

  func testStringsPangoCannotParseAreNil() {
    XCTAssertNil(AttributeList("0 5 no-such-attribute 3"))
    XCTAssertNil(TabArray("twelve"))
    XCTAssertEqual(AttributeList().string, "")
  }
}
