// A decoder that hangs, aborts or crashes costs only its own image: the window pages on.
import Foundation
import GtkReactive
import GtkReactiveTesting
import XCTest

@testable import ImageBrowser
@testable import ImageBrowserCore
@testable import ImageBrowserPlatform
@testable import ImageBrowserTestImages
@testable import ImageBrowserTestSupport

/// The browser with its decoding in helper processes (the debug helper, with its test
/// loader behaviours), on folders holding files that make the loader hang or abort.
final class DecoderHelperGUITests: GUITestCase {
  /// Writes `a.png`, then a file per behaviour (`b.png`, `c.png`…) that makes the
  /// helper behave so, then one more good image; returns the good image's name.
  @MainActor private static func makeFolder(_ h: BrowserHarness, behaviours: [String]) throws
    -> String
  {
    h.save(
      h.makePixbuf(width: 200, height: 150, rgba: 0x3366_99FF),
      to: h.folder.appendingPathComponent("a.png"))
    let letters = Array("bcdefgh")
    for (index, behaviour) in behaviours.enumerated() {
      try TestDecoders.writeTestFile(
        behaviour, to: h.folder.appendingPathComponent("\(letters[index]).png"))
    }
    let last = "\(letters[behaviours.count]).png"
    h.save(
      h.makePixbuf(width: 180, height: 120, rgba: 0x9933_66FF),
      to: h.folder.appendingPathComponent(last))
    return last
  }

  /// Whether the viewer shows the decoded image of `name`.
  @MainActor private static func showsImage(_ name: String, in browser: BrowserWindow) -> Bool {
    guard case .loaded(let item, _) = browser.viewModel.currentImage.value else { return false }
    return item.displayName == name && browser.viewer.widget.visibleChildName == "image"
  }

  func testPagingPastAHangingDecoderShowsTheNextImage() throws {
    let pool = try XCTUnwrap(TestDecoders.pool(timeLimit: .seconds(600)), "the helper is built")
    let folder = self.folder!
    try gtk {
      let h = BrowserHarness(folder: folder)
      defer { h.close() }
      let next = try Self.makeFolder(h, behaviours: ["hang"])
      let browser = h.makeBrowser(expecting: 3, decoding: ImageDecoding(pool: pool))
      XCTAssertTrue(MainLoop.iterate(until: { Self.showsImage("a.png", in: browser) }))
      h.press("Right", in: browser)
      h.settle(.milliseconds(200))
      XCTAssertEqual(browser.viewModel.current.value?.displayName, "b.png")
      XCTAssertFalse(Self.showsImage("b.png", in: browser), "the hanging decode shows nothing")
      h.press("Right", in: browser)
      // Without the kill, the viewer's one decoding queue would wait ten minutes.
      XCTAssertTrue(
        MainLoop.iterate(until: { Self.showsImage(next, in: browser) }),
        "the next image shows once the hanging decoder is left")
      h.press("Left", in: browser)
      XCTAssertEqual(browser.viewModel.current.value?.displayName, "b.png")
      h.press("Left", in: browser)
      XCTAssertTrue(MainLoop.iterate(until: { Self.showsImage("a.png", in: browser) }))
    }
    XCTAssertTrue(
      TestDecoders.wait { TestDecoders.zombieChildren().isEmpty }, "no helper left a zombie")
  }

  func testADecoderThatAbortsOrHangsCostsOnlyItsImage() throws {
    let pool = try XCTUnwrap(TestDecoders.pool(timeLimit: .seconds(1)), "the helper is built")
    let folder = self.folder!
    try gtk {
      let h = BrowserHarness(folder: folder)
      defer { h.close() }
      let last = try Self.makeFolder(h, behaviours: ["abort", "hang"])
      let browser = h.makeBrowser(expecting: 4, decoding: ImageDecoding(pool: pool))
      XCTAssertTrue(MainLoop.iterate(until: { Self.showsImage("a.png", in: browser) }))

      h.press("Right", in: browser)
      XCTAssertTrue(
        MainLoop.iterate(until: { browser.viewer.widget.visibleChildName == "message" }),
        "the viewer says the decoder stopped")
      XCTAssertTrue(
        browser.viewer.detail.text.contains("The decoder stopped on this file"),
        browser.viewer.detail.text)
      _ = h.saveScreenshot(of: browser, named: "image-browser-gui-decoder-stopped")

      h.press("Right", in: browser)
      XCTAssertEqual(browser.viewModel.current.value?.displayName, "c.png")
      XCTAssertTrue(
        MainLoop.iterate(until: {
          browser.viewer.widget.visibleChildName == "message"
            && browser.viewer.detail.text.contains("took more than 1 second")
        }),
        "a decode past the time limit is stopped and says so: \(browser.viewer.detail.text)")

      h.press("Right", in: browser)
      XCTAssertTrue(
        MainLoop.iterate(until: { Self.showsImage(last, in: browser) }), "the app goes on")
      XCTAssertTrue(
        MainLoop.iterate(until: { browser.strip.content(ofRow: 1) == .error }),
        "the strip shows the aborting file as an error tile")
    }
    XCTAssertTrue(
      TestDecoders.wait { TestDecoders.zombieChildren().isEmpty }, "no helper left a zombie")
  }

