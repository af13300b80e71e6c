// Generated members that take or give a GLib `GDateTime`, as the `DateTime` value: a
// file's times, set and read back through a `FileInfo`, and the real file's.
import Foundation
import GtkReactiveTesting
import Reactive
import XCTest

@testable import GtkReactive
@testable import GtkReactiveBindings

final class DateTimeMembersTests: GtkTestCase {
  func testAFileInfoKeepsTheTimeSetOnItToTheMicrosecond() {
    gtk {
      let info = FileInfo()
      XCTAssertNil(info.modificationDateTime, "no time set")
      let moment = DateTime(microsecondsSince1970: 1_700_000_000_123_456, utcOffsetSeconds: 3600)
      info.setModificationDateTime(moment)
      XCTAssertEqual(info.modificationDateTime?.microsecondsSince1970, 1_700_000_000_123_456)
      let early = DateTime(microsecondsSince1970: -1_500_000)  // before 1970
      info.setAccessDateTime(early)
      XCTAssertEqual(info.accessDateTime?.microsecondsSince1970, -1_500_000)
      XCTAssertLessThan(early, moment)
    }
  }

  func testARealFilesModificationTimeIsItsOwn() throws {
    let path = NSTemporaryDirectory() + "date-time-\(getpid()).txt"
    XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data("x".utf8)))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let expected =
      try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date
    try gtk {
      let file = try XCTUnwrap(AnyFile.newForPath(path))
      let info = try file.queryInfo("time::*", flags: [], cancellable: nil)
      let seconds = try XCTUnwrap(info?.modificationDateTime?.secondsSince1970)
      XCTAssertEqual(seconds, try XCTUnwrap(expected).timeIntervalSince1970, accuracy: 0.001)
    }
  }
}
