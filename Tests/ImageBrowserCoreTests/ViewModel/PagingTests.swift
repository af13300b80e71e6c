// Paging: the shared index, its bounds, the paging commands and the window title.
import Foundation
import Reactive
import ReactiveTesting
import Testing

@testable import ImageBrowserCore
@testable import ImageBrowserTestSupport

extension ImageBrowserCoreTests {
  @Suite("Paging")
  @MainActor
  struct PagingTests {
    @Test("next and previous move the index by one and stop at the ends")
    func nextAndPrevious() {
      expectNoLeaks { schedulers in
        let scheduler = schedulers.make()
        let viewModel = makeViewModel(numbered(3), scheduler: scheduler)
        var changes: [Int?] = []
        let subscription = viewModel.indexChanges.subscribe(next: { changes.append($0) })
        viewModel.next.execute()
        viewModel.next.execute()
        viewModel.next.execute()  // disabled at the end: nothing happens
        #expect(viewModel.index.value == 2)
        viewModel.previous.execute()
        viewModel.previous.execute()
        viewModel.previous.execute()  // disabled at the start
        #expect(viewModel.index.value == 0)
        #expect(changes == [1, 2, 1, 0])
        subscription.dispose()
      }
    }

    @Test("a paging command past an end fails with .disabled and changes nothing")
    func disabledAtTheEnds() {
      expectNoLeaks { schedulers in
        let scheduler = schedulers.make()
        let viewModel = makeViewModel(numbered(2), scheduler: scheduler)
        var errors: [CommandError<Never>] = []
        let subscription = viewModel.previous.execute().subscribe(error: { errors.append($0) })
        #expect(errors == [.disabled])
        #expect(viewModel.index.value == 0)
        subscription.dispose()
      }
    }

    @Test("first and last jump to the ends")
    func firstAndLast() {
      expectNoLeaks { schedulers in
        let scheduler = schedulers.make()
        let viewModel = makeViewModel(numbered(5), selected: 2, scheduler: scheduler)
        viewModel.last.execute()
        #expect(viewModel.index.value == 4)
        viewModel.first.execute()
        #expect(viewModel.index.value == 0)
      }
    }

    @Test("select(index:) ignores the current index and indices out of range")
    func selectBounds() {
      expectNoLeaks { schedulers in
        let scheduler = schedulers.make()
        let viewModel = makeViewModel(numbered(3), scheduler: scheduler)
        var changes: [Int?] = []
        let subscription = viewModel.indexChanges.subscribe(next: { changes.append($0) })
        #expect(viewModel.select(index: 2))
        #expect(!viewModel.select(index: 2))
        #expect(!viewModel.select(index: 3))
        #expect(!viewModel.select(index: -1))
        #expect(viewModel.select(items(["p0.jpg"])[0]))
        #expect(changes == [2, 0])
        subscription.dispose()
      }
    }

    @Test("command enablement follows the position")
    func enablement() {
      expectNoLeaks { schedulers in
        let scheduler = schedulers.make()
        let viewModel = makeViewModel(numbered(3), scheduler: scheduler)
        @MainActor func enabled() -> [Bool] {
          [viewModel.first, viewModel.previous, viewModel.next, viewModel.last]
            .map(\.isEnabled.value)
        }
        #expect(enabled() == [false, false, true, true])
        viewModel.select(index: 1)
        #expect(enabled() == [true, true, true, true])
        viewModel.last.execute()
        #expect(enabled() == [true, true, false, false])
        var nextEnabled: [Bool] = []
        let subscription = viewModel.next.isEnabled.changes.subscribe(next: {
          nextEnabled.append($0)
        })
        viewModel.previous.execute()
        #expect(nextEnabled == [true])
        subscription.dispose()
      }
    }

    @Test("nothing to page: every command disabled, index nil")
    func emptyFolder() {
      expectNoLeaks { schedulers in
        let scheduler = schedulers.make()
        let viewModel = makeViewModel([], scheduler: scheduler)
        #expect(viewModel.index.value == nil)
        let commands = [viewModel.first, viewModel.previous, viewModel.next, viewModel.last]
        #expect(commands.allSatisfy { !$0.isEnabled.value })
        #expect(!viewModel.select(index: 0))
      }
    }

    @Test("a single image: nothing to page to")
    func singleImage() {
      expectNoLeaks { schedulers in
        let scheduler = schedulers.make()
        let viewModel = makeViewModel(["only.png"], scheduler: scheduler)
        #expect(viewModel.index.value == 0)
        #expect(!viewModel.next.isEnabled.value)
        #expect(!viewModel.previous.isEnabled.value)
      }
    }

    @Test("the title reads NAME (I of N) — Image Browser and follows every change")
    func title() {
      expectNoLeaks { schedulers in
        let scheduler = schedulers.make()
        let viewModel = makeViewModel(["beach.jpg", "cliff.png"], scheduler: scheduler)
        var titles: [String] = []
        let subscription = viewModel.title.signal.subscribe(next: { titles.append($0) })
        viewModel.next.execute()
        viewModel.previous.execute()
        #expect(
          titles == [
            "beach.jpg (1 of 2) — Image Browser",
            "cliff.png (2 of 2) — Image Browser",
            "beach.jpg (1 of 2) — Image Browser",
          ])
        subscription.dispose()
      }
    }

    @Test("the title and placeholder of the states without an image")
    func titleWithoutImage() {
      expectNoLeaks { schedulers in
        let scheduler = schedulers.make()
        let idle = makeViewModel(nil, scheduler: scheduler)
        #expect(idle.title.value == "Image Browser")
        #expect(idle.placeholder.value == "Open a folder to browse its images.")

        let empty = makeViewModel([], scheduler: scheduler)
        #expect(empty.title.value == "photos (no images) — Image Browser")
        #expect(empty.placeholder.value == "There are no images in “photos”.")

        let failed = makeViewModel(nil, scheduler: scheduler)
        let missing = URL(fileURLWithPath: "/nowhere/holiday")
        failed.showFailure(.notFound(missing))
        #expect(failed.title.value == "Cannot open holiday — Image Browser")
        #expect(failed.placeholder.value == "“/nowhere/holiday” does not exist.")
        #expect(failed.index.value == nil)

        let shown = makeViewModel(["a.jpg"], scheduler: scheduler)
        #expect(shown.placeholder.value == nil)
      }
    }

    @Test("the view model and everything it made are released with it")
    func releases() {
      weak var released: TestViewModel?
      expectNoLeaks { schedulers in
        let scheduler = schedulers.make()
        let viewModel = makeViewModel(numbered(4), scheduler: scheduler)
        released = viewModel
        let subscriptions = [
          viewModel.title.signal.subscribe(), viewModel.indexChanges.subscribe(),
          viewModel.next.isEnabled.signal.subscribe(),
        ]
        viewModel.next.execute()
        viewModel.filterText.value = "p1"
        viewModel.startSlideshow()
        scheduler.advance(by: 1)
        _ = subscriptions
      }
      #expect(released == nil)
    }
  }
}
