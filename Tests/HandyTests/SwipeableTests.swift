// A swipeable widget's snap points: an array of doubles libhandy gives with its length.
import GtkReactive
import GtkReactiveTesting
import Handy
import Reactive
import XCTest

final class SwipeableTests: GtkTestCase {
  /// A carousel's snap points are an array of doubles libhandy gives with its length: one
  /// a page.
  func testACarouselSnapsToEachOfItsPages() {
    gtk {
      HandyLibrary.initialize()
      let carousel = Carousel()
      let pages = ["one", "two", "three"].map { Label($0) }
      for page in pages { carousel.insert(page, position: -1) }
      XCTAssertEqual(carousel.snapPoints, [0, 1, 2])
      carousel.remove(pages[2])
      XCTAssertEqual(carousel.snapPoints, [0, 1])
    }
  }
}
