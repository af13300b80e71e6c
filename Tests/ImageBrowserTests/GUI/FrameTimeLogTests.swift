// The benchmarks' frame log: with IMAGE_BROWSER_FRAME_TIMES naming a file, every frame of
// the window is written there, with when it began and ended.
import Foundation
import GtkReactive
import GtkReactiveTesting
import XCTest

@testable import ImageBrowser
@testable import ImageBrowserTestSupport

final class FrameTimeLogTests: GUITestCase {
  func testEveryFrameIsWrittenWhenAFileIsNamed() throws {
    let folder = self.folder!
    let log = FileManager.default.temporaryDirectory
      .appendingPathComponent("frames-\(UUID().uuidString).txt")
    setenv("IMAGE_BROWSER_FRAME_TIMES", log.path, 1)
    defer {
      unsetenv("IMAGE_BROWSER_FRAME_TIMES")
      try? FileManager.default.removeItem(at: log)
    }
    gtk {
      let h = BrowserHarness(folder: folder)
      defer { h.close() }
      h.makeImages(30)
      let browser = h.makeBrowser(expecting: 30)
      h.press("b", in: browser)
      h.settle()
      h.press("End", in: browser)
      h.settle()
    }
    let lines = try String(contentsOf: log, encoding: .utf8).split(separator: "\n")
    XCTAssertGreaterThan(lines.count, 2, "the window's frames, one a line")
    var previous: (counter: Int, start: Int)?
    for line in lines {
      let fields = line.split(separator: " ").compactMap { Int($0) }
      XCTAssertEqual(fields.count, 4, "counter, frame time, start, end: \(line)")
      guard fields.count == 4 else { continue }
      XCTAssertLessThanOrEqual(fields[2], fields[3], "a frame ends after it begins")
      XCTAssertLessThan(fields[3] - fields[2], 10_000_000, "in microseconds")
      if let previous {
        XCTAssertGreaterThan(fields[0], previous.counter)
        XCTAssertGreaterThanOrEqual(fields[2], previous.start)
      }
      previous = (fields[0], fields[2])
    }
  }
}
