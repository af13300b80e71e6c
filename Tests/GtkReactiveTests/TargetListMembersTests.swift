// Generated members that take or give drag-and-drop and clipboard targets: arrays of
// `TargetEntry` with their length, and `TargetList` values read from and given to GTK.
import CGtk
import GtkReactiveTesting
import Reactive
import XCTest

@testable import GtkReactive
@testable import GtkReactiveBindings

final class TargetListMembersTests: GtkTestCase {
  private let plain = TargetEntry("text/plain", info: 7)
  private let uris = TargetEntry("text/uri-list", flags: .otherApp, info: 9)

  func testADragSourceTakesAnArrayOfEntriesAndGivesThemBackAsAList() {
    let (plain, uris) = (plain, uris)
    gtk {
      let view = EventBox()
      view.dragSourceSet(.button1, targets: [plain, uris], actions: .copy)
      XCTAssertEqual(view.dragSourceGetTargetList()?.entries, [plain, uris])
      view.dragSourceSet(.button1, targets: [], actions: .copy)
      XCTAssertEqual(view.dragSourceGetTargetList()?.entries ?? [], [], "no entries is valid")
    }
  }

  func testATargetListSetOnADropSiteAndADragSourceReadsBack() {
    let (plain, uris) = (plain, uris)
    gtk {
      let label = EventBox()
      label.dragDestSet(.all, targets: [String](), actions: .move)
      label.dragDestSetTargetList([uris, plain])
      XCTAssertEqual(label.dragDestGetTargetList(), [uris, plain])
      label.dragDestSetTargetList(nil)
      XCTAssertNil(label.dragDestGetTargetList())

      label.dragSourceSet(.button1, targets: [plain], actions: .copy)
      XCTAssertEqual(label.dragSourceGetTargetList()?.targets, ["text/plain"])
      label.dragSourceSetTargetList(TargetList([uris]))
      XCTAssertEqual(label.dragSourceGetTargetList()?.entries, [uris])
    }
  }

  func testATreeViewsModelDragSourceAndDestTakeEntries() {
    let (plain, uris) = (plain, uris)
    gtk {
      let tree = TreeView()
      tree.enableModelDragSource(.button1, targets: [plain], actions: .move)
      tree.enableModelDragDest([uris, plain], actions: .copy)
      XCTAssertEqual(tree.dragSourceGetTargetList()?.entries, [plain])
      XCTAssertEqual(tree.dragDestGetTargetList()?.entries, [uris, plain])
    }
  }

  func testATextBuffersCopyAndPasteTargetsAreItsRichTextAndTextTargets() {
    gtk {
      let buffer = TextBuffer()
      let copy = buffer.copyTargetList.targets
      XCTAssertEqual(copy.first, "GTK_TEXT_BUFFER_CONTENTS", "\(copy)")
      XCTAssertTrue(copy.contains("UTF8_STRING"), "\(copy)")
      XCTAssertEqual(buffer.pasteTargetList.targets.first, "GTK_TEXT_BUFFER_CONTENTS")
      // The GObject property reads the same list through a boxed GValue.
      let property = GValues.property(
        buffer.pointer, "copy-target-list", type: TargetList.valueType, as: TargetList.self)
      XCTAssertEqual(property, buffer.copyTargetList)
    }
  }

  func testAToolPalettesOwnTargetsAreTheOnesItSetsOnADropSite() {
    gtk {
      let palette = ToolPalette()
      let site = EventBox()
      palette.addDragDest(site, flags: .all, targets: .items, actions: .copy)
      XCTAssertEqual(site.dragDestGetTargetList()?.entries, [ToolPalette.dragTargetItem])
      XCTAssertEqual(ToolPalette.dragTargetItem.target, "application/x-gtk-tool-palette-item")
      XCTAssertEqual(ToolPalette.dragTargetGroup.target, "application/x-gtk-tool-palette-group")
      XCTAssertEqual(ToolPalette.dragTargetItem.flags, .sameApp)
    }
  }

  func testATargetListCrossesAGValueBothWays() {
    let (plain, uris) = (plain, uris)
    let list: TargetList = [plain, uris]
    var value = GValue()
    g_value_init(&value, TargetList.valueType)
    defer { g_value_unset(&value) }
    list.write(to: &value)
    XCTAssertEqual(TargetList.read(from: &value), list)
  }
}
