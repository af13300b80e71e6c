// Members that give out variants and iterators: a real menu's attributes and links read
// through its iterators, an action group's query, a detailed action name parsed, and a
// file info's attribute mask.
import Foundation
import GtkReactiveTesting
import Reactive
import XCTest

@testable import GtkReactive
@testable import GtkReactiveBindings

final class MenuAndActionQueryMembersTests: GtkTestCase {
  func testAMenusItemAttributesAndLinksAreReadThroughIterators() throws {
    try gtk {
      let menu = Gio.Menu()
      menu.append("Open", detailedAction: "app.open::notes")
      let more = Gio.Menu()
      more.append("About", detailedAction: "app.about")
      menu.appendSubmenu("More", submenu: more)

      let attributes = try XCTUnwrap(menu.iterateItemAttributes(0))
      var read: [String: String] = [:]
      while true {
        let step = attributes.getNext()
        guard step.result, let name = step.outName, let value = step.value else { break }
        read[name] = value.value(as: String.self)
        XCTAssertEqual(attributes.name, name, "the iterator is on the attribute getNext gave")
      }
      XCTAssertEqual(read["label"], "Open")
      XCTAssertEqual(read["action"], "app.open")
      XCTAssertEqual(read["target"], "notes")

      let links = try XCTUnwrap(menu.iterateItemLinks(1))
      let link = links.getNext()
      XCTAssertTrue(link.result)
      XCTAssertEqual(link.outLink, "submenu")
      XCTAssertEqual(link.value?.nItems, 1)
      XCTAssertFalse(links.getNext().result, "one link only")
    }
  }

  func testAnActionGroupIsQueriedForAnActionsState() {
    gtk {
      let group = SimpleActionGroup()
      let zoom = SimpleAction(name: "zoom", parameterType: nil, state: Variant(Int32(3)))
      group.addAction(zoom)
      let query = group.queryAction("zoom")
      XCTAssertTrue(query.result)
      XCTAssertTrue(query.enabled)
      XCTAssertNil(query.parameterType)
      XCTAssertEqual(query.stateType?.string, "i")
      XCTAssertEqual(query.state?.value(as: Int32.self), 3)
      XCTAssertFalse(group.queryAction("missing").result)
    }
  }

  func testADetailedActionNameIsParsedIntoItsNameAndTarget() throws {
    try gtk {
      let parsed = try AnyAction.parseDetailedName("app.open::notes")
      XCTAssertEqual(parsed.actionName, "app.open")
      XCTAssertEqual(parsed.targetValue?.value(as: String.self), "notes")
      let plain = try AnyAction.parseDetailedName("win.close")
      XCTAssertNil(plain.targetValue)
      XCTAssertThrowsError(try AnyAction.parseDetailedName("bad name(")) { error in
        XCTAssertFalse("\(error)".isEmpty)
      }
    }
  }

  func testAFileAttributeMatcherMatchesAndMasksAFileInfo() {
    gtk {
      let matcher = FileAttributeMatcher(attributes: "standard::name,time::*")
      XCTAssertTrue(matcher.matches("standard::name"))
      XCTAssertTrue(matcher.matches("time::modified"))
      XCTAssertFalse(matcher.matches("standard::size"))
      XCTAssertEqual(matcher.toString(), "standard::name,time::*")

      let info = FileInfo()
      info.setAttributeMask(matcher)
      info.name = "notes.md"
      XCTAssertEqual(info.name, "notes.md", "in the mask: kept")
      info.unsetAttributeMask()
    }
  }
}
