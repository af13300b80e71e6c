// Filtering by name: debounced typing, immediate clearing, stale queries cancelled.
import Foundation
import Reactive
import ReactiveTesting
import Testing

@testable import ImageBrowserCore
@testable import ImageBrowserTestSupport

extension ImageBrowserCoreTests {
  @Suite("Filter")
  @MainActor
  struct FilterTests {
    static let folder = ["beach.jpg", "Cliff.png", "beach2.jpg", "dune.jpg"]

    /// Records the shown names on every change, stamped with the scheduler's clock.
    static func record(
      _ viewModel: TestViewModel, on scheduler: TestScheduler
    ) -> (TestableObserver<[String], Never>, Disposable) {
      let observer = TestableObserver<[String], Never>(scheduler: scheduler)
      return (observer, viewModel.items.changes.map(names).subscribe(observer.observer))
    }

    @Test("typing filters once the typing pauses for 300 ms (3 ticks)")
    func debounced() {
      expectNoLeaks { schedulers in
        let scheduler = schedulers.make()
        let viewModel = makeViewModel(Self.folder, scheduler: scheduler)
        let (observer, subscription) = Self.record(viewModel, on: scheduler)
        scheduler.schedule(at: 10) { viewModel.filterText.value = "b" }
        scheduler.schedule(at: 12) { viewModel.filterText.value = "BE" }
        scheduler.advance(to: 14)
        #expect(observer.events == [])
        scheduler.advance(to: 20)
        #expect(observer.events == [.next(15, ["beach.jpg", "beach2.jpg"])])
        #expect(viewModel.state.value.query == "BE")
        subscription.dispose()
      }
    }

    @Test("clearing the text shows every image at once, without waiting")
    func clearingResetsAtOnce() {
      expectNoLeaks { schedulers in
        let scheduler = schedulers.make()
        let viewModel = makeViewModel(Self.folder, scheduler: scheduler)
        let (observer, subscription) = Self.record(viewModel, on: scheduler)
        scheduler.schedule(at: 10) { viewModel.filterText.value = "dune" }
        scheduler.schedule(at: 30) { viewModel.filterText.value = "" }
        scheduler.advance(to: 40)
        #expect(observer.events == [.next(13, ["dune.jpg"]), .next(30, Self.folder)])
        subscription.dispose()
      }
    }

    @Test("whitespace counts as cleared; clearing cancels a query still waiting")
    func clearingCancelsPending() {
      expectNoLeaks { schedulers in
        let scheduler = schedulers.make()
        let viewModel = makeViewModel(Self.folder, scheduler: scheduler)
        let (observer, subscription) = Self.record(viewModel, on: scheduler)
        scheduler.schedule(at: 10) { viewModel.filterText.value = "cliff" }
        scheduler.schedule(at: 11) { viewModel.filterText.value = "  " }
        scheduler.advance(to: 40)
        #expect(observer.events == [])
        #expect(viewModel.state.value.query == "")
        subscription.dispose()
      }
    }

    @Test("repeating the applied query changes nothing")
    func repeatsDropped() {
      expectNoLeaks { schedulers in
        let scheduler = schedulers.make()
        let viewModel = makeViewModel(Self.folder, scheduler: scheduler)
        let (observer, subscription) = Self.record(viewModel, on: scheduler)
        scheduler.schedule(at: 10) { viewModel.filterText.value = "dune" }
        scheduler.schedule(at: 20) { viewModel.filterText.value = "dun" }
        scheduler.schedule(at: 21) { viewModel.filterText.value = "dune " }
        scheduler.advance(to: 40)
        #expect(observer.events == [.next(13, ["dune.jpg"])])
        subscription.dispose()
      }
    }

    @Test("no match: an empty list, its title and placeholder, commands disabled")
    func noMatch() {
      expectNoLeaks { schedulers in
        let scheduler = schedulers.make()
        let viewModel = makeViewModel(Self.folder, scheduler: scheduler)
        viewModel.filterText.value = "zzz"
        scheduler.advance(by: 3)
        #expect(viewModel.items.value == [])
        #expect(viewModel.index.value == nil)
        #expect(viewModel.title.value == "photos (no matches) — Image Browser")
        #expect(viewModel.placeholder.value == "No image names contain “zzz”.")
        #expect(!viewModel.next.isEnabled.value)
        viewModel.filterText.value = ""
        #expect(viewModel.index.value == 0)
        #expect(viewModel.title.value == "beach.jpg (1 of 4) — Image Browser")
      }
    }

    @Test("the current image stays current through filtering and clearing")
    func keepsCurrent() {
      expectNoLeaks { schedulers in
        let scheduler = schedulers.make()
        let viewModel = makeViewModel(Self.folder, selected: 2, scheduler: scheduler)
        var changes: [Int?] = []
        let subscription = viewModel.indexChanges.subscribe(next: { changes.append($0) })
        viewModel.filterText.value = "beach"
        scheduler.advance(by: 3)
        #expect(viewModel.current.value?.displayName == "beach2.jpg")
        #expect(viewModel.title.value == "beach2.jpg (2 of 2) — Image Browser")
        viewModel.filterText.value = ""
        #expect(viewModel.current.value?.displayName == "beach2.jpg")
        #expect(changes == [1, 2])
        subscription.dispose()
      }
    }

    @Test("a query filters in the background; a newer query cancels an older one")
    func latestWins() {
      expectNoLeaks { schedulers in
        let main = schedulers.make()
        let background = schedulers.make()
        let viewModel = makeViewModel(Self.folder, scheduler: main, background: background)
        let (observer, subscription) = Self.record(viewModel, on: main)
        main.schedule(at: 10) { viewModel.filterText.value = "beach" }
        main.schedule(at: 20) { viewModel.filterText.value = "dune" }
        main.advance(to: 13)
        #expect(background.hasPendingActions)  // filtering "beach", not yet run
        main.advance(to: 23)  // "dune" replaces it before it ran
        background.advance(by: 0)
        #expect(observer.events == [])  // the result waits for the main scheduler
        main.advance(by: 0)
        #expect(observer.events == [.next(23, ["dune.jpg"])])
        subscription.dispose()
      }
    }

    @Test("a new folder is filtered by the query in effect")
    func newFolderFiltered() {
      expectNoLeaks { schedulers in
        let scheduler = schedulers.make()
        let viewModel = makeViewModel(Self.folder, scheduler: scheduler)
        viewModel.filterText.value = "beach"
        scheduler.advance(by: 3)
        viewModel.show(
          Listing(
            folder: photos, items: items(["a.jpg", "beach9.jpg"]),
            selectedIndex: 0))
        #expect(names(viewModel.items.value) == ["beach9.jpg"])
        #expect(viewModel.index.value == 0)
      }
    }
  }
}