  func testKillingAHelperIdleOrBusyCostsNothing() throws {
    // Each request waits 400 ms in its helper, so the test can find one busy.
    let viewer = try XCTUnwrap(
      TestDecoders.pool(capacity: 1, requestDelay: .milliseconds(400), warm: 1))
    let thumbnails = try XCTUnwrap(
      TestDecoders.pool(
        capacity: 1, niceness: NearestFirstThreadPool.niceness, requestDelay: .milliseconds(400),
        warm: 1))
    let folder = self.folder!
    let cacheHome = folder.deletingLastPathComponent()
      .appendingPathComponent(folder.lastPathComponent + "-cache", isDirectory: true)
    defer { try? FileManager.default.removeItem(at: cacheHome) }
    let failures = cacheHome.appendingPathComponent("thumbnails/fail", isDirectory: true)
    try gtk {
      let h = BrowserHarness(folder: folder)
      defer { h.close() }
      h.makeImages(2)
      let browser = h.makeBrowser(
        expecting: 2, decoding: ImageDecoding(pool: viewer),
        thumbnailDecoding: ImageDecoding(pool: thumbnails),
        thumbnailCache: ThumbnailCache(cacheHome: cacheHome))
      let strip = browser.strip
      @MainActor func shows(_ name: String) -> Bool {
        guard case .loaded(let item, _) = browser.viewModel.currentImage.value else { return false }
        return item.displayName == name && browser.viewer.widget.visibleChildName == "image"
      }
      @MainActor func add(_ index: Int) {
        h.save(
          h.makePixbuf(width: 200, height: 150, rgba: 0x4080_C0FF),
          to: folder.appendingPathComponent("photo-\(index).png"))
      }
      @MainActor func thumbnailsShown(_ count: Int) -> Bool {
        strip.items.count == count
          && (0..<count).allSatisfy { strip.content(ofRow: $0) == .thumbnail }
      }
      XCTAssertTrue(MainLoop.iterate(until: { shows("photo-1.png") && thumbnailsShown(2) }))

      // Idle helpers of both pools killed: reaped within a second, nothing lost.
      XCTAssertTrue(
        MainLoop.iterate(until: {
          viewer.helperIDs.idle.count == 1 && thumbnails.helperIDs.idle.count == 1
        }))
      let idle = viewer.helperIDs.idle + thumbnails.helperIDs.idle
      for pid in idle { kill(pid, SIGKILL) }
      XCTAssertTrue(
        TestDecoders.wait(upTo: .seconds(1)) { idle.allSatisfy(TestDecoders.isGone) },
        "no zombie a second after the kill")
      add(3)  // photo-3.png arrives: its thumbnail is made by a new helper
      XCTAssertTrue(MainLoop.iterate(until: { thumbnailsShown(3) }), "the new thumbnail shows")
      h.press("Right", in: browser)
      XCTAssertTrue(MainLoop.iterate(until: { shows("photo-2.png") }), "the image shows")

      // Busy helpers killed in the middle of a request: the request is sent again.
      add(4)
      XCTAssertTrue(MainLoop.iterate(until: { !thumbnails.helperIDs.busy.isEmpty }))
      let busyThumbnail = try XCTUnwrap(thumbnails.helperIDs.busy.first)
      kill(busyThumbnail, SIGKILL)
      XCTAssertTrue(MainLoop.iterate(until: { thumbnailsShown(4) }), "its thumbnail shows")
      h.press("End", in: browser)
      XCTAssertTrue(MainLoop.iterate(until: { !viewer.helperIDs.busy.isEmpty }))
      let busyImage = try XCTUnwrap(viewer.helperIDs.busy.first)
      kill(busyImage, SIGKILL)
      XCTAssertTrue(MainLoop.iterate(until: { shows("photo-4.png") }), "the image shows")
      for pid in [busyThumbnail, busyImage] {
        XCTAssertTrue(TestDecoders.wait(upTo: .seconds(1)) { TestDecoders.isGone(pid) })
      }
      XCTAssertEqual(
        (try? FileManager.default.subpathsOfDirectory(atPath: failures.path))?.filter {
          $0.hasSuffix(".png")
        } ?? [], [], "no failure recorded in the thumbnail cache")
    }
    XCTAssertTrue(TestDecoders.wait { TestDecoders.zombieChildren().isEmpty })
  }
}
