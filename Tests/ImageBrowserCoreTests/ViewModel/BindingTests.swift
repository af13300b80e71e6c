// The two collections on one index: one change per user action, no feedback loop.
import Foundation
import Reactive
import ReactiveTesting
import Testing

@testable import ImageBrowserCore
@testable import ImageBrowserTestSupport

/// A stand-in for the large viewer: records what it was told to show.
@MainActor
final class FakeViewer {
  var shown: [String] = []
  private(set) var binding: ViewerBinding?

  init(viewModel: any SharedIndex) {
    binding = ViewerBinding(viewModel: viewModel) { [unowned self] item, transition in
      shown.append("\(item?.displayName ?? "nothing") \(transition)")
    }
  }
}

/// A stand-in for the thumbnail strip that behaves like `GtkIconView`: selecting a cell
/// in code reports `selection-changed` synchronously, as a click does.
@MainActor
final class FakeStrip {
  var cellCount = 0
  var selected: Int?
  var selections: [Int?] = []
  var centred: [Int] = []
  var reloads = 0
  private(set) var binding: StripBinding!

  init(viewModel: any SharedIndex) {
    binding = StripBinding(
      viewModel: viewModel,
      cells: .init(
        reload: { [unowned self] items in
          reloads += 1
          cellCount = items.count
          selected = nil
        },
        select: { [unowned self] index in
          selections.append(index)
          setSelection(index)
        },
        centre: { [unowned self] index in centred.append(index) }))
  }

  /// The user clicks the cell at `index`.
  func click(_ index: Int) {
    setSelection(index)
  }

  /// The user Ctrl+clicks the selected cell, leaving nothing selected.
  func deselect() {
    setSelection(nil)
  }

  private func setSelection(_ index: Int?) {
    guard index != selected else { return }
    selected = index
    binding?.userSelected(index)  // GTK emits selection-changed for every change
  }
}

extension ImageBrowserCoreTests {
  @Suite("Viewer and strip")
  @MainActor
  struct BindingTests {
    /// A view model with both collections bound and a recorder of index changes.
    struct Fixture {
      let scheduler: TestScheduler
      let viewModel: TestViewModel
      let viewer: FakeViewer
      let strip: FakeStrip
      let indexChanges: TestableObserver<Int?, Never>
      let subscription: Disposable
    }

    @MainActor
    static func fixture(
      _ schedulers: TestSchedulers, _ count: Int = 6, selected: Int = 0
    ) -> Fixture {
      let scheduler = schedulers.make()
      let viewModel = makeViewModel(numbered(count), selected: selected, scheduler: scheduler)
      let observer = TestableObserver<Int?, Never>(scheduler: scheduler)
      let subscription = viewModel.indexChanges.subscribe(observer.observer)
      return Fixture(
        scheduler: scheduler, viewModel: viewModel, viewer: FakeViewer(viewModel: viewModel),
        strip: FakeStrip(viewModel: viewModel), indexChanges: observer,
        subscription: subscription)
    }

    @Test("bound: the viewer shows the current image, the strip selects and centres it")
    func initialState() {
      expectNoLeaks { schedulers in
        let f = Self.fixture(schedulers, selected: 2)
        #expect(f.viewer.shown == ["p2.jpg none"])
        #expect(f.strip.cellCount == 6)
        #expect(f.strip.selected == 2)
        #expect(f.strip.centred == [2])
        #expect(f.strip.binding.userSelectionCount == 0)
        #expect(f.indexChanges.values == [])
        f.subscription.dispose()
      }
    }

    @Test("paging the viewer: one index change; the strip follows without echoing")
    func viewerPages() {
      expectNoLeaks { schedulers in
        let f = Self.fixture(schedulers)
        #expect(f.viewer.binding?.page(by: 1) == true)
        #expect(f.indexChanges.values == [1])
        #expect(f.viewer.shown == ["p0.jpg none", "p1.jpg forward"])
        #expect(f.strip.selected == 1)
        #expect(f.strip.selections == [0, 1])
        #expect(f.strip.centred == [0, 1])
        #expect(f.strip.binding.userSelectionCount == 0)
        f.subscription.dispose()
      }
    }

