// The About dialog under Xvfb: the facts the metainfo declares, from the main menu.
import Foundation
import GtkReactive
import GtkReactiveTesting
import XCTest

@testable import ImageBrowser
@testable import ImageBrowserCore
@testable import ImageBrowserPlatform
@testable import ImageBrowserTestImages
@testable import ImageBrowserTestSupport

final class AboutTests: GUITestCase {
  /// The repository's AppStream metainfo template.
  static let metainfo = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
    .appendingPathComponent("resources/org.reactivegtk.ImageBrowser.metainfo.xml.in")

  func testTheDialogSaysWhatTheMetainfoDeclares() throws {
    let text = try String(contentsOf: Self.metainfo, encoding: .utf8)
    gtk {
      let about = AboutWindow()
      defer { about.dialog.destroy() }
      let dialog = about.dialog
      XCTAssertEqual(dialog.programName, "Image Browser")
      XCTAssertTrue(
        text.contains("<release version=\"\(dialog.version)\""),
        "the version is the metainfo's release \(dialog.version)")
      let newest = text.range(of: "<release version=\"")
      XCTAssertNotNil(newest)
      XCTAssertTrue(text[newest!.upperBound...].hasPrefix(dialog.version + "\""), "the newest")
      XCTAssertTrue(text.contains("<summary>\(dialog.comments)</summary>"))
      XCTAssertEqual(dialog.authors, ["The ReactiveGtk developers"])
      XCTAssertTrue(text.contains("<developer_name>\(dialog.authors[0])</developer_name>"))
      XCTAssertEqual(dialog.logoIconName, "org.reactivegtk.ImageBrowser")
      // Nothing the metainfo does not declare.
      XCTAssertFalse(text.contains("<project_license>"))
      XCTAssertEqual(dialog.license, "")
      XCTAssertEqual(dialog.website, "")

      about.present(over: nil)
      MainLoop.drain()
      XCTAssertTrue(dialog.isVisible)
      var closed = false
      about.onClose = { closed = true }
      dialog.response(Int(ResponseType.deleteEvent.rawValue))
      MainLoop.drain()
      XCTAssertTrue(closed)
      XCTAssertFalse(dialog.isVisible)
    }
  }

  func testTheTranslatorsAreCreditedInGerman() {
    gtk {
      withLanguage("de") {
        let about = AboutWindow()
        defer { about.dialog.destroy() }
        XCTAssertEqual(about.dialog.programName, "Bildbrowser")
        XCTAssertFalse(about.dialog.translatorCredits.isEmpty, "German names its translators")
        XCTAssertNotEqual(about.dialog.translatorCredits, "translator-credits")
      }
    }
  }

  func testTheMainMenuOffersIt() throws {
    let folder = self.folder!
    gtk {
      _ = folder
      XCTAssertTrue(SortDirectionTests.actions(of: BrowserMenus.primary()).contains("app.about"))
      XCTAssertEqual(BrowserAction.named("about").scope, .application)
    }
  }
}
