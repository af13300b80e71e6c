// Generated members that take arrays with a length argument (numbers, strings, colours)
// or give them with an out length (strings, atoms), as Swift arrays. Arrays of numbers
// (`TreeModel.rowsReordered`'s new order) take the same path as strings and colours.
import GtkReactiveTesting
import Reactive
import XCTest

@testable import GtkReactive
@testable import GtkReactiveBindings

final class ArrayMembersTests: GtkTestCase {
  func testAnIconThemesSearchPathGoesInAndComesBackAsStrings() {
    gtk {
      let theme = IconTheme()
      let path = ["/nonexistent/icons-a", "/nonexistent/icons-b", "/nonexistent/é"]
      theme.setSearchPath(path)
      XCTAssertEqual(theme.searchPath(), path)
      theme.setSearchPath([])
      XCTAssertEqual(theme.searchPath(), [], "no folders is valid")
    }
  }

  func testAThemedIconFromSeveralNamesKeepsThemInOrder() {
    gtk {
      let icon = ThemedIcon(iconnames: ["document-open", "folder", "text-x-generic"])
      // GIO adds each name's symbolic form after the names given.
      XCTAssertEqual(Array(icon.names.prefix(3)), ["document-open", "folder", "text-x-generic"])
    }
  }

  func testATextBuffersSerializeFormatsAreAtomNames() {
    gtk {
      let buffer = TextBuffer()
      let richText = "application/x-gtk-text-buffer-rich-text"
      XCTAssertEqual(buffer.serializeFormats, [richText])
      let format = buffer.registerSerializeTagset("reactive")
      XCTAssertEqual(format, richText + ";format=reactive")
      XCTAssertEqual(buffer.serializeFormats, [richText, format])
      let other = buffer.registerDeserializeTagset("reactive")
      XCTAssertEqual(
        buffer.deserializeFormats, [other], "rich text is registered to serialize only")
    }
  }

  func testAClipboardOwnedHereListsItsTargets() {
    gtk {
      let clipboard = Clipboard.get("CLIPBOARD")!
      clipboard.setText("hello")
      let (found, targets) = clipboard.waitForTargets()
      XCTAssertTrue(found)
      XCTAssertTrue(targets.contains("UTF8_STRING"), "\(targets)")
      XCTAssertTrue(targets.contains("TEXT"), "\(targets)")
    }
  }

  func testAColorChoosersPaletteTakesAnArrayOfColours() {
    gtk {
      let chooser = ColorChooserWidget()
      let red = RGBA(red: 1, green: 0, blue: 0, alpha: 1)
      let blue = RGBA(red: 0, green: 0, blue: 1, alpha: 1)
      // The first palette replaces GTK's default ones; each later one adds a swatch a colour.
      chooser.addPalette(.horizontal, colorsPerLine: 2, colors: [red, blue])
      let one = chooser.allChildren().count
      chooser.addPalette(.horizontal, colorsPerLine: 3, colors: [blue, red, blue])
      XCTAssertEqual(chooser.allChildren().count, one + 4, "a grid and its three swatches")
    }
  }
}

extension Widget {
  /// Every widget below this one.
  fileprivate func allChildren() -> [Widget] {
    guard let container = cast(to: Container.self) else { return [] }
    return container.children.flatMap { [$0] + $0.allChildren() }
  }
}