    @Test(
      "picking a thumbnail: one index change; the viewer follows (a slide to a neighbour only); nothing echoes"
    )
    func stripSelects() {
      expectNoLeaks { schedulers in
        let f = Self.fixture(schedulers)
        f.strip.click(4)
        #expect(f.indexChanges.values == [4])
        // A jump past the neighbours cuts to the image, without a slide.
        #expect(f.viewer.shown == ["p0.jpg none", "p4.jpg none"])
        #expect(f.strip.selections == [0])  // the click selected the cell itself
        #expect(f.strip.centred == [0, 4])
        #expect(f.strip.binding.userSelectionCount == 1)
        f.strip.click(3)
        #expect(f.viewer.shown.last == "p3.jpg backward")
        f.strip.click(4)
        #expect(f.viewer.shown.last == "p4.jpg forward")
        #expect(f.indexChanges.values == [4, 3, 4])
        f.subscription.dispose()
      }
    }

    @Test("a sequence of mixed actions: exactly one index change each")
    func oneChangePerAction() {
      expectNoLeaks { schedulers in
        let f = Self.fixture(schedulers, 10)
        let actions: [() -> Void] = [
          { f.viewer.binding?.page(by: 1) }, { f.strip.click(7) },
          { f.viewModel.previous.execute() }, { f.viewModel.first.execute() },
          { f.strip.click(9) }, { f.viewer.binding?.page(by: -2) },
          { f.viewModel.last.execute() }, { f.strip.click(3) },
        ]
        for (count, action) in actions.enumerated() {
          action()
          #expect(f.indexChanges.values.count == count + 1)
          #expect(f.viewer.shown.count == count + 2)
          #expect(f.strip.selected == f.viewModel.index.value)
        }
        #expect(f.indexChanges.values == [1, 7, 6, 0, 9, 7, 9, 3])
        #expect(f.strip.binding.userSelectionCount == 3)
        f.subscription.dispose()
      }
    }

    @Test("actions that change nothing: no index change, nothing shown")
    func noOps() {
      expectNoLeaks { schedulers in
        let f = Self.fixture(schedulers, 3)
        f.strip.click(0)  // already selected
        f.viewer.binding?.page(by: -1)  // before the first
        f.viewModel.select(index: 0)
        f.viewer.binding?.page(to: 0)
        #expect(f.indexChanges.values == [])
        #expect(f.viewer.shown == ["p0.jpg none"])
        f.subscription.dispose()
      }
    }

    @Test("deselecting in the strip reselects the current image without a change")
    func deselect() {
      expectNoLeaks { schedulers in
        let f = Self.fixture(schedulers, 3, selected: 1)
        f.strip.deselect()
        #expect(f.strip.selected == 1)
        #expect(f.indexChanges.values == [])
        #expect(f.strip.binding.userSelectionCount == 0)
        f.subscription.dispose()
      }
    }

    @Test("the slideshow drives both collections; the strip does not echo")
    func slideshow() {
      expectNoLeaks { schedulers in
        let f = Self.fixture(schedulers, 3)
        f.viewModel.startSlideshow()
        f.scheduler.advance(to: 100)
        #expect(f.indexChanges.values == [1, 2])
        #expect(f.viewer.shown == ["p0.jpg none", "p1.jpg forward", "p2.jpg forward"])
        #expect(f.strip.selections == [0, 1, 2])
        #expect(f.strip.binding.userSelectionCount == 0)
        f.subscription.dispose()
      }
    }

    @Test("the list changes: the strip reloads and keeps the current image selected")
    func listChanges() {
      expectNoLeaks { schedulers in
        let f = Self.fixture(schedulers, 3, selected: 1)
        f.viewModel.replaceAllItems(items(["new.jpg", "p0.jpg", "p1.jpg", "p2.jpg"]))
        #expect(f.strip.reloads == 2)
        #expect(f.strip.cellCount == 4)
        #expect(f.strip.selected == 2)
        #expect(f.indexChanges.values == [2])
        #expect(f.viewer.shown == ["p1.jpg none"])  // the same image: nothing new to show
        f.viewModel.replaceAllItems(items(["new.jpg", "p0.jpg", "p2.jpg"]))
        #expect(f.viewer.shown.last == "p2.jpg none")  // a deletion is not paging
        #expect(f.strip.selected == 2)
        #expect(f.strip.binding.userSelectionCount == 0)
        f.subscription.dispose()
      }
    }

    @Test("the slide direction follows today's list, after images were inserted")
    func directionAfterInsertion() {
      expectNoLeaks { schedulers in
        let f = Self.fixture(schedulers, 3, selected: 1)
        f.viewModel.replaceAllItems(items(["a.jpg", "b.jpg", "p0.jpg", "p1.jpg", "p2.jpg"]))
        f.viewer.binding?.page(by: -1)
        #expect(f.viewer.shown == ["p1.jpg none", "p0.jpg backward"])
        f.subscription.dispose()
      }
    }
  }
}
