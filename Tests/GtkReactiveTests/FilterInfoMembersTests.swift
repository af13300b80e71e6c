// Custom file and recent filters: a Swift closure GTK calls with what it knows of a file
// (`FileFilterInfo`, `RecentFilterInfo`), tested through GTK's own filter call.
import GtkReactiveTesting
import Reactive
import XCTest

@testable import GtkReactive
@testable import GtkReactiveBindings

final class FilterInfoMembersTests: GtkTestCase {
  func testAFileFiltersSwiftTestSeesWhatGTKFilledIn() {
    gtk {
      let filter = FileFilter()
      var seen: [FileFilterInfo] = []
      filter.addCustom([.displayName, .mimeType]) { info in
        seen.append(info)
        return info.displayName?.hasSuffix(".md") ?? false
      }
      XCTAssertEqual(filter.needed, [.displayName, .mimeType])
      XCTAssertTrue(
        filter.filter(FileFilterInfo(displayName: "notes.md", mimeType: "text/markdown")))
      XCTAssertFalse(
        filter.filter(FileFilterInfo(displayName: "photo.jpg", mimeType: "image/jpeg")))
      XCTAssertEqual(seen.map(\.displayName), ["notes.md", "photo.jpg"])
      XCTAssertEqual(seen.first?.mimeType, "text/markdown")
      XCTAssertEqual(seen.first?.contains, [.displayName, .mimeType])
      // GTK calls a custom test only when it has every field the test asked for.
      XCTAssertFalse(filter.filter(FileFilterInfo(displayName: "notes.md")))
      XCTAssertEqual(seen.count, 2)
    }
  }

  func testARecentFiltersSwiftTestSeesApplicationsAndGroups() {
    gtk {
      let filter = RecentFilter()
      filter.addCustom([.application, .group]) { info in
        info.applications.contains("notes") && info.groups == ["drafts", "work"]
      }
      XCTAssertTrue(
        filter.filter(
          RecentFilterInfo(applications: ["editor", "notes"], groups: ["drafts", "work"])))
      XCTAssertFalse(filter.filter(RecentFilterInfo(applications: ["editor"], groups: ["drafts"])))
    }
  }

  func testACustomFiltersClosureIsReleasedWithTheFilter() {
    gtk {
      final class Token {}
      weak var weakToken: Token?
      do {
        let token = Token()
        weakToken = token
        let filter = FileFilter()
        filter.addCustom(.uri) { _ in withExtendedLifetime(token) { true } }
        XCTAssertTrue(filter.filter(FileFilterInfo(uri: "file:///tmp/x")))
      }
      XCTAssertNil(weakToken, "GTK's destroy notifier released the closure")
    }
  }
}
