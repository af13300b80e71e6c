// Generated members that take arrays of types and objects, flags C updates in place,
// plain size structs, and callbacks over a list store's items: real stores, a real
// keymap and real widgets.
import Foundation
import GtkReactiveTesting
import Reactive
import XCTest

@testable import GtkReactive
@testable import GtkReactiveBindings

final class ArrayAndCallbackItemMembersTests: GtkTestCase {
  func testAListStoresColumnTypesAreTheSwiftTypesGiven() {
    gtk {
      let store = ListStore(types: [String.self, Int32.self, Label.self])
      XCTAssertEqual(store.nColumns, 3)
      XCTAssertEqual(store.columnType(0), String.valueType)
      XCTAssertEqual(store.columnType(1), Int32.valueType)
      XCTAssertEqual(store.columnType(2), Label.gType)
      let tree = TreeStore(types: [Bool.self])
      XCTAssertEqual(tree.columnType(0), Bool.valueType)
      let later = ListStore(types: [Int32.self])
      later.setColumnTypes([Double.self, String.self])
      XCTAssertEqual(later.nColumns, 2)
      XCTAssertEqual(later.columnType(0), Double.valueType)
    }
  }

  func testAStreamWritesSeveralBuffersInOneCall() throws {
    let path = NSTemporaryDirectory() + "vectors-\(getpid()).bin"
    defer { try? FileManager.default.removeItem(atPath: path) }
    try gtk {
      let file = try XCTUnwrap(AnyFile.newForPath(path))
      let stream = try XCTUnwrap(try file.create([], cancellable: nil))
      let all = try stream.writevAll([[1, 2, 3], [], [4, 5]], cancellable: nil)
      XCTAssertTrue(all.result)
      XCTAssertEqual(all.bytesWritten, 5)
      let some = try stream.writev([[6], [7, 8]], cancellable: nil)
      XCTAssertEqual(some.bytesWritten, 3)
      XCTAssertTrue(try stream.close(nil))
      XCTAssertThrowsError(try stream.writevAll([[9]], cancellable: nil), "a closed stream")
    }
    XCTAssertEqual(
      [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))), [1, 2, 3, 4, 5, 6, 7, 8])
  }

  func testAGioListStoreSortsAndFindsItsItemsThroughSwiftClosures() {
    gtk {
      let store = Gio.ListStore(itemType: Label.self)
      let labels = ["pear", "apple", "fig"].map { Label($0) }
      store.splice(0, nRemovals: 0, additions: labels)
      XCTAssertEqual(store.nItems, 3)
      let byText: (Object, Object) -> Int = { left, right in
        let (a, b) = (text(of: left), text(of: right))
        return a < b ? -1 : a == b ? 0 : 1
      }
      store.sort(byText)
      XCTAssertEqual(texts(of: store), ["apple", "fig", "pear"])
      XCTAssertEqual(store.insertSorted(Label("banana"), compareFunc: byText), 1)
      XCTAssertEqual(texts(of: store), ["apple", "banana", "fig", "pear"])
      let found = store.findWithEqualFuncFull(Label("fig")) { left, right in
        text(of: left) == text(of: right)
      }
      XCTAssertTrue(found.result)
      XCTAssertEqual(found.position, 2)
      XCTAssertEqual(store.item(2)?.pointer, labels[2].pointer, "the object itself, not a copy")
      store.splice(1, nRemovals: 2, additions: [])
      XCTAssertEqual(texts(of: store), ["apple", "pear"])
    }
  }

  func testAWidgetsPreferredSizeIsItsMinimumAndNaturalRequisition() {
    gtk {
      let label = Label("a natural width")
      label.setSizeRequest(40, height: 30)
      XCTAssertEqual(label.preferredSize.minimumSize, Requisition(), "hidden: no size")
      label.show()
      let size = label.preferredSize
      XCTAssertGreaterThanOrEqual(size.minimumSize.height, 30)
      XCTAssertGreaterThanOrEqual(size.minimumSize.width, 40)
      XCTAssertGreaterThan(size.naturalSize.width, size.minimumSize.width - 1)
      let wide = Label("a much longer natural width than the first")
      wide.show()
      XCTAssertGreaterThan(wide.preferredSize.naturalSize.width, size.naturalSize.width)
    }
  }

  func testGeometryHintsConstrainASize() {
    gtk {
      var hints = Geometry()
      hints.minWidth = 100
      hints.minHeight = 50
      hints.maxWidth = 300
      hints.maxHeight = 200
      hints.widthIncrement = 10
      hints.heightIncrement = 10
      let small = Gdk.Window.constrainSize(
        hints, flags: [.minSize, .maxSize], width: 20, height: 20)
      XCTAssertEqual(small.newWidth, 100)
      XCTAssertEqual(small.newHeight, 50)
      let large = Gdk.Window.constrainSize(hints, flags: [.maxSize], width: 999, height: 999)
      XCTAssertEqual(large.newWidth, 300)
      XCTAssertEqual(large.newHeight, 200)
      let stepped = Gdk.Window.constrainSize(
        hints, flags: [.minSize, .resizeInc], width: 125, height: 77)
      XCTAssertEqual(stepped.newWidth, 120)
      XCTAssertEqual(stepped.newHeight, 70)
      let window = Window(type: .toplevel)
      window.setGeometryHints(nil, geometry: hints, geomMask: [.minSize])
      window.destroy()
    }
  }

  func testTheKeymapGivesTheKeysOfAKeyvalAndBack() throws {
    try gtk {
      let keymap = try XCTUnwrap(Keymap.getForDisplay(try XCTUnwrap(Display.default)))
      let keyvalA = 0x61  // GDK_KEY_a: keyvals of Latin-1 letters are their code points
      let entries = keymap.entriesForKeyval(keyvalA)
      XCTAssertTrue(entries.result)
      let key = try XCTUnwrap(entries.keys.first)
      XCTAssertGreaterThan(key.keycode, 8, "X keycodes start at 8")
      XCTAssertEqual(keymap.lookupKey(key), keyvalA)
      let shifted = KeymapKey(keycode: key.keycode, group: key.group, level: 1)
      XCTAssertEqual(keymap.lookupKey(shifted), 0x41)
      let forCode = keymap.entriesForKeycode(key.keycode)
      XCTAssertEqual(forCode.keys.count, forCode.keyvals.count)
      XCTAssertTrue(forCode.keyvals.contains(keyvalA))
    }
  }

  func testVirtualModifiersAreUpdatedInPlace() throws {
    try gtk {
      let keymap = try XCTUnwrap(Keymap.getForDisplay(try XCTUnwrap(Display.default)))
      var state: ModifierType = [.super]
      XCTAssertTrue(keymap.mapVirtualModifiers(&state))
      XCTAssertTrue(state.contains(.super))
      XCTAssertNotEqual(state, [.super], "the real modifier Super is on was added")
      var real = state.subtracting([.super])
      keymap.addVirtualModifiers(&real)
      XCTAssertTrue(real.contains(.super), "\(real)")
    }
  }
}

@MainActor
private func texts(of store: Gio.ListStore) -> [String] {
  (0..<store.nItems).compactMap { store.item($0).map(text(of:)) }
}

/// The text of a list store's item, which the store's callbacks see as an `Object`.
@MainActor
private func text(of item: Object) -> String {
  item.cast(to: Label.self)?.text ?? ""
}
