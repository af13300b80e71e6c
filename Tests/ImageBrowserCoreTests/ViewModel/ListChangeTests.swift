// The index follows the current image when the list changes around it.
import Foundation
import Reactive
import ReactiveTesting
import Testing

@testable import ImageBrowserCore
@testable import ImageBrowserTestSupport

extension ImageBrowserCoreTests {
  @Suite("List changes")
  @MainActor
  struct ListChangeTests {
    @Test("insertions before the current image move the index with it")
    func insertionBefore() {
      expectNoLeaks { schedulers in
        let scheduler = schedulers.make()
        let viewModel = makeViewModel(
          ["b.jpg", "d.jpg", "f.jpg"], selected: 1,
          scheduler: scheduler)
        var changes: [Int?] = []
        let subscription = viewModel.indexChanges.subscribe(next: { changes.append($0) })
        viewModel.replaceAllItems(items(["a.jpg", "b.jpg", "c.jpg", "d.jpg", "f.jpg"]))
        #expect(viewModel.current.value?.displayName == "d.jpg")
        #expect(changes == [3])
        #expect(viewModel.title.value == "d.jpg (4 of 5) — Image Browser")
        subscription.dispose()
      }
    }

    @Test("insertions after the current image leave the index alone")
    func insertionAfter() {
      expectNoLeaks { schedulers in
        let scheduler = schedulers.make()
        let viewModel = makeViewModel(["b.jpg", "d.jpg"], selected: 1, scheduler: scheduler)
        var changes: [Int?] = []
        let subscription = viewModel.indexChanges.subscribe(next: { changes.append($0) })
        viewModel.replaceAllItems(items(["b.jpg", "d.jpg", "e.jpg"]))
        #expect(changes == [])
        #expect(viewModel.next.isEnabled.value)
        subscription.dispose()
      }
    }

    @Test("the current image deleted: the following one becomes current")
    func deletedTakesNext() {
      expectNoLeaks { schedulers in
        let scheduler = schedulers.make()
        let viewModel = makeViewModel(numbered(5), selected: 2, scheduler: scheduler)
        var current: [String?] = []
        let subscription = viewModel.current.changes.subscribe(next: {
          current.append($0?.displayName)
        })
        viewModel.replaceAllItems(items(["p0.jpg", "p1.jpg", "p3.jpg", "p4.jpg"]))
        #expect(viewModel.index.value == 2)
        #expect(current == ["p3.jpg"])
        subscription.dispose()
      }
    }

    @Test("the last image deleted: the one before it becomes current")
    func deletedLastTakesPrevious() {
      expectNoLeaks { schedulers in
        let scheduler = schedulers.make()
        let viewModel = makeViewModel(numbered(3), selected: 2, scheduler: scheduler)
        viewModel.replaceAllItems(items(["p0.jpg", "p1.jpg"]))
        #expect(viewModel.current.value?.displayName == "p1.jpg")
        #expect(!viewModel.next.isEnabled.value)
      }
    }

    @Test("the current image and its next neighbours deleted: the next survivor")
    func deletedRunTakesNextSurvivor() {
      let old = items(numbered(6))
      let new = items(["p0.jpg", "p1.jpg", "p5.jpg"])
      #expect(BrowserState.reconciledIndex(oldItems: old, oldIndex: 2, newItems: new) == 2)
      #expect(BrowserState.reconciledIndex(oldItems: old, oldIndex: 0, newItems: []) == nil)
      #expect(BrowserState.reconciledIndex(oldItems: [], oldIndex: nil, newItems: new) == 0)
      let unrelated = items(["x.jpg", "y.jpg"])
      #expect(BrowserState.reconciledIndex(oldItems: old, oldIndex: 4, newItems: unrelated) == 1)
    }

    @Test("everything deleted: no index, the empty state; images back: the first")
    func everythingDeleted() {
      expectNoLeaks { schedulers in
        let scheduler = schedulers.make()
        let viewModel = makeViewModel(numbered(3), selected: 1, scheduler: scheduler)
        viewModel.replaceAllItems([])
        #expect(viewModel.index.value == nil)
        #expect(viewModel.title.value == "photos (no images) — Image Browser")
        viewModel.replaceAllItems(items(["new.jpg"]))
        #expect(viewModel.index.value == 0)
      }
    }

    @Test("items are delivered before the index, and state agrees in both")
    func deliveryOrder() {
      expectNoLeaks { schedulers in
        let scheduler = schedulers.make()
        let viewModel = makeViewModel(numbered(3), selected: 2, scheduler: scheduler)
        var log: [String] = []
        let a = viewModel.items.changes.subscribe(next: { items in
          log.append("items \(items.count) state.index \(viewModel.state.value.index ?? -1)")
        })
        let b = viewModel.index.changes.subscribe(next: { log.append("index \($0 ?? -1)") })
        viewModel.replaceAllItems(items(["a.jpg", "p0.jpg", "p1.jpg", "p2.jpg"]))
        #expect(log == ["items 4 state.index 3", "index 3"])
        a.dispose()
        b.dispose()
      }
    }
  }
}
