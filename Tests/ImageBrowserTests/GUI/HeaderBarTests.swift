// The header bar at any width: the title shortens before a control is hidden or cut,
// folding follows the width both ways, the filter's placeholder shows whole.
import CGtk
import Foundation
import GtkReactive
import GtkReactiveTesting
import XCTest

@testable import ImageBrowser
@testable import ImageBrowserCore
@testable import ImageBrowserPlatform
@testable import ImageBrowserTestImages
@testable import ImageBrowserTestSupport

final class HeaderBarTests: GUITestCase {
  /// A name a user has: accents, a dash, CJK, a space and brackets.
  static let longName = "Été à Zürich — ünïcode 写真 (1).jpg"

  func testALongNameIsShortenedBeforeAnyControlIsCut() throws {
    let folder = self.folder!
    gtk {
      let h = BrowserHarness(folder: folder)
      defer { h.close() }
      h.makeImages(4)
      h.rename("photo-1.png", to: Self.longName, asJPEG: true)
      let browser = h.makeBrowser(expecting: 4)
      let header = browser.header
      h.press("End", in: browser)
      XCTAssertEqual(header.nameLabel.text, Self.longName)
      let natural = header.nameLabel.preferredWidth.naturalWidth
      // Wide enough, the whole name; narrower, the name shortens and no control does (the
      // bar, which holds the browse toggle too, folds between 1,000 and 1,060 pixels here).
      for (width, whole) in [(1600, true), (1250, true), (1100, false), (1060, false)] {
        h.resize(browser, width: width)
        XCTAssertFalse(header.isCompact, "at \(width) pixels every control fits")
        Self.assertNoControlIsCut(header, at: width)
        if whole {
          XCTAssertGreaterThanOrEqual(
            header.nameLabel.allocatedWidth, natural, "at \(width) pixels the whole name shows")
        } else {
          XCTAssertLessThan(
            header.nameLabel.allocatedWidth, natural, "at \(width) pixels the name is shortened")
        }
        XCTAssertGreaterThan(
          header.positionLabel.allocatedWidth, 20, "at \(width) pixels the position shows")
        h.saveScreenshot(of: browser, named: "header-long-name-\(width)")
      }
    }
  }

  func testFoldingFollowsTheWidthInBothDirections() throws {
    let folder = self.folder!
    gtk {
      let h = BrowserHarness(folder: folder)
      defer { h.close() }
      h.makeImages(4)
      h.rename("photo-1.png", to: Self.longName, asJPEG: true)
      let browser = h.makeBrowser(expecting: 4)
      let header = browser.header
      h.press("End", in: browser)
      let needed = header.fullWidth
      XCTAssertLessThan(needed, 1100, "the controls and a shortened title fit the default width")
      for width in [900, 1400, 1152, 800, 1152, needed - 30, needed + 30] {
        h.resize(browser, width: width)
        let headerWidth = header.widget.allocatedWidth
        XCTAssertEqual(
          header.isCompact, headerWidth < needed,
          "at \(headerWidth) pixels (the controls need \(needed)) the bar is folded: \(header.isCompact)"
        )
        if !header.isCompact { Self.assertNoControlIsCut(header, at: width) }
      }
      // Folded at 900 pixels, the title has the room the controls left: the whole name.
      h.resize(browser, width: 900)
      XCTAssertTrue(header.isCompact)
      XCTAssertGreaterThanOrEqual(
        header.nameLabel.allocatedWidth, header.nameLabel.preferredWidth.naturalWidth,
        "folded, the whole name shows (title \(header.widget.customTitle?.allocatedWidth ?? 0) "
          + "of a \(header.widget.allocatedWidth) pixel bar)")
      h.saveScreenshot(of: browser, named: "header-long-name-folded-900")
      // A shorter name changes nothing of the decision: the controls' needs decide.
      h.resize(browser, width: needed + 10)
      h.press("Right", in: browser)
      XCTAssertFalse(header.isCompact)
      Self.assertNoControlIsCut(header, at: needed + 10)
    }
  }

  func testTheFilterShowsItsWholePlaceholder() throws {
    let folder = self.folder!
    gtk {
      let h = BrowserHarness(folder: folder)
      defer { h.close() }
      h.makeImages(2)
      let browser = h.makeBrowser(expecting: 2)
      let entry = browser.header.searchEntry
      for width in [1100, 1400] {
        h.resize(browser, width: width)
        let label = Label(entry.placeholderText)
        label.show()
        let placeholder = label.preferredWidth.naturalWidth
        XCTAssertGreaterThan(placeholder, 50, "\"\(entry.placeholderText)\" measured")
        // The entry's text area is its width less its frame and icon, which an entry
        // asked for no letters at all is.
        let probe = SearchEntry()
        probe.widthChars = 0
        probe.show()
        let frame = probe.preferredWidth.minimumWidth
        XCTAssertGreaterThanOrEqual(
          entry.allocatedWidth - frame, placeholder,
          "at \(width) pixels the placeholder \"\(entry.placeholderText)\" shows whole")
      }
    }
  }

