// The properties sidebar, the view keys and Preferences under Xvfb, with real EXIF.
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

final class PropertiesSidebarTests: GUITestCase {
  /// Three JPEGs: `a.jpg` from a camera with GPS, `b.jpg` without metadata, `c.jpg` with
  /// XMP only.
  private static func makePhotos(in folder: URL) {
    for name in ["a.jpg", "b.jpg", "c.jpg"] {
      XCTAssertTrue(
        TestImages.write(to: folder.appendingPathComponent(name), width: 640, height: 480))
    }
    XCTAssertTrue(
      ExifWriter.write(
        ExifWriter.camera, gps: (48.8584, 2.2945), to: folder.appendingPathComponent("a.jpg")))
    XCTAssertTrue(
      ExifWriter.write(
        ["Xmp.tiff.Model": "X-T4", "Xmp.aux.Lens": "XF23mmF2 R WR"],
        to: folder.appendingPathComponent("c.jpg")))
  }

  func testAltReturnShowsTheCameraFactsOfEachImage() throws {
    let folder = self.folder!
    gtk {
      let h = BrowserHarness(folder: folder)
      defer { h.close() }
      Self.makePhotos(in: folder)
      let browser = h.makeBrowser(expecting: 3, metadata: Exiv2MetadataReader())
      let sidebar = browser.properties
      XCTAssertFalse(sidebar.widget.revealChild, "hidden by default")
      h.press("Return", alt: true, in: browser)
      XCTAssertTrue(sidebar.widget.revealChild)
      XCTAssertTrue(browser.viewModel.preferences.showsProperties.value)
      XCTAssertTrue(
        MainLoop.iterate(until: { sidebar.shown?.isReading == false }), "the facts arrive")
      XCTAssertEqual(sidebar.nameLabel.text, "a.jpg")
      XCTAssertEqual(sidebar.values["Camera"]?.label, "Canon EOS R6")
      XCTAssertEqual(sidebar.values["Exposure"]?.label, "1/250 s")
      XCTAssertEqual(sidebar.values["Aperture"]?.label, "f/2.8")
      XCTAssertEqual(sidebar.values["ISO"]?.label, "ISO 400")
      XCTAssertEqual(sidebar.values["Focal length"]?.label, "35 mm")
      XCTAssertEqual(sidebar.values["Location"]?.text, "48.8584° N, 2.2945° E")
      XCTAssertEqual(sidebar.locationURI, "geo:48.8584,2.2945")
      XCTAssertTrue(sidebar.values["Location"]?.isVisible ?? false)
      h.saveScreenshot(of: browser, named: "properties")

      // Paging: the next image's facts (none) follow the image within 50 ms.
      let model = browser.viewModel
      let paged = ContinuousClock.now
      var imageShown: ContinuousClock.Instant?
      var factsShown: ContinuousClock.Instant?
      XCTAssertTrue(
        MainLoop.iterate(until: {
          if imageShown == nil, model.currentImage.value.image != nil,
            model.currentImage.value.item?.displayName == "b.jpg"
          {
            imageShown = .now
          }
          if factsShown == nil, sidebar.shown?.name == "b.jpg", sidebar.shown?.isReading == false {
            factsShown = .now
          }
          if imageShown == nil && factsShown == nil && model.current.value?.displayName == "a.jpg" {
            browser.viewer.page(by: 1)
          }
          return imageShown != nil && factsShown != nil
        }))
      if let imageShown, let factsShown {
        let lag = factsShown - imageShown
        print(
          "metadata timing: image \(imageShown - paged), facts \(factsShown - paged) after paging; facts − image = \(lag)"
        )
        XCTAssertLessThan(lag, .milliseconds(50), "the facts follow the image within 50 ms")
      }
      XCTAssertEqual(sidebar.messageLabel.label, "No camera information")
      XCTAssertTrue(sidebar.messageLabel.isVisible)
      XCTAssertFalse(sidebar.values["Camera"]?.isVisible ?? true)
      XCTAssertFalse(sidebar.values["Location"]?.isVisible ?? true)

      h.press("Right", in: browser)
      XCTAssertTrue(
        MainLoop.iterate(until: {
          sidebar.shown?.name == "c.jpg" && sidebar.shown?.isReading == false
        }))
      XCTAssertEqual(sidebar.values["Camera"]?.label, "X-T4")
      XCTAssertEqual(sidebar.values["Lens"]?.label, "XF23mmF2 R WR")

      h.press("Return", alt: true, in: browser)
      XCTAssertFalse(sidebar.widget.revealChild)
    }
  }

  func testF9HidesTheStripAndPreferencesChangeTheViewModel() throws {
    let folder = self.folder!
    try gtk {
      let h = BrowserHarness(folder: folder)
      defer { h.close() }
      h.makeImages(3)
      let settings = InMemorySettings()
      let browser = h.makeBrowser(expecting: 3, settings: settings)
      let preferences = browser.viewModel.preferences
      XCTAssertTrue(browser.stripArea.isVisible)
      h.press("F9", in: browser)
      XCTAssertFalse(browser.stripArea.isVisible, "F9 hides the strip")
      XCTAssertFalse(settings.load().showsStrip, "and it is remembered")
      h.press("F9", in: browser)
      XCTAssertTrue(browser.stripArea.isVisible)

      h.press("comma", control: true, in: browser)
      let dialog = try XCTUnwrap(browser.viewControls.preferencesDialog)
      XCTAssertTrue(dialog.dialog.isVisible)
      XCTAssertEqual(dialog.slideshowSeconds.value, 3)
      XCTAssertTrue(dialog.showsStrip.isActive)
      dialog.showsStrip.isActive = false
      h.settle(.milliseconds(50))
      XCTAssertFalse(browser.stripArea.isVisible, "the dialog's switch hides the strip")
      dialog.slideshowSeconds.value = 5
      XCTAssertEqual(preferences.slideshowSeconds.value, 5)
      XCTAssertEqual(settings.load().slideshowSeconds, 5)
      toggle(dialog.slideshowShuffles)
      XCTAssertTrue(settings.load().slideshowShuffles, "shuffle is remembered")
      browser.viewModel.preferences.slideshowLoops.value = true
      XCTAssertTrue(dialog.slideshowLoops.isActive, "the toolbar's loop shows in the dialog")
      let checkerboard = try XCTUnwrap(
        dialog.backgroundItems.first { $0.background == .checkerboard }?.radio)
      click(checkerboard)
      XCTAssertEqual(preferences.viewerBackground.value, .checkerboard)
      // A change made elsewhere shows in the dialog.
      h.press("F9", in: browser)
      XCTAssertTrue(dialog.showsStrip.isActive)
      h.saveScreenshot(of: browser, named: "preferences-behind")
      dialog.dialog.response(.deleteEvent)
      h.settle(.milliseconds(50))
      XCTAssertNil(browser.viewControls.preferencesDialog, "closed, it is gone")
      h.press("comma", control: true, in: browser)
      XCTAssertEqual(browser.viewControls.preferencesDialog?.backgroundItems.count, 5)
      browser.viewControls.preferencesDialog?.dialog.response(.deleteEvent)
      h.settle(.milliseconds(50))
    }
  }
}
