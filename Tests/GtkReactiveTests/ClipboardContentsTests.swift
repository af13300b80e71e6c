// A clipboard offering several forms at once: each application asking gets the form it asked for.
import CGtk
import Foundation
import GtkReactive
import GtkReactiveTesting
import XCTest

final class ClipboardContentsTests: GtkTestCase {
  /// What the X server's clipboard gives for `target` now, asked as another application
  /// asks (the answer comes back through the server).
  @MainActor
  private static func paste(_ target: String, from clipboard: Clipboard) -> SelectionData? {
    var answer: SelectionData?
    var answered = false
    clipboard.requestContents(target) { _, data in
      answer = data
      answered = true
    }
    XCTAssertTrue(MainLoop.iterate(until: { answered }, timeout: .seconds(5)), "\(target) answered")
    return answer
  }

  func testFilesTextAndARawTargetAreOfferedTogetherAsAFileManagerPastesThem() {
    gtk {
      guard let clipboard = Clipboard.get("CLIPBOARD") else { return XCTFail("no clipboard") }
      let uris = ["file:///photos/a%20b.png", "file:///photos/%C3%A9t%C3%A9.jpg"]
      let copied = (["copy"] + uris).joined(separator: "\n")
      XCTAssertTrue(
        clipboard.setContents(
          ClipboardContents(
            text: "/photos/a b.png\n/photos/été.jpg", uris: uris,
            targets: [.init("x-special/gnome-copied-files", text: copied)])))
      let offered = Self.paste("TARGETS", from: clipboard)
      let targets =
        offered.map { data in
          Self.atomNames(data)
        } ?? []
      for target in ["x-special/gnome-copied-files", "text/uri-list", "UTF8_STRING", "text/plain"] {
        XCTAssertTrue(targets.contains(target), "\(target) offered, among \(targets)")
      }
      XCTAssertFalse(targets.contains("image/png"), "no image offered")
      let nautilus = Self.paste("x-special/gnome-copied-files", from: clipboard)
      XCTAssertEqual(nautilus?.bytes.map { String(decoding: $0, as: UTF8.self) }, copied)
      XCTAssertEqual(Self.paste("text/uri-list", from: clipboard)?.uris, uris)
      XCTAssertEqual(clipboard.waitForUris(), uris)
      XCTAssertEqual(
        Self.paste("UTF8_STRING", from: clipboard)?.text, "/photos/a b.png\n/photos/été.jpg")
      XCTAssertEqual(clipboard.waitForText(), "/photos/a b.png\n/photos/été.jpg")
      clipboard.clear()
    }
  }

  func testAnImageIsOfferedInGdkPixbufsFormatsBesideItsFile() {
    gtk {
      guard let clipboard = Clipboard.get("CLIPBOARD") else { return XCTFail("no clipboard") }
      let pixbuf = Pixbuf(colorspace: .rgb, hasAlpha: false, bitsPerSample: 8, width: 3, height: 2)!
      pixbuf.fill(0xff00_00ff)
      XCTAssertTrue(
        clipboard.setContents(ClipboardContents(uris: ["file:///photos/red.png"], image: pixbuf)))
      let pasted = clipboard.waitForImage()
      XCTAssertEqual(pasted?.width, 3)
      XCTAssertEqual(pasted?.height, 2)
      XCTAssertEqual(
        Self.paste("image/png", from: clipboard)?.bytes?.prefix(4), [0x89, 0x50, 0x4e, 0x47])
      XCTAssertEqual(clipboard.waitForUris(), ["file:///photos/red.png"])
      XCTAssertNil(clipboard.waitForText(), "no text offered")
      clipboard.clear()
    }
  }

  func testTheContentsAreReleasedWhenAnotherOwnerTakesTheClipboardAndEmptyOnesAreRefused() {
    gtk {
      guard let clipboard = Clipboard.get("CLIPBOARD") else { return XCTFail("no clipboard") }
      let before = GtkBoxes.count
      XCTAssertFalse(clipboard.setContents(ClipboardContents()), "nothing to offer")
      XCTAssertTrue(clipboard.setContents(ClipboardContents(text: "first")))
      if GtkBoxes.isTracing { XCTAssertEqual(GtkBoxes.count, before + 1) }
      XCTAssertTrue(clipboard.setContents(ClipboardContents(text: "second")))
      XCTAssertEqual(clipboard.waitForText(), "second")
      if GtkBoxes.isTracing { XCTAssertEqual(GtkBoxes.count, before + 1, "the first released") }
      clipboard.setText("someone else's")
      if GtkBoxes.isTracing { XCTAssertEqual(GtkBoxes.count, before, "released on the new owner") }
      XCTAssertEqual(clipboard.waitForText(), "someone else's")
    }
  }

  /// The atom names a `TARGETS` answer lists.
  @MainActor
  private static func atomNames(_ data: SelectionData) -> [String] {
    guard let bytes = data.bytes, data.format == 32 else { return [] }
    // Atoms arrive as C longs (the X protocol's 32-bit format is `long` in Xlib).
    return bytes.withUnsafeBytes { raw in
      raw.bindMemory(to: Int.self).map { atom in
        let name = gdk_atom_name(GdkAtom(bitPattern: atom))
        defer { g_free(name) }
        return name.map { String(cString: $0) } ?? ""
      }
    }
  }
}
