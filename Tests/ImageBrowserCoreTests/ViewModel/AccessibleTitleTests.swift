// The accessible title: what a screen reader announces for the window and the viewer.
import Foundation
import Reactive
import ReactiveTesting
import Testing

@testable import ImageBrowserCore
@testable import ImageBrowserTestSupport

extension ImageBrowserCoreTests {
  @Suite("Accessible title")
  @MainActor
  struct AccessibleTitleTests {
    @Test("it names the image and its position, and changes once per page")
    func followsPaging() {
      expectNoLeaks { schedulers in
        let scheduler = schedulers.make()
        let viewModel = makeViewModel(
          ["aurora.jpg", "beach.png", "cliff.jpg"], scheduler: scheduler)
        #expect(viewModel.accessibleTitle.value == "aurora.jpg, 1 of 3")
        var announced: [String] = []
        let subscription = viewModel.accessibleTitle.changes.subscribe(next: {
          announced.append($0)
        })
        viewModel.next.execute()
        viewModel.zoomIn()  // not a new page: nothing to announce
        viewModel.last.execute()
        #expect(announced == ["beach.png, 2 of 3", "cliff.jpg, 3 of 3"])
        subscription.dispose()
      }
    }

    @Test("without an image it says what the window shows instead")
    func withoutAnImage() {
      expectNoLeaks { schedulers in
        let scheduler = schedulers.make()
        let idle = makeViewModel(nil, scheduler: scheduler)
        #expect(idle.accessibleTitle.value == "Image Browser")
        let empty = makeViewModel([], scheduler: scheduler)
        #expect(empty.accessibleTitle.value == "photos, no images")
        let filtered = makeViewModel(["beach.jpg"], scheduler: scheduler)
        filtered.filterText.value = "zzz"
        scheduler.advance(by: 3)
        #expect(filtered.accessibleTitle.value == "photos, no matches")
        let missing = URL(fileURLWithPath: "/nonexistent/trip")
        filtered.open([missing])
        scheduler.advance(by: 0)
        #expect(filtered.accessibleTitle.value == "Cannot open trip")
      }
    }
  }
}