  /// Fails for each control of the bar's full form that has less than its natural width.
  @MainActor private static func assertNoControlIsCut(
    _ header: BrowserHeaderBar, at width: Int, file: StaticString = #filePath, line: UInt = #line
  ) {
    let controls: [(String, Widget)] = [
      ("open", header.openButton), ("previous", header.previousButton),
      ("next", header.nextButton), ("zoom out", header.zoomOutButton),
      ("zoom in", header.zoomInButton), ("zoom field", header.zoomControl.widget),
      ("filter", header.searchEntry), ("sort", header.sortButton),
      ("slideshow", header.slideshowToggle), ("information", header.infoToggle),
      ("fullscreen", header.fullscreenToggle), ("menu", header.menuButton),
    ]
    for clip in header.secondaryControls {
      XCTAssertTrue(clip.isVisible, "every control shows at \(width)", file: file, line: line)
    }
    let bar = header.widget.allocation
    for (name, control) in controls {
      let natural = control.preferredWidth.naturalWidth
      XCTAssertGreaterThanOrEqual(
        control.allocatedWidth, natural, "\(name) has its width at \(width) pixels", file: file,
        line: line)
      // A control inside a clip can have its width and still be cut by the clip.
      let visible = Self.visibleWidth(of: control, in: header)
      XCTAssertGreaterThanOrEqual(
        visible, natural,
        "\(name) is not cut at \(width) pixels (bar \(bar.width), needs \(header.fullWidth)): "
          + Self.layout(of: header), file: file, line: line)
    }
  }

  /// The bar's children as allocated (natural): for a failure's message.
  @MainActor private static func layout(of header: BrowserHeaderBar) -> String {
    var parts: [String] = []
    for child in header.widget.children {
      let x = child.translateCoordinates(header.widget, srcX: 0, srcY: 0).destX
      parts.append(
        "\(type(of: child))@\(x):\(child.allocatedWidth)(\(child.preferredWidth.naturalWidth))"
          + (child.isVisible ? "" : " hidden"))
    }
    if let title = header.widget.customTitle {
      parts.append("title:\(title.allocatedWidth)(\(title.preferredWidth.naturalWidth))")
    }
    return parts.joined(separator: " ")
  }

  /// How much of `control` shows: its width less what its clip or the bar cuts off.
  @MainActor private static func visibleWidth(of control: Widget, in header: BrowserHeaderBar)
    -> Int
  {
    let bar = header.widget
    let x = control.translateCoordinates(bar, srcX: 0, srcY: 0).destX
    var low = max(x, 0)
    var high = min(x + control.allocatedWidth, bar.allocatedWidth)
    for clip in header.secondaryControls where control.isAncestor(clip) {
      let clipX = clip.translateCoordinates(bar, srcX: 0, srcY: 0).destX
      low = max(low, clipX)
      high = min(high, clipX + clip.allocatedWidth)
    }
    return max(0, high - low)
  }
}

extension BrowserHarness {
  /// Renames the generated `name` to `newName`, as a JPEG when `asJPEG`.
  func rename(_ name: String, to newName: String, asJPEG: Bool = false) {
    let source = folder.appendingPathComponent(name)
    let target = folder.appendingPathComponent(newName)
    if asJPEG, let pixbuf = try? Pixbuf(filename: source.path) {
      var error: UnsafeMutablePointer<GError>?
      gdk_pixbuf_savev(OpaquePointer(pixbuf.pointer), target.path, "jpeg", nil, nil, &error)
      XCTAssertNil(error, "saving \(newName)")
      try? FileManager.default.removeItem(at: source)
    } else {
      XCTAssertNoThrow(try FileManager.default.moveItem(at: source, to: target))
    }
  }

  /// Makes the browser's window `width` pixels wide and lets the bar settle.
  func resize(_ browser: BrowserWindow, width: Int, height: Int = 700) {
    browser.window.resize(width, height: height)
    XCTAssertTrue(
      MainLoop.iterate(until: { browser.window.size.width == width }),
      "the window is \(width) pixels wide (it is \(browser.window.size.width))")
    settle()
  }
}
